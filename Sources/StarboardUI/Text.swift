/// A font: a size, a weight and a slant of DejaVu Sans, the one family Starboard measures and
/// names in its SVG (with Noto Color Emoji for what DejaVu lacks).
public struct Font: Hashable, Sendable {
    /// SwiftUI's nine weights. DejaVu Sans has three faces to measure them with: ExtraLight for
    /// the light ones, Book for regular and medium, Bold from semibold up.
    public enum Weight: Int, Hashable, Sendable, Comparable {
        case ultraLight = 100, thin = 200, light = 300, regular = 400, medium = 500
        case semibold = 600, bold = 700, heavy = 800, black = 900

        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public var size: Double
    public var weight: Weight
    public var isItalic: Bool

    public init(size: Double, weight: Weight = .regular, italic: Bool = false) {
        self.size = size
        self.weight = weight
        self.isItalic = italic
    }

    /// A system font of `size` points, as SwiftUI's `Font.system(size:weight:)`.
    public static func system(size: Double, weight: Weight = .regular) -> Font {
        Font(size: size, weight: weight)
    }

    public func bold() -> Font { weight(.bold) }

    public func weight(_ weight: Weight) -> Font {
        var copy = self
        copy.weight = weight
        return copy
    }

    public func italic() -> Font {
        var copy = self
        copy.isItalic = true
        return copy
    }

    /// The sizes of Apple's text styles at the default content size.
    public static let largeTitle = Font(size: 34)
    public static let title = Font(size: 28)
    public static let headline = Font(size: 17, weight: .semibold)
    public static let body = Font(size: 17)
    public static let subheadline = Font(size: 15)
    public static let footnote = Font(size: 13)
    public static let caption = Font(size: 12)
}

/// Text, measured with the font's real metrics and wrapped to the width it is offered.
public struct Text: PrimitiveView, Equatable {
    var string: String
    var font: Font?
    /// Set by `.bold()`/`.fontWeight(_:)` on the text; kept when `.font(_:)` comes after.
    var weight: Font.Weight?
    var isItalic: Bool?
    var color: Color?

    public init(_ string: String) {
        self.string = string
    }

    /// Text shown exactly as given.
    public init(verbatim string: String) {
        self.string = string
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        let environment = graph.environment
        var font = font ?? environment.font ?? .body
        if let weight = weight ?? environment.fontWeight { font.weight = weight }
        if isItalic ?? environment.italic { font.isItalic = true }
        graph.addText(TextNode(
            string: string, font: font, color: color ?? environment.foregroundColor ?? EnvironmentValues.defaultForeground,
            lineLimit: environment.lineLimit, truncation: environment.truncationMode,
            alignment: environment.multilineTextAlignment
        ))
    }

    /// The font, keeping a weight or slant set on the text before or after it.
    public func font(_ font: Font?) -> Text {
        var copy = self
        copy.font = font
        return copy
    }

    public func fontWeight(_ weight: Font.Weight?) -> Text {
        var copy = self
        copy.weight = weight
        return copy
    }

    public func bold() -> Text {
        fontWeight(.bold)
    }

    public func italic() -> Text {
        var copy = self
        copy.isItalic = true
        return copy
    }

    public func foregroundColor(_ color: Color?) -> Text {
        var copy = self
        copy.color = color
        return copy
    }

    /// Where text that does not fit loses characters.
    public enum TruncationMode: Hashable, Sendable {
        case head, middle, tail
    }
}
