import Foundation
import Testing
import StarboardUI
@testable import StarboardInspector

/// Previews of plain views as catalogue entries: `PreviewViews.swift`'s `#Preview`s and provider.
@Suite struct PreviewEntryTests {
    let registry = try! Registry([], previewEntries: true)

    /// The entries this target declares (the test binary holds other targets' previews too).
    var entries: [ComponentDefinition] {
        registry.components.filter { $0.name != "Nine" }.filter { $0.preview?.group == "PreviewViews.swift" || $0.preview?.group == "GreetingCard_Previews" }
    }

    @Test func eachPreviewIsAnEntryNamedByItsNameOrPlaceGroupedByFileThenProvider() {
        #expect(entries.map(\.name) == ["Greeting", "PreviewViews.swift:24", "Greeting (2)", "Nothing", "Counter", "From a provider", "GreetingCard_Previews 2"])
        #expect(entries.map(\.preview?.source?.line) == [20, 24, 28, 33, 49, nil, nil])
        #expect(entries.map(\.preview?.displayName) == ["Greeting", nil, "Greeting", "Nothing", "Counter", "From a provider", nil])
    }

    @Test func traitsComeFromTheMacroAndFromPreviewModifiers() {
        #expect(entries.map(\.preview?.traits.layout) == [.device, .sizeThatFits, .device, .device, .device, .fixed(width: 300, height: 120), .device])
        #expect(entries[6].preview?.traits.orientation == .landscapeLeft)
        #expect(entries[5].schema["preview"]?["traits"]?.description == #"{"layout":"fixed","width":300,"height":120,"orientation":"portrait"}"#)
        #expect(entries[0].schema["preview"]?["file"]?.stringValue == "StarboardInspectorTests/PreviewViews.swift")
    }

    @Test func aPreviewOfExactlyARegisteredComponentIsOneOfItsVariants() throws {
        let registry = try Registry([PreviewedBadge.self], previewEntries: true)
        let badge = try #require(registry.component(named: "PreviewedBadge"))
        #expect(badge.variants.map(\.name) == ["Nine"])
        #expect(badge.variants.first?.changes == ["count": .integer(9)])
        #expect(!registry.components.contains { $0.name == "Nine" })
        // Not registered: an entry like any other preview.
        #expect(self.registry.component(named: "Nine")?.preview?.group == "PreviewViews.swift")
    }

    @Test func withoutPreviewEntriesTheRegistryHasNone() throws {
        #expect(try Registry([]).components.isEmpty)
    }

    @Test func anEntryRendersItsPreviewAlone() throws {
        let greeting = try entries[0].render(entries[0].defaults).rendering.svg
        #expect(greeting.contains("Hello, Ada") && !greeting.contains("Grace"))
        let second = try entries[6].render(entries[6].defaults).rendering.svg
        #expect(second.contains("Hello, Unnamed") && !second.contains("Provider"))
    }

    @Test func aProvidersPreviewKeepsTheStateOfTheViewAtItsTop() throws {
        let entry = entries[5]
        let button = try #require(try entry.render(entry.defaults).rendering.accessibility.first { $0.isTappable })
        let values = try entry.tap(button.id, values: entry.defaults).values
        #expect(try entry.render(values).rendering.svg.contains("Waved 1 times"))
    }

    @Test func eachEntryIsLaidOutOnTheCanvasItsTraitsAskFor() throws {
        func size(_ entry: ComponentDefinition) throws -> Size { try entry.render(entry.defaults).rendering.size }
        // No trait: the standard device's screen, as Xcode shows a preview.
        #expect(try size(entries[0]) == Size(width: 402, height: 874))
        // `.sizeThatFitsLayout`: the card's own size.
        #expect(try size(entries[1]).width < 300)
        // `.previewLayout(.fixed(width: 300, height: 120))` on the provider's first preview
        // only; its sibling turned on its side by `.previewInterfaceOrientation(.landscapeLeft)`.
        #expect(try size(entries[5]) == Size(width: 300, height: 120))
        #expect(try size(entries[6]) == Size(width: 874, height: 402))
    }

    @Test func aPreviewThatRendersNothingSaysSo() throws {
        let nothing = try entries[3].render(entries[3].defaults).rendering
        #expect(nothing.warnings == [#"preview "Nothing" renders nothing: its view is 0 × 0 points (an EmptyView, or nothing but hidden or empty views)"#])
        #expect(try entries[0].render(entries[0].defaults).rendering.warnings.isEmpty)
    }

    @Test func tapsAreKeptAndReplayedSoStateLasts() throws {
        let entry = entries[4]
        let first = try entry.render(entry.defaults).rendering
        #expect(first.svg.contains("Tapped 0 times"))
        let button = try #require(first.accessibility.first { $0.isTappable })
        var values = try entry.tap(button.id, values: entry.defaults).values
        #expect(values["taps"] == .string(button.id))
        values = try entry.tap(button.id, values: values).values
        #expect(values["taps"] == .string("\(button.id);\(button.id)"))
        #expect(try entry.render(values).rendering.svg.contains("Tapped 2 times"))
        // Reset: the declared state again.
        #expect(try entry.render(try entry.reset(nil, over: values).values).rendering.svg.contains("Tapped 0 times"))
        #expect(throws: PropertyError.self) { try entry.tap("tap-99", values: values) }
    }
}
