#if canImport(SwiftUI)
import SwiftUI
#else
import StarboardUI
#endif

/// Empty states as iOS 17 draws them: no saved trails (with an action), and a search with no results.
struct EmptyTrails: View {
    var query = ""
    var onExplore: () -> Void = {}

    var body: some View {
        if query.isEmpty {
            ContentUnavailableView {
                Label("No Saved Trails", systemImage: "tray")
            } description: {
                Text("Trails you save show up here, ready for your next walk.")
            } actions: {
                Button("Explore Trails", action: onExplore)
                    .buttonStyle(.borderedProminent)
            }
        } else {
            ContentUnavailableView.search(text: query)
        }
    }
}

#Preview("No saved trails") {
    EmptyTrails()
}

#Preview("No results") {
    EmptyTrails(query: "Matterhorn")
}
