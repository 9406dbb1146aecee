import StarboardInspector
import StarboardUI

/// Every message the server sends, as JSON text (see docs/protocol.md).
enum ServerMessage {
    /// The first message on every connection: the components, and the devices a window may
    /// preview on.
    static func catalog(_ schema: JSONValue) -> String {
        JSONValue.object([("type", .string("catalog")), ("components", schema), ("devices", devices)]).description
    }

    /// ``Device/all`` as the catalog lists them, written once.
    private static let devices = JSONValue.array(Device.all.map(\.json))

    /// A `render` message: the worker's render fields spliced in as they are, built in one buffer
    /// (the fields are the SVG, kilobytes long, and this runs for every change). Built once per
    /// change however many clients watch.
    /// A render in another environment than the standard one names it (`"environment":"dark"`),
    /// so a window that watches several (a matrix) knows where it goes.
    static func render(_ name: String, revision: Int, fields: String, valuesText: String, variants: String? = nil,
                       environment: RenderEnvironment = .standard) -> String {
        var out = "{\"type\":\"render\",\"component\":"
        out.reserveCapacity(fields.utf8.count + valuesText.utf8.count + (variants?.utf8.count ?? 0) + name.utf8.count + 96)
        JSONValue.writeString(name, into: &out)
        if environment != .standard {
            out += ",\"environment\":"
            JSONValue.writeString(environment.name, into: &out)
        }
        out += ",\"revision\":"
        out += String(revision)
        out += ","
        out += fields
        out += ",\"values\":"
        out += valuesText
        if let variants {
            out += ",\"variants\":"
            out += variants
        }
        out += "}"
        return out
    }

    static func error(_ error: RequestError, crashed: Bool = false) -> String {
        var members: [(String, JSONValue)] = [("type", .string("error"))]
        if let id = error.id { members.append(("id", id)) }
        members.append(("message", .string(error.message)))
        if let component = error.component { members.append(("component", .string(component))) }
        if let property = error.property { members.append(("property", .string(property))) }
        if crashed { members.append(("crashed", .bool(true))) }
        return JSONValue.object(members).description
    }

    /// Where a component's variants are declared, and the digest of that file as it is now: a
    /// `saveVariant` carries the digest back, so an edit made since is never overwritten.
    static func source(id: JSONValue?, component: String, file: String, digest: String, rebuilds: Bool) -> String {
        var members: [(String, JSONValue)] = [("type", .string("source"))]
        if let id { members.append(("id", id)) }
        members += [("component", .string(component)), ("file", .string(file)), ("digest", .string(digest)), ("rebuilds", .bool(rebuilds))]
        return JSONValue.object(members).description
    }

    /// No variant can be saved for the component: `unavailable` says why.
    static func source(id: JSONValue?, component: String, unavailable: String) -> String {
        var members: [(String, JSONValue)] = [("type", .string("source"))]
        if let id { members.append(("id", id)) }
        members += [("component", .string(component)), ("unavailable", .string(unavailable))]
        return JSONValue.object(members).description
    }

    /// A variant written into (or, with `written` false, spelled for) the component's source.
    static func variantSaved(id: JSONValue?, component: String, name: String, file: String, entry: String, digest: String,
                             written: Bool, rebuilds: Bool) -> String {
        var members: [(String, JSONValue)] = [("type", .string("variantSaved"))]
        if let id { members.append(("id", id)) }
        members += [
            ("component", .string(component)), ("name", .string(name)), ("file", .string(file)), ("entry", .string(entry)),
            ("digest", .string(digest)), ("written", .bool(written)), ("rebuilds", .bool(rebuilds)),
        ]
        return JSONValue.object(members).description
    }

    static func ack(id: JSONValue?, component: String, revision: Int, notes: [String]) -> String {
        var members: [(String, JSONValue)] = [("type", .string("ack"))]
        if let id { members.append(("id", id)) }
        members.append(("component", .string(component)))
        members.append(("revision", .integer(revision)))
        members.append(("notes", .array(notes.map(JSONValue.string))))
        return JSONValue.object(members).description
    }

