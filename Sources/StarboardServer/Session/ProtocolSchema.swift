import StarboardInspector
import StarboardUI

/// The protocol as data: every ``ServerMessage`` kind and every request ``Envelope/parse(_:)``
/// accepts, with their members, written out as a JSON Schema (draft 2020-12) in
/// `Web/protocol.schema.json`, which the page validates incoming messages against.
///
/// The file is generated from this description and checked by `ProtocolSchemaTests`: run
/// `UPDATE_PROTOCOL_SCHEMA=1 swift test --filter ProtocolSchemaTests` after changing a message.
enum ProtocolSchema {
    /// Where the schema lives in the package: beside the page that loads it.
    static let path = "Sources/StarboardCommands/Web/protocol.schema.json"

    /// The whole schema: a message is a server message or a request; each is one of its kinds,
    /// told apart by `type`.
    static var document: JSONValue {
        var definitions: [(String, JSONValue)] = [
            ("serverMessage", .object([
                ("description", .string("A message the server sends, one JSON object per text frame.")),
                ("oneOf", .array(ServerMessage.Kind.allCases.map { reference(serverDefinition($0.rawValue)) })),
            ])),
            ("request", .object([
                ("description", .string("A message a client sends, one JSON object per text frame.")),
                ("oneOf", .array(requests.map { reference(requestDefinition($0.type)) })),
            ])),
        ]
        for kind in ServerMessage.Kind.allCases {
            definitions.append((serverDefinition(kind.rawValue), message(kind.rawValue, kind.summary, kind.members)))
        }
        for request in requests {
            definitions.append((requestDefinition(request.type), message(request.type, request.summary, request.members)))
        }
        definitions += shared.map { ($0.name, $0.shape.schema(summary: $0.summary)) }
        return .object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("title", .string("The Starboard protocol, version 1 (websocket subprotocol starboard.v1)")),
            ("description", .string("Generated from the Swift types (ServerMessage.swift, ProtocolSchema.swift) by "
                                    + "`UPDATE_PROTOCOL_SCHEMA=1 swift test --filter ProtocolSchemaTests`; do not edit. "
                                    + "docs/protocol.md says what the messages mean.")),
            ("oneOf", .array([reference("serverMessage"), reference("request")])),
            ("$defs", .object(definitions)),
        ])
    }

    /// The schema as the file holds it: indented two spaces, members in their order, one newline at the end.
    static var text: String {
        var out = ""
        write(document, indent: "", into: &out)
        return out + "\n"
    }

    static func serverDefinition(_ type: String) -> String { "server." + type }
    static func requestDefinition(_ type: String) -> String { "request." + type }

    private static func reference(_ name: String) -> JSONValue {
        .object([("$ref", .string("#/$defs/" + name))])
    }

    /// One kind of message: an object whose `type` is `type`, with `members` and nothing else.
    private static func message(_ type: String, _ summary: String, _ members: [SchemaMember]) -> JSONValue {
        SchemaShape.object([.required("type", .constant(type), "The kind of message.")] + members).schema(summary: summary)
    }

    // MARK: - Requests

    /// One kind of request as ``Envelope/parse(_:)`` reads it.
    struct RequestShape: Sendable {
        var type: String
        var summary: String
        var members: [SchemaMember]
    }

    private static let id = SchemaMember.optional("id", .named("id"), "Echoed in the reply that answers the request.")
    private static let component = SchemaMember.required("component", .string, "The component's name, as the catalog lists it.")
    private static let environment = SchemaMember.optional("environment", .either([.named("environment"), .null]),
                                                           "The environment the window previews in; the standard one when absent or null.")

    /// Every request, in the order ``Envelope/types`` lists them.
    static let requests: [RequestShape] = [
        RequestShape(type: "subscribe", summary: "The current render (with variants) now, and every later render of the component.",
                     members: [id, component, environment]),
        RequestShape(type: "unsubscribe", summary: "No more renders of the component (in that environment).",
                     members: [id, component, environment]),
        RequestShape(type: "set", summary: "Validates every value (all or nothing) and applies them on top of the current values.",
                     members: [id, component, .required("values", .named("values"), "The properties to change, by name.")]),
        RequestShape(type: "reset", summary: "Those properties back to their defaults (all of them without `properties`).",
                     members: [id, component, .optional("properties", .either([.array(.string), .null]), "The names of the properties to reset.")]),
        RequestShape(type: "tap", summary: "The component's own tap behaviour at a target of its render.",
                     members: [id, component, .required("target", .string, "The `data-tap` of the element tapped."),
                               .optional("location", .either([.object([.required("x", .number, "Points from the left."), .required("y", .number, "Points from the top.")]), .null]),
                                         "Where the tap landed, in points from the render's top-left corner; the target's centre when absent."),
                               environment]),
        RequestShape(type: "preview", summary: "Renders those values on top of the current ones for this client only; nothing changes.",
                     members: [id, component, .required("values", .named("values"), "The values to try, by name."), environment]),
        RequestShape(type: "audit", summary: "What breaks in the current values' render in that environment.",
                     members: [id, component, environment]),
        RequestShape(type: "undo", summary: "Takes back the newest step of the component's shared history.", members: [id, component]),
        RequestShape(type: "redo", summary: "Does the newest undone step again.", members: [id, component]),
        RequestShape(type: "history", summary: "The actions log, answered with a `history` message.", members: [id, component]),
        RequestShape(type: "restore", summary: "The values after that entry of the log, as one change.",
                     members: [id, component, .required("revision", .integer, "The revision of the log entry to bring back.")]),
        RequestShape(type: "source", summary: "Which file declares the component's variants, and its digest.", members: [id, component]),
        RequestShape(type: "saveVariant", summary: "Writes the current values that differ from the defaults into the source as a variant.",
                     members: [id, component,
                               .required("name", .string, "The variant's name."),
                               .required("revision", .integer, "The revision of the values to save, from their render."),
                               .required("digest", .string, "The source file's digest, from a `source` reply."),
                               .optional("dryRun", .either([.boolean, .null]), "Only answer what would be written.")]),
    ]

    // MARK: - Shapes shared by several messages

    /// A named shape of `$defs`, referred to as `.named(name)`.
    struct Definition: Sendable {
        var name: String
        var summary: String
        var shape: SchemaShape
    }

    private static let frame = SchemaShape.object([
        .required("x", .number, ""), .required("y", .number, ""), .required("width", .number, ""), .required("height", .number, ""),
    ])

    private static let insets = SchemaShape.object([
        .required("top", .number, ""), .required("leading", .number, ""), .required("bottom", .number, ""), .required("trailing", .number, ""),
    ])

    static let shared: [Definition] = [
        Definition(name: "id", summary: "A request's id, a string or a number.", shape: .either([.string, .number])),
        Definition(name: "values", summary: "Property values by name (see docs/protocol.md, Values).", shape: .map(.anyValue)),
        Definition(name: "environment", summary: "The environment a window previews in; every key optional.", shape: .object([
            .optional("scheme", .oneOf(ColorScheme.allCases.map(\.rawValue)), ""),
            .optional("textSize", .oneOf(DynamicTypeSize.allCases.map(\.rawValue)), ""),
            .optional("direction", .oneOf(["ltr", "rtl", "leftToRight", "rightToLeft"]), ""),
            .optional("locale", .string, "An identifier such as en_US."),
            .optional("canvas", .string, "fit, WIDTHxHEIGHT, or a device of the catalog by name (with \" landscape\")."),
        ])),
        Definition(name: "size", summary: "In points.", shape: .object([.required("width", .number, ""), .required("height", .number, "")])),
        Definition(name: "frame", summary: "In points, from the render's top-left corner.", shape: frame),
        Definition(name: "accessibilityElement", summary: "An element of a render with accessibility information.", shape: .object([
            .required("id", .string, "The element's `data-id` in the SVG."),
            .required("label", .either([.string, .null]), ""),
            .required("value", .either([.string, .null]), ""),
            .required("hint", .either([.string, .null]), ""),
            .required("frame", .named("frame"), ""),
            .required("tappable", .boolean, "Whether a `tap` may name it."),
            .optional("traits", .array(.string), ""),
        ])),
        Definition(name: "variantRender", summary: "A declared variant, drawn.", shape: .object([
            .required("name", .string, ""), .required("values", .named("values"), "What differs from the defaults."), .required("svg", .string, ""),
        ])),
        Definition(name: "auditFinding", summary: "Something that breaks in a render.", shape: .object([
            .required("kind", .oneOf(AuditFinding.Kind.allCases.map(\.rawValue)), ""),
            .required("subject", .string, ""),
            .required("message", .string, ""),
            .required("frame", .named("frame"), ""),
            .optional("ratio", .number, "The contrast found."),
            .optional("requiredRatio", .number, "The contrast needed."),
        ])),
        Definition(name: "historyEntry", summary: "One entry of a component's actions log.", shape: .object([
            .required("revision", .integer, ""),
            .required("time", .number, "Milliseconds since 1970."),
            .required("windows", .array(.integer), "The windows whose requests made it."),
            .required("kind", .oneOf(["set", "reset", "tap", "undo", "redo", "restore", "changes"]), ""),
            .optional("target", .string, "What a tap named."),
            .optional("to", .integer, "The revision a restore brought back."),
            .optional("notes", .array(.string), ""),
            .required("changes", .array(.object([
                .required("property", .string, ""), .required("from", .anyValue, "null where it was the default."),
                .required("to", .anyValue, "null where it is the default."),
            ])), ""),
        ])),
        Definition(name: "component", summary: "A component (or a preview of a plain view) of the catalog.", shape: .object([
            .required("name", .string, ""),
            .required("swiftType", .string, ""),
            .required("swiftModule", .string, ""),
            .required("title", .string, ""),
            .required("summary", .string, ""),
            .required("properties", .array(.named("property")), ""),
            .required("variants", .array(.object([.required("name", .string, ""), .required("values", .named("values"), "")])), ""),
            .optional("preview", .object([
                .required("group", .string, ""),
                .optional("file", .string, ""),
                .optional("line", .integer, ""),
                .required("displayName", .either([.string, .null]), ""),
                .required("traits", .object([
                    .required("layout", .oneOf(["device", "sizeThatFits", "fixed"]), ""),
                    .optional("width", .number, ""),
                    .optional("height", .number, ""),
                    .required("orientation", .oneOf(InterfaceOrientation.allCases.map(\.rawValue)), ""),
                    .optional("device", .string, ""),
                ]), ""),
            ]), "There for a preview of a plain view."),
        ])),
        Definition(name: "property", summary: "An inspectable property.", shape: .object([
            .required("name", .string, ""),
            .required("label", .string, ""),
            .required("kind", .oneOf(PropertyKind.allCases.map(\.rawValue)), ""),
            .required("default", .anyValue, ""),
            .required("constraints", .object([
                .optional("min", .number, ""), .optional("max", .number, ""), .optional("step", .number, ""),
                .optional("maxLength", .integer, ""),
                .optional("options", .array(.object([
                    .required("value", .string, ""), .required("label", .string, ""), .optional("case", .string, "The Swift case, where it is not the raw value."),
                ])), ""),
                .optional("maxProperty", .string, "The upper bound is that property's value (inclusive)."),
                .optional("belowProperty", .string, "The upper bound is that property's value (exclusive)."),
            ]), ""),
            .optional("help", .string, ""),
        ])),
        Definition(name: "device", summary: "A screen a window may preview on, upright, in points.", shape: .object([
            .required("name", .string, ""),
            .required("idiom", .oneOf(["phone", "pad"]), ""),
            .required("width", .number, ""),
            .required("height", .number, ""),
            .required("insets", insets, ""),
            .required("landscapeInsets", insets, ""),
            .required("cornerRadius", .number, ""),
        ])),
    ]

    // MARK: - Writing the file

    private static func write(_ value: JSONValue, indent: String, into out: inout String) {
        switch value {
        case .array(let items) where !items.isEmpty && items.contains(where: \.isContainer):
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += indent + "  "
                write(item, indent: indent + "  ", into: &out)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .array(let items):
            out += "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .object(let members) where !members.isEmpty:
            out += "{\n"
            for (index, (key, member)) in members.enumerated() {
                out += indent + "  "
                JSONValue.writeString(key, into: &out)
                out += ": "
                write(member, indent: indent + "  ", into: &out)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        default:
            value.write(into: &out)
        }
    }
}

