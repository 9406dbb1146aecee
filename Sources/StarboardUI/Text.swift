import Foundation

/// A font: a size, a weight, a slant and a design, set in the DejaVu family (Sans, Serif, Sans
/// Mono), the fonts Starboard measures with and names in its SVG, as SwiftUI's `Font`.
public struct Font: Hashable, Sendable {
    /// SwiftUI's nine weights. DejaVu has three faces to measure them with: ExtraLight for the
    /// light ones (Sans only), Book for regular and medium, Bold from semibold up.
    public enum Weight: Int, Hashable, Sendable, Comparable {
        case ultraLight = 100, thin = 200, light = 300, regular = 400, medium = 500
        case semibold = 600, bold = 700, heavy = 800, black = 900

        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// SwiftUI's designs: serif is DejaVu Serif, monospaced DejaVu Sans Mono, the others DejaVu Sans.
    public enum Design: Hashable, Sendable {
        case `default`, serif, rounded, monospaced
    }

    /// Apple's text styles, which scale with the Dynamic Type size.
    public enum TextStyle: Hashable, Sendable, CaseIterable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2

        /// The point size at the default content size (Large), from Apple's type scale.
        public var defaultSize: Double {
            switch self {
            case .largeTitle: 34
            case .title: 28
            case .title2: 22
            case .title3: 20
            case .headline, .body: 17
            case .callout: 16
            case .subheadline: 15
            case .footnote: 13
            case .caption: 12
            case .caption2: 11
            }
        }

        var defaultWeight: Weight { self == .headline ? .semibold : .regular }

        /// Point sizes at each Dynamic Type size, xSmall to accessibility5, from Apple's iOS type
        /// scale (Human Interface Guidelines, "Dynamic Type sizes").
        var sizes: [Double] {
            switch self {
            case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
            case .title: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
            case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
            case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
            case .headline, .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
            case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
            case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
            case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
            case .caption: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
            case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
            }
        }
    }

    /// The font at a Dynamic Type size: a text style's size for it; a fixed size stays.
    func scaled(for size: DynamicTypeSize) -> Font {
        guard let textStyle, size != .large else { return self }
        var copy = self
        // A custom font keeps its proportion to the style it is relative to.
        copy.size = self.size == textStyle.defaultSize ? textStyle.sizes[size.index] : self.size * textStyle.sizes[size.index] / textStyle.defaultSize
        return copy
    }

    public var size: Double
    public var weight: Weight
    public var isItalic: Bool
    public var design: Design
    /// The text style the font follows, which sets its size for each Dynamic Type size.
    public var textStyle: TextStyle?
    /// The face `Font.custom(_:size:)` names (see `Font+Custom.swift`); nil for the system font.
    public var customName: String?
    /// Points added after each character by the text's `kerning(_:)`, the last one's included
    /// (negative kerning crops a text's end, as SwiftUI's documentation shows). Not part of
    /// SwiftUI's `Font`: the text sets it on its resolved font, which measuring and drawing read.
    var kerning = 0.0
    /// Points added after each character by the text's `tracking(_:)`, which SwiftUI treats as
    /// trailing whitespace (a line's width leaves the last one's out) and which turns off the
    /// font's common ligatures. Set as ``kerning`` is.
    var tracking = 0.0
    /// Space after each character as SVG's `letter-spacing` draws it.
    var letterSpacing: Double { kerning + tracking }

    /// The synthesized hash, but the spacing only where it is set: every shaped string's key
    /// hashes its fonts, and two more numbers each time cost 3 k instructions a ProfileSummary
    /// render. Equal fonts still hash alike (`==` compares every property).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        hasher.combine(weight)
        hasher.combine(isItalic)
        hasher.combine(design)
        hasher.combine(textStyle)
        hasher.combine(customName)
        if kerning != 0 || tracking != 0 {
            hasher.combine(kerning)
            hasher.combine(tracking)
        }
    }

    public init(size: Double, weight: Weight = .regular, italic: Bool = false, design: Design = .default) {
        self.size = size
        self.weight = weight
        self.isItalic = italic
        self.design = design
    }

    /// A system font of `size` points, as SwiftUI's `Font.system(size:weight:design:)`.
    public static func system(size: Double, weight: Weight = .regular, design: Design = .default) -> Font {
        Font(size: size, weight: weight, design: design)
    }

    /// A text style's font, as SwiftUI's `Font.system(_:design:weight:)`.
    public static func system(_ style: TextStyle, design: Design = .default, weight: Weight? = nil) -> Font {
        var font = Font(size: style.defaultSize, weight: weight ?? style.defaultWeight, design: design)
        font.textStyle = style
        return font
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

    public func monospaced() -> Font {
        var copy = self
        copy.design = .monospaced
        return copy
    }

    /// Digits of one width: DejaVu's already are, so the font is unchanged.
    public func monospacedDigit() -> Font { self }

    public static let largeTitle = Font.system(.largeTitle)
    public static let title = Font.system(.title)
    public static let title2 = Font.system(.title2)
    public static let title3 = Font.system(.title3)
    public static let headline = Font.system(.headline)
    public static let subheadline = Font.system(.subheadline)
    public static let body = Font.system(.body)
    public static let callout = Font.system(.callout)
    public static let footnote = Font.system(.footnote)
    public static let caption = Font.system(.caption)
    public static let caption2 = Font.system(.caption2)
}

