import Inspector
import StarboardUI

/// The JSON texts the server sends, written directly for speed: a render carries the whole SVG,
/// and it is encoded once per change however many clients watch.
enum ServerMessage {
    static func catalog(_ registry: Registry) -> String {
        JSONValue.object([("type", .string("catalog")), ("components", registry.schema)]).description
    }

    static func error(_ error: RequestError) -> String {
        var members: [(String, JSONValue)] = [("type", .string("error"))]
        if let id = error.id { members.append(("id", id)) }
        members.append(("message", .string(error.message)))
        if let component = error.component { members.append(("component", .string(component))) }
        if let property = error.property { members.append(("property", .string(property))) }
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

    /// A render without its closing brace, so `variants` can be appended for a client that needs them.
    static func renderBody(component: ComponentDefinition, revision: Int, result: ComponentRendering, micros: Int) -> String {
        var out = "{\"type\":\"render\",\"component\":"
        out.reserveCapacity(result.rendering.svg.utf8.count + 2048)
        JSONValue.writeString(component.name, into: &out)
        out += ",\"revision\":\(revision),\"values\":"
        component.json(result.values).write(into: &out)
        out += ",\"svg\":"
        JSONValue.writeString(result.rendering.svg, into: &out)
        out += ",\"size\":"
        size(result.rendering.size).write(into: &out)
        out += ",\"accessibility\":"
        accessibility(result.rendering.accessibility).write(into: &out)
        out += ",\"renderMicros\":\(micros)"
        return out
    }

    static func variants(_ component: ComponentDefinition) -> String {
        JSONValue.array(component.variants.compactMap { variant -> JSONValue? in
            guard let rendering = try? component.render(variant.values) else { return nil }
            return .object([("name", .string(variant.name)), ("values", component.json(variant.changes)), ("svg", .string(rendering.rendering.svg))])
        }).description
    }

    static func preview(id: JSONValue?, component: ComponentDefinition, result: ComponentRendering) -> String {
        var members: [(String, JSONValue)] = [("type", .string("preview"))]
        if let id { members.append(("id", id)) }
        members.append(contentsOf: [
            ("component", .string(component.name)), ("values", component.json(result.values)),
            ("svg", .string(result.rendering.svg)), ("size", size(result.rendering.size)),
        ])
        return JSONValue.object(members).description
    }

    static func size(_ size: Size) -> JSONValue {
        .object([("width", .number(round3(size.width))), ("height", .number(round3(size.height)))])
    }

    /// The accessibility list as `{"id","label","value","hint","frame","tappable"}` objects.
    public static func accessibility(_ elements: [AccessibilityElement]) -> JSONValue {
        .array(elements.map { element in
            .object([
                ("id", .string(element.id)),
                ("label", element.label.map(JSONValue.string) ?? .null),
                ("value", element.value.map(JSONValue.string) ?? .null),
                ("hint", element.hint.map(JSONValue.string) ?? .null),
                ("frame", .object([
                    ("x", .number(round3(element.frame.minX))), ("y", .number(round3(element.frame.minY))),
                    ("width", .number(round3(element.frame.width))), ("height", .number(round3(element.frame.height))),
                ])),
                ("tappable", .bool(element.isTappable)),
            ])
        })
    }

    static func round3(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
