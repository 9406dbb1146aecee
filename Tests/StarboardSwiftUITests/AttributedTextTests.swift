import Foundation
import Testing
@testable import StarboardUI

/// `Text(AttributedString)` with SwiftUI's attributes, as SwiftUI draws them.
@Suite struct AttributedTextTests {
    @Test func theReleaseNotesRenderAsGolden() throws {
        SwiftUISpellingTests().assertSnapshot(try Renderer.render(ReleaseNotes()).svg, named: "ReleaseNotes")
    }

    @Test func markdownSetsIntentsAndLinks() throws {
        let string = try AttributedString(markdown: "a **b** *c* `d` ~~e~~ [f](https://example.com/f)")
        var found: [String: InlinePresentationIntent] = [:]
        var links: [String: URL] = [:]
        for run in string.runs {
            let piece = String(string.characters[run.range])
            if let intent = run.inlinePresentationIntent { found[piece] = intent }
            if let link = run.link { links[piece] = link }
        }
        #expect(found == ["b": .stronglyEmphasized, "c": .emphasized, "d": .code, "e": .strikethrough])
        #expect(links == ["f": URL(string: "https://example.com/f")!])
        #expect(String(string.characters) == "a b c d e f")
    }

    @Test func eachAttributeDrawsAsSwiftUIDrawsIt() throws {
        var bold = AttributedString("bold")
        bold.inlinePresentationIntent = .stronglyEmphasized
        var red = AttributedString(" red")
        red.foregroundColor = .red
        var code = AttributedString(" code")
        code.inlinePresentationIntent = .code
        var under = AttributedString(" under")
        under.underlineStyle = .single
        var struck = AttributedString(" struck")
        struck.strikethroughStyle = .single
        var big = AttributedString(" big")
        big.font = .system(size: 30)
        let svg = try Renderer.render(Text(bold + red + code + under + struck + big)).svg
        // The first run is wrapped only when it carries a line: here it is in the text's own face.
        #expect(svg.contains("font-weight=\"bold\" fill=\"#000000\" xml:space=\"preserve\">bold<tspan"))
        #expect(svg.contains("fill=\"#FF3B30\"> red</tspan>"))
        #expect(svg.contains("font-family=\"DejaVu Sans Mono\""))
        #expect(svg.contains("text-decoration=\"underline\"> under</tspan>"))
        #expect(svg.contains("text-decoration=\"line-through\"> struck</tspan>"))
        #expect(svg.contains("font-size=\"30\""))
    }

    @Test func aSliceTakesItsOwnColour() throws {
        var string = AttributedString("one two three")
        let range = try #require(string.range(of: "two"))
        string[range].foregroundColor = .blue
        let runs = string.runs.map { String(string.characters[$0.range]) }
        #expect(runs == ["one ", "two", " three"])
        let svg = try Renderer.render(Text(string)).svg
        #expect(svg.contains("fill=\"#007AFF\">two</tspan>"))
    }

    @Test func aLinkIsInTheTintWhateverItsColour() throws {
        var link = AttributedString("docs")
        link.link = URL(string: "https://example.com")
        link.foregroundColor = .red
        let svg = try Renderer.render(Text(AttributedString("see ") + link).tint(.purple)).svg
        #expect(svg.contains("fill=\"#AF52DE\">docs</tspan>"))
        #expect(!svg.contains("#FF3B30"))
    }

    @Test func aLineOnTheFirstRunIsNotInheritedByTheRest() throws {
        var first = AttributedString("under")
        first.underlineStyle = .single
        let svg = try Renderer.render(Text(first + AttributedString(" plain"))).svg
        #expect(svg.contains("<tspan text-decoration=\"underline\">under</tspan>"))
        #expect(svg.components(separatedBy: "text-decoration").count == 2)
    }

    @Test func aLiteralsStrikethroughIsDrawn() throws {
        let svg = try Renderer.render(Text("was ~~nine~~ ten")).svg
        #expect(svg.contains("text-decoration=\"line-through\""))
        #expect(!svg.contains("~~"))
    }

    @Test func aBackgroundWarnsAndSpacingIsDrawn() throws {
        var string = AttributedString("spaced")
        string.kern = 2
        string.backgroundColor = .yellow
        var tracked = AttributedString(" out")
        tracked.tracking = 3
        let rendering = try Renderer.render(Text(string + tracked))
        #expect(rendering.warnings.contains { $0.contains("backgroundColor is not drawn") })
        #expect(!rendering.warnings.contains { $0.contains("kern") || $0.contains("tracking") })
        #expect(rendering.svg.contains("letter-spacing=\"2\""))
        #expect(rendering.svg.contains("letter-spacing=\"3\" fill=\"#000000\"> out</tspan>"))
    }

    @Test func underlineAndStrikethroughModifiers() throws {
        let svg = try Renderer.render(Text("a").underline() + Text("b").strikethrough() + Text("c").underline().strikethrough()).svg
        #expect(svg.contains("text-decoration=\"underline\">a</tspan>"))
        #expect(svg.contains("text-decoration=\"line-through\">b</tspan>"))
        #expect(svg.contains("text-decoration=\"underline line-through\">c</tspan>"))
    }
}
