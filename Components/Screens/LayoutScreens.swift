import StarboardUI

/// Tags laid out as words in a paragraph: each row holds as many as fit the width offered, and
/// a tag wider than the width gets a row of its own.
struct TagFlowLayout: Layout {
    var spacing: CGFloat = 8

    /// Each subview's origin (from the layout's top-left corner) for `width`, and the size used.
    private func arrange(_ subviews: Subviews, width: CGFloat?) -> (origins: [CGPoint], size: CGSize) {
        let limit = width ?? .infinity
        var origins: [CGPoint] = []
        var x: CGFloat = 0, y: CGFloat = 0, rowHeight: CGFloat = 0, widest: CGFloat = 0
        for subview in subviews {
            let size = subview.sizeThatFits(.unspecified)
            if x > 0, x + size.width > limit {
                y += rowHeight + spacing
                x = 0
                rowHeight = 0
            }
            origins.append(CGPoint(x: x, y: y))
            x += size.width + spacing
            rowHeight = max(rowHeight, size.height)
            widest = max(widest, x - spacing)
        }
        return (origins, CGSize(width: widest, height: y + rowHeight))
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        arrange(subviews, width: proposal.width).size
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let origins = arrange(subviews, width: bounds.width).origins
        for (subview, origin) in zip(subviews, origins) {
            subview.place(at: CGPoint(x: bounds.minX + origin.x, y: bounds.minY + origin.y), proposal: .unspecified)
        }
    }
}

/// Which way round a dial a subview goes: its position in turns from the top, clockwise.
struct DialTurn: LayoutValueKey {
    static let defaultValue: Double? = nil
}

/// Subviews on a circle, centred on it: each at its own `DialTurn`, or else spread evenly.
struct RadialLayout: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let side = min(proposal.width ?? 240, proposal.height ?? 240)
        return CGSize(width: side, height: side)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let largest = subviews.map { $0.sizeThatFits(.unspecified) }.reduce(0) { max($0, max($1.width, $1.height)) }
        let radius = max(0, min(bounds.width, bounds.height) / 2 - largest / 2)
        // The subviews without a turn of their own share the circle evenly.
        let spread = subviews.filter { $0[DialTurn.self] == nil }.count
        var next = 0
        for subview in subviews {
            let turn: Double
            if let own = subview[DialTurn.self] {
                turn = own
            } else {
                turn = Double(next) / Double(max(spread, 1))
                next += 1
            }
            let angle = turn * 2 * .pi
            let point = CGPoint(x: bounds.midX + radius * sin(angle), y: bounds.midY - radius * cos(angle))
            subview.place(at: point, anchor: .center, proposal: .unspecified)
        }
    }
}

/// A trail card for the grid: a coloured header and two lines.
struct TrailCard: View {
    let name: String
    let distance: String
    let color: Color

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            RoundedRectangle(cornerRadius: 8).fill(color).frame(height: 64)
            Text(name).font(.headline).lineLimit(1)
            Text(distance).font(.caption).foregroundStyle(.secondary)
        }
        .padding(10)
        .background(RoundedRectangle(cornerRadius: 12).fill(Color(.secondarySystemBackground)))
    }
}

let layoutScreenTrails: [(String, String, Color)] = [
    ("Ridge Loop", "4.2 km", .teal), ("Cedar Falls", "7.8 km", .green), ("Old Mill", "2.1 km", .orange),
    ("Summit Path", "11.5 km", .indigo), ("Lake Shore", "5.0 km", .blue), ("Fern Gully", "3.3 km", .mint),
]

#Preview("Card grid") {
    ScrollView {
        VStack(alignment: .leading, spacing: 12) {
            Text("Nearby trails").font(.title2).bold()
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 150), spacing: 12)], spacing: 12) {
                ForEach(0..<layoutScreenTrails.count) { index in
                    TrailCard(name: layoutScreenTrails[index].0, distance: layoutScreenTrails[index].1, color: layoutScreenTrails[index].2)
                }
            }
        }
        .padding()
    }
}

#Preview("Tag flow") {
    VStack(alignment: .leading, spacing: 12) {
        Text("Interests").font(.title2).bold()
        TagFlowLayout {
            ForEach(["Hiking", "Trail running", "Birdwatching", "Camping", "Photography", "Rock climbing", "Kayaking", "Botany", "Stargazing", "Maps"], id: \.self) { tag in
                Text(tag)
                    .font(.subheadline)
                    .padding(.horizontal, 12)
                    .padding(.vertical, 6)
                    .background(Capsule().fill(Color.teal.opacity(0.2)))
            }
        }
        Spacer()
    }
    .padding()
}

#Preview("Radial") {
    VStack(spacing: 16) {
        Text("Compass").font(.title2).bold()
        RadialLayout {
            ForEach(["N", "E", "S", "W"], id: \.self) { point in
                Text(point).font(.headline).frame(width: 36, height: 36).background(Circle().fill(Color.orange.opacity(0.3)))
            }
            Circle().fill(Color.red).frame(width: 14, height: 14).layoutValue(key: DialTurn.self, value: 0.125)
        }
        .frame(width: 260, height: 260)
        .background(Circle().stroke(Color.secondary, lineWidth: 1))
        Spacer()
    }
    .padding()
}
