import Dispatch
import StarboardInspector

/// Everything that runs component code, behind one JSON-in, JSON-out function: validating and
/// applying changes, taps, rendering, describing the catalog.
///
/// The server never calls component code itself: it asks a ``ComponentHost``, which runs a
/// workbench in a worker process (so a trapping or hanging component cannot take the server
/// down) or, for tests and tools, in-process. Every request and reply is a JSON object:
///
/// - `{"op":"catalog"}` → `{"components":[schema…],"variants":{"Name":[{name,values,svg}…]}}`
/// - `{"op":"batch","component":C,"base":{values},"changes":[…]}`, each change one of
///   `{"set":{values}}`, `{"reset":[names]|null}`, `{"tap":"target"}`, `{"restore":true}`
///   → `{"results":[{"notes":[…]} or {"error":msg,"property":p}],"values":{…}}` and, when any
///   change was accepted, a render. Changes apply in order, each all or nothing; the final values
///   are rendered once. `restore` re-checks saved values, clamping what no longer fits.
/// - `{"op":"preview","component":C,"base":{values},"values":{changes}}` → `{"values"}` and a render, or `{"error"}`
///
/// A render travels beside the JSON reply as ready-to-send JSON text (the protocol's render fields),
/// so the SVG is escaped once, in the worker, and the server only splices it into its message.
public struct Workbench: Sendable {
    /// A reply: small JSON, and the render's fields as JSON text (`"svg":…,"size":…,…`) when there is one.
    public struct Reply: Sendable {
        public var json: JSONValue
        public var render: String?

        public init(json: JSONValue, render: String? = nil) {
            self.json = json
            self.render = render
        }
    }

    public let registry: Registry

    /// A `batch` request: `changes` applied in order to `base`, the component's values.
    public static func batchRequest(_ component: String, base: JSONValue, changes: [JSONValue]) -> JSONValue {
        .object([("op", .string("batch")), ("component", .string(component)), ("base", base), ("changes", .array(changes))])
    }

    public init(registry: Registry) {
        self.registry = registry
    }

    public func handle(_ request: JSONValue) -> Reply {
        switch request["op"]?.stringValue {
        case "catalog":
            return Reply(json: catalog())
        case "batch":
            guard let component = component(request) else { return unknown(request) }
            return batch(component, base: request["base"] ?? .object([]), changes: request["changes"] ?? .array([]))
        case "preview":
            guard let component = component(request) else { return unknown(request) }
            return preview(component, base: request["base"] ?? .object([]), changes: request["values"] ?? .object([]))
        default:
            return Reply(json: .object([("error", .string("unknown workbench op"))]))
        }
    }

    private func component(_ request: JSONValue) -> ComponentDefinition? {
        request["component"]?.stringValue.flatMap { registry.component(named: $0) }
    }

    private func unknown(_ request: JSONValue) -> Reply {
        let name = request["component"]?.stringValue ?? "?"
        return Reply(json: .object([("error", .string(registry.unknownComponent(name).description))]))
    }

    func catalog() -> JSONValue {
        .object([
            ("components", registry.schema),
            ("variants", .object(registry.components.map { component in
                (component.name, .array(component.variants.compactMap { variant -> JSONValue? in
                    guard let result = try? component.render(variant.values) else { return nil }
                    return .object([("name", .string(variant.name)), ("values", component.json(variant.changes)), ("svg", .string(result.rendering.svg))])
                }))
            })),
        ])
    }

    /// Reads stored JSON values, which came from this component earlier and so are trusted to parse;
    /// what does not (code changed since) is clamped or dropped by `restore`.
    private func values(_ json: JSONValue, of component: ComponentDefinition) -> (PropertyValues, [String]) {
        guard case .object(let members) = json else { return (component.defaults, []) }
        var values = component.defaults
        var warnings: [String] = []
        for (name, raw) in members {
            guard let descriptor = component.property(named: name) else {
                warnings.append("dropped \(component.name).\(name): no such property any more")
                continue
            }
            do {
                values[name] = try descriptor.value(fromJSON: raw, component: component.name)
            } catch {
                let loose = PropertyDescriptor(name: descriptor.name, label: descriptor.label, kind: descriptor.kind, defaultValue: descriptor.defaultValue,
                                               constraints: Constraints(options: descriptor.constraints.options), help: nil)
                if let unchecked = try? loose.value(fromJSON: raw, component: ""), let clamped = descriptor.clamped(unchecked) {
                    values[name] = clamped
                    warnings.append("\(component.name).\(name): saved \(raw) no longer fits (\(descriptor.expectation)); using \(clamped.text)")
                } else {
                    warnings.append("dropped \(component.name).\(name): \(error.message)")
                }
            }
        }
        return (values, warnings)
    }

    func batch(_ component: ComponentDefinition, base: JSONValue, changes: JSONValue) -> Reply {
        var (current, loadWarnings) = values(base, of: component)
        var results: [JSONValue] = []
        var anyAccepted = false
        for change in (changes.arrayValue ?? []) {
            do throws(PropertyError) {
                let resolution: Resolution
                if let set = change["set"] {
                    resolution = try component.resolve(changes: try component.values(fromJSON: set), over: current)
                } else if let reset = change["reset"] {
                    resolution = try component.reset(reset.arrayValue?.compactMap(\.stringValue), over: current)
                } else if let target = change["tap"]?.stringValue {
                    resolution = try component.tap(target, values: current)
                } else {
                    // restore: saved values re-checked against the current declaration.
                    var resolved = try component.resolve(changes: [:], over: current)
                    resolved.notes = loadWarnings + resolved.notes
                    resolution = resolved
                }
                current = resolution.values
                anyAccepted = true
                results.append(.object([("notes", .array(resolution.notes.map(JSONValue.string)))]))
            } catch {
                var members: [(String, JSONValue)] = [("error", .string(error.description))]
                if let property = error.property { members.append(("property", .string(property))) }
                results.append(.object(members))
            }
        }
        return Reply(json: .object([("results", .array(results)), ("values", component.json(current))]),
                     render: anyAccepted ? render(component, current) : nil)
    }

    func preview(_ component: ComponentDefinition, base: JSONValue, changes: JSONValue) -> Reply {
        let current = values(base, of: component).0
        do throws(PropertyError) {
            let resolved = try component.resolve(changes: try component.values(fromJSON: changes), over: current).values
            return Reply(json: .object([("values", component.json(resolved))]), render: render(component, resolved))
        } catch {
            var members: [(String, JSONValue)] = [("error", .string(error.description))]
            if let property = error.property { members.append(("property", .string(property))) }
            return Reply(json: .object(members))
        }
    }

    /// The render's fields as the protocol sends them (the server adds type, component, revision
    /// and values): `"svg":…,"size":…,"accessibility":…,"renderMicros":…`.
    private func render(_ component: ComponentDefinition, _ values: PropertyValues) -> String? {
        let started = DispatchTime.now().uptimeNanoseconds
        guard let result = try? component.render(values) else { return nil }
        let micros = Int((DispatchTime.now().uptimeNanoseconds - started) / 1000)
        var out = "\"svg\":"
        out.reserveCapacity(result.rendering.svg.utf8.count * 9 / 8 + 1024)
        JSONValue.writeString(result.rendering.svg, into: &out)
        out += ",\"size\":"
        result.rendering.size.json.write(into: &out)
        out += ",\"accessibility\":"
        JSONValue.array(result.rendering.accessibility.map(\.json)).write(into: &out)
        out += ",\"renderMicros\":\(micros)"
        return out
    }
}

extension JSONValue {
    var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }
}
