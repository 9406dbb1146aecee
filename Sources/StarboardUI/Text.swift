/// A font: size and weight of DejaVu Sans, the one family Starboard measures and names in its SVG.
public struct Font: Hashable, Sendable {
    /// Regular or bold; DejaVu Sans ships both as separate faces, so those are the weights we can measure.
    public enum Weight: Hashable, Sendable {
        case regular
        case bold

        var svgValue: String? { self == .bold ? "bold" : nil }
    }

    public var size: Double
    public var weight: Weight

    public init(size: Double, weight: Weight = .regular) {
        self.size = size
        self.weight = weight
    }

    public func bold() -> Font { Font(size: size, weight: .bold) }

    /// The sizes of Apple's text styles at the default content size.
    public static let largeTitle = Font(size: 34)
    public static let title = Font(size: 28)
    public static let headline = Font(size: 17, weight: .bold)
    public static let body = Font(size: 17)
    public static let subheadline = Font(size: 15)
    public static let footnote = Font(size: 13)
    public static let caption = Font(size: 12)
}

/// One line of text, measured with the font's real metrics.
public struct Text: PrimitiveView {
    var run: TextRun

    public init(_ string: String) {
        run = TextRun(string: string, font: nil, color: nil)
    }

    public var node: ViewNode { .text(run) }

    public func font(_ font: Font) -> Text {
        var copy = self
        copy.run.font = font
        return copy
    }

    public func bold() -> Text {
        font((run.font ?? .body).bold())
    }

    public func foregroundColor(_ color: Color) -> Text {
        var copy = self
        copy.run.color = color
        return copy
    }
}
