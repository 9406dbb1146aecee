import Testing
@testable import StarboardUI

/// The one-value environment modifiers (`.font`, `.foregroundStyle`, `.italic`, …) are the
/// key-path modifier: each sets its value for its content only and gives it back after.
@Suite("Environment modifiers")
struct EnvironmentModifierTests {
    @Test func eachValueIsSetForTheContentAndRestoredForWhatFollows() throws {
        let view = VStack {
            Text("inside").font(.system(size: 30)).foregroundStyle(Color.red).lineLimit(1)
            Text("after")
        }
        let svg = try Renderer.render(view).svg
        #expect(svg.contains("font-size=\"30\" fill=\"\(Color.red.lightValue.hexText)\" xml:space=\"preserve\">inside"))
        #expect(svg.contains("font-size=\"17\" fill=\"#000000\" xml:space=\"preserve\">after"))
    }

    /// A style is resolved where it is set: `.tint` as the tint around the modifier.
    @Test func theForegroundStyleIsResolvedInTheEnvironmentItIsSetIn() throws {
        let view = Text("tinted").foregroundStyle(.tint).tint(Color.green)
        #expect(try Renderer.render(view).svg.contains("fill=\"\(Color.green.lightValue.hexText)\" xml:space=\"preserve\">tinted"))
    }

    /// `.italic(false)` on a container turns italic off inside and leaves the weight alone.
    @Test func italicFalseKeepsTheWeight() throws {
        let view = VStack { VStack { Text("plain") }.italic(false) }.bold().italic()
        let svg = try Renderer.render(view).svg
        #expect(svg.contains("font-weight=\"bold\""))
        #expect(!svg.contains("font-style=\"italic\""))
    }
}
