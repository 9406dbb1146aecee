#if canImport(SwiftUI)
import SwiftUI
#else
import StarboardUI
#endif

/// A person's hiking profile: a header, their settings and a list of trails.
struct ProfileCard: View {
    var username: String
    var goal: Date
    var distance: Double
    @State private var prefersNotifications = true

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            HStack(spacing: 12) {
                Image(systemName: "person.fill")
                    .font(.largeTitle)
                    .foregroundStyle(.tint)
                VStack(alignment: .leading, spacing: 2) {
                    Text(username)
                        .bold()
                        .font(.title2)
                    Text("Hiker since ") + Text(goal, style: .date).italic()
                }
            }
            Divider()
            Label("Notifications", systemImage: "bell.fill")
            Toggle("Prefers notifications", isOn: $prefersNotifications)
            Text("Distance walked: ") + Text(distance, format: .number.precision(.fractionLength(1))).fontWeight(.semibold) + Text(" km")
            Text("A long description that does not fit on one line wraps to the width the card offers it.")
                .font(.footnote)
                .foregroundColor(.secondary)
                .lineLimit(2)
            HStack {
                Text(verbatim: "Trails")
                    .font(.headline)
                Spacer()
                Image(systemName: "chevron.right")
                    .imageScale(.small)
            }
            .padding(.horizontal, 8)
            .padding(.vertical)
            .background(RoundedRectangle(cornerRadius: 8).fill(Color(white: 0.95)))
        }
        .padding()
        .frame(width: 320)
        .tint(.green)
    }
}

/// A form of settings, laid out as a list at rest.
struct SettingsForm: View {
    @State private var wantsBadges = false

    var body: some View {
        Form {
            Section(header: Text("Profile")) {
                Label("Seasonal photos", systemImage: "sun.max")
                Toggle("Show badges", isOn: $wantsBadges)
            }
            Section("Trails") {
                ForEach(["Lakeside", "Ridge", "Forest"], id: \.self) { trail in
                    Text(trail)
                }
            }
        }
        .frame(width: 320, height: 360)
    }
}

/// Rows taller than their frame, cut off where the frame ends.
struct TrailScroller: View {
    let trails = ["Alder", "Birch", "Cedar", "Douglas", "Elm", "Fir", "Gum", "Hazel"]

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 8) {
                ForEach(trails, id: \.self) { trail in
                    Text(trail)
                        .frame(maxWidth: .infinity, alignment: .leading)
                        .padding(8)
                        .background(Color.teal.opacity(0.2))
                        .cornerRadius(6)
                }
            }
            .padding()
        }
        .frame(width: 200, height: 180)
        .border(Color.gray, width: 1)
    }
}
