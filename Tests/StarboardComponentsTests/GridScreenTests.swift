import Foundation
import Testing
@testable import StarboardComponents
import StarboardUI

/// The grid screens of `Components/Screens/GridScreens.swift` on the standard device, as golden
/// SVGs; and a grid's work counted as it grows.
@Suite("Grid screens")
struct GridScreenTests {
    static var previews: [FoundPreview] { Previews.all { _ in false }.filter { $0.source?.fileName == "GridScreens.swift" } }

    @Test func everyScreenIsFound() {
        #expect(Self.previews.map(\.name) == ["Settings grid", "Score table"])
    }

    @Test(arguments: ["Settings grid", "Score table"])
    func screenMatchesGoldenSVG(name: String) throws {
        let preview = try #require(Self.previews.first { $0.name == name })
        let rendering = try Renderer.render(preview.makeView(), canvas: .standardDevice)
        #expect(rendering.warnings.isEmpty, "\(rendering.warnings)")
        Snapshot.assert(rendering.svg, suite: "GridScreenTests", named: name)
    }

    /// `cells` texts, five to a row, with a flexible colour at the end of each row.
    static func grid(_ cells: Int) -> some View {
        Grid {
            ForEach(0..<cells / 5) { row in
                GridRow {
                    ForEach(0..<4) { column in
                        Text("\(row * 5 + column)").padding(2)
                    }
                    Color.blue
                }
            }
        }
        .frame(width: 320)
    }

    @Test(arguments: [50, 500])
    func aGridSizesEachCellAFewTimes(cells: Int) throws {
        let stats = try Renderer.render(Self.grid(cells)).statistics
        // Each cell is sized at the 0, unbounded and share offers of its column, then of its row.
        #expect(stats.sizings <= 12 * stats.nodes, "\(stats.sizings) sizes for \(stats.nodes) views")
        #expect(stats.textMeasurements <= 2 * cells)
    }

    @Test func workPerCellDoesNotGrowWithTheGrid() throws {
        let small = try Renderer.render(Self.grid(50)).statistics
        let large = try Renderer.render(Self.grid(500)).statistics
        let perSmall = Double(small.sizings) / Double(small.nodes)
        let perLarge = Double(large.sizings) / Double(large.nodes)
        #expect(large.nodes >= 9 * small.nodes)
        #expect(perLarge <= perSmall * 1.1, "\(perSmall) → \(perLarge) sizes per view")
    }
}
