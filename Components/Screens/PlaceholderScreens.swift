import StarboardUI

/// The guide the stats rows' values line up on: each value's leading edge.
private enum StatValueLeading: AlignmentID {
    static func defaultValue(in context: ViewDimensions) -> CGFloat { context[.leading] }
}

private extension HorizontalAlignment {
    static let statValue = HorizontalAlignment(StatValueLeading.self)
}

/// A trail as the list shows it: symbol, name and detail, a favourite mark.
private struct PlaceholderTrailRow: View {
    let name: String
    let detail: String
    let isFavorite: Bool

    var body: some View {
        HStack(spacing: 12) {
            Image(systemName: "mountain.2")
                .symbolVariant(.fill)
                .font(.title2)
                .foregroundStyle(.green)
            VStack(alignment: .leading, spacing: 4) {
                Text(name).font(.headline)
                Text(detail).font(.subheadline).foregroundStyle(.secondary)
            }
            Spacer()
            Image(systemName: "heart")
                .symbolVariant(isFavorite ? .fill : .none)
                .foregroundStyle(.pink)
        }
    }
}

private let placeholderTrails = [
    ("Mount Whitney Trail", "35.4 km · Hard", true),
    ("Half Dome", "26.5 km · Hard", false),
    ("Mist Trail", "4.8 km · Moderate", false),
]

/// One line of the stats card: a label, then its value on the card's value guide.
private struct StatRow: View {
    let label: String
    let value: String

    var body: some View {
        HStack(spacing: 12) {
            Text(label).foregroundStyle(.secondary)
            Text(value).bold().alignmentGuide(.statValue) { d in d[.leading] }
        }
    }
}

#Preview("Loading trails") {
    NavigationStack {
        List {
            Section("Nearby") {
                ForEach(0..<placeholderTrails.count) { index in
                    PlaceholderTrailRow(name: placeholderTrails[index].0, detail: placeholderTrails[index].1, isFavorite: placeholderTrails[index].2)
                }
            }
            Section("Loading") {
                ForEach(0..<2) { _ in
                    PlaceholderTrailRow(name: "Trail name here", detail: "00.0 km · Moderate", isFavorite: false)
                }
            }
            .redacted(reason: .placeholder)
        }
        .navigationTitle("Trails")
    }
}

#Preview("Trail stats") {
    VStack(alignment: .leading, spacing: 16) {
        Text("Mount Whitney").font(.title2).bold()
        // The values line up on one guide however long their labels are.
        VStack(alignment: .statValue, spacing: 8) {
            StatRow(label: "Distance", value: "35.4 km")
            StatRow(label: "Elevation gain", value: "1,859 m")
            StatRow(label: "Time", value: "12 h")
        }
        HStack(spacing: 16) {
            Label("Permit", systemImage: "checkmark.circle.fill")
                .symbolRenderingMode(.hierarchical)
                .foregroundStyle(.green)
            Label("Water", systemImage: "xmark.circle.fill")
                .symbolRenderingMode(.hierarchical)
                .foregroundStyle(.red)
        }
        HStack(spacing: 16) {
            Image(systemName: "plus").symbolVariant(.circle)
            Image(systemName: "checkmark").symbolVariant(.circle.fill)
            Image(systemName: "star").symbolVariant(.fill)
        }
        .font(.title2)
        Spacer()
    }
    .padding()
}
