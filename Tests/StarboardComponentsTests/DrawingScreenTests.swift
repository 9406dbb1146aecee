import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import StarboardComponents
import StarboardUI

/// The drawing previews of `Components/Screens/DrawingScreens.swift` (Canvas, materials, blend
/// modes, Markdown, redaction) at the size that fits, against their golden SVGs.
@Suite struct DrawingScreenTests {
    static var previews: [FoundPreview] { Previews.all { _ in false }.filter { $0.source?.fileName == "DrawingScreens.swift" } }
    static let names = ["Steps sparkline", "Material card", "Dial canvas"]

    @Test func everyPreviewOfTheFileIsTested() {
        #expect(Self.previews.map { $0.name ?? "" } == Self.names)
    }

    @Test(arguments: names)
    func matchesGoldenSVG(_ name: String) throws {
        let preview = try #require(Self.previews.first { $0.name == name })
        let svg = try Renderer.render(preview.makeView()).svg
        #expect(XMLParser(data: Data(svg.utf8)).parse())
        Snapshot.assert(svg, suite: "DrawingScreenTests", named: name)
    }
}
