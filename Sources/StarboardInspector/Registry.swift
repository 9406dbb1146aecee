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

    /// Checks every component's declaration; refuses duplicate names and broken declarations.
    public init(_ types: [any Component.Type]) throws(RegistryError) {
        var definitions: [ComponentDefinition] = []
        for type in types {
            let definition = try ComponentDefinition(type)
            if let clash = definitions.first(where: { $0.name == definition.name }) {
                throw RegistryError("two components are registered as \"\(clash.name)\"; component names must be unique (rename one with `static let name = …`)")
            }
            definitions.append(definition)
        }
        components = definitions
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
