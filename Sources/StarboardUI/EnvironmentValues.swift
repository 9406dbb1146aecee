import Observation
import Foundation

/// What a view inherits from the views around it, as SwiftUI's `EnvironmentValues`.
///
/// Resolved while the view tree is built, top down: `.font(_:)`, `.foregroundStyle(_:)`, the
/// text modifiers and `.environment(_:_:)` set values here for their content, and leaf views
/// (text, shapes) read them as they become nodes. Layout never looks at the environment.
public struct EnvironmentValues: Sendable {
    /// Light or dark: system colors and `.primary` resolve against it.
    public var colorScheme: ColorScheme = .light
    /// The text size a person chose: text styles scale with it, as Dynamic Type does.
    public var dynamicTypeSize: DynamicTypeSize = .large
    /// Left to right, or right to left: stacks, alignments and padding edges mirror in the latter.
    public var layoutDirection: LayoutDirection = .leftToRight
    /// Pixels per point of the display; hairlines (a `Divider`) are one pixel thick.
    public var displayScale: CGFloat = 1
    /// The font text uses when it sets none of its own; nil is ``Font/body``.
    public var font: Font?
    /// A weight that overrides the font's, from `.fontWeight(_:)` or `.bold()` on a container.
    public var fontWeight: Font.Weight?
    /// Whether text is set in the oblique face, from `.italic()` on a container.
    public var italic: Bool = false
    /// A design that overrides the font's, from `.fontDesign(_:)` or `.monospaced()` on a container.
    public var fontDesign: Font.Design?
    /// The most lines text may take; nil for as many as it needs.
    public var lineLimit: Int?
    /// Where text that does not fit loses characters.
    public var truncationMode: Text.TruncationMode = .tail
    /// How the lines of wrapped text align with each other.
    public var multilineTextAlignment: TextAlignment = .leading
    /// Points between one line of wrapped text and the next (`.lineSpacing(_:)`).
    public var lineSpacing: CGFloat = 0
    /// How far text may shrink, as a fraction of its size, before it is truncated (`.minimumScaleFactor(_:)`).
    public var minimumScaleFactor: CGFloat = 1
    /// Capitals or small letters for text inside (`.textCase(_:)`); nil keeps the text's own.
    public var textCase: Text.Case? {
        get { textCaseSetting ?? nil }
        set { textCaseSetting = .some(newValue) }
    }
    /// What `.textCase(_:)` set, nil while nothing has: a list section's header is then in
    /// capitals, as SwiftUI sets it, and `.textCase(nil)` around it keeps it as written.
    var textCaseSetting: Text.Case??
    /// Points after each character of text inside that sets none of its own (`.kerning(_:)`,
    /// `.tracking(_:)` on a view; see ``Text/kerning(_:)`` and ``Text/tracking(_:)``).
    var kerning = 0.0
    var tracking = 0.0
    /// The paint shapes and text use when they set none of their own; nil is `.primary`.
    var foreground: Paint?
    /// The tint (`.tint(_:)`); nil is the accent color, blue.
    var tint: Color?
    /// How buttons inside are drawn (`.buttonStyle(_:)` with a built-in style).
    public var buttonStyle: ButtonStyleKind = .automatic
    /// A `ButtonStyle` or `PrimitiveButtonStyle` of the view's own, which wins over ``buttonStyle``.
    var customButtonStyle: ButtonStyleBox?
    /// A `ToggleStyle` of the view's own; nil is the switch.
    var toggleStyle: ToggleStyleBox?
    /// A `LabelStyle` of the view's own, which wins over ``labelStyle``.
    var customLabelStyle: LabelStyleBox?
    /// How pickers, text fields and the other controls are drawn, and whether a form holds them.
    var controls = ControlEnvironment()
    /// Objects put in the environment (`.environmentObject(_:)`, `.environment(_:)`).
    var objects = EnvironmentObjects()
    /// Whether controls inside take taps (`.disabled(_:)` makes it false, for good).
    public var isEnabled = true
    /// The size of symbols relative to their font (`.imageScale(_:)`).
    public var imageScale: Image.Scale = .medium
    /// How labels inside show their title and icon (`.labelStyle(_:)`).
    public var labelStyle: LabelStyleKind = .titleAndIcon
    /// The locale dates and numbers in `Text` are formatted for: US English unless set.
    public var locale = Locale(identifier: "en_US")
    /// The time zone dates in `Text` are shown in: UTC unless set, so renders do not depend on
    /// the machine's zone.
    public var timeZone = TimeZone(identifier: "UTC")!
    /// The canvas a window or the command line chose to lay the preview out on; nil lets the
    /// preview choose (``CanvasLayout``). Read by the renderer, not by views.
    public var canvas: CanvasLayout?
    /// The list style and whether a view is a list's row (Navigation.swift).
    var navigation = NavigationEnvironment()
    /// Tab bar or pages, and the page control's background (TabViewStyle.swift).
    var tabViewStyling = TabViewStyling()
    /// Why content is hidden here (`.redacted(reason:)`, Redaction.swift).
    public var redactionReasons: RedactionReasons = []
    /// The forms and painting of symbols inside (SymbolStyles.swift).
    public var symbolVariants: SymbolVariants = .none
    public var symbolRenderingMode: SymbolRenderingMode?

