import Foundation
import Testing
@testable import StarboardComponents
import StarboardUI

/// The layout screens of `Components/Screens/LayoutScreens.swift` on the standard device, as golden
/// SVGs; and the lazy containers' work counted as the list or grid grows.
@Suite("Layout screens")
struct LayoutScreenTests {
    static var previews: [FoundPreview] { Previews.all { _ in false }.filter { $0.source?.fileName == "LayoutScreens.swift" } }

    @Test func everyScreenIsFound() {
        #expect(Self.previews.map(\.name) == ["Card grid", "Tag flow", "Radial"])
    }

    @Test(arguments: ["Card grid", "Tag flow", "Radial"])
    func screenMatchesGoldenSVG(name: String) throws {
        let preview = try #require(Self.previews.first { $0.name == name })
        let rendering = try Renderer.render(preview.makeView(), canvas: .standardDevice)
        #expect(rendering.warnings.isEmpty, "\(rendering.warnings)")
        Snapshot.assert(rendering.svg, suite: "LayoutScreenTests", named: name)
    }

    static func lazyList(_ rows: Int) -> some View {
        LazyVStack(alignment: .leading, spacing: 4) {
            ForEach(0..<rows) { row in
                HStack {
                    Text("Row \(row)")
                    Spacer()
                    Text("\(row % 10)")
                }
            }
        }
        .frame(width: 320)
    }

    static func lazyGrid(_ cells: Int) -> some View {
        LazyVGrid(columns: [GridItem(.adaptive(minimum: 60))]) {
            ForEach(0..<cells) { cell in
                Text("\(cell)").frame(maxWidth: .infinity).padding(4)
            }
        }
        .frame(width: 320)
    }

    @Test(arguments: [10, 100, 1000])
    func aLazyVStackSizesEachRowAFewTimes(rows: Int) throws {
        let stats = try Renderer.render(Self.lazyList(rows)).statistics
        #expect(stats.sizings <= 3 * stats.nodes, "\(stats.sizings) sizes for \(stats.nodes) views")
        #expect(stats.textMeasurements <= 2 * 2 * rows)
    }

    @Test(arguments: [10, 100, 500])
    func aLazyVGridSizesEachCellAFewTimes(cells: Int) throws {
        let stats = try Renderer.render(Self.lazyGrid(cells)).statistics
        // Each cell (text, padding, frame) is sized at its column's width, then placed there.
        #expect(stats.sizings <= 4 * stats.nodes, "\(stats.sizings) sizes for \(stats.nodes) views")
        #expect(stats.textMeasurements <= 2 * cells)
    }

    @Test func workPerCellDoesNotGrowWithTheGrid() throws {
        let small = try Renderer.render(Self.lazyGrid(50)).statistics
        let large = try Renderer.render(Self.lazyGrid(500)).statistics
        let perSmall = Double(small.sizings) / Double(small.nodes)
        let perLarge = Double(large.sizings) / Double(large.nodes)
        #expect(perLarge <= perSmall * 1.1, "\(perSmall) → \(perLarge) sizes per view")
    }
}
