import Foundation
import Testing
@testable import StarboardUI

/// `kerning(_:)` and `tracking(_:)` (on text, on a container, as attributed-string attributes)
/// and `textCase(_:)`: the space measured, where lines break, the SVG's `letter-spacing`, and
/// the case the locale writes.
@Suite("Text spacing and case")
struct TextSpacingTests {
    static let size = ShapingTests.size

    static func font(kerning: Double = 0, tracking: Double = 0) -> Font {
        var font = Font.system(size: size)
        font.kerning = kerning
        font.tracking = tracking
        return font
    }

    @Test func kerningAddsAfterEveryCharacterAndTrackingLeavesTheLastOut() {
        let plain = Typesetter.shared.width(of: "AVIATION", font: Self.font())
        #expect(abs(Typesetter.shared.width(of: "AVIATION", font: Self.font(kerning: 3)) - (plain + 3 * 8)) < 1e-9)
        #expect(abs(Typesetter.shared.width(of: "AVIATION", font: Self.font(tracking: 3)) - (plain + 3 * 7)) < 1e-9)
    }

    @Test func spacedTextIsShapedWithoutLigaturesAsHarfBuzzShapesIt() throws {
        // DejaVu Sans sets "ffi" as one glyph; spaced apart it is three, as the browser draws
        // letter-spacing and as SwiftUI sets tracked text.
        let ligated = Typesetter.shared.width(of: "office", font: Self.font())
        let unligated = try ShapingTests.harfBuzzWidth(of: "office", features: "-liga,-clig")
        #expect(ligated < unligated - 0.1)
        #expect(abs(Typesetter.shared.width(of: "office", font: Self.font(tracking: 2)) - (unligated + 2 * 5)) < 0.01)
        #expect(abs(Typesetter.shared.width(of: "office", font: Self.font(kerning: 2)) - (unligated + 2 * 6)) < 0.01)
    }

    @Test func aTrackedLineFitsAWidthWithoutItsLastSpace() throws {
        let font = Font.system(size: Self.size)
        let word = Typesetter.shared.width(of: "SOLD", font: Self.font(tracking: 4))
        let space = Typesetter.shared.width(of: "SOLD OUT", font: Self.font(tracking: 4))
        // The frame holds "SOLD OUT" exactly: it fits on one line, a point less and it wraps.
        let fits = try Renderer.render(Text("SOLD OUT").font(font).tracking(4).frame(width: space)).svg
        let wraps = try Renderer.render(Text("SOLD OUT").font(font).tracking(4).frame(width: space - 1)).svg
        #expect(!fits.contains("<tspan"))
        #expect(wraps.components(separatedBy: "<tspan x=").count == 3, "\(wraps)")
        #expect(word < space - 1)
    }

    @Test func aContainersSpacingReachesTextThatSetsNone() throws {
        let svg = try Renderer.render(VStack {
            Text("inherits")
            Text("own").tracking(1)
        }.kerning(2)).svg
        #expect(svg.contains("letter-spacing=\"2\" fill=\"#000000\" xml:space=\"preserve\">inherits</text>"), "\(svg)")
        // Its own tracking wins over the container's kerning, as SwiftUI ignores kerning then.
        #expect(svg.contains("letter-spacing=\"1\" fill=\"#000000\" xml:space=\"preserve\">own</text>"), "\(svg)")
        #expect(!(try Renderer.render(Text("plain")).svg).contains("letter-spacing"))
    }

    @Test func trackingWinsOverKerning() throws {
        let svg = try Renderer.render(Text("ab").kerning(5).tracking(1)).svg
        #expect(svg.contains("letter-spacing=\"1\""), "\(svg)")
        // Tracking that cancels kerning out is not added to it: the text is spaced -3.
        let cancelled = try Renderer.render(Text("abc").kerning(3).tracking(-3)).svg
        #expect(cancelled.contains("letter-spacing=\"-3\""), "\(cancelled)")
    }

