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
    /// `PreviewProvider`s in the program add their previews of registered components as variants.
    public init(_ types: [any Component.Type], previews: Bool = true) throws(RegistryError) {
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
            for provider in Previews.providers() {
                let providerName = String(describing: provider)
                for (index, preview) in Previews.capture(provider, wanted: { $0 is any Component }).enumerated() {
                    let variantName = preview.name ?? "\(providerName) \(index + 1)"
                    // A preview of a plain view (no component in it) is for another tool's canvas.
                    guard let view = preview.view, let component = view as? any Component else { continue }
                    let componentName = type(of: component).name
                    guard let position = definitions.firstIndex(where: { $0.name == componentName }) else {
                        warnings.append("preview \"\(variantName)\" of \(providerName) shows \(componentName), which is not registered")
                        continue
                    }
                    if let warning = definitions[position].addPreview(named: variantName, showing: view) {
                        warnings.append(warning)
                    }
                }
            }
        }
        components = definitions
        self.warnings = warnings
    }

    public func component(named name: String) -> ComponentDefinition? {
        components.first { $0.name == name }
    }

    /// An error naming the components there are, for a name that is not one of them.
    public func unknownComponent(_ name: String) -> PropertyError {
        PropertyError(component: name, property: nil, message: "no such component; registered are " + components.map(\.name).joined(separator: ", "))
    }

    /// The schema of every component, as `list --json` prints it and the server's catalog sends it.
    public var schema: JSONValue {
        .array(components.map(\.schema))
    }
}
