import StarboardLocking
import StarboardUI

/// Every value of a component's properties, by property name.
public typealias PropertyValues = [String: PropertyValue]

/// Values that passed every check, and what was adjusted on the way.
public struct Resolution: Sendable, Equatable {
    /// A value for every property.
    public var values: PropertyValues
    /// Adjustments made instead of errors, e.g. "rating lowered from 5 to 3 because starCount is now 3".
    public var notes: [String]
}

/// A rendered component: the SVG, the accessibility elements, and the values it was drawn with.
public struct ComponentRendering: Sendable {
    public var values: PropertyValues
    public var rendering: Rendering
}

/// A declared variant: its name and the values that differ from the defaults.
public struct VariantDefinition: Sendable {
    public let name: String
    public let changes: PropertyValues
    public let values: PropertyValues
}

/// What the registry knows of one component type, with the type erased.
///
/// Everything here is pure: the same values give the same SVG bytes.
public struct ComponentDefinition: Sendable {
    public let name: String
    /// The Swift type, as its declaration spells it (`RatingControl`): what a usage snippet and
    /// a saved variant write, and what `name` need not be (`static let name = …`).
    public let swiftType: String
    /// The module that declares the type (`TagKit`), which a snippet using it imports.
    public let swiftModule: String
    public let title: String
    public let summary: String
    /// In declaration order.
    public let properties: [PropertyDescriptor]
    public let defaults: PropertyValues
    public internal(set) var variants: [VariantDefinition]
    /// The environments the component asks snapshots in (``Component/environments``).
    public let environments: [RenderEnvironment]
    /// For a preview of a plain view (a `#Preview` or a `PreviewProvider`'s preview): where it is
    /// declared and what it asks of the canvas. Nil for a component.
    public let preview: PreviewEntry?

    /// Values, environment, audit, and whether to record which properties each view reads.
    let makeRendering: @Sendable (PropertyValues, EnvironmentValues, Bool, Bool) throws -> Rendering
    /// The values after a tap, and what the tap tells (a control bound to a constant); nil when
    /// no target has the id.
    ///
    /// With `render` set, the tap also hands back the render of the view it laid out when
    /// nothing it would draw changed (see ``tap(_:at:values:environment:rendering:)``).
    let runTap: @Sendable (PropertyValues, String, Point?, EnvironmentValues, _ render: Bool) throws
        -> (values: PropertyValues, notes: [String], rendering: Rendering?)?
    /// The values an instance of this component holds, if `view` is one (a preview's view).
    let valuesOfInstance: @Sendable (Any) -> PropertyValues?

