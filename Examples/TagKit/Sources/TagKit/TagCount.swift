import StarboardInspector
import StarboardUI

/// A tag with how many items carry it, as a filter bar shows it.
public struct TagCount: Component {
    @Inspectable(maxLength: 24, help: "The tag.")
    public var tag = "Linux"

    @Inspectable(range: 0...9999, help: "How many items carry the tag.")
    public var count = 12

    @Inspectable("Selected")
    public var isSelected = false

    public static let summary = "A tag and its count; selected ones are filled."

    public static let variants = [
        Variant<TagCount>("Selected") { $0.isSelected = true },
        Variant("None yet") { $0.count = 0 },
    ]

    public init() {}

    public var body: some View {
        HStack(spacing: 6) {
            Text(tag)
                .font(.subheadline)
                .foregroundColor(isSelected ? .white : Color(red8: 0, green8: 90, blue8: 190))
            Text("\(count)")
                .font(.caption)
                .foregroundColor(isSelected ? Color(red8: 0, green8: 90, blue8: 190) : .white)
                .padding(EdgeInsets(top: 1, leading: 6, bottom: 1, trailing: 6))
                .background(Capsule().fill(isSelected ? .white : Color(red8: 0, green8: 90, blue8: 190)))
        }
        .padding(EdgeInsets(top: 4, leading: 10, bottom: 4, trailing: 6))
        .background(Capsule().fill(isSelected ? Color(red8: 0, green8: 90, blue8: 190) : Color(red8: 225, green8: 236, blue8: 250)))
        .accessibilityLabel("\(tag), \(count) item\(count == 1 ? "" : "s")\(isSelected ? ", selected" : "")")
    }
}