    @Test func aWrappedLineFitsWithoutItsLastTracking() throws {
        // The frame is exactly as wide as "SOLD OUT" tracked: the first line holds both words
        // only when the tracking after its last character is left out.
        let width = Typesetter.shared.width(of: "SOLD OUT", font: Self.font(tracking: 4))
        let svg = try Renderer.render(Text("SOLD OUT TODAY").font(.system(size: Self.size)).tracking(4).frame(width: width)).svg
        #expect(Self.lines(in: svg) == ["SOLD OUT", "TODAY"], "\(svg)")
    }

    @Test func aTruncatedTrackedLineStaysWithinItsWidth() throws {
        let string = "Hello wonderful world of tracking and more words"
        for mode in [Text.TruncationMode.tail, .head, .middle] {
            for width in [80.0, 87, 94, 150] {
                let svg = try Renderer.render(Text(string).font(.system(size: Self.size)).tracking(10).lineLimit(1).truncationMode(mode).frame(width: width)).svg
                let drawn = try #require(Self.lines(in: svg).first ?? Self.singleText(in: svg))
                #expect(drawn.contains("\u{2026}"))
                let measured = Typesetter.shared.width(of: drawn, font: Self.font(tracking: 10))
                #expect(measured <= width + 1e-6, "\(mode) in \(width): \(drawn) is \(measured)")
            }
        }
    }

    /// The text of each line's `<tspan>`.
    static func lines(in svg: String) -> [String] { lineTspans(in: svg).map(\.text) }

    /// The text of a one-line `<text>`.
    static func singleText(in svg: String) -> String? {
        guard let range = svg.range(of: #"xml:space="preserve">[^<]*</text>"#, options: .regularExpression) else { return nil }
        return String(svg[range].dropFirst("xml:space=\"preserve\">".count).dropLast("</text>".count))
    }

    @Test func aRunSetsItsSpacingBackInsideSpacedText() throws {
        let svg = try Renderer.render(Text("wide").tracking(2) + Text(" tight")).svg
        #expect(svg.contains("letter-spacing=\"2\""))
        #expect(svg.contains("letter-spacing=\"0\" fill=\"#000000\"> tight</tspan>"), "\(svg)")
    }

    @Test func aRegularRunInsideBoldTextIsSetBackToNormal() throws {
        let svg = try Renderer.render(Text("bold").bold() + Text(" regular")).svg
        #expect(svg.contains("font-weight=\"bold\""))
        #expect(svg.contains("font-weight=\"normal\"> regular</tspan>") || svg.contains("font-weight=\"normal\" fill"), "\(svg)")
    }

    @Test func textCaseFollowsTheLocale() throws {
        #expect(try Renderer.render(Text("Settings").textCase(.uppercase)).svg.contains(">SETTINGS</text>"))
        #expect(try Renderer.render(Text("Settings").textCase(.lowercase)).svg.contains(">settings</text>"))
        // Turkish capitals a dotted i as İ.
        var turkish = EnvironmentValues()
        turkish.locale = Locale(identifier: "tr_TR")
        #expect(try Renderer.render(Text(verbatim: "istanbul").textCase(.uppercase), environment: turkish).svg.contains(">İSTANBUL</text>"))
        // A list section's header is in capitals unless a case is set around it.
        let list = try Renderer.render(List {
            Section("Settings") { Text("Row") }
            Section(header: Text("Mine")) { Text("Row") }
            Section("Kept") { Text("Row") }.textCase(nil)
        }).svg
        #expect(list.contains(">SETTINGS<") && list.contains(">MINE<") && list.contains(">Kept<"), "\(list)")
        #expect(list.contains(">Row<"))
        // nil keeps the text as written, inside an uppercased container too.
        #expect(try Renderer.render(VStack { Text("Kept").textCase(nil) }.textCase(.uppercase)).svg.contains(">Kept</text>"))
        // Measured as drawn: capitals are wider.
        let upper = try Renderer.render(Text("wide").textCase(.uppercase)).size.width
        let lower = try Renderer.render(Text("wide")).size.width
        #expect(upper > lower)
    }
}

/// `.lineSpacing(_:)`: points between one line of wrapped text and the next, none after the last.
@Suite("Line spacing")
struct LineSpacingTests {
    static let paragraph = "A trail through the woods and over the hill to the lake"