    init<C: Component>(_ type: C.Type) throws(RegistryError) {
        let name = C.name
        let defaultInstance = C()
        var inspectable: [(String, any InspectableProperty)] = []
        var declared: [String: Any] = [:]
        for child in Mirror(reflecting: defaultInstance).children {
            guard let label = child.label else { continue }
            let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
            if let wrapper = child.value as? any InspectableProperty {
                inspectable.append((name, wrapper))
            } else {
                declared[name] = child.value
            }
        }
        // Each property's storage notes its reads as its place in the declaration; copies
        // filled from these wrappers (every instance a render makes) keep it.
        for (slot, (_, wrapper)) in inspectable.enumerated() { wrapper.watchReads(as: Int32(slot)) }
        let wrappers = inspectable
        let others = DeclaredProperties(values: declared)
        let descriptors = wrappers.map { $0.1.descriptor(name: $0.0) }
        let defaults = Dictionary(uniqueKeysWithValues: descriptors.map { ($0.name, $0.defaultValue) })

        @Sendable func instantiate(_ values: PropertyValues) throws -> C {
            var fields: [InstanceDecoder.Field] = []
            fields.reserveCapacity(wrappers.count)
            for (property, wrapper) in wrappers {
                // A value of the wrong kind is refused by the decoder as the property is filled.
                guard let value = values[property] ?? defaults[property] else {
                    throw PropertyError(component: name, property: property, message: "value of the wrong kind")
                }
                fields.append(InstanceDecoder.Field(name: property, wrapper: wrapper, value: value))
            }
            return try C(from: InstanceDecoder(component: name, fields: fields, others: others.values))
        }
        // A component with no `@State` (or other dynamic property that keeps state: an
        // `@Environment` keeps none) is the same instance whatever it rendered before once its
        // `@Inspectable`s hold the new values, so renders reuse kept instances and fill their
        // storage in place: decoding a fresh one allocated the storage of every property, the
        // decoder's container and its field list, and looked up generic metadata for each.
        let reusable = !declared.values.contains { $0 is any DynamicProperty && !($0 is any _KeepsNoState) }
        // After a tap the instance draws what its inspectable values say unless it holds state
        // an action can change (`@State`, an observed object).
        let drawsItsValues = !declared.values.contains { $0 is any DynamicProperty && !($0 is any _UnchangedByActions) }
        // Held as AnyObject: this closure is generic over C and not specialized, and popping
        // a `KeptInstance<C>?` looked up the optional's metadata at run time on every render.
        let kept = Locked<[AnyObject]>([])
        @Sendable func refill(_ instance: KeptInstance<C>, with values: PropertyValues) throws(PropertyError) {
            for (index, (property, _)) in wrappers.enumerated() {
                // The same checks, in the same order, as a fresh instance's init(from:) makes.
                guard let value = values[property] ?? defaults[property] else {
                    throw PropertyError(component: name, property: property, message: "value of the wrong kind")
                }
                do throws(NotFillable) { try instance.wrappers[index].refill(with: value) } catch {
                    throw PropertyError(component: name, property: property, message: "value of the wrong kind")
                }
            }
        }
        @Sendable func readBack(_ instance: C) -> PropertyValues {
            var values: PropertyValues = [:]
            for child in Mirror(reflecting: instance).children {
                guard let label = child.label, let wrapper = child.value as? any InspectableProperty else { continue }
                values[label.hasPrefix("_") ? String(label.dropFirst()) : label] = wrapper.currentValue
            }
            return values
        }

        self.name = name
        self.swiftType = String(describing: C.self)
        self.swiftModule = String(String(reflecting: C.self).prefix { $0 != "." })
        self.title = C.title
        self.summary = C.summary
        self.environments = C.environments
        self.preview = nil
        self.properties = descriptors
        self.defaults = defaults
        let title = C.title
        self.makeRendering = { values, environment, audit, recordingReads in
            let instance: KeptInstance<C>?
            if reusable, let object = kept.withLock({ $0.popLast() }) {
                let spare = unsafeDowncast(object, to: KeptInstance<C>.self)
                try refill(spare, with: values)
                instance = spare
            } else {
                instance = nil
            }
            // Not `instance?.instance ?? …`: a `C?` in this unspecialized closure is a lookup too.
            let view: C
            if let instance { view = instance.instance } else { view = try instantiate(values) }
            let rendering: Rendering
            do {
                rendering = try Renderer.render(view, title: title, environment: environment, audit: audit, recordingReads: recordingReads)
            } catch {
                throw PropertyError(component: name, property: nil, message: "cannot be rendered: \(error)")
            }
            if reusable {
                // A render that threw keeps nothing; one that drew hands its instance back.
                let spare = instance ?? KeptInstance(view)
                kept.withLock { if $0.count < 4 { $0.append(spare) } }
            }
            return rendering
        }
        self.valuesOfInstance = { view in (view as? C).map(readBack) }
        self.runTap = { values, target, location, environment, render in
            var instance = try instantiate(values)
            var handled = false
            var after: PropertyValues = [:]
            // An action (`onTapGesture`, `Button`) laid out with this id runs first; else the
            // component's own `tap(_:)`.
            let (outcome, rendering) = try Renderer.tap(
                on: instance, target: target, at: location, environment: environment, title: title, recordingReads: render
            ) { found in
                handled = found || instance.tap(target)
                guard handled else { return false }
                after = readBack(instance)
                // The layout is the render's only when nothing but the inspectable values could
                // have changed (no `@State`) and they did not.
                return render && drawsItsValues && values.allSatisfy { after[$0.key] == $0.value } && after.count == values.count
            }
            return handled ? (after, outcome.notes, rendering) : nil
        }

        // Check the declaration once, at start-up, so a mistake shows before anyone inspects.
        for descriptor in descriptors {
            if let bound = descriptor.constraints.upperBound {
                guard let other = descriptors.first(where: { $0.name == bound.property }), other.kind == .integer, descriptor.kind == .integer else {
                    throw RegistryError("\(name).\(descriptor.name) is bounded by \"\(bound.property)\", which is not an integer property of \(name)")
                }
            }
            do {
                try descriptor.validate(descriptor.defaultValue, component: name)
            } catch {
                throw RegistryError("the default of \(error.description)")
            }
        }
        do {
            _ = try instantiate(defaults)
        } catch {
            throw RegistryError("\(name) cannot be made from its defaults: \(error)")
        }
        var variants: [VariantDefinition] = []
        for variant in C.variants {
            // A fresh instance each: copies share their properties' storage.
            var instance: C
            do {
                instance = try instantiate(defaults)
            } catch {
                throw RegistryError("\(name) cannot be made from its defaults: \(error)")
            }
            variant.configure(&instance)
            let values = readBack(instance)
            let changes = values.filter { defaults[$0.key] != $0.value }
            variants.append(VariantDefinition(name: variant.name, changes: changes, values: values))
        }
        self.variants = variants
        for variant in variants {
            do {
                _ = try resolve(changes: variant.changes, over: defaults)
            } catch {
                throw RegistryError("variant \"\(variant.name)\" is invalid: \(error.description)")
            }
        }
        var seen: [String: String] = [:]
        for variant in variants {
            if let earlier = seen.updateValue(variant.name, forKey: VariantName.key(variant.name)) {
                let spelled = earlier == variant.name ? "" : " (\"\(earlier)\" and \"\(variant.name)\"; \(VariantName.rule))"
                throw RegistryError("\(name) declares two variants with the same name\(spelled)")
            }
        }
    }

