import Foundation
import Testing
@testable import StarboardUI

/// Text is measured as HarfBuzz shapes it, in the face that has its characters, in the order
/// the bidirectional algorithm puts it: each string's width against Debian's `hb-shape` run on
/// the same face files, and the runs' faces and order in the SVG.
@Suite("Shaping, fallback and bidi")
struct ShapingTests {
    /// One string of the table: the faces its runs are set in and their directions, in visual
    /// order from the left as the SVG writes them.
    struct Case: CustomTestStringConvertible, Sendable {
        let label: String
        let string: String
        let visual: [(family: String, text: String, rightToLeft: Bool)]
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "Latin with kerning pairs", string: "AVATAR To Wa Ty", visual: [("DejaVu Sans", "AVATAR To Wa Ty", false)]),
        Case(label: "ligatures", string: "office fluffy", visual: [("DejaVu Sans", "office fluffy", false)]),
        Case(label: "Arabic", string: "مرحبا بالعالم", visual: [("Noto Sans Arabic", "مرحبا بالعالم", true)]),
        Case(label: "Hebrew", string: "שלום עולם", visual: [("Noto Sans Hebrew", "שלום עולם", true)]),
        Case(label: "Hebrew in Latin", string: "Hello שלום!", visual: [("DejaVu Sans", "Hello ", false), ("Noto Sans Hebrew", "שלום", true), ("DejaVu Sans", "!", false)]),
        Case(label: "Latin and digits in Hebrew", string: "שלום Hello 123!", visual: [
            ("DejaVu Sans", "!", true), ("DejaVu Sans", "Hello 123", false), ("Noto Sans Hebrew", "שלום ", true),
        ]),
        Case(label: "CJK", string: "日本語のテキスト", visual: [("Noto Sans CJK JP", "日本語のテキスト", false)]),
        Case(label: "Hangul", string: "한국어", visual: [("Noto Sans CJK JP", "한국어", false)]),
        Case(label: "emoji with VS16", string: "☃️❤️", visual: [("Noto Color Emoji", "☃️❤️", false)]),
        Case(label: "keycap", string: "1️⃣", visual: [("Noto Color Emoji", "1️⃣", false)]),
        Case(label: "ZWJ sequence", string: "👨‍👩‍👧", visual: [("Noto Color Emoji", "👨‍👩‍👧", false)]),
        Case(label: "flag", string: "🇩🇪", visual: [("Noto Color Emoji", "🇩🇪", false)]),
        Case(label: "skin tone", string: "👍🏽", visual: [("Noto Color Emoji", "👍🏽", false)]),
    ]

    static let size = 17.0

    /// What `hb-shape` gives for the runs Starboard set `string` in, each shaped alone in its
    /// face file and direction, in points at ``size``; `features` as hb-shape spells them.
    static func harfBuzzWidth(of string: String, features: String? = nil) throws -> Double {
        try Typesetter.shared.runs(of: string, font: .system(size: size)).reduce(0) { total, run in
            try total + hbShape(run.text, face: run.face, rightToLeft: run.rightToLeft, features: features)
        }
    }

    static func hbShape(_ text: String, face: FontFace, rightToLeft: Bool, features: String? = nil) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // At 1000 × the size, hb-shape's advances are thousandths of a point, rounded per glyph.
        var arguments = ["hb-shape", "--output-format=json", "--no-glyph-names", "--face-index=\(face.index)",
                         "--font-size=\(Int(size * 1000))", "--direction=\(rightToLeft ? "rtl" : "ltr")", "--font-file=\(face.path)",
                         "--text=\(text)"]
        if let features { arguments.append("--features=\(features)") }
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ShapeFailure("hb-shape (Debian's libharfbuzz-bin, which scripts/install-deps --test installs) failed: "
                + String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
        let glyphs = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        return glyphs.reduce(0) { $0 + (($1["ax"] as? NSNumber)?.doubleValue ?? 0) } / 1000
    }

    struct ShapeFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test(arguments: cases)
    func widthMatchesHarfBuzzOnTheSameFaces(_ item: Case) throws {
        let measured = Typesetter.shared.width(of: item.string, font: .system(size: Self.size))
        let shaped = try Self.harfBuzzWidth(of: item.string)
        #expect(shaped > 0)
        #expect(abs(measured - shaped) <= shaped * 0.005, "\(item.label): Starboard \(measured) pt, hb-shape \(shaped) pt")
        #expect(Typesetter.shared.missingCharacters(in: item.string, font: .body).isEmpty)
    }

    @Test(arguments: cases)
    func theSVGWritesEachRunInItsFaceInVisualOrder(_ item: Case) throws {
        let svg = try Renderer.render(Text(item.string).font(.system(size: Self.size))).svg
        let runs = Self.tspans(in: svg)
        if item.visual.count == 1, item.visual[0].family == "DejaVu Sans", !item.visual[0].rightToLeft {
            // All one left-to-right run in the text's own face: written as it is.
            #expect(runs.isEmpty)
            #expect(svg.contains("font-family=\"DejaVu Sans\" font-size=\"17\" fill=\"#000000\" xml:space=\"preserve\">\(item.string)</text>"))
            return
        }
        #expect(runs.map(\.text) == item.visual.map(\.text), "\(item.label): \(svg)")
        #expect(runs.map(\.family) == item.visual.map(\.family))
        #expect(runs.map(\.rightToLeft) == item.visual.map(\.rightToLeft))
        // Placed left to right, each right-to-left run at its right edge.
        let lefts = zip(runs, Typesetter.shared.runs(of: item.string, font: .system(size: Self.size))).map { $0.0.x }
        #expect(lefts == lefts.sorted() || item.visual.contains { $0.rightToLeft })
    }

    /// The run `<tspan>`s of an SVG: their `x`, family (DejaVu Sans when inherited), text and
    /// whether they are written right to left.
    static func tspans(in svg: String) -> [(x: Double, family: String, text: String, rightToLeft: Bool)] {
        let pattern = try! NSRegularExpression(pattern: #"<tspan x="([-0-9.]+)"([^>]*)>([^<]*)</tspan>"#)
        let text = svg as NSString
        return pattern.matches(in: svg, range: NSRange(location: 0, length: text.length)).map { match in
            let attributes = text.substring(with: match.range(at: 2))
            let family = attributes.range(of: #"font-family="([^"]*)""#, options: .regularExpression).map {
                String(attributes[$0].dropFirst("font-family=\"".count).dropLast())
            } ?? "DejaVu Sans"
            return (Double(text.substring(with: match.range(at: 1)))!, family, text.substring(with: match.range(at: 3)), attributes.contains("direction=\"rtl\""))
        }
    }

    @Test func kerningAndLigaturesChangeTheWidth() throws {
        // Measured with and without the features, so the table above is not passing by chance.
        let kerned = Typesetter.shared.width(of: "AVATAR To Wa Ty", font: .system(size: Self.size))
        let unkerned = try Self.harfBuzzWidth(of: "AVATAR To Wa Ty", features: "-kern")
        #expect(kerned < unkerned * 0.95, "kerned \(kerned), unkerned \(unkerned)")
        let ligated = Typesetter.shared.width(of: "office", font: .system(size: Self.size))
        let unligated = try Self.harfBuzzWidth(of: "office", features: "-liga")
        #expect(ligated < unligated - 0.1, "with ligatures \(ligated), without \(unligated)")
        let joined = Typesetter.shared.width(of: "مرحبا بالعالم", font: .system(size: Self.size))
        let unjoined = try Self.harfBuzzWidth(of: "مرحبا بالعالم", features: "-init,-medi,-fina,-rlig,-liga,-calt")
        #expect(joined < unjoined * 0.8, "joined \(joined), unjoined \(unjoined)")
    }

    @Test func emojiWithVS16AreAsWideAsTheColourGlyph() {
        // DejaVu has the snowman and the heart; with VS16 they are emoji, as wide as the
        // emoji face's glyph (2550 of 2048 units per em), not DejaVu's.
        let emoji = Self.size * 2550 / 2048
        for string in ["☃️", "❤️", "1️⃣"] {
            #expect(abs(Typesetter.shared.width(of: string, font: .system(size: Self.size)) - emoji) < 0.01, "\(string)")
        }
        // Without it the snowman is DejaVu's text glyph.
        #expect(Typesetter.shared.runs(of: "☃", font: .body).map(\.face.family) == ["DejaVu Sans"])
    }

    // MARK: - Bidi

    @Test func aParagraphRunsTheWayItsFirstStrongCharacterDoes() throws {
        // Under either layout direction: Hebrew first makes the paragraph right to left, so the
        // "!" ends up at the left; Latin first keeps it left to right.
        for direction in LayoutDirection.allCases {
            var environment = EnvironmentValues()
            environment.layoutDirection = direction
            let hebrew = Self.tspans(in: try Renderer.render(Text("שלום!"), environment: environment).svg)
            #expect(hebrew.map(\.text) == ["!", "שלום"], "\(direction)")
            #expect(hebrew.map(\.rightToLeft) == [true, true])
            let latin = try Renderer.render(Text("Hello!"), environment: environment).svg
            #expect(latin.contains(">Hello!</text>"))
        }
        // With no strong character, the layout direction decides: "123!" right to left puts the
        // "!" first, at the left.
        var rtl = EnvironmentValues()
        rtl.layoutDirection = .rightToLeft
        #expect(Self.tspans(in: try Renderer.render(Text("123!"), environment: rtl).svg).map(\.text) == ["!", "123"])
        #expect(try Renderer.render(Text("123!")).svg.contains(">123!</text>"))
    }

    @Test func bidiControlsAreAppliedAndLeftOutOfTheSVG() throws {
        // A right-to-left override reverses Latin letters; the SVG has the run written right to
        // left and no control characters, so the browser does not apply them twice.
        let svg = try Renderer.render(Text("a\u{202E}bc\u{202C}d")).svg
        let runs = Self.tspans(in: svg)
        #expect(runs.map(\.text) == ["a", "bc", "d"])
        #expect(runs.map(\.rightToLeft) == [false, true, false])
        #expect(!svg.unicodeScalars.contains { SVGWriter.isBidiControl($0) })
    }

    @Test func leadingAlignmentFollowsTheLayoutDirection() throws {
        // Two lines of different widths in a wide frame: leading is the left edge left to right
        // and the right edge right to left, as SwiftUI's `.multilineTextAlignment(.leading)`.
        let text = Text("Short\nA much longer line").multilineTextAlignment(.leading).frame(width: 300)
        var rtl = EnvironmentValues()
        rtl.layoutDirection = .rightToLeft
        func lineStarts(_ svg: String) -> [Double] {
            let pattern = try! NSRegularExpression(pattern: #"<tspan x="([-0-9.]+)" y="#)
            return pattern.matches(in: svg, range: NSRange(location: 0, length: (svg as NSString).length)).map {
                Double((svg as NSString).substring(with: $0.range(at: 1)))!
            }
        }
        let ltr = lineStarts(try Renderer.render(text).svg)
        #expect(ltr.count == 2 && ltr[0] == ltr[1])
        let mirrored = lineStarts(try Renderer.render(text, environment: rtl).svg)
        let short = Typesetter.shared.width(of: "Short", font: .body), long = Typesetter.shared.width(of: "A much longer line", font: .body)
        #expect(mirrored.count == 2)
        #expect(abs((mirrored[0] + short) - (mirrored[1] + long)) < 0.01, "the lines' right edges should meet: \(mirrored)")
    }

    // MARK: - Line breaking on shaped widths

    @Test func wrappedLinesAreAsWideAsTheirShapedText() throws {
        let string = "AVATAR To Wa Ty office fluffy AVATAR To Wa"
        let layout = Typesetter.shared.layout(
            TextNode(string: string, font: .body, paint: .color(.init(red: 0, green: 0, blue: 0)), runs: nil, lineLimit: nil, truncation: .tail, alignment: .leading),
            width: 120, height: nil
        )
        let lines = try #require(layout.lines)
        #expect(lines.count > 2)
        for line in lines {
            #expect(line.width <= 120 + 1e-9)
            #expect(abs(line.width - Typesetter.shared.width(of: String(line.text), font: .body)) < 1e-6, "\(line.text)")
        }
    }

    @Test func cjkBreaksBetweenIdeographsButNotBeforeClosingPunctuation() throws {
        // No spaces: a line may end after any ideograph or kana, but "。" and "、" never start one.
        let string = "日本語の文章、改行の規則。テキストを折り返す。"
        let layout = Typesetter.shared.layout(
            TextNode(string: string, font: .body, paint: .color(.init(red: 0, green: 0, blue: 0)), runs: nil, lineLimit: nil, truncation: .tail, alignment: .leading),
            width: 80, height: nil
        )
        let lines = try #require(layout.lines).map { String($0.text) }
        #expect(lines.count > 3)
        #expect(lines.joined() == string)
        for line in lines {
            #expect(!line.hasPrefix("。") && !line.hasPrefix("、"), "\(lines)")
            #expect(Typesetter.shared.width(of: line, font: .body) <= 80 + 1e-9)
        }
    }

    @Test(arguments: [40.0, 50.0, 60.0, 70.0, 80.0, 90.0, 100.0])
    func aWordSplitForWantOfRoomNeverLeavesItsColonAlone(width: Double) throws {
        // Issue 26: at the largest text size "Photos:" is wider than the line and is split
        // between characters; the colon must not start a line of its own (UAX #14's LB13).
        let string = "Seasonal Photos: ⛄ Earth Day! (2026), done."
        let layout = Typesetter.shared.layout(
            TextNode(string: string, font: .system(size: 40), paint: .color(.init(red: 0, green: 0, blue: 0)), runs: nil, lineLimit: nil, truncation: .tail, alignment: .leading),
            width: width, height: nil
        )
        let lines = try #require(layout.lines).map { String($0.text) }
        #expect(lines.joined().filter { $0 != " " } == string.filter { $0 != " " }, "\(lines)")
        for line in lines {
            let first = try #require(line.first)
            #expect(LineBreakClass(first.unicodeScalars.first!) != .closing, "a line starts with \(first): \(lines)")
        }
    }

    @Test func breakOpportunitiesFollowUAX14() {
        func breaks(_ a: Character, _ b: Character) -> Bool {
            let before = LineBreakClass(a.unicodeScalars.first!), after = LineBreakClass(b.unicodeScalars.first!)
            return LineBreakClass.breaks(after: before, lastNonSpace: before, before: after)
        }
        #expect(breaks(" ", "a"))         // after spaces
        #expect(!breaks("a", " "))        // never before a space
        #expect(breaks("-", "a"))         // after a hyphen
        #expect(!breaks("-", "5"))        // but not before a number it signs
        #expect(breaks("本", "語"))       // between ideographs
        #expect(breaks("a", "本"))
        #expect(!breaks("本", "。"))      // not before closing punctuation
        #expect(!breaks("「", "本"))      // nor after opening punctuation
        #expect(!breaks("a", "\u{00A0}")) // a no-break space glues
        #expect(breaks("🌞", "🌞"))       // emoji break like ideographs
        #expect(!breaks("a", "b"))
    }

    // MARK: - Fallback and missing glyphs

    @Test func aCharacterNoFaceHasIsTofuAndAWarning() throws {
        // U+0378 is unassigned: no font has it.
        let string = "A\u{0378}B"
        #expect(Typesetter.shared.missingCharacters(in: string, font: .body) == ["\u{0378}"])
        let rendering = try Renderer.render(Text(string), audit: true)
        #expect(rendering.warnings.contains { $0.contains("U+0378") && $0.contains("empty box") })
        #expect(rendering.audit.map(\.kind) == [.missingGlyphs])
        // It is measured as the face's empty box (the .notdef glyph), not as nothing.
        #expect(Typesetter.shared.width(of: string, font: .body) > Typesetter.shared.width(of: "AB", font: .body) + 5)
    }

    @Test func aFontFileNeitherFreeTypeNorHarfBuzzReadsIsSkippedWithAWarning() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for face in ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"] {
            try FileManager.default.copyItem(atPath: Typesetter.defaultFontDirectory + "/" + face, toPath: folder.appendingPathComponent(face).path)
        }
        try Data("not a font at all".utf8).write(to: folder.appendingPathComponent("Broken.ttf"))
        let typesetter = Typesetter(directory: folder.path)
        #expect(typesetter.loadError == nil)
        #expect(typesetter.rejectedFiles.count == 1)
        #expect(typesetter.rejectedFiles.first?.hasPrefix(folder.appendingPathComponent("Broken.ttf").path + ": ") == true, "\(typesetter.rejectedFiles)")
        // The rest still measures: "AV" kerned in the copied DejaVu Sans.
        #expect(abs(typesetter.width(of: "AVATAR", font: .body) - Typesetter.shared.width(of: "AVATAR", font: .body)) < 1e-9)
    }

    @Test func customFontsUseAResourceFileElseTheNearestFaceWithAWarning() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let serif = folder.appendingPathComponent("Brand-Regular.ttf")
        try FileManager.default.copyItem(atPath: Typesetter.defaultFontDirectory + "/DejaVuSerif.ttf", toPath: serif.path)
        let typesetter = Typesetter(directory: Typesetter.defaultFontDirectory, extraFiles: [serif.path])
        // By file name: the resource's face measures and names the text.
        let custom = Font.custom("Brand-Regular", size: 17)
        #expect(typesetter.runs(of: "Hello", font: custom).map(\.face.path) == [serif.path])
        #expect(abs(typesetter.width(of: "Hello", font: custom) - typesetter.width(of: "Hello", font: .system(size: 17, design: .serif))) < 1e-9)
        let svg = try Renderer.render(Text("Hello").font(custom), typesetter: typesetter)
        #expect(svg.svg.contains("font-family=\"DejaVu Serif\""))
        #expect(svg.warnings.isEmpty)
        // A name nothing has: DejaVu Sans stands in, and the render says so.
        let missing = try Renderer.render(Text("Hello").font(.custom("No Such Face 42", size: 17)), typesetter: typesetter)
        #expect(missing.warnings.contains { $0.contains("No Such Face 42") && $0.contains("DejaVu Sans stands in") })
        // Scaling: relative to a text style, or fixed.
        #expect(Font.custom("Brand-Regular", size: 20, relativeTo: .title3).scaled(for: .accessibility3).size == 43)
        #expect(Font.custom("Brand-Regular", fixedSize: 20).scaled(for: .accessibility3).size == 20)
        #expect(Font.custom("Brand-Regular", size: 34).scaled(for: .xSmall).size == 34 * 14 / 17)
    }

    @Test func fontsInTheResourceBundlesBesideTheExecutableAreFound() throws {
        // As SwiftPM lays a package's resources out: `Package_Target.resources/` beside the binary.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-\(UUID().uuidString)")
        let fonts = folder.appendingPathComponent("Shop_ShopUI.resources/Fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: Typesetter.defaultFontDirectory + "/DejaVuSerif.ttf", toPath: fonts.appendingPathComponent("Brand.ttf").path)
        try Data().write(to: fonts.appendingPathComponent("notes.txt"))
        try Data().write(to: folder.appendingPathComponent("ShopPreviews"))
        let found = FontCatalog.resourceFontFiles(besideExecutable: folder.appendingPathComponent("ShopPreviews").path)
        #expect(found == [fonts.appendingPathComponent("Brand.ttf").path])
    }

    // MARK: - Bad input

    @Test func aHundredThousandCombiningMarksKeepTheStreamSafeLimit() throws {
        // HarfBuzz stacks marks in quadratic time (hb-shape takes about a minute on these);
        // beyond 30 on one character they are left out of the measurement and the SVG.
        let string = "a" + String(repeating: "\u{0301}", count: 100_000) + " b"
        let typesetter = Typesetter(directory: Typesetter.defaultFontDirectory)
        let rendering = try Renderer.render(Text(string).frame(width: 100), typesetter: typesetter)
        #expect(typesetter.stringsShaped == 1)
        #expect(rendering.svg.contains(">a" + String(repeating: "\u{0301}", count: 30) + " b</tspan>"))
        #expect(rendering.svg.utf8.count < 4_000)
        #expect(rendering.warnings.contains { $0.contains("99970 of them are left out") })
        // Thirty marks are kept as they are.
        let thirty = "a" + String(repeating: "\u{0301}", count: 30)
        #expect(try Renderer.render(Text(thirty), typesetter: typesetter).svg.contains(">\(thirty)</text>"))
    }

    @Test func aFloodOfBidiControlsStaysBounded() throws {
        let string = String(repeating: "\u{202B}א\u{202A}b", count: 2_000)
        let rendering = try Renderer.render(Text(string).frame(width: 200))
        // Embeddings nest at most 125 deep; the SVG has no control characters and at most a
        // run per character.
        #expect(!rendering.svg.unicodeScalars.contains { SVGWriter.isBidiControl($0) })
        #expect(rendering.svg.components(separatedBy: "<tspan").count < 2 * 4_000 + 200)
    }
}
