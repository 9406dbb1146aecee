import StarboardInspector
import StarboardUI

/// A hiking badge with its name as a caption, as the Landmarks profile shows completed badges.
struct HikeBadge: Component {
    @Inspectable(maxLength: 40, help: "The caption under the badge.")
    var name = "First Hike"

    @Inspectable("Hue Rotation", help: "Shifts every color of the badge around the color wheel.")
    var hueRotation = Angle.zero

    @Inspectable(range: 0...1, step: 0.05, help: "Removes this much color; applied before the hue rotation.")
    var grayscale = 0.0

    static let summary = "The Landmarks hiking badge, drawn at 300×300 and shown at 100×100 with a caption."

    static let environments: [RenderEnvironment] = [.dark, .textSize(.accessibility3), .rightToLeft]

    static let variants = [
        Variant<HikeBadge>("First Hike"),
        Variant("Earth Day") { $0.name = "Earth Day"; $0.hueRotation = .degrees(90) },
        Variant("Tenth Hike") { $0.name = "Tenth Hike"; $0.grayscale = 0.5; $0.hueRotation = .degrees(45) },
    ]

    var body: some View {
        VStack(alignment: .center) {
            Badge()
                .frame(width: 300, height: 300)
                .scaleEffect(1.0 / 3.0)
                .frame(width: 100, height: 100)
            Text(name)
                .font(.caption)
                .accessibilityLabel("Badge for \(name).")
        }
        .grayscale(grayscale)
        .hueRotation(hueRotation)
    }
}