    /// Adds a `PreviewProvider`'s preview of this component as a variant; a warning when it cannot.
    mutating func addPreview(named variantName: String, showing view: Any) -> String? {
        guard let values = valuesOfInstance(view) else { return nil }
        guard !variants.contains(where: { VariantName.same($0.name, variantName) }) else {
            return "\(name) already has a variant \"\(variantName)\"; the preview of that name is left out"
        }
        let changes = values.filter { defaults[$0.key] != $0.value }
        do {
            _ = try resolve(changes: changes, over: defaults)
        } catch {
            return "preview \"\(variantName)\" is left out: \(error.description)"
        }
        variants.append(VariantDefinition(name: variantName, changes: changes, values: values))
        return nil
    }

    public func property(named name: String) -> PropertyDescriptor? {
        properties.first { $0.name == name }
    }

    func unknownProperty(_ given: String) -> PropertyError {
        PropertyError(component: name, property: given, message: "no such property; \(name) has " + properties.map(\.name).joined(separator: ", "))
    }

    // MARK: - Reading values

    /// Reads `{"starCount": 7, …}` from the protocol; every value is checked, none applied yet.
    public func values(fromJSON json: JSONValue) throws(PropertyError) -> PropertyValues {
        guard case .object(let members) = json else {
            throw PropertyError(component: name, property: nil, message: "expected an object of property values, got \(json.typeName)")
        }
        var values: PropertyValues = [:]
        for (key, raw) in members {
            guard let descriptor = property(named: key) else { throw unknownProperty(key) }
            values[key] = try descriptor.value(fromJSON: raw, component: name)
        }
        return values
    }

    /// Reads the CLI's `key=value` assignments.
    public func values(fromAssignments assignments: [String]) throws(PropertyError) -> PropertyValues {
        var values: PropertyValues = [:]
        for assignment in assignments {
            // Split on the scalar, not the Character: in `name=\u{301}…` the `=` and the combining
            // mark that follows it are one Character, and the value starts with the mark.
            let scalars = assignment.unicodeScalars
            guard let equals = scalars.firstIndex(of: "="), equals != scalars.startIndex else {
                throw PropertyError(component: name, property: nil, message: "expected key=value, got \"\(assignment)\"")
            }
            let key = String(scalars[..<equals])
            guard let descriptor = property(named: key) else { throw unknownProperty(key) }
            values[key] = try descriptor.value(fromText: String(scalars[scalars.index(after: equals)...]), component: name)
        }
        return values
    }

