/// UIKit's colours, for `Color(.systemBackground)` and `Color(uiColor: .secondaryLabel)`: each
/// with its light and dark value from Apple's Human Interface Guidelines. Only the colours; there
/// is no UIKit here.
public struct UIColor: Hashable, Sendable {
    let color: Color

    init(_ light: Color.Resolved, _ dark: Color.Resolved) {
        color = Color(storage: .system(.adaptive(light: SystemColor.pack(light), dark: SystemColor.pack(dark))))
    }

    init(system: SystemColor) {
        color = Color(storage: .system(system))
    }

    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        color = Color(red: red, green: green, blue: blue, opacity: alpha)
    }

    public init(white: Double, alpha: Double) {
        color = Color(white: white, opacity: alpha)
    }

    private typealias R = Color.Resolved

    // Backgrounds. Those SwiftUI's own colours already have (primary, secondary, separator,
    // background, gray…) are those colours.
    public static let systemBackground = UIColor(system: .background)
    public static let secondarySystemBackground = UIColor(system: .secondaryBackground)
    public static let tertiarySystemBackground = UIColor(R(255, 255, 255), R(44, 44, 46))
    public static let systemGroupedBackground = UIColor(R(242, 242, 247), R(0, 0, 0))
    public static let secondarySystemGroupedBackground = UIColor(R(255, 255, 255), R(28, 28, 30))
    public static let tertiarySystemGroupedBackground = UIColor(R(242, 242, 247), R(44, 44, 46))

    // Text.
    public static let label = UIColor(system: .primary)
    public static let secondaryLabel = UIColor(system: .secondary)
    public static let tertiaryLabel = UIColor(system: .tertiary)
    public static let quaternaryLabel = UIColor(system: .quaternary)
    public static let placeholderText = UIColor(system: .tertiary)
    public static let link = UIColor(R(0, 122, 255), R(9, 132, 255))

    // Separators and fills.
    public static let separator = UIColor(system: .separator)
    public static let opaqueSeparator = UIColor(R(198, 198, 200), R(56, 56, 58))
    public static let systemFill = UIColor(R(120, 120, 128, 0.2), R(120, 120, 128, 0.36))
    public static let secondarySystemFill = UIColor(R(120, 120, 128, 0.16), R(120, 120, 128, 0.32))
    public static let tertiarySystemFill = UIColor(R(118, 118, 128, 0.12), R(118, 118, 128, 0.24))
    public static let quaternarySystemFill = UIColor(R(116, 116, 128, 0.08), R(118, 118, 128, 0.18))

    // Greys.
    public static let systemGray = UIColor(system: .gray)
    public static let systemGray2 = UIColor(R(174, 174, 178), R(99, 99, 102))
    public static let systemGray3 = UIColor(R(199, 199, 204), R(72, 72, 74))
    public static let systemGray4 = UIColor(R(209, 209, 214), R(58, 58, 60))
    public static let systemGray5 = UIColor(R(229, 229, 234), R(44, 44, 46))
    public static let systemGray6 = UIColor(R(242, 242, 247), R(28, 28, 30))

    // Tints: the same as SwiftUI's.
    public static let systemRed = UIColor(system: .red)
    public static let systemOrange = UIColor(system: .orange)
    public static let systemYellow = UIColor(system: .yellow)
    public static let systemGreen = UIColor(system: .green)
    public static let systemMint = UIColor(system: .mint)
    public static let systemTeal = UIColor(system: .teal)
    public static let systemCyan = UIColor(system: .cyan)
    public static let systemBlue = UIColor(system: .blue)
    public static let systemIndigo = UIColor(system: .indigo)
    public static let systemPurple = UIColor(system: .purple)
    public static let systemPink = UIColor(system: .pink)
    public static let systemBrown = UIColor(system: .brown)

    // Fixed.
    public static let black = UIColor(R(0, 0, 0), R(0, 0, 0))
    public static let white = UIColor(R(255, 255, 255), R(255, 255, 255))
    public static let clear = UIColor(R(0, 0, 0, 0), R(0, 0, 0, 0))
    public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
    public static let gray = UIColor(white: 0.5, alpha: 1)
}

extension Color {
    /// A UIKit colour, light or dark as the environment is.
    public init(_ color: UIColor) {
        self = color.color
    }

    /// A UIKit colour, light or dark as the environment is.
    public init(uiColor color: UIColor) {
        self = color.color
    }
}
