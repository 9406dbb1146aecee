/// What a view inherits from the views around it, as SwiftUI's `EnvironmentValues`.
///
/// Resolved while the view tree is built, top down: `.font(_:)`, `.foregroundColor(_:)` and the
/// text modifiers set values here for their content, and leaf views (text, shapes) read them as
/// they become nodes. Layout never looks at the environment.
public struct EnvironmentValues: Sendable {
    /// The color shapes and text use when they set none of their own.
    public var foregroundColor: Color?
    /// The font text uses when it sets none of its own; nil is ``Font/body``.
    public var font: Font?
    /// A weight that overrides the font's, from `.fontWeight(_:)` or `.bold()` on a container.
    public var fontWeight: Font.Weight?
    /// Whether text is set in the oblique face, from `.italic()` on a container.
    public var italic: Bool = false
    /// The most lines text may take; nil for as many as it needs.
    public var lineLimit: Int?
    /// Where text that does not fit loses characters.
    public var truncationMode: Text.TruncationMode = .tail
    /// How the lines of wrapped text align with each other.
    public var multilineTextAlignment: TextAlignment = .leading

    public init() {}

    /// The foreground when nothing sets one.
    static let defaultForeground = Color.black
}

/// How the lines of a multi-line text align, as SwiftUI's `TextAlignment`.
public enum TextAlignment: Hashable, Sendable {
    case leading, center, trailing

    var fraction: Double {
        switch self {
        case .leading: 0
        case .center: 0.5
        case .trailing: 1
        }
    }
}
