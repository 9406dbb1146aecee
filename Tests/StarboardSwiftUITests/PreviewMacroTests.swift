import Foundation
import Testing
@testable import StarboardUI

/// `#Preview` blocks of `Views/LandmarkRow.swift`, compiled through Starboard's plugin and found
/// in the test binary at run time.
@Suite struct PreviewMacroTests {
    let previews = Previews.all { _ in false }.filter { $0.source?.fileName == "LandmarkRow.swift" }

    @Test func everyBlockIsFoundInFileOrderWithItsLineAndName() {
        #expect(previews.map(\.source?.line) == [54, 59, 69, 73, 78])
        #expect(previews.map(\.name) == [nil, "Rows", "Wide row", "Favorite", "Favorite"])
        #expect(previews.allSatisfy { $0.source?.fileID == "StarboardSwiftUITests/LandmarkRow.swift" && $0.group == "LandmarkRow.swift" })
    }

    @Test func traitsAreReadAsWrittenAndALaterOneWins() {
        #expect(previews.map(\.traits.layout) == [.device, .sizeThatFits, .fixed(width: 320, height: 80), .device, .device])
        #expect(previews.map(\.traits.orientation) == [.portrait, .portrait, .landscapeLeft, .portrait, .portrait])
        #expect(PreviewTraits([.landscapeRight, .portrait, .sizeThatFitsLayout, .defaultLayout]) == PreviewTraits())
    }

    @Test func eachBlockRendersTheViewItsClosureMakes() throws {
        let row = try Renderer.render(previews[0].makeView())
        #expect(row.svg.contains("Turtle Rock"))
        // At the size that fits, the stack is as wide as its widest row, and the narrower row's
        // name gets half of what its spacer leaves, as SwiftUI's stacks share space: it may wrap.
        let rows = try Renderer.render(previews[1].makeView()).svg
        #expect(rows.contains(">Turtle") && rows.contains("Rock<") && rows.contains("Silver Salmon Creek") && rows.contains("} #Preview {"))
    }

    @Test func aPreviewableStateIsTheViewsOwnAndTapsChangeIt() throws {
        let view = previews[3].makeView()
        let before = try Renderer.render(view)
        let button = try #require(before.accessibility.first { $0.isTappable && $0.traits.contains("button") })
        #expect(try Renderer.performTap(on: view, target: button.id))
        // The tap set the block's `isFavorite`: the star is filled and yellow now; a fresh
        // preview starts from the declared value again.
        #expect(try Renderer.render(view).svg != before.svg)
        #expect(try Renderer.render(previews[3].makeView()).svg == before.svg)
    }
}
