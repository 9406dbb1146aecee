import StarboardUI

/// The components Starboard knows, each registered with one line:
///
/// ```swift
/// let registry = try Registry([
///     RatingControl.self,
///     HikeBadge.self,
/// ])
/// ```
public struct Registry: Sendable {
    /// In registration order.
    public let components: [ComponentDefinition]
    /// Previews that could not become variants, and why.
    public let warnings: [String]

    /// Checks every component's declaration; refuses duplicate names and broken declarations.
    /// `PreviewProvider`s and `#Preview`s in the program add their previews of registered
    /// components as variants; with `previewEntries`, every other preview (of a plain view)
    /// becomes an entry of its own after the components, grouped by file and provider.
    public init(_ types: [any Component.Type], previews: Bool = true, previewEntries: Bool = false) throws(RegistryError) {
        var definitions: [ComponentDefinition] = []
        for (position, type) in types.enumerated() {
            let definition = try ComponentDefinition(type)
            if let clash = definitions.firstIndex(where: { $0.name == definition.name }) {
                // Module-qualified, so two types of one name in different modules are told apart.
                let first = String(reflecting: types[clash]), second = String(reflecting: type)
                let which = first == second ? "\(first) is registered twice (entries \(clash + 1) and \(position + 1))" : "\(first) and \(second)"
                throw RegistryError("two components are registered as \"\(definition.name)\": \(which); component names must be unique (rename one with `static let name = …`)")
            }
            definitions.append(definition)
        }
        var warnings: [String] = []
        if previews {
            var plain: [FoundPreview] = []
            for preview in Previews.all(wanted: { $0 is any Component }, wantedType: { $0 is any Component.Type }) {
                let variantName = preview.name ?? Self.placeName(of: preview)
                guard let view = preview.shown, let component = view as? any Component else {
                    plain.append(preview)
                    continue
                }
                let componentName = type(of: component).name
                guard let position = definitions.firstIndex(where: { $0.name == componentName }) else {
                    // Not registered: shown as the view it is, like any other preview.
                    plain.append(preview)
                    continue
                }
                if let warning = definitions[position].addPreview(named: variantName, showing: view) {
                    warnings.append(warning)
                }
            }
            if previewEntries {
                definitions += Self.entries(for: plain, besides: Set(definitions.map(\.name)))
            }
        }
        components = definitions
        self.warnings = warnings
    }

    /// Where a preview without a display name is: `File.swift:12`, or `Provider_Previews 2`.
    static func placeName(of preview: FoundPreview) -> String {
        if let source = preview.source { return "\(source.fileName):\(source.line)" }
        return "\(preview.provider ?? "Preview") \(preview.index + 1)"
    }

    /// One entry per preview, grouped by file (`#Preview`s, by line) then by provider, each
    /// named by its display name or its place; a name already taken gets " (2)", " (3)"…
    static func entries(for previews: [FoundPreview], besides taken: Set<String>) -> [ComponentDefinition] {
        var taken = taken
        let ordered = previews.enumerated().sorted { a, b in
            let left = a.element, right = b.element
            if (left.source == nil) != (right.source == nil) { return left.source != nil }
            if left.group != right.group { return left.group < right.group }
            if let l = left.source, let r = right.source, l.line != r.line { return l.line < r.line }
            return a.offset < b.offset
        }.map(\.element)
        return ordered.map { preview in
            let base = preview.name ?? placeName(of: preview)
            var name = base
            var number = 2
            while taken.contains(name) {
                name = "\(base) (\(number))"
                number += 1
            }
            taken.insert(name)
            return ComponentDefinition(preview: preview, named: name)
        }
    }

    public func component(named name: String) -> ComponentDefinition? {
        components.first { $0.name == name }
    }

    /// An error naming the components there are, for a name that is not one of them.
    public func unknownComponent(_ name: String) -> PropertyError {
        PropertyError(component: name, property: nil, message: "no such component; registered are " + components.map(\.name).joined(separator: ", "))
    }

    /// The schema of every component and preview entry, as `list --json` prints it and the server's catalog sends it.
    public var schema: JSONValue {
        .array(components.map(\.schema))
    }
}
