import Foundation
import StarboardUI

/// The environment a preview is drawn in: color scheme, Dynamic Type size, layout direction,
/// locale and the canvas (a device, the size that fits, a size). A view setting of a window (or a CLI flag), never a property value: every window shares
/// the values and may see them in its own environment.
public struct RenderEnvironment: Hashable, Sendable {
    public var scheme: ColorScheme
    public var textSize: DynamicTypeSize
    public var direction: LayoutDirection
    /// A locale identifier such as `en_US` or `de_DE`; dates and numbers in `Text` follow it.
    public var locale: String
    /// The canvas the window chose; nil lets the preview choose (a component: the size that fits).
    public var canvas: CanvasLayout?

    public init(
        scheme: ColorScheme = .light, textSize: DynamicTypeSize = .large, direction: LayoutDirection = .leftToRight,
        locale: String = "en_US", canvas: CanvasLayout? = nil
    ) {
        self.scheme = scheme
        self.textSize = textSize
        self.direction = direction
        self.locale = locale
        self.canvas = canvas
    }

    /// The standard environment on a canvas.
    public static func canvas(_ canvas: CanvasLayout) -> RenderEnvironment {
        RenderEnvironment(canvas: canvas)
    }

    /// Light, the default text size, left to right, US English.
    public static let standard = RenderEnvironment()
    /// The standard environment in dark.
    public static let dark = RenderEnvironment(scheme: .dark)
    /// The standard environment right to left.
    public static let rightToLeft = RenderEnvironment(direction: .rightToLeft)

    /// What `starboard audit` checks by default: light and dark, the default and the third
    /// accessibility text size, left to right and right to left.
    public static var auditMatrix: [RenderEnvironment] {
        var matrix: [RenderEnvironment] = []
        for scheme in [ColorScheme.light, .dark] {
            for size in [DynamicTypeSize.large, .accessibility3] {
                for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                    matrix.append(RenderEnvironment(scheme: scheme, textSize: size, direction: direction))
                }
            }
        }
        return matrix
    }

    /// The standard environment at a text size.
    public static func textSize(_ size: DynamicTypeSize) -> RenderEnvironment {
        RenderEnvironment(textSize: size)
    }

    /// The standard environment in a locale.
    public static func locale(_ identifier: String) -> RenderEnvironment {
        RenderEnvironment(locale: identifier)
    }

    /// What views see.
    public var values: EnvironmentValues {
        var values = EnvironmentValues()
        values.colorScheme = scheme
        values.dynamicTypeSize = textSize
        values.layoutDirection = direction
        values.locale = Locale(identifier: locale)
        values.canvas = canvas
        return values
    }

    /// A short name listing what differs from the standard environment (`dark`, `dark-accessibility3-rtl`),
    /// for file names and tables; `standard` when nothing does.
    public var name: String {
        var parts: [String] = []
        if scheme != .light { parts.append(scheme.rawValue) }
        if textSize != .large { parts.append(textSize.rawValue) }
        if direction == .rightToLeft { parts.append("rtl") }
        if locale != "en_US" { parts.append(locale) }
        if let canvas { parts.append(Self.fileName(canvas)) }
        return parts.isEmpty ? "standard" : parts.joined(separator: "-")
    }

    /// As the protocol sends it: only what differs from the standard environment.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = []
        if scheme != .light { members.append(("scheme", .string(scheme.rawValue))) }
        if textSize != .large { members.append(("textSize", .string(textSize.rawValue))) }
        if direction == .rightToLeft { members.append(("direction", .string("rtl"))) }
        if locale != "en_US" { members.append(("locale", .string(locale))) }
        if let canvas { members.append(("canvas", .string(canvas.name))) }
        return .object(members)
    }

    /// Reads `{"scheme": "dark", "textSize": "accessibility3", "direction": "rtl", "locale": "de_DE",
    /// "canvas": "iPhone 16 Pro landscape"}`
    /// (every key optional); an unknown key or value is refused with the values there are.
    public init(json: JSONValue) throws(EnvironmentError) {
        guard case .object(let members) = json else {
            throw EnvironmentError("expected an object of environment values, got \(json.typeName)")
        }
        self.init()
        for (key, value) in members {
            guard let text = value.stringValue else {
                throw EnvironmentError("environment \(Self.quoted(key)): expected a string, got \(value.typeName)")
            }
            try set(key, text)
        }
    }

    /// A value a client sent, quoted for an error: its first 40 characters and its size when
    /// longer (a 100 KB locale is not echoed back whole).
    static func quoted(_ text: String) -> String {
        text.count <= 40 ? "\"\(text)\"" : "\"\(text.prefix(40))…\" (\(text.utf8.count) bytes)"
    }

    /// Sets one value by its name (`scheme`, `textSize`, `direction`, `locale`, `canvas`).
    public mutating func set(_ key: String, _ text: String) throws(EnvironmentError) {
        switch key {
        case "scheme":
            guard let scheme = ColorScheme(rawValue: text) else {
                throw EnvironmentError("unknown scheme \(Self.quoted(text)); expected one of \(ColorScheme.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self.scheme = scheme
        case "textSize":
            guard let size = DynamicTypeSize(rawValue: text) else {
                throw EnvironmentError("unknown text size \(Self.quoted(text)); expected one of \(DynamicTypeSize.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            textSize = size
        case "direction":
            switch text {
            case "ltr", "leftToRight": direction = .leftToRight
            case "rtl", "rightToLeft": direction = .rightToLeft
            default: throw EnvironmentError("unknown direction \(Self.quoted(text)); expected ltr or rtl")
            }
        case "locale":
            guard Self.isLocaleIdentifier(text) else {
                throw EnvironmentError("unknown locale \(Self.quoted(text)); expected an identifier such as en_US, de_DE or ar_EG")
            }
            locale = text.replacingOccurrences(of: "-", with: "_")
        case "canvas":
            // A name is short; a long one is refused without being quoted back whole.
            guard text.utf8.count <= Self.maximumCanvasName else {
                throw EnvironmentError("canvas: expected fit, WIDTHxHEIGHT or a device name of at most \(Self.maximumCanvasName) bytes, got \(text.utf8.count) bytes")
            }
            do {
                canvas = try CanvasLayout(name: text)
            } catch {
                throw EnvironmentError("canvas: \(error)")
            }
        default:
            throw EnvironmentError("unknown environment value \(Self.quoted(key)); expected scheme, textSize, direction, locale or canvas")
        }
    }

    /// The longest canvas name read, in bytes.
    public static let maximumCanvasName = 64

    /// A canvas as a file name part: `fit`, `iphone-16-pro`, `iphone-16-pro-landscape`, `390x844`.
    static func fileName(_ canvas: CanvasLayout) -> String {
        var name = ""
        for character in canvas.name.lowercased() {
            if character.isLetter || character.isNumber || character == "." { name.append(character) }
            else if !name.hasSuffix("-") { name.append("-") }
        }
        while name.hasSuffix("-") { name.removeLast() }
        return name
    }

    /// Language and optional region, as `Locale` names them (`de`, `de_DE`, `zh_Hant_TW`).
    static func isLocaleIdentifier(_ text: String) -> Bool {
        knownLocales.contains(text) || knownLocales.contains(text.replacingOccurrences(of: "-", with: "_"))
    }

    /// Every locale Foundation knows, gathered once: building the set took 0.7 ms, on the service
    /// thread for every request that names a locale (a flood of 1,000 subscriptions held another
    /// client's `set` back for 400 ms).
    static let knownLocales = Set(Locale.availableIdentifiers)
}

/// Why an environment value was refused.
public struct EnvironmentError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