    public init() {}

    /// The foreground: what `.foregroundStyle(_:)` set, else the primary text color.
    var foregroundPaint: Paint {
        foreground ?? .color(SystemColor.primary.resolve(in: self))
    }

    /// What `.foregroundStyle(_:)` writes through its key path: a style is resolved against
    /// the environment it is set in (its colors in this scheme, `.tint` as this tint), a paint
    /// (what reading gives, to be set back) is kept as it is.
    var foregroundSetting: ForegroundSetting {
        get { .paint(foreground) }
        set {
            switch newValue {
            case .style(let style): foreground = style?._resolvePaint(in: self).paint
            case .paint(let paint): foreground = paint
            }
        }
    }
}

/// A foreground as `.foregroundStyle(_:)` sets it (a style) or as the environment keeps it.
enum ForegroundSetting {
    case style(AnyShapeStyle?)
    case paint(Paint?)
}

/// Which way a layout runs, as SwiftUI's `LayoutDirection`.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
    case leftToRight, rightToLeft
}

/// The text sizes a person can choose, as SwiftUI's `DynamicTypeSize`: seven standard sizes
/// and five accessibility sizes.
public enum DynamicTypeSize: String, Hashable, Sendable, CaseIterable, Comparable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    public var isAccessibilitySize: Bool { self >= .accessibility1 }

    public static func < (lhs: DynamicTypeSize, rhs: DynamicTypeSize) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    var index: Int { Self.allCases.firstIndex(of: self)! }
}

/// Light or dark appearance, as SwiftUI's `ColorScheme`.
public enum ColorScheme: String, Hashable, Sendable, CaseIterable {
    case light, dark
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

    /// Leading and trailing swapped, for a right-to-left layout.
    var mirrored: TextAlignment {
        switch self {
        case .leading: .trailing
        case .center: .center
        case .trailing: .leading
        }
    }
}

/// Reads a value of the environment a view is built in, as SwiftUI's `@Environment`:
///
/// ```swift
/// @Environment(\.colorScheme) private var colorScheme
/// ```
///
/// Read it in `body` (or what `body` calls); outside a render it gives the default environment.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    let read: (EnvironmentValues) -> Value

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        read = { $0[keyPath: keyPath] }
    }

    public var wrappedValue: Value {
        read(CurrentGraph.environment)
    }
}

extension Environment where Value: AnyObject & Observable {
    /// An `@Observable` object an enclosing view put in with `.environment(_:)`. Reading one
    /// that no enclosing view provided stops the render with a message naming the type, as
    /// SwiftUI stops the app.
    public init(_ type: Value.Type) {
        read = { environment in
            guard let object = environment.objects.object(Value.self) else {
                fatalError("No Observable object of type \(Value.self) found: add .environment(_:) with one to an enclosing view")
            }
            return object
        }
    }
}

extension Environment {
    /// An optional `@Observable` object from `.environment(_:)`: nil when none was provided.
    public init<T: AnyObject & Observable>(_ type: T.Type) where Value == T? {
        read = { $0.objects.object(T.self) }
    }
}

extension Environment: Decodable {
    /// Only Starboard's registry makes components; `@Environment` needs no value of its own.
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(
            codingPath: decoder.codingPath,
            debugDescription: "@Environment properties read the environment in Starboard, they are not decoded"
        ))
    }
}

/// The graph being built on this thread, so `@Environment` can read the environment of the view
/// whose body is being evaluated (the graph's environment is that view's while it is).
enum CurrentGraph {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Runs `body` with `graph` as this thread's current graph.
    static func with<R>(_ graph: UnsafeMutablePointer<ViewGraph>, _ body: () throws -> R) rethrows -> R {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, UnsafeRawPointer(graph))
        defer { pthread_setspecific(key, previous) }
        return try body()
    }

    /// The graph being built or tapped on this thread, if any.
    static var graph: UnsafeMutablePointer<ViewGraph>? {
        pthread_getspecific(key)?.assumingMemoryBound(to: ViewGraph.self)
    }

    static var environment: EnvironmentValues {
        graph?.pointee.environment ?? EnvironmentValues()
    }
}
