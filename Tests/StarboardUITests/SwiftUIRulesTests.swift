import Testing
@testable import StarboardUI

/// Rules where Starboard once differed from SwiftUI without saying so: modifiers on `ForEach` and
/// `Group`, fonts that compose, text that wraps, characters DejaVu Sans lacks.
@Suite("SwiftUI rules")
struct SwiftUIRulesTests {
    // MARK: - Modifiers on ForEach and Group

    @Test func aModifierOnForEachAppliesToEachElement() throws {
        let view = HStack(spacing: 0) {
            ForEach(0..<3) { index in
                Rectangle().frame(width: 10, height: 10).accessibilityIdentifier("cell-\(index)")
            }
            .padding(5)
        }
        let rendering = try Renderer.render(view)
        // Three padded cells side by side, not one padded column.
        #expect(rendering.size == Size(width: 60, height: 20))
        let f = try frames(view)
        #expect(f["cell-0"] == Rect(x: 5, y: 5, width: 10, height: 10))
        #expect(f["cell-2"] == Rect(x: 45, y: 5, width: 10, height: 10))
    }

    @Test func aModifierOnGroupAppliesToEachView() throws {
        let view = VStack(alignment: .leading, spacing: 0) {
            Group {
                Text("A")
                Text("B")
            }
            .font(.title)
        }
        let svg = try Renderer.render(view).svg
        #expect(svg.components(separatedBy: "font-size=\"28\"").count == 3)
    }

    @Test func forEachWithPositionDrawsEachElementWhereItSays() throws {
        // The Landmarks badge spells its symbols with the modifiers on the ForEach.
        let view = GeometryReader { geometry in
            ForEach(0..<4) { index in
                Rectangle().frame(width: 10, height: 10).accessibilityIdentifier("s\(index)")
            }
            .position(x: geometry.size.width / 2, y: geometry.size.height / 2)
        }
        .frame(width: 100, height: 100)
        let f = try frames(view)
        for index in 0..<4 {
            // All four at the centre: each element is positioned, not a column of them.
            #expect(f["s\(index)"] == Rect(x: 45, y: 45, width: 10, height: 10))
        }
    }

    // MARK: - Fonts

    @Test func boldThenFontKeepsTheBoldWeight() throws {
        let svg = try Renderer.render(Text("Hike").bold().font(.title)).svg
        #expect(svg.contains("font-size=\"28\" font-weight=\"bold\""))
    }

    @Test func fontOnAContainerKeepsAWeightSetInside() throws {
        let svg = try Renderer.render(VStack { Text("Hike").fontWeight(.semibold) }.font(.caption)).svg
        #expect(svg.contains("font-size=\"12\" font-weight=\"bold\""))
    }

    @Test func boldOnAContainerAppliesToTextInside() throws {
        let svg = try Renderer.render(VStack { Text("Hike").font(.body) }.bold()).svg
        #expect(svg.contains("font-size=\"17\" font-weight=\"bold\""))
    }

    @Test func fontOnTextWinsOverTheContainersFont() throws {
        let svg = try Renderer.render(VStack { Text("A").font(.caption) }.font(.title)).svg
        #expect(svg.contains("font-size=\"12\""))
        #expect(!svg.contains("font-size=\"28\""))
    }

    @Test func boldIsMeasuredWithTheBoldFace() throws {
        let regular = try Renderer.render(Text("Completed Badges").font(.title)).size.width
        let bold = try Renderer.render(Text("Completed Badges").font(.title).bold()).size.width
        #expect(bold > regular + 5)
    }

    // MARK: - Text wrapping

    static let sentence = "The quick brown fox jumps over the lazy dog near the riverbank"

