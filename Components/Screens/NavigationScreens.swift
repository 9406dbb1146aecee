#if canImport(SwiftUI)
import SwiftUI
#else
import StarboardUI
#endif

// App screens written as an iPhone app writes them: a list of trails in a navigation stack
// with a toolbar button and a sheet, a detail a row pushes, and a tab bar around them. They
// compile against SwiftUI with only the import changed; the previews below are golden-tested
// (Tests/StarboardComponentsTests/NavigationScreenTests.swift) and tapped in the page
// (Tests/e2e/page/test_navigation_page.py).

/// A trail of the sample data.
struct Trail: Identifiable, Hashable {
    let id: Int
    let name: String
    let region: String
    let kilometres: Double
    let isFavorite: Bool

    static let samples = [
        Trail(id: 1, name: "Granite Ridge Loop", region: "North Cascades", kilometres: 12.4, isFavorite: true),
        Trail(id: 2, name: "Cedar Hollow", region: "Olympic Coast", kilometres: 6.8, isFavorite: false),
        Trail(id: 3, name: "Lantern Falls", region: "Columbia Gorge", kilometres: 9.1, isFavorite: true),
        Trail(id: 4, name: "Saltmarsh Boardwalk", region: "Puget Sound", kilometres: 3.2, isFavorite: false),
    ]
}

/// One row of the trail list: a badge, the name and the region.
struct TrailRow: View {
    let trail: Trail

    var body: some View {
        HStack(spacing: 12) {
            RoundedRectangle(cornerRadius: 8)
                .fill(trail.isFavorite ? Color.green.gradient : Color.teal.gradient)
                .frame(width: 44, height: 44)
                .overlay {
                    Image(systemName: "mountain.2.fill")
                        .foregroundStyle(.white)
                }
            VStack(alignment: .leading, spacing: 2) {
                Text(trail.name)
                Text(trail.region)
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
            }
            if trail.isFavorite {
                Spacer()
                Image(systemName: "star.fill")
                    .foregroundStyle(.yellow)
            }
        }
    }
}

/// What a row pushes: the trail's card, its facts and an action.
struct TrailDetail: View {
    let trail: Trail

    var body: some View {
        List {
            Section {
                VStack(alignment: .leading, spacing: 6) {
                    Text(trail.name)
                        .font(.title2)
                        .bold()
                    Text(trail.region)
                        .foregroundStyle(.secondary)
                }
            }
            Section("Facts") {
                HStack {
                    Text("Length")
                    Spacer()
                    Text("\(trail.kilometres, specifier: "%.1f") km")
                        .foregroundStyle(.secondary)
                }
                HStack {
                    Text("Favorite")
                    Spacer()
                    Text(trail.isFavorite ? "Yes" : "No")
                        .foregroundStyle(.secondary)
                }
            }
        }
        .navigationTitle(trail.name)
        .navigationBarTitleDisplayMode(.inline)
    }
}

/// The trail list in a navigation stack, with a profile button that opens a sheet. Whether the
/// sheet shows is the caller's (a preview keeps only its own `@Previewable` state from tap to tap).
struct TrailList: View {
    @Binding var showingProfile: Bool
    @State private var query = ""

    var body: some View {
        NavigationStack {
            List {
                ForEach(Trail.samples) { trail in
                    NavigationLink {
                        TrailDetail(trail: trail)
                    } label: {
                        TrailRow(trail: trail)
                    }
                    .accessibilityIdentifier("trail-\(trail.id)")
                    .swipeActions {
                        Button("Delete", role: .destructive) {}
                    }
                }
            }
            .navigationTitle("Trails")
            .searchable(text: $query, prompt: "Search trails")
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) {
                    Button {
                        showingProfile = true
                    } label: {
                        Image(systemName: "person")
                    }
                    .accessibilityIdentifier("profile")
                }
            }
            .sheet(isPresented: $showingProfile) {
                ProfileSheet()
            }
        }
    }
}

/// The sheet the profile button opens.
struct ProfileSheet: View {
    var body: some View {
        NavigationStack {
            List {
                Section {
                    Text("g_kumar")
                    Text("4 trails hiked")
                } footer: {
                    Text("Your hikes stay on this phone.")
                }
            }
            .navigationTitle("Profile")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) {
                    Button("Done") {}
                }
            }
        }
    }
}

/// The favourites tab: a plain list.
struct FavoriteTrails: View {
    var body: some View {
        NavigationStack {
            List(Trail.samples.filter(\.isFavorite)) { trail in
                Text(trail.name)
            }
            .listStyle(.plain)
            .navigationTitle("Favorites")
        }
    }
}

/// The settings tab: an alert and a confirmation dialog behind its buttons.
struct TrailSettings: View {
    @Binding var confirmingReset: Bool
    @Binding var showingAbout: Bool

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    Button("About Trails") { showingAbout = true }
                        .accessibilityIdentifier("about")
                    Button("Reset Progress", role: .destructive) { confirmingReset = true }
                        .accessibilityIdentifier("reset")
                } header: {
                    Text("App")
                } footer: {
                    Text("Resetting clears every hike you logged.")
                }
            }
            .navigationTitle("Settings")
            .alert("Trails 1.0", isPresented: $showingAbout) {
                Button("OK", role: .cancel) {}
            } message: {
                Text("Made for the preview.")
            }
            .confirmationDialog("Reset progress?", isPresented: $confirmingReset, titleVisibility: .visible) {
                Button("Reset", role: .destructive) {}
            } message: {
                Text("This cannot be undone.")
            }
        }
    }
}

/// The app: three tabs under the tab bar.
struct TrailsApp: View {
    @State private var showingProfile = false
    @State private var confirmingReset = false
    @State private var showingAbout = false

    var body: some View {
        TabView {
            TrailList(showingProfile: $showingProfile)
                .tabItem { Label("Trails", systemImage: "mountain.2") }
            FavoriteTrails()
                .tabItem { Label("Favorites", systemImage: "star") }
                .badge(2)
            TrailSettings(confirmingReset: $confirmingReset, showingAbout: $showingAbout)
                .tabItem { Label("Settings", systemImage: "house") }
        }
    }
}

#Preview("Trail List") {
    @Previewable @State var showingProfile = false
    TrailList(showingProfile: $showingProfile)
}

#Preview("Trail Detail") {
    NavigationStack {
        TrailDetail(trail: Trail.samples[0])
    }
}

#Preview("Trails App") {
    TrailsApp()
}

#Preview("Trail Settings") {
    @Previewable @State var confirmingReset = false
    @Previewable @State var showingAbout = false
    TrailSettings(confirmingReset: $confirmingReset, showingAbout: $showingAbout)
}
