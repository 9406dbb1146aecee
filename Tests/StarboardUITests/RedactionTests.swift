import Testing
@testable import StarboardUI

private func count(_ needle: String, in haystack: String) -> Int {
    haystack.components(separatedBy: needle).count - 1
}

/// Reads the redaction reasons of its environment, as a view deciding what to show does.
private struct ReasonReader: View {
    @Environment(\.redactionReasons) var reasons
    var body: some View {
        // A shape, which redaction leaves as it is: its colour tells what the view read.
        Rectangle().fill(reasons.contains(.placeholder) ? Color.red : Color.blue).frame(width: 10, height: 10)
    }
}

/// `.redacted(reason: .placeholder)`, as SwiftUI draws it: the layout of the real content, its
/// text as rounded bars (one a line) and its images as boxes, in the foreground faded.
@Suite("Redaction")
struct RedactionTests {
    @Test func placeholderTextIsABarOfTheTextsSizeAndNoText() throws {
        let plain = try Renderer.render(Text("Mount Whitney"))
        let redacted = try Renderer.render(Text("Mount Whitney").redacted(reason: .placeholder))
        #expect(redacted.size == plain.size)
        #expect(!redacted.svg.contains("Mount Whitney"))
        #expect(count("<text", in: redacted.svg) == 0)
        // Black text at a fifth of its opacity.
        #expect(count("fill=\"#000000\" fill-opacity=\"0.2\"", in: redacted.svg) == 1)
    }

    @Test func eachWrappedLineIsABarOfItsOwn() throws {
        let paragraph = Text("one two three four five six seven eight nine ten").frame(width: 80)
        let lines = try Renderer.render(paragraph).svg
        let redacted = try Renderer.render(paragraph.redacted(reason: .placeholder)).svg
        let bars = count("fill-opacity=\"0.2\"", in: redacted)
        #expect(bars > 1)
        // As many bars as the text has lines: each line is a tspan (or a text) of its own.
        #expect(bars == max(count("<tspan", in: lines), count("<text", in: lines)))
    }

    @Test func imagesAndSymbolsAreBoxesShapesAreThemselves() throws {
        let symbol = try Renderer.render(Image(systemName: "star.fill"))
        let boxed = try Renderer.render(Image(systemName: "star.fill").redacted(reason: .placeholder))
        #expect(boxed.size == symbol.size)
        #expect(count("<path", in: boxed.svg) + count("<rect", in: boxed.svg) == 1)
        #expect(boxed.svg.contains("fill-opacity=\"0.2\""))
        let shape = try Renderer.render(Circle().fill(.red).frame(width: 10, height: 10).redacted(reason: .placeholder)).svg
        #expect(shape == (try Renderer.render(Circle().fill(.red).frame(width: 10, height: 10)).svg))
    }

    @Test func unredactedShowsItsContentAndReasonsAreInTheEnvironment() throws {
        let view = VStack {
            Text("Hidden")
            Text("Price").unredacted()
            ReasonReader()
        }
        .redacted(reason: .placeholder)
        let svg = try Renderer.render(view).svg
        #expect(!svg.contains("Hidden"))
        #expect(svg.contains("Price"))
        let red = "#FF3B30", blue = "#007AFF"
        #expect(svg.contains(red) && !svg.contains(blue))
        #expect(try Renderer.render(ReasonReader()).svg.contains(blue))
        #expect(try Renderer.render(ReasonReader().unredacted().redacted(reason: .placeholder)).svg.contains(blue))
    }

    @Test func privacyLeavesViewsThatAreNotPrivacySensitiveAsTheyAre() throws {
        let svg = try Renderer.render(Text("Account 1234").redacted(reason: .privacy)).svg
        #expect(svg.contains("Account 1234"))
    }

    @Test func whiteTextMakesFadedWhiteBars() throws {
        let svg = try Renderer.render(Text("Night").foregroundColor(.white).redacted(reason: .placeholder)).svg
        #expect(svg.contains("fill=\"#FFFFFF\" fill-opacity=\"0.2\""))
    }
}
