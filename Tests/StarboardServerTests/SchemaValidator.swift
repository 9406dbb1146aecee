import Foundation
import Testing
import StarboardInspector
@testable import StarboardServer

/// Checks JSON against the protocol's schema file, the part of JSON Schema the file uses (`type`,
/// `const`, `enum`, `properties`, `required`, `additionalProperties`, `items`, `anyOf`, `oneOf`,
/// `$ref`). The page checks with its own code (Web/messages.js); both read the same file.
struct SchemaValidator {
    let root: JSONValue

    /// The schema as the package holds it, read once (while it is being regenerated, what it
    /// will hold).
    static let file: SchemaValidator = {
        if ProcessInfo.processInfo.environment["UPDATE_PROTOCOL_SCHEMA"] == "1" { return SchemaValidator(root: ProtocolSchema.document) }
        let text = (try? String(contentsOfFile: packageRoot + "/" + ProtocolSchema.path, encoding: .utf8)) ?? "{}"
        return SchemaValidator(root: (try? JSONValue(parsing: text)) ?? .object([]))
    }()

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// What is wrong with `value` as a server message (`serverMessage`) or a request (`request`),
    /// one line per problem with the path to it; empty when it is valid.
    func problems(_ value: JSONValue, as definition: String) -> [String] {
        guard let schema = root["$defs"]?[definition] else { return ["the schema has no definition \(definition)"] }
        var found: [String] = []
        check(value, schema, path: value["type"]?.stringValue ?? "message", into: &found)
        return found
    }

    /// `message` unchanged, after recording an issue when it is not a server message the schema
    /// describes: every message the session suites read is held to the schema this way.
    func expectValid(_ message: JSONValue) -> JSONValue {
        let found = problems(message, as: "serverMessage")
        if !found.isEmpty { Issue.record("the server sent \(message.abbreviated(200)), which breaks \(ProtocolSchema.path): \(found.prefix(3).joined(separator: "; "))") }
        return message
    }

    /// The definition of one kind, by its `type`.
    func kind(_ type: String, in definition: String) -> JSONValue? {
        guard case .array(let branches)? = root["$defs"]?[definition]?["oneOf"] else { return nil }
        return branches.lazy.map(resolve).first { $0["properties"]?["type"]?["const"]?.stringValue == type }
    }

    func resolve(_ schema: JSONValue) -> JSONValue {
        guard let reference = schema["$ref"]?.stringValue, reference.hasPrefix("#/$defs/") else { return schema }
        return resolve(root["$defs"]?[String(reference.dropFirst("#/$defs/".count))] ?? .object([]))
    }

    private func check(_ value: JSONValue, _ schema: JSONValue, path: String, into found: inout [String]) {
        let schema = resolve(schema)
        if case .array(let branches)? = schema["oneOf"] {
            // Messages are told apart by their type: say what is wrong with that kind, not with all.
            if let type = value["type"]?.stringValue,
               let branch = branches.lazy.map(resolve).first(where: { $0["properties"]?["type"]?["const"]?.stringValue == type }) {
                check(value, branch, path: path, into: &found)
            } else {
                let matching = branches.filter { branch in
                    var inner: [String] = []
                    check(value, branch, path: path, into: &inner)
                    return inner.isEmpty
                }
                if matching.count != 1 { found.append("\(path): matches \(matching.count) of the alternatives, not one") }
            }
        }
        if case .array(let branches)? = schema["anyOf"] {
            let matches = branches.contains { branch in
                var inner: [String] = []
                check(value, branch, path: path, into: &inner)
                return inner.isEmpty
            }
            if !matches { found.append("\(path): matches none of \(branches.map { resolve($0)["type"]?.stringValue ?? "…" })") }
        }
        if let constant = schema["const"], constant != value {
            found.append("\(path): expected \(constant), got \(value.abbreviated(40))")
        }
        if case .array(let allowed)? = schema["enum"], !allowed.contains(value) {
            found.append("\(path): expected one of \(allowed.map(\.description).joined(separator: ", ")), got \(value.abbreviated(40))")
        }
        if let type = schema["type"]?.stringValue, !Self.has(value, type: type) {
            found.append("\(path): expected \(type), got \(value.typeName)")
            return
        }
        if case .object(let members) = value {
            let properties = schema["properties"]
            if case .array(let required)? = schema["required"] {
                for name in required.compactMap(\.stringValue) where value[name] == nil {
                    found.append("\(path): missing member \"\(name)\"")
                }
            }
            for (name, member) in members {
                if let property = properties?[name] {
                    check(member, property, path: path + "." + name, into: &found)
                } else if schema["additionalProperties"] == .bool(false) {
                    found.append("\(path): member \"\(name)\" is not in the schema")
                } else if let additional = schema["additionalProperties"], case .object = additional {
                    check(member, additional, path: path + "." + name, into: &found)
                }
            }
        }
        if case .array(let items) = value, let itemSchema = schema["items"] {
            for (index, item) in items.enumerated() { check(item, itemSchema, path: "\(path)[\(index)]", into: &found) }
        }
    }

    private static func has(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("string", .string), ("boolean", .bool), ("null", .null), ("object", .object), ("array", .array),
             ("integer", .integer), ("number", .integer), ("number", .number): true
        case ("integer", .number(let d)): d == d.rounded()
        default: false
        }
    }
}