    @Test func linesAreSpacedApartAndTheTextIsThatMuchTaller() throws {
        let tight = try Renderer.render(Text(Self.paragraph).frame(width: 120))
        let spaced = try Renderer.render(Text(Self.paragraph).frame(width: 120).lineSpacing(6))
        let tightLines = Self.baselines(in: tight.svg), spacedLines = Self.baselines(in: spaced.svg)
        try #require(tightLines.count >= 3 && tightLines.count == spacedLines.count, "\(tight.svg)")
        let pitch = tightLines[1] - tightLines[0]
        for index in spacedLines.indices.dropFirst() {
            #expect(abs(spacedLines[index] - spacedLines[index - 1] - (pitch + 6)) < 0.01)
        }
        #expect(abs(spaced.size.height - tight.size.height - 6 * Double(tightLines.count - 1)) < 0.01)
        // Below 0 counts as 0, as a paragraph style's spacing.
        #expect(try Renderer.render(Text(Self.paragraph).frame(width: 120).lineSpacing(-30)).svg == tight.svg)
        // One line has no space to add.
        #expect(try Renderer.render(Text("short").lineSpacing(6)).size == (try Renderer.render(Text("short"))).size)
    }

    @Test func aHeightFitsTheLinesWithTheSpacingBetweenThem() throws {
        let line = Typesetter.shared.lineMetrics(for: .body).height
        // Two lines and one spacing fit exactly; the rest is truncated into the second.
        let svg = try Renderer.render(Text(Self.paragraph).lineSpacing(10).frame(width: 120, height: 2 * line + 10)).svg
        #expect(Self.baselines(in: svg).count == 2, "\(svg)")
        #expect(svg.contains("\u{2026}"))
        let short = try Renderer.render(Text(Self.paragraph).lineSpacing(10).frame(width: 120, height: 2 * line + 9)).svg
        #expect(Self.baselines(in: short).count == 1, "\(short)")
    }

