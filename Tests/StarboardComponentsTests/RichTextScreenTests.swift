import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import StarboardComponents
import StarboardUI

/// The rich-text previews of `Components/Screens/RichTextScreens.swift` (Markdown in literals)
/// at the size that fits, against their golden SVGs.
@Suite struct RichTextScreenTests {
    static var previews: [FoundPreview] { Previews.all { _ in false }.filter { $0.source?.fileName == "RichTextScreens.swift" } }
    static let names = ["Markdown release note"]

    @Test func everyPreviewOfTheFileIsTested() {
        #expect(Self.previews.map { $0.name ?? "" } == Self.names)
    }

    @Test(arguments: names)
    func matchesGoldenSVG(_ name: String) throws {
        let preview = try #require(Self.previews.first { $0.name == name })
        let svg = try Renderer.render(preview.makeView()).svg
        #expect(XMLParser(data: Data(svg.utf8)).parse())
        Snapshot.assert(svg, suite: "RichTextScreenTests", named: name)
    }
}
