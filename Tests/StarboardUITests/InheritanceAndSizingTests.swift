import Testing
@testable import StarboardUI

/// SwiftUI's two rules that real views lean on hardest, each with the geometry or paint it implies:
/// the environment flows into every child (controls' labels included) and the innermost value
/// wins; a stack, once it knows its size, places each child at what it offers it then, so
/// flexible children fill the stack.
@Suite("Inheritance and stack sizing")
struct InheritanceAndSizingTests {
    // MARK: - The issue's reproductions

    @Test func aForegroundAroundAButtonColoursItsTitle() throws {
        // SwiftUI draws "Go" white on blue; the tint (blue) must not win over the outer colour.
        let svg = try Renderer.render(Button("Go") {}.padding().background(Color.blue).foregroundColor(.white)).svg
        #expect(svg.contains("fill=\"#FFFFFF\" xml:space=\"preserve\">Go<"))
        #expect(!svg.contains("fill=\"#007AFF\" xml:space=\"preserve\">Go<"))
    }

    @Test func aColourInAZStackFillsTheStack() throws {
        let view = ZStack {
            Color.red.accessibilityIdentifier("fill")
            Text("Hello").padding().accessibilityIdentifier("text")
        }
        let f = try frames(view)
        let text = try #require(f["text"])
        #expect(text.width > 40)
        // Not the 10-point square a colour takes when asked for its ideal size.
        #expect(f["fill"] == text)
    }

    @Test func aDividerInAVStackSpansTheStack() throws {
        let view = VStack {
            Text("A longer line of text").accessibilityIdentifier("text")
            Divider().accessibilityIdentifier("rule")
        }
        let f = try frames(view)
        let text = try #require(f["text"]), rule = try #require(f["rule"])
        #expect(rule.width == text.width)
        #expect(rule.height == 1)
        #expect(rule.minX == text.minX)
    }

    // MARK: - Stacks

    @Test func aDividerInAnHStackSpansItsHeight() throws {
        let view = HStack {
            Text("Tall").font(.largeTitle).accessibilityIdentifier("text")
            Divider().accessibilityIdentifier("rule")
        }
        let f = try frames(view)
        let text = try #require(f["text"]), rule = try #require(f["rule"])
        #expect(rule.width == 1)
        #expect(rule.height == text.height)
    }

    @Test func flexibleFramesInAFixedVStackTakeTheWidestWidth() throws {
        // The equal-width buttons idiom: at its ideal width the stack is as wide as its widest
        // child, and each `maxWidth: .infinity` frame then fills that width.
        let view = VStack {
            Text("OK").frame(maxWidth: .infinity).accessibilityIdentifier("short")
            Text("Cancel the whole trip").frame(maxWidth: .infinity).accessibilityIdentifier("long")
        }
        .fixedSize()
        let f = try frames(view)
        let short = try #require(f["short"]), long = try #require(f["long"])
        #expect(short.width == long.width)
        #expect(short.width > 100)
    }

    @Test func colorsShareAnOfferedLength() throws {
        // Two equally flexible children of an HStack 100 wide with 8 points between them: 46 each.
        let view = HStack(spacing: 8) {
            Color.red.accessibilityIdentifier("a")
            Color.blue.accessibilityIdentifier("b")
        }
        .frame(width: 100, height: 50)
        let f = try frames(view)
        #expect(f["a"] == Rect(x: 0, y: 0, width: 46, height: 50))
        #expect(f["b"] == Rect(x: 54, y: 0, width: 46, height: 50))
    }

    @Test func aColourBesideTextInAnHStackTakesTheStacksHeight() throws {
        let view = HStack(spacing: 0) {
            Text("Label").font(.title).accessibilityIdentifier("text")
            Color.red.frame(width: 4).accessibilityIdentifier("bar")
        }
        let f = try frames(view)
        let text = try #require(f["text"]), bar = try #require(f["bar"])
        #expect(bar.width == 4)
        #expect(bar.height == text.height)
    }