    // MARK: - Applying values

    /// Applies `changes` on top of `base` (all or nothing) and enforces dependent bounds: a
    /// value given in `changes` that breaks one is an error; one left from `base` is clamped.
    public func resolve(changes: PropertyValues, over base: PropertyValues) throws(PropertyError) -> Resolution {
        var values = defaults
        for (key, value) in base where values[key] != nil { values[key] = value }
        for (key, value) in changes {
            guard let descriptor = property(named: key) else { throw unknownProperty(key) }
            try descriptor.validate(value, component: name)
            values[key] = value
        }
        var notes: [String] = []
        for descriptor in properties {
            guard let bound = descriptor.constraints.upperBound,
                  case .integer(let current)? = values[descriptor.name],
                  case .integer(let other)? = values[bound.property] else { continue }
            let limit = bound.limit(for: other)
            guard current > limit else { continue }
            if changes[descriptor.name] != nil {
                let low = descriptor.constraints.minimum.map { Int($0) } ?? 0
                throw PropertyError(
                    component: name, property: descriptor.name,
                    message: "expected an integer in \(low)...\(limit) (\(bound.inclusive ? "at most" : "below") \(bound.property), which is \(other)), got \(current)"
                )
            }
            let clamped = max(limit, descriptor.constraints.minimum.map { Int($0) } ?? limit)
            values[descriptor.name] = .integer(clamped)
            notes.append("\(descriptor.name) lowered from \(current) to \(clamped) because \(bound.property) is now \(other)")
        }
        return Resolution(values: values, notes: notes)
    }

    /// Sets the named properties back to their defaults (all of them when `names` is nil).
    public func reset(_ names: [String]?, over base: PropertyValues) throws(PropertyError) -> Resolution {
        guard let names else { return Resolution(values: defaults, notes: []) }
        var changes: PropertyValues = [:]
        for key in names {
            guard let value = defaults[key] else { throw unknownProperty(key) }
            changes[key] = value
        }
        return try resolve(changes: [:], over: base.merging(changes) { $1 })
    }

    /// Runs the component's own tap behaviour on the element `target` (laid out in
    /// `environment`, where its tap targets are), starting from `values`; `location` is where the
    /// tap landed in the preview's points, the target's centre when nil.
    public func tap(
        _ target: String, at location: Point? = nil, values: PropertyValues, environment: EnvironmentValues = EnvironmentValues()
    ) throws(PropertyError) -> Resolution {
        try tap(target, at: location, values: values, environment: environment, rendering: false).resolution
    }

    /// ``tap(_:at:values:environment:)``, and with `rendering` the render of `values` in
    /// `environment` when the tap changed nothing: the tap's own layout written out, so the
    /// render after such a tap needs no layout of its own. Nil when the tap changed a value
    /// (the view must be laid out again with the new ones) or `values` were not yet resolved.
    public func tap(
        _ target: String, at location: Point? = nil, values: PropertyValues, environment: EnvironmentValues = EnvironmentValues(), rendering: Bool
    ) throws(PropertyError) -> (resolution: Resolution, rendering: ComponentRendering?) {
        let after: (values: PropertyValues, notes: [String], rendering: Rendering?)?
        do {
            after = try runTap(values, target, location, environment, rendering)
        } catch let error as TapError {
            switch error {
            case .outside: throw PropertyError(component: name, property: nil, message: "\(error)")
            case .limits: throw PropertyError(component: name, property: nil, message: "cannot be rendered: \(error)")
            }
        } catch {
            throw PropertyError(component: name, property: nil, message: "cannot be made from these values: \(error)")
        }
        guard let after else {
            throw PropertyError(component: name, property: nil, message: "no tap target \"\(target)\"")
        }
        let changed = after.values.filter { values[$0.key] != $0.value }
        var resolution = try resolve(changes: [:], over: values.merging(changed) { $1 })
        resolution.notes = after.notes + resolution.notes
        // Resolving may still clamp values the view was drawn with: then its render is not theirs.
        let rendering = after.rendering.flatMap { resolution.values == values ? ComponentRendering(values: values, rendering: $0) : nil }
        return (resolution, rendering)
    }