    /// The `y` of each line's `<tspan>`.
    static func baselines(in svg: String) -> [Double] { lineTspans(in: svg).map(\.y) }
}

/// Each line's `<tspan>` of a wrapped text: its baseline and the text before any run inside it.
private func lineTspans(in svg: String) -> [(y: Double, text: String)] {
    let pattern = try! NSRegularExpression(pattern: #"<tspan x="[-0-9.]+" y="([-0-9.]+)">([^<]*)"#)
    let text = svg as NSString
    return pattern.matches(in: svg, range: NSRange(location: 0, length: text.length)).map {
        (Double(text.substring(with: $0.range(at: 1)))!, text.substring(with: $0.range(at: 2)))
    }
}

/// `.minimumScaleFactor(_:)`: a text that would be truncated shrinks, down to the factor, to fit.
@Suite("Minimum scale factor")
struct MinimumScaleFactorTests {
    static let title = "Mountain trails of the north"

    /// The `font-size` of the SVG's text.
    static func fontSize(in svg: String) throws -> Double {
        let range = try #require(svg.range(of: #"font-size="([0-9.]+)""#, options: .regularExpression))
        return try #require(Double(svg[range].dropFirst("font-size=\"".count).dropLast()))
    }

    @Test func aLineThatWouldBeTruncatedShrinksToTheLargestScaleThatFits() throws {
        let natural = Typesetter.shared.width(of: Self.title, font: .body)
        let svg = try Renderer.render(Text(Self.title).lineLimit(1).minimumScaleFactor(0.5).frame(width: 150)).svg
        #expect(!svg.contains("\u{2026}"), "\(svg)")
        // Advances are linear in the size, so the exact scale is the width's share; the search
        // stops within 1/128 of the factor's range below it.
        let exact = 150 / natural
        let scale = try Self.fontSize(in: svg) / 17
        #expect(scale <= exact + 1e-3 && scale > exact - 0.5 / 128 - 1e-3, "scale \(scale), exact \(exact)")
        #expect(Typesetter.shared.width(of: Self.title, font: .system(size: try Self.fontSize(in: svg))) <= 150 + 0.01)
    }

    @Test func textThatFitsOrMayNotShrinkIsUnchanged() throws {
        let fits = try Renderer.render(Text(Self.title).lineLimit(1).minimumScaleFactor(0.5).frame(width: 400)).svg
        #expect(try Self.fontSize(in: fits) == 17)
        let unscaled = try Renderer.render(Text(Self.title).lineLimit(1).frame(width: 150)).svg
        #expect(try Self.fontSize(in: unscaled) == 17)
        #expect(unscaled.contains("\u{2026}"))
    }

    @Test func tooLongEvenAtTheFactorIsTruncatedAtTheFactor() throws {
        let svg = try Renderer.render(Text(Self.title).lineLimit(1).minimumScaleFactor(0.8).frame(width: 100)).svg
        #expect(abs(try Self.fontSize(in: svg) - 17 * 0.8) < 1e-3)
        #expect(svg.contains("\u{2026}"))
    }

    @Test func wrappedTextShrinksUntilItsLinesFitTheHeight() throws {
        let line = Typesetter.shared.lineMetrics(for: .body).height
        let paragraph = LineSpacingTests.paragraph
        let truncated = try Renderer.render(Text(paragraph).frame(width: 120, height: 2 * line)).svg
        #expect(truncated.contains("\u{2026}"))
        let shrunk = try Renderer.render(Text(paragraph).minimumScaleFactor(0.4).frame(width: 120, height: 2 * line)).svg
        #expect(!shrunk.contains("\u{2026}"), "\(shrunk)")
        let size = try Self.fontSize(in: shrunk)
        #expect(size < 17 && size >= 17 * 0.4)
        // More, smaller lines than two fit in the same height.
        let baselines = LineSpacingTests.baselines(in: shrunk)
        #expect(baselines.count > 2)
        #expect(Double(baselines.count) * Typesetter.shared.lineMetrics(for: .system(size: size)).height <= 2 * line + 1e-6)
    }
}

/// `.fontDesign(_:)` and `.monospaced()` on text and containers; `.monospacedDigit()`.
@Suite("Font design modifiers")
struct FontDesignModifierTests {
    @Test func aDesignIsSetOverTheFontsOnTextAndOnContainers() throws {
        let svg = try Renderer.render(VStack {
            Text("serif")
            Text("mono").monospaced()
            Text("own").font(.system(size: 20, design: .rounded))
        }.fontDesign(.serif)).svg
        #expect(svg.contains("font-family=\"DejaVu Serif\" font-size=\"17\"") && svg.contains(">serif</text>"), "\(svg)")
        #expect(svg.contains("font-family=\"DejaVu Sans Mono\" font-size=\"17\""), "\(svg)")
        #expect(svg.components(separatedBy: "DejaVu Serif").count == 3, "the container's design is over the text's own font too")
        let mono = try Renderer.render(HStack { Text("a"); Text("b").fontDesign(nil) }.monospaced()).svg
        #expect(mono.components(separatedBy: "DejaVu Sans Mono").count == 3, "\(mono)")
        #expect(try Renderer.render(Text("plain").fontDesign(.monospaced).monospaced(false)).svg.contains("DejaVu Sans Mono"))
    }

    @Test func textSelectionDrawsTheTextAsItWas() throws {
        let plain = try Renderer.render(VStack { Text("Copy me") }).svg
        #expect(try Renderer.render(VStack { Text("Copy me") }.textSelection(.enabled)).svg == plain)
        #expect(try Renderer.render(VStack { Text("Copy me") }.textSelection(.disabled)).svg == plain)
        #expect(EnabledTextSelectability.allowsSelection && !DisabledTextSelectability.allowsSelection)
    }

    @Test func monospacedDigitSetsTextAsItWas() throws {
        let digits = "0123456789"
        #expect(try Renderer.render(Text(digits).monospacedDigit()).svg == (try Renderer.render(Text(digits))).svg)
        #expect(try Renderer.render(VStack { Text(digits) }.monospacedDigit()).svg == (try Renderer.render(VStack { Text(digits) })).svg)
        // DejaVu's digits are of one width, which is why nothing needs to change.
        let widths = Set(digits.map { Typesetter.shared.width(of: String($0), font: .body) })
        #expect(widths.count == 1)
    }
}
