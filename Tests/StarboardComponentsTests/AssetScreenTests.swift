import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import StarboardComponents
import StarboardUI

/// The previews of `Components/Screens/AssetScreens.swift`: images and colours of the target's
/// own resources (`Components/Resources`), light and dark, and the placeholders of missing ones.
@Suite struct AssetScreenTests {
    static var previews: [FoundPreview] { Previews.all { _ in false }.filter { $0.source?.fileName == "AssetScreens.swift" } }
    static let names = ["Asset gallery", "Asset gallery dark", "Missing assets"]

    @Test func everyPreviewOfTheFileIsTested() {
        #expect(Self.previews.map { $0.name ?? "" } == Self.names)
    }

    @Test(arguments: names)
    func matchesGoldenSVG(_ name: String) throws {
        let preview = try #require(Self.previews.first { $0.name == name })
        let result = try Renderer.render(preview.makeView())
        #expect(XMLParser(data: Data(result.svg.utf8)).parse())
        if name == "Missing assets" {
            #expect(result.warnings.count == 2)
        } else {
            #expect(result.warnings.isEmpty, "\(result.warnings)")
            #expect(result.svg.contains("href=\"data:image/png;base64,") && result.svg.contains("href=\"data:image/svg+xml;base64,"))
        }
        Snapshot.assert(result.svg, suite: "AssetScreenTests", named: name)
    }
}
