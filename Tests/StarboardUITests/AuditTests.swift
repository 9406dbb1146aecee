import Testing
@testable import StarboardUI

@Suite("Audit")
struct AuditTests {
    func gray(_ hex: String) -> Color.Resolved { Color(hex: hex)!.lightValue }
    let white = Color.Resolved(red: 1, green: 1, blue: 1)
    let black = Color.Resolved(red: 0, green: 0, blue: 0)

    /// WCAG 2's published values: black on white is 21:1, #767676 is the lightest gray that
    /// passes 4.5:1 on white, #777777 just fails, #595959 is about 7:1.
    @Test func contrastRatiosMatchWCAG() {
        #expect(abs(Contrast.ratio(black, white) - 21) < 1e-9)
        #expect(abs(Contrast.ratio(white, white) - 1) < 1e-9)
        #expect(Contrast.ratio(gray("#767676"), white) >= 4.5)
        #expect(Contrast.ratio(gray("#777777"), white) < 4.5)
        #expect(abs(Contrast.ratio(gray("#777777"), white) - 4.48) < 0.01)
        #expect(abs(Contrast.ratio(gray("#595959"), white) - 7.0) < 0.05)
        #expect(abs(Contrast.luminance(white) - 1) < 1e-12)
        #expect(Contrast.luminance(black) == 0)
    }

    @Test func largeTextNeedsThreeToOne() {
        #expect(Contrast.required(forTextOfSize: 17, bold: false) == 4.5)
        #expect(Contrast.required(forTextOfSize: 18, bold: false) == 3)
        #expect(Contrast.required(forTextOfSize: 14, bold: true) == 3)
        #expect(Contrast.required(forTextOfSize: 13, bold: true) == 4.5)
    }

    @Test func faintTextIsFoundWithItsRatioAndTheColorBehindIt() throws {
        let view = Text("Faint").foregroundColor(Color(red: 0.8, green: 0.8, blue: 0.8)).padding(4).background(Color.white)
        let findings = try Renderer.render(view, audit: true).audit
        let contrast = try #require(findings.first { $0.kind == .contrast })
        #expect(contrast.subject == "Faint")
        #expect(abs(contrast.ratio! - Contrast.ratio(Color(red: 0.8, green: 0.8, blue: 0.8).lightValue, white)) < 1e-9)
        #expect(contrast.message.contains("#FFFFFF"))
        #expect(contrast.message.contains("4.5:1"))
    }

    @Test func textOnAShapeIsJudgedAgainstTheShapeAndFiltersApply() throws {
        // Dark text on a dark capsule fails; on the light canvas beside it, it would pass.
        let onCapsule = Text("Badge").foregroundColor(.black).padding(8).background(Capsule().fill(Color(red: 0.2, green: 0.2, blue: 0.2)))
        #expect(try Renderer.render(onCapsule, audit: true).audit.contains { $0.kind == .contrast })
        let onCanvas = Text("Badge").foregroundColor(.black)
        #expect(try Renderer.render(onCanvas, audit: true).audit.isEmpty)
        // A grayscale filter over yellow text on white takes it from 1.1:1 to gray, still failing.
        let filtered = Text("Sun").foregroundColor(.yellow).grayscale(1)
        #expect(try Renderer.render(filtered, audit: true).audit.contains { $0.kind == .contrast })
    }

    @Test func primaryTextPassesOnBothSchemes() throws {
        var dark = EnvironmentValues()
        dark.colorScheme = .dark
        #expect(try Renderer.render(Text("Readable"), audit: true).audit.isEmpty)
        #expect(try Renderer.render(Text("Readable"), environment: dark, audit: true).audit.isEmpty)
        // Black text fixed in code is unreadable on the dark canvas.
        let fixed = try Renderer.render(Text("Fixed").foregroundColor(.black), environment: dark, audit: true).audit
        #expect(fixed.map(\.kind) == [.contrast])
    }

    @Test func truncatedAndOverflowingTextAreFound() throws {
        let truncated = Text("A sentence far too long for its frame").lineLimit(1).frame(width: 80)
        #expect(try Renderer.render(truncated, audit: true).audit.map(\.kind) == [.truncatedText])
        let overflowing = Text("Wider than its fixed frame").fixedSize().frame(width: 40)
        #expect(try Renderer.render(overflowing, audit: true).audit.map(\.kind) == [.clippedText])
    }

    @Test func smallAndUnlabelledTapTargetsAreFound() throws {
        let small = Color.blue.frame(width: 20, height: 20).accessibilityLabel("Tiny").onTapGesture {}
        #expect(try Renderer.render(small, audit: true).audit.map(\.kind) == [.smallTapTarget])
        let unlabelled = Color.blue.frame(width: 44, height: 44).onTapGesture {}
        #expect(try Renderer.render(unlabelled, audit: true).audit.map(\.kind) == [.unlabeledControl])
    }

    @Test func fixedOffsetsAreFoundOnlyRightToLeftAndCentredPositionsMirror() throws {
        var rtl = EnvironmentValues()
        rtl.layoutDirection = .rightToLeft
        let shifted = Color.red.frame(width: 10, height: 10).offset(x: 12).frame(width: 50, height: 20)
        #expect(try Renderer.render(shifted, audit: true).audit.isEmpty)
        #expect(try Renderer.render(shifted, environment: rtl, audit: true).audit.map(\.kind) == [.unmirroredOffset])
        let centred = Color.red.frame(width: 10, height: 10).position(x: 25, y: 10).frame(width: 50, height: 20)
        #expect(try Renderer.render(centred, environment: rtl, audit: true).audit.isEmpty)
    }
}
