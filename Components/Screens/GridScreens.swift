import StarboardUI

/// The settings a hiker's watch shows: a label and a value a row, the labels trailing in their
/// column so the values start on one line.
let gridScreenSettings: [(String, String)] = [
    ("Units", "Kilometres"),
    ("Map style", "Terrain"),
    ("Auto-pause", "On"),
    ("Heart-rate zones", "5"),
    ("Backup", "Every night"),
]

#Preview("Settings grid") {
    VStack(alignment: .leading, spacing: 16) {
        Text("Watch settings").font(.title2).bold()
        Grid(alignment: .leading, horizontalSpacing: 12, verticalSpacing: 10) {
            ForEach(0..<gridScreenSettings.count) { index in
                GridRow {
                    Text(gridScreenSettings[index].0)
                        .foregroundStyle(.secondary)
                        .gridColumnAlignment(.trailing)
                    Text(gridScreenSettings[index].1)
                }
            }
            Divider()
            GridRow {
                Text("Storage").foregroundStyle(.secondary)
                HStack(spacing: 4) {
                    Color.green.frame(width: 120, height: 8)
                    Color.gray.opacity(0.3).frame(width: 60, height: 8)
                }
            }
            GridRow {
                Text("Used 2.1 GB of 3 GB, most of it offline maps")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
                    .gridCellColumns(2)
            }
        }
        Spacer()
    }
    .padding()
}

#Preview("Score table") {
    Grid(horizontalSpacing: 1, verticalSpacing: 1) {
        GridRow {
            Color.clear.gridCellUnsizedAxes([.horizontal, .vertical])
            ForEach(["Mon", "Tue", "Wed"], id: \.self) { day in
                Text(day).bold().padding(8)
            }
        }
        ForEach(0..<4) { row in
            GridRow {
                Text("Week \(row + 1)").padding(8).gridColumnAlignment(.leading)
                ForEach(0..<3) { column in
                    Text("\((row * 7 + column * 3) % 10 + 1) km")
                        .padding(8)
                        .frame(maxWidth: .infinity, maxHeight: .infinity)
                        .background(Color.blue.opacity(0.1 + 0.2 * Double((row + column) % 4)))
                }
            }
        }
        Color.blue.frame(height: 4)
        GridRow {
            Text("Total").bold().padding(8)
            Text("52 km").bold().padding(8).gridCellColumns(3).gridCellAnchor(.trailing)
        }
    }
    .padding()
}
