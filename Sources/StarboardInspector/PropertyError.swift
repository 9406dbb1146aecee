/// Why a value, a set of values or a tap was refused. The message names the component, the
/// property, what was expected and what came, so a person can fix it without reading code.
public struct PropertyError: Error, Equatable, Sendable, CustomStringConvertible {
    public let component: String
    /// The property at fault; nil when the problem is not one property's (an unknown tap target).
    public let property: String?
    public let message: String

    public init(component: String, property: String?, message: String) {
        self.component = component
        self.property = property
        self.message = message
    }

    public var description: String {
        if let property { return "\(component).\(property): \(message)" }
        return "\(component): \(message)"
    }
}