private extension JSONValue {
    var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }
}

/// A shape of JSON, the part of JSON Schema the protocol needs.
indirect enum SchemaShape: Sendable {
    case string, integer, number, boolean, null
    /// Any JSON value.
    case anyValue
    /// Exactly this string.
    case constant(String)
    /// One of these strings.
    case oneOf([String])
    case array(SchemaShape)
    /// An object with these members and no others.
    case object([SchemaMember])
    /// An object with any names, each value of the shape.
    case map(SchemaShape)
    /// Any of these shapes.
    case either([SchemaShape])
    /// A shape of the schema's `$defs`.
    case named(String)

    /// The JSON Schema for the shape, with `summary` as its description (none when empty).
    func schema(summary: String = "") -> JSONValue {
        var members: [(String, JSONValue)] = summary.isEmpty ? [] : [("description", .string(summary))]
        switch self {
        case .string: members.append(("type", .string("string")))
        case .integer: members.append(("type", .string("integer")))
        case .number: members.append(("type", .string("number")))
        case .boolean: members.append(("type", .string("boolean")))
        case .null: members.append(("type", .string("null")))
        case .anyValue: break
        case .constant(let text): members.append(("const", .string(text)))
        case .oneOf(let texts): members.append(("enum", .array(texts.map(JSONValue.string))))
        case .array(let items):
            members += [("type", .string("array")), ("items", items.schema())]
        case .object(let properties):
            members.append(("type", .string("object")))
            members.append(("properties", .object(properties.map { ($0.name, $0.shape.schema(summary: $0.summary)) })))
            let required = properties.filter(\.required).map { JSONValue.string($0.name) }
            if !required.isEmpty { members.append(("required", .array(required))) }
            members.append(("additionalProperties", .bool(false)))
        case .map(let values):
            members += [("type", .string("object")), ("additionalProperties", values.schema())]
        case .either(let shapes):
            members.append(("anyOf", .array(shapes.map { $0.schema() })))
        case .named(let name):
            members.append(("$ref", .string("#/$defs/" + name)))
        }
        return .object(members)
    }
}

/// A member of an object shape: its name, shape, whether every such object has it, and what it means.
struct SchemaMember: Sendable {
    var name: String
    var shape: SchemaShape
    var required: Bool
    var summary: String

    static func required(_ name: String, _ shape: SchemaShape, _ summary: String) -> SchemaMember {
        SchemaMember(name: name, shape: shape, required: true, summary: summary)
    }

    static func optional(_ name: String, _ shape: SchemaShape, _ summary: String) -> SchemaMember {
        SchemaMember(name: name, shape: shape, required: false, summary: summary)
    }
}
