import Testing
@testable import StarboardUI

/// SwiftUI's stack rule with spacers: the children are sized least flexible first, each offered
/// its share of what is left, higher `layoutPriority` first; a `Spacer` gives way to its
/// siblings and takes what they leave (at least its minimum length). So a list row's title
/// wraps only when it cannot fit beside the detail and the spacer's minimum.
@Suite("Stacks with spacers")
struct StackSpacerTests {
    static let title = "Mount Whitney Trail"
    static let detail = "22 km"

    /// A text's size offered nothing: its one-line width and height.
    func ideal(_ string: String) throws -> Size {
        try Renderer.render(Text(string)).size
    }

    func row(width: Double, minLength: Double? = nil) -> some View {
        HStack {
            Text(Self.title).accessibilityIdentifier("title")
            Spacer(minLength: minLength)
            Text(Self.detail).accessibilityIdentifier("detail")
        }
        .frame(width: width)
    }

    @Test func twoTextsBesideASpacerStayOnOneLineAtAPhonesWidth() throws {
        let title = try ideal(Self.title), detail = try ideal(Self.detail)
        // 370: a phone's 402 points less a list row's insets. Offered a third each, the title
        // would be offered less than it needs (the bug this rule fixes).
        #expect((370 - 16) / 3 < title.width)
        let f = try frames(row(width: 370))
        #expect(f["title"] == Rect(x: 0, y: 0, width: title.width, height: title.height))
        #expect(f["detail"] == Rect(x: 370 - detail.width, y: 0, width: detail.width, height: detail.height))
    }

    @Test(arguments: [nil, 20.0])
    func theTitleWrapsOnlyWhenTheTextsCannotBothFit(minLength: Double?) throws {
        let title = try ideal(Self.title), detail = try ideal(Self.detail)
        // Both texts, the two gaps of 8 and the spacer's minimum length (none unless given).
        let fits = title.width + detail.width + 16 + (minLength ?? 0)
        let exactly = try frames(row(width: fits, minLength: minLength))
        #expect(exactly["title"]?.size == title)
        #expect(exactly["detail"]?.maxX == CGFloat(fits))

        let narrower = try frames(row(width: fits - 1, minLength: minLength))
        let wrapped = try #require(narrower["title"])
        #expect(wrapped.height > title.height)
        // The title took what the detail and the spacer's minimum leave, no more.
        #expect(wrapped.width <= fits - 1 - 16 - (minLength ?? 0) - detail.width + 1e-9)
        #expect(narrower["detail"]?.size == detail)
        #expect(narrower["detail"]?.maxX == CGFloat(fits - 1))
    }

    @Test func aColorIsNoSpacerAndSharesEvenlyWithAText() throws {
        // The least flexible child, the text, is offered a third; SwiftUI wraps it too.
        let view = HStack(spacing: 0) {
            Color.red
            Text("Hello, world, and more").accessibilityIdentifier("text")
            Color.blue
        }
        .frame(width: 240, height: 100)
        let text = try #require(try frames(view)["text"])
        #expect(text.width <= 80)
        #expect(text.height > (try ideal("Hello, world, and more")).height)
    }

    @Test func layoutPriorityIsOfferedTheRoomBeforeItsSiblings() throws {
        let first = "Prefers notifications", second = "Hikes and trails nearby"
        func row(priority: Double) -> some View {
            HStack {
                Text(first).accessibilityIdentifier("first").layoutPriority(priority)
                Text(second).accessibilityIdentifier("second")
            }
            .frame(width: 288)
        }
        let one = try ideal(first)
        #expect(one.width < 288 - 8)
        // Without priority the texts share the row and both wrap; with it, the first keeps its
        // line and the second takes what is left.
        let shared = try frames(row(priority: 0))
        #expect(try #require(shared["first"]).height > one.height)
        let prioritized = try frames(row(priority: 1))
        #expect(prioritized["first"]?.size == one)
        #expect(try #require(prioritized["second"]).width <= 288 - 8 - one.width + 1e-9)
    }

    @Test func aPrioritizedTextBesideASpacerStillLeavesTheSpacerItsMinimum() throws {
        let view = HStack(spacing: 0) {
            Text(String(repeating: "word ", count: 30)).accessibilityIdentifier("text").layoutPriority(1)
            Spacer(minLength: 30)
        }
        .frame(width: 200)
        #expect(try #require(try frames(view)["text"]).width <= 170)
    }

    @Test func aVStackGivesItsTextsTheirHeightBeforeTheSpacer() throws {
        let lines = "one\ntwo\nthree\nfour"
        let tall = try ideal(lines), short = try ideal("five")
        func column(height: Double) -> some View {
            VStack(spacing: 0) {
                Text(lines).accessibilityIdentifier("top")
                Spacer()
                Text("five").accessibilityIdentifier("bottom")
            }
            .frame(width: 100, height: height)
        }
        // Offered a third, the four lines would be cut to fewer.
        let height = tall.height + short.height + 4
        #expect(height / 3 < tall.height)
        let f = try frames(column(height: height))
        #expect(f["top"]?.height == CGFloat(tall.height))
        #expect(f["bottom"]?.maxY == CGFloat(height))
        // With less than both need, the spacer takes nothing and the top text is cut.
        let cut = try frames(column(height: tall.height))
        #expect(try #require(cut["top"]).height < tall.height)
    }
}
