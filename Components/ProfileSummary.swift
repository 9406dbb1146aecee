import StarboardInspector
import StarboardUI

/// The Landmarks profile summary: a user's settings and the badges they have earned.
///
/// It shows that components compose: the badges are three ``HikeBadge`` instances.
struct ProfileSummary: Component {
    /// The photo season a person prefers; the emoji is what the summary shows.
    enum Season: String, InspectableChoice {
        case spring, summer, autumn, winter

        var emoji: String {
            switch self {
            case .spring: "🌷"
            case .summer: "🌞"
            case .autumn: "🍂"
            case .winter: "☃️"
            }
        }

        var label: String { "\(emoji) \(PropertyDescriptor.title(fromName: rawValue))" }
    }

    @Inspectable(maxLength: 40)
    var username = "g_kumar"

    @Inspectable("Prefers Notifications")
    var prefersNotifications = true

    @Inspectable("Seasonal Photo")
    var seasonalPhoto = Season.winter

    /// A fixed default keeps renders deterministic (the seed uses today's date).
    @Inspectable("Goal Date")
    var goalDate = CalendarDate(year: 2026, month: 12, day: 1)

    @Inspectable("Distance Hiked", range: 0...100_000, step: 0.1, help: "Kilometres, shown with the locale's separators.")
    var distanceHiked = 1234.5

    static let summary = "A profile with notification, photo and goal settings and the completed hiking badges."

    static let environments: [RenderEnvironment] = [.dark, .textSize(.accessibility3), .rightToLeft]

    static let variants = [
        Variant<ProfileSummary>("Default"),
        Variant("Summer, no notifications") { $0.prefersNotifications = false; $0.seasonalPhoto = .summer },
    ]

    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            Text(username).font(.title).bold()
            Text("Notifications: \(prefersNotifications ? "On" : "Off")")
            Text("Seasonal Photos: \(seasonalPhoto.emoji)")
            // Formatted in the environment's locale and time zone: `--locale de_DE` shows
            // "1. Dezember 2026" and "1.234,5 km".
            Text("Goal Date: ") + Text(goalDate.date, style: .date)
            Text("Distance Hiked: ") + Text(distanceHiked, format: .number.precision(.fractionLength(1))) + Text(" km")
            Rectangle().fill(Color(red8: 198, green8: 198, blue8: 200)).frame(height: 1)
            VStack(alignment: .leading) {
                Text("Completed Badges").font(.headline)
                HStack {
                    HikeBadge(name: "First Hike")
                    HikeBadge(name: "Earth Day", hueRotation: .degrees(90))
                    HikeBadge(name: "Tenth Hike", hueRotation: .degrees(45), grayscale: 0.5)
                }
            }
        }
        .frame(width: 340, alignment: .leading)
        .padding()
    }
}
