import StarboardInspector
import StarboardUI

/// A tag on a rounded, tinted chip, as a list of topics shows it.
public struct TagChip: Component {
    @Inspectable(maxLength: 24, help: "The text on the chip.")
    public var text = "Swift"

    @Inspectable("Tint")
    public var tint = Color(red8: 0, green8: 122, blue8: 255)

    @Inspectable("Corner Radius", range: 0...20, step: 1)
    public var cornerRadius = 8.0

    public static let summary = "A tag on a rounded, tinted chip."

    public static let variants = [
        Variant<TagChip>("Long") { $0.text = "Server-side Swift" },
        Variant("Square") { $0.cornerRadius = 0 },
    ]

    public init() {}

    public var body: some View {
        Text(text)
            .font(.subheadline)
            .foregroundColor(.white)
            .padding(EdgeInsets(top: 4, leading: 10, bottom: 4, trailing: 10))
            .background(RoundedRectangle(cornerRadius: cornerRadius).fill(tint))
            .accessibilityLabel("Tag: \(text)")
    }
}