    // MARK: - Rendering

    /// Renders resolved values (from ``resolve(changes:over:)``; missing ones take their defaults)
    /// in `environment`; with `audit`, the rendering lists what breaks there.
    public func render(_ values: PropertyValues, environment: EnvironmentValues = EnvironmentValues(), audit: Bool = false) throws(PropertyError) -> ComponentRendering {
        try render(values, environment: environment, audit: audit, recordingReads: false)
    }

    /// ``render(_:environment:audit:)``, with `recordingReads` noting which inspectable
    /// properties each view read (``Rendering/reads``), as the server sends the page for its
    /// "Affected by".
    public func render(_ values: PropertyValues, environment: EnvironmentValues = EnvironmentValues(), audit: Bool = false,
                       recordingReads: Bool) throws(PropertyError) -> ComponentRendering {
        let rendering: Rendering
        do {
            rendering = try makeRendering(values, environment, audit, recordingReads)
        } catch let error as PropertyError {
            throw error
        } catch {
            throw PropertyError(component: name, property: nil, message: "cannot be made from these values: \(error)")
        }
        return ComponentRendering(values: withDefaults(values), rendering: rendering)
    }

    /// `values` with a default for each property it lacks. Resolved values usually lack none, and
    /// then this is the same dictionary, not a merged copy.
    private func withDefaults(_ values: PropertyValues) -> PropertyValues {
        var complete = values
        for (name, value) in defaults where complete[name] == nil {
            complete[name] = value
        }
        return complete
    }

    /// Renders a declared variant by name.
    public func renderVariant(named variantName: String) throws(PropertyError) -> ComponentRendering {
        guard let variant = variants.first(where: { $0.name == variantName }) else {
            let known = variants.map { "\"\($0.name)\"" }.joined(separator: ", ")
            throw PropertyError(component: name, property: nil, message: "no variant \"\(variantName)\"" + (known.isEmpty ? "" : "; variants are \(known)"))
        }
        return try render(variant.values)
    }

    // MARK: - Describing

    /// Values as a JSON object in declaration order (only those present).
    public func json(_ values: PropertyValues) -> JSONValue {
        .object(properties.compactMap { descriptor in values[descriptor.name].map { (descriptor.name, $0.json) } })
    }

    /// The schema entry: name, title, summary, properties and variants, and for a preview of a
    /// plain view its `preview` (group, file, line, traits).
    public var schema: JSONValue {
        var members: [(String, JSONValue)] = [
            ("name", .string(name)), ("swiftType", .string(swiftType)), ("swiftModule", .string(swiftModule)), ("title", .string(title)), ("summary", .string(summary)),
            ("properties", .array(properties.map(\.schema))),
            ("variants", .array(variants.map { .object([("name", .string($0.name)), ("values", json($0.changes))]) })),
        ]
        if let preview { members.append(("preview", preview.schema)) }
        return .object(members)
    }
}

/// A component's stored properties that are not inspectable, as its default instance holds them.
/// Only read; `@State` is copied with storage of its own for each instance.
struct DeclaredProperties: @unchecked Sendable {
    let values: [String: Any]
}

/// Why the registry refused to start.
public struct RegistryError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// A component instance kept between renders (``ComponentDefinition``'s renders of a component
/// without `@State`), with its `@Inspectable` wrappers in declaration order to fill it through.
/// Taken out of its pool for a render, so one thread at a time has it.
private final class KeptInstance<C: Component>: @unchecked Sendable {
    let instance: C
    let wrappers: [any InspectableProperty]

    init(_ instance: C) {
        self.instance = instance
        // Once per kept instance: the wrappers share their storage with the instance's.
        wrappers = Mirror(reflecting: instance).children.compactMap { $0.value as? any InspectableProperty }
    }
}
