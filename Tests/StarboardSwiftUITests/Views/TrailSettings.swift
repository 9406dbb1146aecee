#if canImport(SwiftUI)
import SwiftUI
#else
import StarboardUI
#endif

/// A settings card kept in `@AppStorage`: a unit system, a toggle and a counter of saved trails.
enum DistanceUnit: String, CaseIterable {
    case kilometres, miles

    var next: DistanceUnit { self == .kilometres ? .miles : .kilometres }
    var symbol: String { self == .kilometres ? "km" : "mi" }
}

struct TrailSettings: View {
    @AppStorage("distanceUnit") private var unit: DistanceUnit = .kilometres
    @AppStorage("showsElevation") private var showsElevation = true
    @AppStorage("savedTrails") private var savedTrails = 0
    @AppStorage("lastTrail") private var lastTrail: String?

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Text("Trail settings")
                .font(.headline)
            Toggle("Show elevation", isOn: $showsElevation)
            HStack {
                Text("Units")
                Spacer()
                Button(unit.symbol) { unit = unit.next }
            }
            HStack {
                Text("Saved trails")
                Spacer()
                Button("\(savedTrails)") {
                    savedTrails += 1
                    lastTrail = "Ridge \(savedTrails)"
                }
            }
            Text(lastTrail ?? "No trail saved yet")
                .font(.footnote)
                .foregroundStyle(.secondary)
            if showsElevation {
                ElevationBadge()
            }
        }
        .padding()
        .frame(width: 300)
    }
}

/// Reads the same key as the card: what one writes, the other shows.
struct ElevationBadge: View {
    @AppStorage("distanceUnit") private var unit: DistanceUnit = .kilometres

    var body: some View {
        Label(unit == .kilometres ? "1,240 m" : "4,068 ft", systemImage: "mountain.2")
            .font(.subheadline)
            .foregroundStyle(.green)
    }
}

#Preview("Trail settings") {
    TrailSettings()
}