    /// Component code crashed or hung: every subscriber shows it until the next good render.
    /// A problem of one environment only names it.
    static func problem(component: String, message: String, environment: RenderEnvironment = .standard) -> String {
        var members: [(String, JSONValue)] = [("type", .string("problem")), ("component", .string(component))]
        if environment != .standard { members.append(("environment", .string(environment.name))) }
        members.append(("message", .string(message)))
        return JSONValue.object(members).description
    }

    /// Whether values are being saved: `{"type":"saving","state":"failed","message":…}` when a
    /// save failed, `{"type":"saving","state":"ok"}` when one worked again.
    static func saving(failure message: String?) -> String {
        guard let message else { return #"{"type":"saving","state":"ok"}"# }
        return JSONValue.object([("type", .string("saving")), ("state", .string("failed")), ("message", .string(message))]).description
    }

    /// The answer to an `audit` request: what breaks in the current values' render there.
    static func audit(id: JSONValue?, component: String, revision: Int, environment: RenderEnvironment, findings: JSONValue) -> String {
        var members: [(String, JSONValue)] = [("type", .string("audit"))]
        if let id { members.append(("id", id)) }
        members.append(contentsOf: [
            ("component", .string(component)), ("revision", .integer(revision)),
            ("environment", .string(environment.name)), ("findings", findings),
        ])
        return JSONValue.object(members).description
    }

    /// The second message on every connection, after the catalog: the number that names this
    /// window in the actions log.
    static func welcome(window: UInt64) -> String {
        JSONValue.object([("type", .string("welcome")), ("window", .integer(Int(truncatingIfNeeded: window)))]).description
    }

    /// How many windows watch a component, sent to them when it changes.
    static func presence(component: String, windows: Int) -> String {
        JSONValue.object([("type", .string("presence")), ("component", .string(component)), ("windows", .integer(windows))]).description
    }

    /// One new entry of a component's actions log, to every window that watches it.
    static func action(component: String, entry: JSONValue, canUndo: Bool, canRedo: Bool) -> String {
        JSONValue.object([
            ("type", .string("action")), ("component", .string(component)), ("action", entry),
            ("canUndo", .bool(canUndo)), ("canRedo", .bool(canRedo)),
        ]).description
    }

    /// The answer to `history`: the actions log, oldest first.
    static func history(id: JSONValue?, component: String, entries: [JSONValue], canUndo: Bool, canRedo: Bool) -> String {
        history(id: id, body: historyBody(component: component, entries: entries, canUndo: canUndo, canRedo: canRedo))
    }

    /// A `history` reply's members after its type and id, as JSON text ending in `}`: made once
    /// per state of the log, however many ask for it.
    static func historyBody(component: String, entries: [JSONValue], canUndo: Bool, canRedo: Bool) -> String {
        let members: [(String, JSONValue)] = [
            ("component", .string(component)), ("entries", .array(entries)), ("limit", .integer(History.limit)),
            ("canUndo", .bool(canUndo)), ("canRedo", .bool(canRedo)),
        ]
        return String(JSONValue.object(members).description.dropFirst())
    }

    static func history(id: JSONValue?, body: String) -> String {
        var text = #"{"type":"history","#
        if let id { text += #""id":\#(id.description),"# }
        return text + body
    }

    /// `render` is the render's fields as JSON text, spliced in as they are.
    static func preview(id: JSONValue?, component: String, values: JSONValue, render: String) -> String {
        var members: [(String, JSONValue)] = [("type", .string("preview"))]
        if let id { members.append(("id", id)) }
        members.append(contentsOf: [("component", .string(component)), ("values", values)])
        var text = JSONValue.object(members).description
        if !render.isEmpty {
            text.removeLast()
            text += "," + render + "}"
        }
        return text
    }
}
