import Foundation

// Foundation's `AttributedString` is in the toolchain (swift-foundation): its storage, `runs`,
// `characters`, `range(of:)`, `+`, `append` and the `link` attribute. What SwiftUI adds on Apple's
// platforms is not: the inline presentation intents Markdown sets, `AttributedString(markdown:)`
// and SwiftUI's attribute scope (`font`, `foregroundColor` … as SwiftUI's types). They are here, so
// code written for SwiftUI compiles with only the import changed.

/// The inline styles Markdown marks a run with, as Foundation's `InlinePresentationIntent` on
/// Apple's platforms: `str.inlinePresentationIntent = .stronglyEmphasized` is bold text.
public struct InlinePresentationIntent: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: UInt

    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Italic (`*text*`).
    public static let emphasized = InlinePresentationIntent(rawValue: 1 << 0)
    /// Bold (`**text**`).
    public static let stronglyEmphasized = InlinePresentationIntent(rawValue: 1 << 1)
    /// Code (`` `text` ``), in the monospaced design.
    public static let code = InlinePresentationIntent(rawValue: 1 << 2)
    /// Struck through (`~~text~~`).
    public static let strikethrough = InlinePresentationIntent(rawValue: 1 << 5)
    /// A line break inside a paragraph that Markdown reads as a space.
    public static let softBreak = InlinePresentationIntent(rawValue: 1 << 6)
    /// A hard line break.
    public static let lineBreak = InlinePresentationIntent(rawValue: 1 << 7)
    /// Inline HTML, drawn as written.
    public static let inlineHTML = InlinePresentationIntent(rawValue: 1 << 8)
    /// Block HTML, drawn as written.
    public static let blockHTML = InlinePresentationIntent(rawValue: 1 << 9)
}

extension Text {
    /// How a line under or through text is drawn, as SwiftUI's `Text.LineStyle`: `.single` is a
    /// solid line in the text's colour.
    ///
    /// Starboard draws every pattern as a solid line in the text's own colour (SVG's
    /// `text-decoration` has neither patterns nor a colour of its own).
    public struct LineStyle: Hashable, Sendable {
        /// The dash pattern of the line.
        public enum Pattern: Hashable, Sendable {
            case solid, dot, dash, dashDot, dashDotDot
        }

        public var pattern: Pattern
        public var color: Color?

        public init(pattern: Pattern = .solid, color: Color? = nil) {
            self.pattern = pattern
            self.color = color
        }

        /// A solid line in the text's colour.
        public static let single = LineStyle()
    }
}

extension AttributeScopes {
    /// SwiftUI's attributes of an `AttributedString`, as `AttributeScopes.SwiftUIAttributes`, and
    /// Foundation's with them (`link`).
    public struct SwiftUIAttributes: AttributeScope {
        /// The run's font (`Font`), in place of the environment's.
        public let font: FontAttribute
        /// The run's colour, in place of the environment's foreground.
        public let foregroundColor: ForegroundColorAttribute
        /// A colour behind the run (accepted, not drawn: see docs/swiftui.md).
        public let backgroundColor: BackgroundColorAttribute
        /// A line under the run.
        public let underlineStyle: UnderlineStyleAttribute
        /// A line through the run.
        public let strikethroughStyle: StrikethroughStyleAttribute
        /// Extra space after each character, in points, as ``Text/kerning(_:)``.
        public let kern: KerningAttribute
        /// Extra space after each character, in points, as ``Text/tracking(_:)``.
        public let tracking: TrackingAttribute
        /// Bold, italic, code and strikethrough, as Markdown sets them.
        public let inlinePresentationIntent: InlinePresentationIntentAttribute
        public let foundation: FoundationAttributes

        /// `Font`.
        public enum FontAttribute: AttributedStringKey {
            public typealias Value = Font
            public static let name = "SwiftUI.Font"
        }

        /// `Color`.
        public enum ForegroundColorAttribute: AttributedStringKey {
            public typealias Value = Color
            public static let name = "SwiftUI.ForegroundColor"
        }

        /// `Color`.
        public enum BackgroundColorAttribute: AttributedStringKey {
            public typealias Value = Color
            public static let name = "SwiftUI.BackgroundColor"
        }

        /// `Text.LineStyle`.
        public enum UnderlineStyleAttribute: AttributedStringKey {
            public typealias Value = Text.LineStyle
            public static let name = "SwiftUI.UnderlineStyle"
        }

        /// `Text.LineStyle`.
        public enum StrikethroughStyleAttribute: AttributedStringKey {
            public typealias Value = Text.LineStyle
            public static let name = "SwiftUI.StrikethroughStyle"
        }

        /// Points.
        public enum KerningAttribute: AttributedStringKey {
            public typealias Value = CGFloat
            public static let name = "SwiftUI.Kern"
        }

        /// Points.
        public enum TrackingAttribute: AttributedStringKey {
            public typealias Value = CGFloat
            public static let name = "SwiftUI.Tracking"
        }

        /// `InlinePresentationIntent`, named as Foundation names it.
        public enum InlinePresentationIntentAttribute: AttributedStringKey {
            public typealias Value = InlinePresentationIntent
            public static let name = "NSInlinePresentationIntent"
        }
    }

