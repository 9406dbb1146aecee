import Foundation

/// A color, as SwiftUI's `Color`: a fixed sRGB value, or a system color that looks right in light
/// and dark (`.red`, `.primary`, `.accentColor`), resolved against the environment it is drawn in.
public struct Color: Hashable, Sendable {
    enum Storage: Hashable, Sendable {
        case rgb(Resolved)
        case system(SystemColor)
        /// A colour set of the package's resources: its light and dark values, or (nil) why
        /// there is none, which draws clear and warns where the colour is a view.
        case asset(name: String, AssetCatalog.ColorAsset?, problem: String?)
    }

    var storage: Storage
    /// A factor on the resolved opacity, from `.opacity(_:)` on a system color.
    var opacityFactor: Double = 1

    /// A color's channels once resolved, each in 0…1.
    public struct Resolved: Hashable, Sendable {
        public var red: Double
        public var green: Double
        public var blue: Double
        public var opacity: Double

        public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
            self.red = red
            self.green = green
            self.blue = blue
            self.opacity = opacity
        }

        init(_ red8: Int, _ green8: Int, _ blue8: Int, _ opacity: Double = 1) {
            self.init(red: Double(red8) / 255, green: Double(green8) / 255, blue: Double(blue8) / 255, opacity: opacity)
        }
    }

    init(storage: Storage) {
        self.storage = storage
    }

    /// The color space of `Color(_:red:green:blue:opacity:)`; Starboard draws in sRGB.
    public enum RGBColorSpace: Sendable {
        case sRGB
        case sRGBLinear
        case displayP3
    }

    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        storage = .rgb(Resolved(red: red, green: green, blue: blue, opacity: opacity))
    }

    /// The colour set `name` of an asset catalogue in the package's resources (in `bundle` when
    /// given, `.module`, else in every resource bundle beside the executable), light or dark as
    /// the environment is. A missing or malformed set is clear, with a warning where it is drawn
    /// as a view (a labelled placeholder there).
    public init(_ name: String, bundle: Bundle? = nil) {
        let catalog = AssetCatalog.catalog(for: bundle?.bundlePath)
        switch catalog.color(named: name) {
        case .found(let asset):
            storage = .asset(name: name, asset, problem: nil)
        case .missing:
            let place = bundle.map { AssetCatalog.shortPath($0.bundlePath) } ?? "the package's resources"
            storage = .asset(name: name, nil, problem: "no colour set \"\(name)\" in \(place); clear stands in")
        case .refused(let reason):
            storage = .asset(name: name, nil, problem: "colour \"\(name)\" refused: \(reason); clear stands in")
        }
    }

    /// Why a resource colour could not be found, for the render's warnings.
    var assetProblem: String? {
        if case .asset(_, _, let problem) = storage { return problem }
        return nil
    }

    /// A gray: 0 is black, 1 is white.
    public init(_ colorSpace: RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) {
        self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
    }

    /// A color from hue, saturation and brightness, each in 0…1.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h) % 6
        let f = h - Double(Int(h))
        let v = brightness, p = v * (1 - saturation), q = v * (1 - saturation * f), t = v * (1 - saturation * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, opacity: opacity)
    }

    /// A color from 8-bit channels, as design tools show them.
    public init(red8: Int, green8: Int, blue8: Int, alpha8: Int = 255) {
        self.init(red: Double(red8) / 255, green: Double(green8) / 255, blue: Double(blue8) / 255, opacity: Double(alpha8) / 255)
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional); nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.allSatisfy(\.isHexDigit), digits.allSatisfy(\.isASCII) else { return nil }
        func byte(_ s: Substring) -> Int { Int(s, radix: 16)! }
        switch digits.count {
        case 3:
            let values = digits.map { Int(String($0), radix: 16)! * 17 }
            self.init(red8: values[0], green8: values[1], blue8: values[2])
        case 6, 8:
            let chars = Array(digits)
            func pair(_ i: Int) -> Int { byte(Substring(String(chars[i...i + 1]))) }
            self.init(red8: pair(0), green8: pair(2), blue8: pair(4), alpha8: digits.count == 8 ? pair(6) : 255)
        default:
            return nil
        }
    }

    /// The color as drawn in `environment`.
    public func resolve(in environment: EnvironmentValues) -> Resolved {
        var resolved: Resolved
        switch storage {
        case .rgb(let rgb): resolved = rgb
        case .system(let system): resolved = system.resolve(in: environment)
        case .asset(_, let asset, _):
            guard let asset else { return Resolved(red: 0, green: 0, blue: 0, opacity: 0) }
            resolved = environment.colorScheme == .dark ? asset.dark ?? asset.light : asset.light
        }
        resolved.opacity *= opacityFactor
        return resolved
    }

    /// The color in the light scheme: what a fixed color is, and what `hex` shows.
    public var lightValue: Resolved { resolve(in: EnvironmentValues()) }

    /// `#RRGGBB` when opaque, `#RRGGBBAA` otherwise, upper case (of the light value).
    public var hex: String {
        let color = lightValue
        let channels = color.opacity >= 1 ? [color.red, color.green, color.blue] : [color.red, color.green, color.blue, color.opacity]
        return "#" + channels.map { value in
            let byte = Int((min(max(value, 0), 1) * 255).rounded())
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    /// This color with its opacity multiplied by `value`.
    public func opacity(_ value: Double) -> Color {
        var copy = self
        switch storage {
        case .rgb(var rgb):
            rgb.opacity *= value
            copy.storage = .rgb(rgb)
        case .system, .asset:
            copy.opacityFactor *= value
        }
        return copy
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
    public static let red = Color(storage: .system(.red))
    public static let orange = Color(storage: .system(.orange))
    public static let yellow = Color(storage: .system(.yellow))
    public static let green = Color(storage: .system(.green))
    public static let mint = Color(storage: .system(.mint))
    public static let teal = Color(storage: .system(.teal))
    public static let cyan = Color(storage: .system(.cyan))
    public static let blue = Color(storage: .system(.blue))
    public static let indigo = Color(storage: .system(.indigo))
    public static let purple = Color(storage: .system(.purple))
    public static let pink = Color(storage: .system(.pink))
    public static let brown = Color(storage: .system(.brown))
    public static let gray = Color(storage: .system(.gray))
    /// The color of primary text: black in light, white in dark.
    public static let primary = Color(storage: .system(.primary))
    /// The color of secondary text: a translucent gray that reads on either scheme.
    public static let secondary = Color(storage: .system(.secondary))
    /// The accent color: `.tint(_:)` sets it, blue otherwise.
    public static let accentColor = Color(storage: .system(.accent))
}

/// Apple's system colors, in light and dark, from the Human Interface Guidelines.
enum SystemColor: Hashable, Sendable {
    case red, orange, yellow, green, mint, teal, cyan, blue, indigo, purple, pink, brown, gray
    case primary, secondary, tertiary, quaternary, separator, background, secondaryBackground, accent
    /// One value in light mode and another in dark (UIKit's semantic colours), each packed by
    /// ``pack(_:)``.
    case adaptive(light: UInt64, dark: UInt64)

    /// 8-bit channels and the opacity in thousandths, so `0.3` stays `0.3`.
    static func pack(_ color: Color.Resolved) -> UInt64 {
        func byte(_ value: Double) -> UInt64 { UInt64((min(max(value, 0), 1) * 255).rounded()) }
        let opacity = UInt64((min(max(color.opacity, 0), 1) * 1000).rounded())
        return byte(color.red) << 40 | byte(color.green) << 32 | byte(color.blue) << 24 | opacity
    }

    static func unpack(_ packed: UInt64) -> Color.Resolved {
        Color.Resolved(
            red: Double(packed >> 40 & 0xFF) / 255, green: Double(packed >> 32 & 0xFF) / 255,
            blue: Double(packed >> 24 & 0xFF) / 255, opacity: Double(packed & 0xFFFF) / 1000
        )
    }

    func resolve(in environment: EnvironmentValues) -> Color.Resolved {
        let dark = environment.colorScheme == .dark
        typealias R = Color.Resolved
        switch self {
        case .red: return dark ? R(255, 69, 58) : R(255, 59, 48)
        case .orange: return dark ? R(255, 159, 10) : R(255, 149, 0)
        case .yellow: return dark ? R(255, 214, 10) : R(255, 204, 0)
        case .green: return dark ? R(48, 209, 88) : R(52, 199, 89)
        case .mint: return dark ? R(99, 230, 226) : R(0, 199, 190)
        case .teal: return dark ? R(64, 200, 224) : R(48, 176, 199)
        case .cyan: return dark ? R(100, 210, 255) : R(50, 173, 230)
        case .blue: return dark ? R(10, 132, 255) : R(0, 122, 255)
        case .indigo: return dark ? R(94, 92, 230) : R(88, 86, 214)
        case .purple: return dark ? R(191, 90, 242) : R(175, 82, 222)
        case .pink: return dark ? R(255, 55, 95) : R(255, 45, 85)
        case .brown: return dark ? R(172, 142, 104) : R(162, 132, 94)
        case .gray: return R(142, 142, 147)
        case .primary: return dark ? R(255, 255, 255) : R(0, 0, 0)
        case .secondary: return dark ? R(235, 235, 245, 0.6) : R(60, 60, 67, 0.6)
        case .tertiary: return dark ? R(235, 235, 245, 0.3) : R(60, 60, 67, 0.3)
        case .quaternary: return dark ? R(235, 235, 245, 0.16) : R(60, 60, 67, 0.18)
        case .separator: return dark ? R(84, 84, 88, 0.6) : R(60, 60, 67, 0.29)
        case .background: return dark ? R(0, 0, 0) : R(255, 255, 255)
        case .secondaryBackground: return dark ? R(28, 28, 30) : R(242, 242, 247)
        case .adaptive(let light, let packedDark): return SystemColor.unpack(dark ? packedDark : light)
        case .accent:
            if let tint = environment.tint { return tint.resolve(in: environment) }
            return SystemColor.blue.resolve(in: environment)
        }
    }
}
