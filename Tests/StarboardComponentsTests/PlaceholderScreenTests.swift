import Foundation
import Testing
@testable import StarboardComponents
import StarboardUI

/// The screens of `Components/Screens/PlaceholderScreens.swift` (redacted rows, values lined up
/// on an alignment guide, symbol variants and hierarchical symbols) on the standard device.
@Suite("Placeholder screens")
struct PlaceholderScreenTests {
    static var previews: [FoundPreview] { Previews.all { _ in false }.filter { $0.source?.fileName == "PlaceholderScreens.swift" } }
    static let names = ["Loading trails", "Trail stats"]

    @Test func everyScreenIsFound() {
        #expect(Self.previews.map(\.name) == Self.names)
    }

    @Test(arguments: names)
    func screenMatchesGoldenSVG(name: String) throws {
        let preview = try #require(Self.previews.first { $0.name == name })
        let rendering = try Renderer.render(preview.makeView(), canvas: .standardDevice)
        #expect(rendering.warnings.isEmpty, "\(rendering.warnings)")
        Snapshot.assert(rendering.svg, suite: "PlaceholderScreenTests", named: name)
    }
}
