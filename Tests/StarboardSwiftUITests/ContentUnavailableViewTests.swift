import Foundation
import Testing
@testable import StarboardUI

/// `ContentUnavailableView` as iOS 17 draws it: a large secondary symbol over a bold title, a
/// secondary description, the actions under them, centred in the space it fills.
@Suite("ContentUnavailableView")
struct ContentUnavailableViewTests {
    /// The parts of a content-unavailable view, labelled so their frames can be found.
    func labelled(description: Bool = true) -> some View {
        ContentUnavailableView {
            Label { Text("No Data").accessibilityLabel("title") } icon: { Image(systemName: "tray").accessibilityLabel("symbol") }
        } description: {
            if description { Text("Nothing here.").accessibilityLabel("description") }
        }
    }

    @Test func itFillsItsSpaceWithTheContentCentred() throws {
        let rendering = try Renderer.render(labelled().frame(width: 300, height: 500))
        #expect(rendering.size == Size(width: 300, height: 500))
        let symbol = try #require(rendering.accessibility.first { $0.label == "symbol" })
        let title = try #require(rendering.accessibility.first { $0.label == "title" })
        let description = try #require(rendering.accessibility.first { $0.label == "description" })
        // Centred across; 16 points from the symbol to the title, 8 from it to the description.
        for part in [symbol, title, description] { #expect(abs(part.frame.midX - 150) < 0.01) }
        #expect(abs(title.frame.minY - symbol.frame.maxY - 16) < 0.01)
        #expect(abs(description.frame.minY - title.frame.maxY - 8) < 0.01)
        // Centred down: as far from the top as from the bottom.
        #expect(abs(symbol.frame.minY - (500 - description.frame.maxY)) < 0.01)
    }

    @Test func theTitleIsBoldTitle3AndTheRestSecondary() throws {
        let rendering = try Renderer.render(ContentUnavailableView("No Data", systemImage: "tray", description: Text("Nothing here.")).frame(width: 300, height: 500))
        // The title bold at 20 points (title3), the description at 16 (callout) in the secondary grey.
        #expect(rendering.svg.contains("font-size=\"20\" font-weight=\"bold\" fill=\"#000000\" xml:space=\"preserve\">No Data<"))
        #expect(rendering.svg.contains("font-size=\"16\" fill=\"#3C3C43\" fill-opacity=\"0.6\" xml:space=\"preserve\">Nothing here.<"))
        // The symbol drawn (no placeholder), in the secondary grey.
        #expect(rendering.warnings.isEmpty)
        #expect(rendering.svg.contains("stroke=\"#3C3C43\" stroke-opacity=\"0.6\""))
    }

    @Test func withoutADescriptionNothingIsLeftForIt() throws {
        let with = try Renderer.render(labelled().frame(width: 300, height: 500))
        let without = try Renderer.render(labelled(description: false).frame(width: 300, height: 500))
        let withTitle = try #require(with.accessibility.first { $0.label == "title" })
        let bareTitle = try #require(without.accessibility.first { $0.label == "title" })
        // The block is shorter by the description and its 8 points only, so the title sits lower
        // by half that.
        let description = try #require(with.accessibility.first { $0.label == "description" })
        #expect(abs(bareTitle.frame.minY - withTitle.frame.minY - (description.frame.height + 8) / 2) < 0.01)
        let optional = try Renderer.render(ContentUnavailableView("No Data", systemImage: "tray", description: nil).frame(width: 300, height: 500))
        let plain = try Renderer.render(ContentUnavailableView { Label("No Data", systemImage: "tray") }.frame(width: 300, height: 500))
        // The same drawing (the outline names the views' types, which differ).
        #expect(optional.svg.components(separatedBy: "<metadata").first == plain.svg.components(separatedBy: "<metadata").first)
    }

    @Test func actionsGoUnderTheDescription() throws {
        let view = ContentUnavailableView {
            Label("No Mail", systemImage: "tray.fill")
        } description: {
            Text("New mail shows here.").accessibilityLabel("description")
        } actions: {
            Button("Refresh") {}
            Button("Settings") {}
        }
        .frame(width: 300, height: 500)
        let rendering = try Renderer.render(view)
        let description = try #require(rendering.accessibility.first { $0.label == "description" })
        let refresh = try #require(rendering.accessibility.first { $0.label == "Refresh" })
        let settings = try #require(rendering.accessibility.first { $0.label == "Settings" })
        #expect(abs(refresh.frame.minY - description.frame.maxY - 16) < 0.01)
        #expect(abs(settings.frame.minY - refresh.frame.maxY - 8) < 0.01)
        #expect(rendering.svg.contains("fill=\"#007AFF\" xml:space=\"preserve\">Refresh<"))
    }

    @Test func theSearchFormsSayWhatWasSearched() throws {
        let plain = try Renderer.render(ContentUnavailableView.search.frame(width: 400, height: 400))
        #expect(plain.svg.contains(">No Results<") && plain.svg.contains(">Check the spelling or try a new search.<"))
        #expect(plain.warnings.isEmpty)
        let named = try Renderer.render(ContentUnavailableView.search(text: "Ridge").frame(width: 300, height: 400))
        #expect(named.svg.contains(">No Results for \u{201C}Ridge\u{201D}<"))
    }

    @Test func theEmptyStatesRenderAsGolden() throws {
        let spelling = SwiftUISpellingTests()
        let saved = try Renderer.render(EmptyTrails(), canvas: .standardDevice)
        #expect(saved.warnings.isEmpty)
        spelling.assertSnapshot(saved.svg, named: "EmptyTrails")
        let search = try Renderer.render(EmptyTrails(query: "Matterhorn"), canvas: .standardDevice)
        spelling.assertSnapshot(search.svg, named: "EmptyTrails-Search")
    }
}
