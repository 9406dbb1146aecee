/// An sRGB color with opacity, each channel in 0…1.
public struct Color: Hashable, Sendable {
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

    /// `#RRGGBB` when opaque, `#RRGGBBAA` otherwise, upper case.
    public var hex: String {
        let channels = opacity >= 1 ? [red, green, blue] : [red, green, blue, opacity]
        return "#" + channels.map { value in
            let byte = Int((min(max(value, 0), 1) * 255).rounded())
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    /// `#RRGGBB`, ignoring opacity (SVG 1.1 writes opacity separately).
    public var rgbHex: String {
        Color(red: red, green: green, blue: blue).hex
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
    public static let gray = Color(red8: 142, green8: 142, blue8: 147)
    public static let blue = Color(red8: 0, green8: 122, blue8: 255)
    public static let red = Color(red8: 255, green8: 59, blue8: 48)
    public static let orange = Color(red8: 255, green8: 149, blue8: 0)
    public static let yellow = Color(red8: 255, green8: 204, blue8: 0)
    public static let green = Color(red8: 52, green8: 199, blue8: 89)
    /// The secondary label color: gray text for less important lines.
    public static let secondary = Color(red8: 60, green8: 60, blue8: 67, alpha8: 153)

    public func opacity(_ value: Double) -> Color {
        Color(red: red, green: green, blue: blue, opacity: opacity * value)
    }
}
