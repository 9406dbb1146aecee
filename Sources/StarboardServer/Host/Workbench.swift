import Dispatch
import Foundation
import StarboardInspector
import StarboardLocking

/// Everything that runs component code, behind one function from ``WorkerRequest`` to
/// ``WorkerReply``: validating and applying changes, taps, rendering, describing the catalog.
///
/// The server never calls component code itself: it asks a ``ComponentHost``, which runs a
/// workbench in a worker process (so a trapping or hanging component cannot take the server
/// down) or, for tests and tools, in-process. The messages are defined in WorkerProtocol.swift.
public struct Workbench: Sendable {
    public let registry: Registry
    /// The base values each component was last asked about, read: every request carries the
    /// component's current values whole, and most carry the same ones as the one before.
    private let bases = Locked<[String: ReadBase]>([:])

    public init(registry: Registry) {
        self.registry = registry
    }

    /// How many stored values have been read and checked from JSON so far: a guard that a
    /// request with the base of the one before reads none of it again.
    var valueReads: Int { bases.withLock { $0.values.reduce(0) { $0 + $1.reads } } }

    public func handle(_ request: WorkerRequest) -> WorkerReply {
        switch request {
        case .catalog:
            return .catalog(catalog())
        case .batch(let batch):
            guard let component = registry.component(named: batch.component) else { return unknown(batch.component) }
            return .batch(self.batch(component, base: batch.base, changes: batch.changes))
        case .preview(let preview):
            guard let component = registry.component(named: preview.component) else { return unknown(preview.component) }
            return .preview(self.preview(component, base: preview.base, changes: preview.values, in: preview.environment, audit: preview.audit))
        case .render(let request):
            guard let component = registry.component(named: request.component) else { return unknown(request.component) }
            return .render(render(component, request))
        }
    }

    private func unknown(_ name: String) -> WorkerReply {
        .refused(registry.unknownComponent(name).description)
    }

    func catalog() -> WorkerCatalog {
        var variants: [String: JSONValue] = [:]
        for component in registry.components {
            variants[component.name] = self.variants(of: component, in: .standard)
        }
        return WorkerCatalog(schema: registry.schema, variants: variants)
    }

    /// `[{"name","values","svg"}…]`: the component's variants rendered in `environment`.
    private func variants(of component: ComponentDefinition, in environment: RenderEnvironment) -> JSONValue {
        .array(component.variants.compactMap { variant -> JSONValue? in
            guard let result = try? component.render(variant.values, environment: environment.values) else { return nil }
            return .object([("name", .string(variant.name)), ("values", component.json(variant.changes)), ("svg", .string(result.rendering.svg))])
        })
    }

    /// The current values in each environment asked for, and the variants in some.
    func render(_ component: ComponentDefinition, _ request: WorkerRender) -> RenderSet {
        let current = keptBase(request.base, of: component).0
        let renders = request.environments.map { environment -> Result<String, PropertyProblem> in
            do throws(PropertyError) {
                return .success(try renderFields(component, current, in: environment))
            } catch {
                return .failure(PropertyProblem(message: error.message))
            }
        }
        return RenderSet(renders: renders, variants: request.variants.map { variants(of: component, in: $0) })
    }

    /// Reads stored JSON values, which came from this component earlier and so are trusted to parse;
    /// what does not (code changed since) is clamped or dropped by `restore`.
    ///
    /// A request's `base` is read through ``keptBase(_:of:)``, which reads again only the members
    /// that differ from the base read last for the component.
    private func values(_ json: JSONValue, of component: ComponentDefinition) -> (PropertyValues, [String]) {
        var unused = ReadBase()
        return values(json, of: component, reusing: &unused)
    }

    /// The base of a request: the members equal to those of the base read last for the component
    /// keep their value (and warning); only the others are read and checked again.
    private func keptBase(_ json: JSONValue, of component: ComponentDefinition) -> (PropertyValues, [String]) {
        bases.withLock { bases in
            var kept = bases[component.name] ?? ReadBase()
            let result = values(json, of: component, reusing: &kept)
            bases[component.name] = kept
            return result
        }
    }

