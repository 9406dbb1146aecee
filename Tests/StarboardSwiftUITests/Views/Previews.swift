#if canImport(SwiftUI)
import SwiftUI
#else
import StarboardUI
#endif

struct HikingBadge_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            HikingBadge(name: "First Hike")
                .previewDisplayName("Plain")
            HikingBadge(name: "Earth Day", hue: .degrees(90))
                .previewDisplayName("Earth Day")
        }
    }
}

struct ProfileCard_Previews: PreviewProvider {
    static var previews: some View {
        ProfileCard(username: "g_kumar", goal: Date(timeIntervalSince1970: 1_796_083_200), distance: 42.195)
            .previewLayout(.sizeThatFits)
    }
}
