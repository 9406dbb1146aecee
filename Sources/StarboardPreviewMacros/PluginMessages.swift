import Foundation

/// The compiler's side of the conversation, answered one message at a time: the plugin protocol
/// swift-syntax's `CompilerPlugin` speaks, JSON objects with one key naming the message.
///
/// Only what `#Preview` needs: the capability handshake and freestanding expansions. Anything
/// else gets the answer that tells the compiler this plugin cannot help (a diagnostic or
/// `loaded: false`), so the compiler never waits for a reply that will not come.
enum PluginMessages {
    /// The highest protocol version this plugin speaks.
    static let protocolVersion = 7

    /// What to do with one message.
    enum Outcome: Equatable {
        /// Send this JSON back.
        case reply([String: JSONObject])
        /// The message cannot be understood at all: say why on stderr and stop, which the
        /// compiler reports as the plugin's failure.
        case fail(String)
    }

    /// The reply to one message (its JSON bytes).
    static func handle(_ message: Data) -> Outcome {
        guard let parsed = try? JSONSerialization.jsonObject(with: message), let object = parsed as? [String: Any] else {
            return .fail("starboard preview macros: a message that is not a JSON object (\(message.count) bytes)")
        }
        guard object.count == 1, let (kind, payload) = object.first else {
            return .fail("starboard preview macros: a message with \(object.count) keys, expected one naming the message")
        }
        let fields = payload as? [String: Any] ?? [:]
        switch kind {
        case "getCapability":
            let hostVersion = (fields["capability"] as? [String: Any])?["protocolVersion"] as? Int ?? 1
            return .reply(["getCapabilityResult": .object(["capability": .object(["protocolVersion": .number(min(hostVersion, protocolVersion))])])])
        case "expandFreestandingMacro":
            return .reply(["expandMacroResult": expandFreestanding(fields)])
        case "expandAttachedMacro":
            let syntax = fields["declSyntax"] as? [String: Any] ?? [:]
            return .reply(["expandMacroResult": result(nil, [diagnostic("#Preview is a freestanding macro; this plugin expands nothing else", at: 0, in: syntax)])])
        case "loadPluginLibrary":
            return .reply(["loadPluginLibraryResult": .object(["loaded": .bool(false), "diagnostics": .array([])])])
        default:
            return .fail("starboard preview macros: unknown message '\(kind)'; this plugin answers getCapability and expandFreestandingMacro")
        }
    }

    private static func expandFreestanding(_ fields: [String: Any]) -> JSONObject {
        let syntax = fields["syntax"] as? [String: Any] ?? [:]
        let macro = fields["macro"] as? [String: Any] ?? [:]
        guard let typeName = macro["typeName"] as? String, typeName == "PreviewMacro" else {
            return result(nil, [diagnostic("this plugin expands #Preview (PreviewMacro), not \(macro["typeName"] as? String ?? "an unnamed macro")", at: 0, in: syntax)])
        }
        guard let source = syntax["source"] as? String, let discriminator = fields["discriminator"] as? String else {
            return result(nil, [diagnostic("the request has no syntax.source or discriminator", at: 0, in: syntax)])
        }
        let location = syntax["location"] as? [String: Any] ?? [:]
        do {
            let preview = try PreviewExpansion(source: source, firstLine: location["line"] as? Int ?? 1)
            let fileID = location["fileID"] as? String ?? "unknown"
            return result(preview.declaration(typeName: uniqueName(discriminator), fileID: fileID), [])
        } catch {
            return result(nil, [diagnostic(error.message, at: error.offset, in: syntax)])
        }
    }

    /// A name only this expansion introduces, spelled as swift-syntax's `makeUniqueName` spells
    /// it (the discriminator, then the name, then `fMu` and an index), which the compiler accepts
    /// for a declaration macro at file scope.
    static func uniqueName(_ discriminator: String) -> String {
        discriminator + "7PreviewfMu_"
    }

    private static func result(_ source: String?, _ diagnostics: [JSONObject]) -> JSONObject {
        var members: [String: JSONObject] = ["diagnostics": .array(diagnostics)]
        if let source { members["expandedSource"] = .string(source) }
        return .object(members)
    }

    /// An error at `offset` bytes into the macro's source text.
    private static func diagnostic(_ message: String, at offset: Int, in syntax: [String: Any]) -> JSONObject {
        let location = syntax["location"] as? [String: Any] ?? [:]
        return .object([
            "message": .string(message),
            "severity": .string("error"),
            "position": .object([
                "fileName": .string(location["fileName"] as? String ?? ""),
                "offset": .number((location["offset"] as? Int ?? 0) + offset),
            ]),
            "highlights": .array([]),
            "notes": .array([]),
            "fixIts": .array([]),
        ])
    }
}

/// A JSON value to send; encoded with sorted keys, so a reply is the same bytes every time.
indirect enum JSONObject: Equatable {
    case string(String)
    case number(Int)
    case bool(Bool)
    case array([JSONObject])
    case object([String: JSONObject])

    var foundation: Any {
        switch self {
        case .string(let value): value
        case .number(let value): value
        case .bool(let value): value
        case .array(let values): values.map(\.foundation)
        case .object(let members): members.mapValues(\.foundation)
        }
    }

    static func encode(_ members: [String: JSONObject]) -> Data {
        // Every value is a string, number, bool, array or object: serialization cannot fail.
        (try? JSONSerialization.data(withJSONObject: JSONObject.object(members).foundation, options: [.sortedKeys])) ?? Data("{}".utf8)
    }
}