    private func values(_ json: JSONValue, of component: ComponentDefinition, reusing kept: inout ReadBase) -> (PropertyValues, [String]) {
        guard case .object(let members) = json else { return (component.defaults, []) }
        var values = component.defaults
        var warnings: [String] = []
        var read: [String: ReadBase.Member] = [:]
        read.reserveCapacity(members.count)
        for (name, raw) in members {
            let member: ReadBase.Member
            if let earlier = kept.members[name], earlier.raw == raw {
                member = earlier
            } else {
                member = self.member(name, raw, of: component)
                kept.reads += 1
            }
            read[name] = member
            if let value = member.value { values[name] = value }
            if let warning = member.warning { warnings.append(warning) }
        }
        kept.members = read
        return (values, warnings)
    }

    /// One stored value read and checked: its value (clamped when it no longer fits), or nil when
    /// it is dropped, and the warning that says so.
    private func member(_ name: String, _ raw: JSONValue, of component: ComponentDefinition) -> ReadBase.Member {
        guard let descriptor = component.property(named: name) else {
            return ReadBase.Member(raw: raw, value: nil, warning: "dropped \(component.name).\(name): no such property any more")
        }
        do {
            return ReadBase.Member(raw: raw, value: try descriptor.value(fromJSON: raw, component: component.name), warning: nil)
        } catch {
            let loose = PropertyDescriptor(name: descriptor.name, label: descriptor.label, kind: descriptor.kind, defaultValue: descriptor.defaultValue,
                                           constraints: Constraints(options: descriptor.constraints.options), help: nil)
            if let unchecked = try? loose.value(fromJSON: raw, component: ""), let clamped = descriptor.clamped(unchecked) {
                return ReadBase.Member(raw: raw, value: clamped,
                                       warning: "\(component.name).\(name): saved \(raw.abbreviated()) no longer fits (\(descriptor.expectation)); using \(clamped.json.abbreviated())")
            }
            return ReadBase.Member(raw: raw, value: nil, warning: "dropped \(component.name).\(name): \(error.message)")
        }
    }

    func batch(_ component: ComponentDefinition, base: JSONValue, changes: [WorkerChange]) -> BatchResult {
        var (current, loadWarnings) = keptBase(base, of: component)
        var results: [ChangeResult] = []
        results.reserveCapacity(changes.count)
        var anyAccepted = false
        // The render of the current values, when the last change was a tap that changed nothing:
        // the tap's layout, written out, is the render (no second layout).
        var tapped: (rendering: ComponentRendering, micros: Int)?
        for change in changes {
            do throws(PropertyError) {
                let resolution: Resolution
                switch change {
                case .set(let values):
                    resolution = try component.resolve(changes: try component.values(fromJSON: values), over: current)
                case .reset(let names):
                    resolution = try component.reset(names, over: current)
                case .tap(let tap):
                    let location = tap.location.map { CGPoint(x: $0.x, y: $0.y) }
                    let started = DispatchTime.now().uptimeNanoseconds
                    // The batch renders in the standard environment: a tap in another has no layout to lend it.
                    let outcome = try component.tap(tap.target, at: location, values: current, environment: tap.environment.values,
                                                    rendering: tap.environment == .standard)
                    resolution = outcome.resolution
                    tapped = outcome.rendering.map { ($0, Int((DispatchTime.now().uptimeNanoseconds - started) / 1000)) }
                    current = resolution.values
                    anyAccepted = true
                    results.append(.accepted(notes: resolution.notes))
                    continue
                case .restore:
                    // Saved values re-checked against the current declaration.
                    var resolved = try component.resolve(changes: [:], over: current)
                    resolved.notes = loadWarnings + resolved.notes
                    resolution = resolved
                case .replace(let values):
                    // Values the history kept: checked like saved ones, what no longer fits is clamped.
                    let (replaced, warnings) = self.values(values, of: component)
                    var resolved = try component.resolve(changes: [:], over: replaced)
                    resolved.notes = warnings + resolved.notes
                    resolution = resolved
                }
                current = resolution.values
                anyAccepted = true
                tapped = nil
                results.append(.accepted(notes: resolution.notes))
            } catch {
                results.append(.refused(PropertyProblem(message: error.description, property: error.property)))
            }
        }
        let render = tapped.map { fields(component, $0.rendering, micros: $0.micros) } ?? (anyAccepted ? self.render(component, current) : nil)
        return BatchResult(results: results, values: component.json(current), render: render)
    }