    /// SwiftUI's attribute scope, for `AttributeContainer` and `AttributedString(_:including:)`.
    public var swiftUI: SwiftUIAttributes.Type { SwiftUIAttributes.self }
}

extension AttributeDynamicLookup {
    /// `str.foregroundColor`, `str.font` …: SwiftUI's attributes as properties of an
    /// `AttributedString`, its runs, its slices and an `AttributeContainer`.
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.SwiftUIAttributes, T>) -> T {
        self[T.self]
    }
}

extension AttributedString {
    /// How `AttributedString(markdown:options:baseURL:)` reads its source, as Foundation's options.
    public struct MarkdownParsingOptions: Hashable, Sendable {
        /// Which Markdown is read: Starboard reads the inline syntax (see ``MarkdownText``) for
        /// every choice.
        public enum InterpretedSyntax: Hashable, Sendable {
            case full, inlineOnly, inlineOnlyPreservingWhitespace
        }

        /// What a parse that fails does: Starboard's inline reading does not fail (a delimiter
        /// without its partner stays as written), so both return a string.
        public enum FailurePolicy: Hashable, Sendable {
            case throwError, returnPartiallyParsedIfPossible
        }

        public var allowsExtendedAttributes: Bool
        public var interpretedSyntax: InterpretedSyntax
        public var failurePolicy: FailurePolicy
        public var languageCode: String?

        public init(allowsExtendedAttributes: Bool = false, interpretedSyntax: InterpretedSyntax = .full, failurePolicy: FailurePolicy = .throwError, languageCode: String? = nil) {
            self.allowsExtendedAttributes = allowsExtendedAttributes
            self.interpretedSyntax = interpretedSyntax
            self.failurePolicy = failurePolicy
            self.languageCode = languageCode
        }
    }

    /// `markdown`'s text with the inline styles it marks (bold, italic, code, strikethrough as
    /// `inlinePresentationIntent`; links as `link`), as Foundation's initializer on Apple's
    /// platforms, read by the parser `Text` literals use. Block syntax is read as text.
    public init(markdown: String, options: MarkdownParsingOptions = .init(), baseURL: URL? = nil) throws {
        self.init()
        let pieces = MarkdownText.pieces(markdown) ?? [MarkdownText.Piece(string: markdown)]
        for piece in pieces {
            var run = AttributedString(piece.string)
            var intent: InlinePresentationIntent = []
            if piece.isBold { intent.insert(.stronglyEmphasized) }
            if piece.isItalic { intent.insert(.emphasized) }
            if piece.isCode { intent.insert(.code) }
            if piece.isStruck { intent.insert(.strikethrough) }
            if !intent.isEmpty { run[AttributeScopes.SwiftUIAttributes.InlinePresentationIntentAttribute.self] = intent }
            if piece.isLink, let url = piece.url.flatMap({ URL(string: $0, relativeTo: baseURL) }) {
                run[AttributeScopes.FoundationAttributes.LinkAttribute.self] = url
            }
            append(run)
        }
    }
}

extension Text {
    /// An attributed string's runs, each with the font, colour, weight, slant, code, link,
    /// lines and spacing its attributes set, as SwiftUI draws them; what a run does not set comes from the
    /// environment, as for any text.
    ///
    /// Disfavoured, as a literal (which an `AttributedString` can also be made from) is a
    /// ``LocalizedStringKey`` in SwiftUI, its Markdown read.
    @_disfavoredOverload
    public init(_ attributedContent: AttributedString) {
        let runs = Self.runs(of: attributedContent)
        first = runs.first ?? Run(string: "")
        rest = Array(runs.dropFirst())
    }

    private static func runs(of attributedContent: AttributedString) -> [Run] {
        typealias Keys = AttributeScopes.SwiftUIAttributes
        var runs: [Run] = []
        for attributed in attributedContent.runs {
            var run = Run(string: String(attributedContent.characters[attributed.range]))
            let intent = attributed[Keys.InlinePresentationIntentAttribute.self] ?? []
            run.font = attributed[Keys.FontAttribute.self]
            if intent.contains(.stronglyEmphasized) { run.weight = .bold }
            if intent.contains(.emphasized) { run.isItalic = true }
            run.isMonospaced = intent.contains(.code)
            run.color = attributed[Keys.ForegroundColorAttribute.self]
            run.isLink = attributed[AttributeScopes.FoundationAttributes.LinkAttribute.self] != nil
            if attributed[Keys.UnderlineStyleAttribute.self] != nil { run.decoration.insert(.underline) }
            if intent.contains(.strikethrough) || attributed[Keys.StrikethroughStyleAttribute.self] != nil {
                run.decoration.insert(.strikethrough)
            }
            if attributed[Keys.BackgroundColorAttribute.self] != nil { run.unsupported.append("backgroundColor") }
            run.kerning = attributed[Keys.KerningAttribute.self].map(Double.init)
            run.tracking = attributed[Keys.TrackingAttribute.self].map(Double.init)
            runs.append(run)
        }
        return runs
    }
}