    @Test func aShapeInAZStackTakesTheLargestChildsSize() throws {
        let view = ZStack {
            Capsule().fill(Color.green).accessibilityIdentifier("capsule")
            Text("Tag").padding(.horizontal, 12).padding(.vertical, 4).accessibilityIdentifier("text")
        }
        let f = try frames(view)
        #expect(f["capsule"] == f["text"])
    }

    @Test func aGeometryReaderInAVStackIsOfferedTheStacksWidth() throws {
        let view = VStack(spacing: 0) {
            Text("Width of this").accessibilityIdentifier("text")
            GeometryReader { geometry in
                Rectangle().frame(width: geometry.size.width, height: 2).accessibilityIdentifier("bar")
            }
            .frame(height: 2)
        }
        let f = try frames(view)
        let text = try #require(f["text"]), bar = try #require(f["bar"])
        #expect(bar.width == text.width)
        #expect(bar.minY == text.maxY)
    }

    @Test func aSpacerPushesTextToTheEdges() throws {
        let view = HStack {
            Text("L").accessibilityIdentifier("l")
            Spacer()
            Text("R").accessibilityIdentifier("r")
        }
        .frame(width: 200)
        let f = try frames(view)
        #expect(f["l"]?.minX == 0)
        #expect(f["r"]?.maxX == 200)
    }

    @Test func aZStackTakesTheSizeOfferedWhenAChildFillsIt() throws {
        let view = ZStack(alignment: .topLeading) {
            Color.blue.accessibilityIdentifier("fill")
            Text("Hi").accessibilityIdentifier("text")
        }
        .frame(width: 120, height: 80)
        let f = try frames(view)
        #expect(f["fill"] == Rect(x: 0, y: 0, width: 120, height: 80))
        #expect(f["text"]?.origin == Point(x: 0, y: 0))
    }

    // MARK: - Environment

    @Test func theInnermostForegroundWins() throws {
        let svg = try Renderer.render(VStack {
            Text("outer")
            Text("inner").foregroundColor(.green)
        }
        .foregroundColor(.red)).svg
        #expect(svg.contains("fill=\"#FF3B30\" xml:space=\"preserve\">outer<"))
        #expect(svg.contains("fill=\"#34C759\" xml:space=\"preserve\">inner<"))
    }

    @Test func aButtonsTitleTakesTheTintAndTheFontAroundIt() throws {
        let svg = try Renderer.render(VStack { Button("Go") {} }.font(.title).tint(.red)).svg
        #expect(svg.contains("font-size=\"28\" fill=\"#FF3B30\" xml:space=\"preserve\">Go<"))
    }

    @Test func aForegroundInsideAButtonsLabelWinsOverOneAroundIt() throws {
        let svg = try Renderer.render(Button {} label: { Text("Go").foregroundColor(.green) }.foregroundColor(.white)).svg
        #expect(svg.contains("fill=\"#34C759\" xml:space=\"preserve\">Go<"))
    }

    @Test func aToggleLabelTakesTheForegroundAndFontAroundIt() throws {
        let svg = try Renderer.render(Toggle("Wi-Fi", isOn: .constant(true)).foregroundColor(.orange).font(.headline).frame(width: 240)).svg
        #expect(svg.contains("font-weight=\"bold\" fill=\"#FF9500\" xml:space=\"preserve\">Wi-Fi<"))
    }

    @Test func aFontWeightOnAContainerReachesAButtonTitle() throws {
        let svg = try Renderer.render(HStack { Button("Save") {} }.fontWeight(.bold)).svg
        #expect(svg.contains("font-weight=\"bold\" fill=\"#007AFF\" xml:space=\"preserve\">Save<"))
    }

    @Test func theColourSchemeReachesTextAndButtonsInside() throws {
        let svg = try Renderer.render(VStack {
            Text("Title")
            Button("Go") {}
        }
        .environment(\.colorScheme, .dark)).svg
        // Primary text is white in dark mode, and the accent colour is its dark variant.
        #expect(svg.contains("fill=\"#FFFFFF\" xml:space=\"preserve\">Title<"))
        #expect(svg.contains("fill=\"#0A84FF\" xml:space=\"preserve\">Go<"))
    }
}