    func preview(_ component: ComponentDefinition, base: JSONValue, changes: JSONValue, in environment: RenderEnvironment = .standard,
                 audit: Bool = false) -> PreviewResult {
        let current = keptBase(base, of: component).0
        do throws(PropertyError) {
            let resolved = try component.resolve(changes: try component.values(fromJSON: changes), over: current).values
            if audit {
                let findings = try component.render(resolved, environment: environment.values, audit: true).rendering.audit
                return .audited(values: component.json(resolved), findings: .array(findings.map(\.json)))
            }
            return .rendered(values: component.json(resolved), render: try renderFields(component, resolved, in: environment))
        } catch {
            return .refused(PropertyProblem(message: error.description, property: error.property))
        }
    }

    /// The render's fields as the protocol sends them (the server adds type, component, revision
    /// and values): `"svg":…,"size":…,"accessibility":…,"renderMicros":…`.
    private func render(_ component: ComponentDefinition, _ values: PropertyValues) -> String? {
        try? renderFields(component, values, in: .standard)
    }

    /// The render's fields in `environment`; throws what stopped the render (too many views, say).
    private func renderFields(_ component: ComponentDefinition, _ values: PropertyValues, in environment: RenderEnvironment) throws(PropertyError) -> String {
        let started = DispatchTime.now().uptimeNanoseconds
        let result = try component.render(values, environment: environment.values, recordingReads: true)
        return fields(component, result, micros: Int((DispatchTime.now().uptimeNanoseconds - started) / 1000))
    }

    /// The fields of a render made in `micros`.
    private func fields(_ component: ComponentDefinition, _ result: ComponentRendering, micros: Int) -> String {
        // Built as bytes and made a String once: the SVG alone is kilobytes, escaped here once
        // for every client that will get it.
        var out: [UInt8] = []
        out.reserveCapacity(result.rendering.svg.utf8.count * 9 / 8 + 1024)
        out.append(contentsOf: #""svg":"#.utf8)
        JSONValue.writeString(result.rendering.svg, into: &out)
        out.append(contentsOf: #","size":"#.utf8)
        result.rendering.size.json.write(into: &out)
        out.append(contentsOf: #","accessibility":"#.utf8)
        result.rendering.accessibility.writeJSON(into: &out)
        writeReads(result.rendering.reads, of: component, into: &out)
        out.append(contentsOf: ",\"renderMicros\":\(micros)".utf8)
        return String(decoding: out, as: UTF8.self)
    }
}

/// A component's base values as they were last read from JSON, member by member.
struct ReadBase: Sendable {
    struct Member: Sendable {
        /// What the request carried.
        var raw: JSONValue
        /// What it read as; nil when it was dropped.
        var value: PropertyValue?
        /// Why it was clamped or dropped.
        var warning: String?
    }

    var members: [String: Member] = [:]
    /// Members read and checked (not taken from the base before) since the workbench started.
    var reads = 0
}

extension Workbench {
    /// `,"reads":{"ENTRY":["name",…],…}`: for each entry of the view outline whose views read
    /// inspectable properties while they were built, those properties in declaration order.
    /// The page's "Affected by" comes from it. Nothing when no view read any.
    func writeReads(_ reads: [UInt64], of component: ComponentDefinition, into out: inout [UInt8]) {
        var first = true
        for (entry, mask) in reads.enumerated() where mask != 0 {
            out.append(contentsOf: (first ? #","reads":{""# : #",""#).utf8)
            first = false
            out.append(contentsOf: "\(entry)\":[".utf8)
            var written = 0
            for (slot, property) in component.properties.prefix(64).enumerated() where mask & (UInt64(1) << UInt64(slot)) != 0 {
                if written > 0 { out.append(UInt8(ascii: ",")) }
                written += 1
                JSONValue.writeString(property.name, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        if !first { out.append(UInt8(ascii: "}")) }
    }
}

extension JSONValue {
    var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }
}