/// Text, measured with the font's real metrics and wrapped to the width it is offered.
///
/// `Text + Text` joins texts, each keeping its own font and color, as in SwiftUI.
public struct Text: PrimitiveView, Equatable {
    /// One piece of text and the attributes set on it.
    struct Run: Equatable {
        var string: String
        var font: Font?
        /// Set by `.bold()`/`.fontWeight(_:)` on the text; kept when `.font(_:)` comes after.
        var weight: Font.Weight?
        var isItalic: Bool?
        var color: Color?
        /// Markdown's code: the font's monospaced design, whatever font is set.
        var isMonospaced = false
        /// A design over the font's (`fontDesign(_:)`, `monospaced()` on the text); nil takes the environment's.
        var design: Font.Design?
        /// Markdown's link: drawn in the tint, whatever color is set, as SwiftUI draws links.
        var isLink = false
        /// Text formatted once the environment (its locale) is known.
        var format: Formatting?
        /// Lines under or through the run (an attributed string's, Markdown's `~~`).
        var decoration: TextNode.Decoration = []
        /// `kerning(_:)` and `tracking(_:)` on the text, or an attributed string's `kern` and
        /// `tracking`; nil takes the environment's (the view modifiers').
        var kerning: Double?
        var tracking: Double?
        /// The attributes an attributed string set on the run that Starboard does not draw.
        var unsupported: [String] = []
    }

    /// A value to format with the environment's locale.
    struct Formatting: Equatable {
        /// What is formatted and how: equal identities format alike (formatted text is cached by it).
        let identity: String
        let format: @Sendable (Locale) -> String
        /// For dates: the text in a locale and a time zone (the environment's).
        var zoned: (@Sendable (Locale, TimeZone) -> String)?
        static func == (lhs: Formatting, rhs: Formatting) -> Bool { lhs.identity == rhs.identity }
    }

    var first: Run
    var rest: [Run] = []