    @Test func textWrapsToTheWidthItIsOffered() throws {
        let rendering = try Renderer.render(Text(Self.sentence).frame(width: 120, alignment: .leading))
        let lineHeight = Typesetter.shared.lineMetrics(for: .body).height
        #expect(rendering.size.width == 120)
        #expect(rendering.size.height > lineHeight * 2.5)
        let lines = tspans(rendering.svg)
        #expect(lines.count >= 3)
        #expect(lines.joined(separator: " ") == Self.sentence)
        for line in lines {
            #expect(Typesetter.shared.width(of: line, font: .body) <= 120 + 1e-6, "\(line) is wider than 120")
        }
    }

    @Test func aWordWiderThanTheLineBreaksBetweenCharacters() throws {
        let rendering = try Renderer.render(Text("Supercalifragilistic").frame(width: 60))
        let lines = tspans(rendering.svg)
        #expect(lines.count >= 2)
        #expect(lines.joined() == "Supercalifragilistic")
    }

    @Test func lineLimitTruncatesTheLastLineWithAnEllipsis() throws {
        let rendering = try Renderer.render(Text(Self.sentence).lineLimit(2).frame(width: 120))
        let lines = tspans(rendering.svg)
        #expect(lines.count == 2)
        #expect(lines[1].hasSuffix("\u{2026}"))
        #expect(Typesetter.shared.width(of: lines[1], font: .body) <= 120 + 1e-6)
    }

    @Test func truncationModeHeadPutsTheEllipsisFirst() throws {
        let rendering = try Renderer.render(Text(Self.sentence).lineLimit(1).truncationMode(.head).frame(width: 120))
        let svg = rendering.svg
        #expect(svg.contains(">\u{2026}"))
        #expect(svg.contains("riverbank<"))
    }

    @Test func aHeightTooShortForAllLinesTruncates() throws {
        let lineHeight = Typesetter.shared.lineMetrics(for: .body).height
        let rendering = try Renderer.render(Text(Self.sentence).frame(width: 120, height: lineHeight * 2.5))
        let lines = tspans(rendering.svg)
        #expect(lines.count == 2)
        #expect(lines[1].hasSuffix("\u{2026}"))
    }

    @Test func multilineTextAlignmentCentresEachLine() throws {
        let rendering = try Renderer.render(Text(Self.sentence).multilineTextAlignment(.center).frame(width: 120))
        let xs = tspanXs(rendering.svg)
        let lines = tspans(rendering.svg)
        let widest = lines.map { Typesetter.shared.width(of: $0, font: .body) }.max()!
        // Each line's centre is the text's centre.
        for (x, line) in zip(xs, lines) {
            let centre = x + Typesetter.shared.width(of: line, font: .body) / 2
            let textLeft = (120 - widest) / 2
            #expect(abs(centre - (textLeft + widest / 2)) < 0.01)
        }
    }

    @Test func fixedSizeKeepsTheTextOnOneLine() throws {
        let rendering = try Renderer.render(Text(Self.sentence).fixedSize().frame(width: 120))
        #expect(tspans(rendering.svg).isEmpty)
        #expect(rendering.svg.contains(">\(Self.sentence)</text>"))
    }

    @Test func lineBreaksInTheStringStartNewLines() throws {
        let rendering = try Renderer.render(Text("First\nSecond"))
        #expect(tspans(rendering.svg) == ["First", "Second"])
    }

    @Test func aLongUsernameWrapsInsideProfileWidth() throws {
        let name = String(repeating: "long_username_", count: 3)
        let rendering = try Renderer.render(VStack(alignment: .leading) { Text(name).font(.title).bold() }.frame(width: 340, alignment: .leading))
        for line in tspans(rendering.svg) {
            #expect(Typesetter.shared.width(of: line, font: Font.title.bold()) <= 340 + 1e-6)
        }
        #expect(rendering.size.width == 340)
    }

    // MARK: - Characters DejaVu Sans lacks

