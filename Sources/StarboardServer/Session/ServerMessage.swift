import StarboardInspector
import StarboardUI

/// The JSON texts the server sends besides renders (which ``Session`` assembles from the host's
/// fields, so the SVG is encoded once per change however many clients watch).
enum ServerMessage {
    static func error(_ error: RequestError, crashed: Bool = false) -> String {
        var members: [(String, JSONValue)] = [("type", .string("error"))]
        if let id = error.id { members.append(("id", id)) }
        members.append(("message", .string(error.message)))
        if let component = error.component { members.append(("component", .string(component))) }
        if let property = error.property { members.append(("property", .string(property))) }
        if crashed { members.append(("crashed", .bool(true))) }
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
    static func problem(component: String, message: String) -> String {
        JSONValue.object([("type", .string("problem")), ("component", .string(component)), ("message", .string(message))]).description
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