    /// A string as it is, Markdown and all: disfavoured, as SwiftUI's, so a literal is a
    /// ``LocalizedStringKey`` (whose Markdown is read) and only a variable comes here.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) {
        first = Run(string: String(content))
    }

    /// Text shown exactly as given.
    public init(verbatim content: String) {
        first = Run(string: content)
    }

    /// A date as SwiftUI's `Text(_:style:)` shows it, in the environment's locale and time zone.
    public init(_ date: Date, style: DateStyle) {
        first = Run(string: "", format: Formatting(identity: "\(date.timeIntervalSinceReferenceDate)|\(style == .date ? "date" : "time")", format: { locale in
            style.string(for: date, locale: locale, timeZone: TimeZone(identifier: "UTC")!)
        }, zoned: { locale, timeZone in
            style.string(for: date, locale: locale, timeZone: timeZone)
        }))
    }

    /// A value formatted by a Foundation format style; number and date styles take the
    /// environment's locale, as in SwiftUI.
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String, F: Sendable, F.FormatInput: Sendable {
        // The style's type and hash rather than its description, which reflection writes slowly.
        var formatting = Formatting(identity: "\(input)|\(F.self)|\(format.hashValue)") { locale in
            if let localizable = format as? any LocaleAdjustableFormat, let localized = localizable.localized(locale) as? F {
                return localized.format(input)
            }
            return format.format(input)
        }
        if let style = format as? Date.FormatStyle, let date = input as? Date {
            formatting.zoned = { locale, timeZone in
                var zoned = style.locale(locale)
                zoned.timeZone = timeZone
                return zoned.format(date)
            }
        }
        first = Run(string: "", format: formatting)
    }

    /// How `Text(_:style:)` shows a date.
    public enum DateStyle: Hashable, Sendable {
        /// The date alone, long form: "December 1, 2026".
        case date
        /// The time alone, short form: "3:04 PM".
        case time

        func string(for date: Date, locale: Locale, timeZone: TimeZone) -> String {
            var style = Date.FormatStyle(locale: locale, timeZone: timeZone)
            switch self {
            case .date: style = style.year().month(.wide).day()
            case .time: style = style.hour().minute()
            }
            return date.formatted(style)
        }
    }

    public static func + (lhs: Text, rhs: Text) -> Text {
        var joined = lhs
        joined.rest.append(rhs.first)
        joined.rest.append(contentsOf: rhs.rest)
        return joined
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        let environment = graph.environment
        // Run by run, with no array of them all: most texts are one run and set nothing unsupported.
        Self.warnOfUnsupported(first, in: &graph)
        for run in rest { Self.warnOfUnsupported(run, in: &graph) }
        func resolve(_ run: Run) -> (String, Font, Paint) {
            var font = (run.font ?? environment.font ?? .body).scaled(for: environment.dynamicTypeSize)
            // Tracking set anywhere around the text wins: SwiftUI then ignores kerning.
            font.tracking = run.tracking ?? environment.tracking
            font.kerning = font.tracking != 0 ? 0 : run.kerning ?? environment.kerning
            if let weight = run.weight ?? environment.fontWeight { font.weight = weight }
            if run.isItalic ?? environment.italic { font.isItalic = true }
            if let design = run.design ?? environment.fontDesign { font.design = design }
            if run.isMonospaced { font.design = .monospaced }
            var paint = run.color.map { Paint.color($0.resolve(in: environment)) } ?? environment.foregroundPaint
            if run.isLink { paint = .color((environment.tint ?? .accentColor).resolve(in: environment)) }
            let formatted = run.format.map { FormattedText.string($0, locale: environment.locale, timeZone: environment.timeZone) }
            guard let textCase = environment.textCase else { return (formatted ?? run.string, font, paint) }
            return (textCase.apply(to: formatted ?? run.string, locale: environment.locale), font, paint)
        }
        let (string, font, paint) = resolve(first)
        var node = TextNode(
            string: string, font: font, paint: paint, runs: nil, lineLimit: environment.lineLimit,
            truncation: environment.truncationMode,
            alignment: environment.layoutDirection == .rightToLeft ? environment.multilineTextAlignment.mirrored : environment.multilineTextAlignment,
            direction: environment.layoutDirection
        )
        if !rest.isEmpty || !first.decoration.isEmpty {
            var runs = [TextNode.Run(utf8Range: 0..<string.utf8.count, font: font, paint: paint, decoration: first.decoration)]
            for run in rest {
                let (piece, pieceFont, piecePaint) = resolve(run)
                let start = node.string.utf8.count
                node.string += piece
                runs.append(TextNode.Run(utf8Range: start..<node.string.utf8.count, font: pieceFont, paint: piecePaint, decoration: run.decoration))
            }
            node.runs = runs
        }
        node.isRedacted = environment.isPlaceholder
        // Never negative, as a paragraph style's line spacing.
        node.lineSpacing = max(0, Double(environment.lineSpacing))
        node.minimumScaleFactor = Double(environment.minimumScaleFactor)
        // A text's own colour may be a colour set the package lacks: clear, and said so.
        graph.warnOfMissingColor(first.color?.assetProblem)
        for run in rest where run.color != nil { graph.warnOfMissingColor(run.color?.assetProblem) }
        graph.addText(node)
    }

    /// The font, keeping a weight or slant set on the text before or after it.
    public func font(_ font: Font?) -> Text {
        mapRuns { $0.font = font }
    }

    public func fontWeight(_ weight: Font.Weight?) -> Text {
        mapRuns { $0.weight = weight }
    }

    public func bold() -> Text {
        fontWeight(.bold)
    }

    public func bold(_ isActive: Bool) -> Text {
        isActive ? bold() : self
    }

    public func italic() -> Text {
        mapRuns { $0.isItalic = true }
    }

    public func italic(_ isActive: Bool) -> Text {
        isActive ? italic() : self
    }

    /// The design over the text's font, as SwiftUI's `Text.fontDesign(_:)`.
    public func fontDesign(_ design: Font.Design?) -> Text {
        mapRuns { $0.design = design }
    }

    /// The text in the monospaced design, as SwiftUI's `Text.monospaced(_:)`.
    public func monospaced(_ isActive: Bool = true) -> Text {
        isActive ? fontDesign(.monospaced) : self
    }

    /// Digits of one width, as SwiftUI's `Text.monospacedDigit()`: DejaVu's already are.
    public func monospacedDigit() -> Text {
        self
    }

    public func foregroundColor(_ color: Color?) -> Text {
        mapRuns { $0.color = color }
    }

    /// A text's own color, as `foregroundStyle` on a `Text` sets it (colors only).
    public func foregroundStyle(_ color: Color) -> Text {
        foregroundColor(color)
    }

    private static func warnOfUnsupported(_ run: Run, in graph: inout ViewGraph) {
        for attribute in run.unsupported {
            let warning = "AttributedString's \(attribute) is not drawn (on \u{201C}\(Auditor.short(run.string))\u{201D})"
            graph.warnOnce(warning)
        }
    }

    /// Points added after each character, the last one's included: SwiftUI's `kerning(_:)`,
    /// ignored where ``tracking(_:)`` is set too. Starboard spaces characters as tracking does
    /// but keeps the space after a line's end; both draw as SVG's `letter-spacing`, which turns
    /// ligatures off (SwiftUI keeps them with kerning where it can).
    public func kerning(_ kerning: CGFloat) -> Text {
        mapRuns { $0.kerning = Double(kerning) }
    }

    /// Points added after each character cluster, as SwiftUI's `tracking(_:)`: a line's width
    /// leaves the last one out (SwiftUI treats it as trailing whitespace), and the font's common
    /// ligatures are off.
    public func tracking(_ tracking: CGFloat) -> Text {
        mapRuns { $0.tracking = Double(tracking) }
    }

    /// A line under the text, as SwiftUI's `underline(_:pattern:color:)`; drawn solid in the
    /// text's colour whatever the pattern and colour.
    public func underline(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil) -> Text {
        mapRuns { run in
            if isActive { run.decoration.insert(.underline) } else { run.decoration.remove(.underline) }
        }
    }

    /// A line through the text, as SwiftUI's `strikethrough(_:pattern:color:)`; drawn as
    /// ``underline(_:pattern:color:)`` is.
    public func strikethrough(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil) -> Text {
        mapRuns { run in
            if isActive { run.decoration.insert(.strikethrough) } else { run.decoration.remove(.strikethrough) }
        }
    }

    /// Applies a change to every run that does not set the attribute itself, as SwiftUI applies
    /// a modifier on joined text to the pieces that have none of their own.
    private func mapRuns(_ change: (inout Run) -> Void) -> Text {
        var copy = self
        change(&copy.first)
        for index in copy.rest.indices { change(&copy.rest[index]) }
        return copy
    }

    /// The text's characters, as assistive technology reads them.
    var plainString: String {
        ([first] + rest).map { $0.format?.format(Locale(identifier: "en_US")) ?? $0.string }.joined()
    }

    /// Capitals or small letters for all text inside a view, as SwiftUI's `Text.Case`
    /// (`.textCase(_:)`); the environment's locale decides what each letter becomes.
    public enum Case: Hashable, Sendable {
        case uppercase, lowercase

        func apply(to string: String, locale: Locale) -> String {
            switch self {
            case .uppercase: string.uppercased(with: locale)
            case .lowercase: string.lowercased(with: locale)
            }
        }
    }

    /// Where text that does not fit loses characters.
    public enum TruncationMode: Hashable, Sendable {
        case head, middle, tail
    }
}