    @Test func emojiAreMeasuredWithTheEmojiFontAndNamedInTheSVG() throws {
        #expect(Typesetter.shared.missingFaces.isEmpty, "\(Typesetter.shared.missingFaces)")
        // Noto Color Emoji advances 2550 of 2048 units per em.
        let width = Typesetter.shared.width(of: "🌞", font: .body)
        #expect(abs(width - 17 * 2550 / 2048) < 0.001)
        // The emoji (and the space that follows them) are one run in the emoji face, placed
        // where layout measured them; "Hike" is another, in the text's own face.
        let svg = try Renderer.render(Text("🌞🌞🌞🌞🌞 Hike")).svg
        #expect(svg.contains("<tspan x=\"0\" font-family=\"Noto Color Emoji\" font-size=\"17\">🌞🌞🌞🌞🌞 </tspan><tspan x=\""))
        #expect(svg.contains("\">Hike</tspan></text>"))
        // Text DejaVu has entirely keeps the one family, with no run of its own: a snowman
        // without VS16 is a text character, which DejaVu draws.
        let snowman = try Renderer.render(Text("Hike ☃")).svg
        #expect(snowman.contains("font-family=\"DejaVu Sans\" font-size=\"17\" fill=\"#000000\" xml:space=\"preserve\">Hike ☃</text>"))
    }

    @Test func joinedEmojiTakeTheWidthOfOneGlyph() throws {
        let family = "👨\u{200D}👩\u{200D}👧"
        let single = Typesetter.shared.width(of: "👨", font: .body)
        #expect(abs(Typesetter.shared.width(of: family, font: .body) - single) < 0.001)
        #expect(abs(Typesetter.shared.width(of: "🇩🇪", font: .body) - Typesetter.shared.width(of: "🇩", font: .body)) < 0.001)
    }

    // MARK: - Spacers and limits

    @Test func aSpacerGrowsAlongItsStackOnly() throws {
        let view = HStack(spacing: 0) {
            Rectangle().frame(width: 10, height: 10)
            Spacer()
            Rectangle().frame(width: 10, height: 10).accessibilityIdentifier("end")
        }
        .frame(width: 100)
        let rendering = try Renderer.render(view)
        #expect(rendering.size == Size(width: 100, height: 10))
        #expect(try frames(view)["end"]?.minX == 90)
    }

    @Test(arguments: [0.0, 1.0])
    func aLabelBesideASpacerTakesTheRoomTheSwitchLeaves(priority: Double) throws {
        let label = "Prefers notifications"
        let view = HStack {
            Text(label).layoutPriority(priority)
            Spacer()
            Color.red.frame(width: 51, height: 31)
        }
        .frame(width: 288)
        // The spacer takes what the others leave, so the label keeps its line with or without
        // priority, as in SwiftUI (more in StackSpacerTests).
        #expect(try Renderer.render(view).svg.contains(">\(label)</text>"))
    }

    @Test func tooManyViewsFailWithTheViewLimit() throws {
        let view = VStack { ForEach(0..<100) { _ in Rectangle() } }
        #expect(throws: RenderLimits.Exceeded.views(50)) {
            try Renderer.render(view, limits: RenderLimits(maxViews: 50, maxDepth: 100))
        }
    }

    @Test func nestingTooDeepFailsWithTheDepthLimit() throws {
        let view = VStack { VStack { VStack { VStack { Rectangle() } } } }
        #expect(throws: RenderLimits.Exceeded.depth(3)) {
            try Renderer.render(view, limits: RenderLimits(maxViews: 50, maxDepth: 3))
        }
    }

    // MARK: - Helpers

    /// The lines of every wrapped text in `svg`, in order.
    func tspans(_ svg: String) -> [String] {
        svg.components(separatedBy: "<tspan ").dropFirst().map { piece in
            let afterTag = piece[piece.index(after: piece.firstIndex(of: ">")!)...]
            return String(afterTag[..<afterTag.range(of: "</tspan>")!.lowerBound])
        }
    }

    func tspanXs(_ svg: String) -> [Double] {
        svg.components(separatedBy: "<tspan x=\"").dropFirst().map { Double($0.prefix { $0 != "\"" })! }
    }
}
