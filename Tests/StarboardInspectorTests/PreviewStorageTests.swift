import Foundation
import Testing
import StarboardUI
@testable import StarboardInspector

/// A preview entry's `@AppStorage`: kept in the session its replayed taps share, so a tap
/// lasts even in a view its parent makes afresh, and a reset starts it over.
@Suite struct PreviewStorageTests {
    @Test func aStoredValueLastsFromTapToTapAndAResetClearsIt() throws {
        let registry = try Registry([], previewEntries: true)
        let entry = try #require(registry.component(named: "Stored count"))
        let first = try entry.render(entry.defaults).rendering
        #expect(first.svg.contains(">Stored 0<"))
        let button = try #require(first.accessibility.first { $0.isTappable })
        var values = try entry.tap(button.id, values: entry.defaults).values
        values = try entry.tap(button.id, values: values).values
        #expect(try entry.render(values).rendering.svg.contains(">Stored 2<"))
        #expect(try entry.render(try entry.reset(nil, over: values).values).rendering.svg.contains(">Stored 0<"))
    }
}