/// Format styles whose locale Starboard sets from the environment.
protocol LocaleAdjustableFormat {
    func localized(_ locale: Locale) -> any FormatStyle
}

extension IntegerFormatStyle: LocaleAdjustableFormat {
    func localized(_ locale: Locale) -> any FormatStyle { self.locale(locale) }
}

extension IntegerFormatStyle.Percent: LocaleAdjustableFormat {
    func localized(_ locale: Locale) -> any FormatStyle { self.locale(locale) }
}

extension IntegerFormatStyle.Currency: LocaleAdjustableFormat {
    func localized(_ locale: Locale) -> any FormatStyle { self.locale(locale) }
}

extension FloatingPointFormatStyle: LocaleAdjustableFormat {
    func localized(_ locale: Locale) -> any FormatStyle { self.locale(locale) }
}

extension FloatingPointFormatStyle.Percent: LocaleAdjustableFormat {
    func localized(_ locale: Locale) -> any FormatStyle { self.locale(locale) }
}

extension FloatingPointFormatStyle.Currency: LocaleAdjustableFormat {
    func localized(_ locale: Locale) -> any FormatStyle { self.locale(locale) }
}

extension Date.FormatStyle: LocaleAdjustableFormat {
    func localized(_ locale: Locale) -> any FormatStyle { self.locale(locale) }
}

/// Whether text can be selected, as SwiftUI's `TextSelectability` (`.enabled`, `.disabled`).
public protocol TextSelectability: Sendable {
    static var allowsSelection: Bool { get }
}

/// Text a person can select.
public struct EnabledTextSelectability: TextSelectability {
    public static let allowsSelection = true
}

/// Text a person cannot select.
public struct DisabledTextSelectability: TextSelectability {
    public static let allowsSelection = false
}

extension TextSelectability where Self == EnabledTextSelectability {
    public static var enabled: EnabledTextSelectability { EnabledTextSelectability() }
}

extension TextSelectability where Self == DisabledTextSelectability {
    public static var disabled: DisabledTextSelectability { DisabledTextSelectability() }
}
