import Testing
@testable import StarboardUI

/// The guide of Apple's `AlignmentID` example: a third of the way down.
private enum FirstThird: AlignmentID {
    static func defaultValue(in context: ViewDimensions) -> CGFloat { context.height / 3 }
}

/// The guide of Apple's "Aligning views across stacks": the bottom unless a view says otherwise.
private enum MidAccountAndName: AlignmentID {
    static func defaultValue(in context: ViewDimensions) -> CGFloat { context[.bottom] }
}

private extension VerticalAlignment {
    static let firstThird = VerticalAlignment(FirstThird.self)
    static let midAccountAndName = VerticalAlignment(MidAccountAndName.self)
}

/// Records the dimensions of its one subview, as a layout author reads them.
private struct Probe: Layout {
    final class Seen { var dimensions: ViewDimensions? }
    let seen: Seen

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        seen.dimensions = subviews[0].dimensions(in: .unspecified)
        return subviews[0].sizeThatFits(.unspecified)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews[0].place(at: bounds.origin, proposal: .unspecified)
    }
}

/// SwiftUI's rule: every child of a container has a value for the container's guide (the one it
/// sets with `alignmentGuide`, else the guide's default in its `ViewDimensions`); the container
/// puts all the values on one line, and is as thick as the children span once lined up. A
/// container passes on the guides its children set, moved by where it put them (averaged when
/// several set one). Each expected frame below is worked out from that rule by hand.
@Suite("Alignment guides")
struct AlignmentGuideTests {
    @Test func anHStackOnACustomGuideLinesUpEachChildsDefault() throws {
        // Apple's firstThird example: heights 60, 120, 90 meet at their thirds (20, 40, 30).
        let view = HStack(alignment: .firstThird, spacing: 1) {
            box("a", 10, 60)
            box("b", 10, 120)
            box("c", 10, 90)
        }
        let f = try frames(view)
        #expect(f["a"]?.minY == 20)
        #expect(f["b"]?.minY == 0)
        #expect(f["c"]?.minY == 10)
        #expect(try Renderer.render(view).size == Size(width: 32, height: 120))
        #expect(try Renderer.render(view).warnings.isEmpty)
    }

    @Test func anExplicitGuideMovesItsViewAndGrowsTheStack() throws {
        // The third child's guide at two thirds (60): the line is at 60, so a starts at 40, b at
        // 20, c at 0; b reaches 80 below the line, so the stack is 60 + 80 tall.
        let view = HStack(alignment: .firstThird, spacing: 1) {
            box("a", 10, 60)
            box("b", 10, 120)
            box("c", 10, 90).alignmentGuide(.firstThird) { d in 2 * d.height / 3 }
        }
        let f = try frames(view)
        #expect(f["a"]?.minY == 40)
        #expect(f["b"]?.minY == 20)
        #expect(f["c"]?.minY == 0)
        #expect(try Renderer.render(view).size.height == 140)
    }

    @Test func centreGuidesOfTheWeatherExample() throws {
        // Apple's alignmentGuide example: the first emoji's centre at -20, the last's at 20, the
        // text's at its middle. The line is at 20: the first is 40 down, the last at the top.
        let view = HStack(spacing: 0) {
            box("rain", 10, 10).alignmentGuide(VerticalAlignment.center) { _ in -20 }
            box("text", 40, 10)
            box("storm", 10, 10).alignmentGuide(VerticalAlignment.center) { _ in 20 }
        }
        let f = try frames(view)
        #expect(f["rain"]?.minY == 40)
        #expect(f["text"]?.minY == 15)
        #expect(f["storm"]?.minY == 0)
        #expect(try Renderer.render(view).size == Size(width: 60, height: 50))
    }

    @Test func aLeadingGuideLessTenIndentsByTen() throws {
        // `d[.leading] - 10`, as in ViewDimensions' documentation: the view starts 10 further in.
        let view = VStack(alignment: .leading, spacing: 0) {
            box("a", 40, 10)
            box("b", 40, 10).alignmentGuide(.leading) { d in d[.leading] - 10 }
        }
        let f = try frames(view)
        #expect(f["a"] == Rect(x: 0, y: 0, width: 40, height: 10))
        #expect(f["b"] == Rect(x: 10, y: 10, width: 40, height: 10))
        #expect(try Renderer.render(view).size.width == 50)
    }

    @Test func aGuideCanNameAnotherGuideOfTheSameView() throws {
        // b's leading is its own centre (10): the line is at 10, so a moves in by 10.
        let view = VStack(alignment: .leading, spacing: 0) {
            box("a", 40, 10)
            box("b", 20, 10).alignmentGuide(.leading) { d in d[HorizontalAlignment.center] }
        }
        let f = try frames(view)
        #expect(f["a"]?.minX == 10)
        #expect(f["b"]?.minX == 0)
        #expect(try Renderer.render(view).size.width == 50)
    }

    @Test func guidesSetInsideStacksLineThemUpAcrossStacks() throws {
        // Apple's "Aligning views across stacks". Left column (spacing 8): "at" 20 tall sets the
        // guide at its centre, 10. Right column: label 0–10, name 18–48 sets it at its centre,
        // 33. The row's line is at 33: the left column starts 23 down; below the line the left
        // reaches 88 - 10 = 78, so the row is 33 + 78 tall.
        let view = HStack(alignment: .midAccountAndName, spacing: 0) {
            VStack {
                box("at", 20, 20).alignmentGuide(.midAccountAndName) { d in d[VerticalAlignment.center] }
                box("image", 60, 60)
            }
            VStack(alignment: .leading) {
                box("label", 50, 10)
                box("name", 80, 30).alignmentGuide(.midAccountAndName) { d in d[VerticalAlignment.center] }
                box("more", 50, 10)
            }
        }
        let f = try frames(view)
        #expect(f["at"].map { $0.midY } == 33)
        #expect(f["name"].map { $0.midY } == 33)
        #expect(f["image"]?.minY == 51)
        #expect(f["label"]?.minY == 0)
        #expect(try Renderer.render(view).size.height == 111)
    }

    @Test func aStackAveragesTheGuidesItsChildrenSet() throws {
        // Both children of the column set their top at their own top: 0 and 10 in the column,
        // so the column's top guide is 5 (SwiftUI's default combination, the mean). The box
        // beside it lines its top up with that: 5 down.
        let view = HStack(alignment: .top, spacing: 0) {
            VStack(spacing: 0) {
                box("a", 10, 10).alignmentGuide(.top) { _ in 0 }
                box("b", 10, 10).alignmentGuide(.top) { _ in 0 }
            }
            box("c", 10, 10)
        }
        let f = try frames(view)
        #expect(f["a"]?.minY == 0)
        #expect(f["c"]?.minY == 5)
    }

    @Test func paddingAndFramesPassAGuideOnMovedByWhereTheyPutTheView() throws {
        let seen = Probe.Seen()
        let view = Probe(seen: seen) {
            box("a", 10, 10)
                .alignmentGuide(.leading) { _ in 3 }
                .padding(.leading, 4)
                .frame(width: 30, height: 30, alignment: .topTrailing)
        }
        _ = try Renderer.render(view)
        // 3 in the box, 4 of padding, and the frame puts the 14-point padded box 16 in.
        #expect(seen.dimensions?[explicit: .leading] == 23)
        #expect(seen.dimensions?[.leading] == 23)
        #expect(seen.dimensions?[.trailing] == 30)
        #expect(seen.dimensions?[explicit: .trailing] == nil)
    }

    @Test func aFrameAlignsTheChildsGuideOnItsOwn() throws {
        // The frame's leading is 0; the child's is -5, so the child is 5 in. Vertically the
        // frame's third (40 / 3) meets the child's (10 / 3): 10 down.
        let framed = box("a", 10, 10)
            .alignmentGuide(.leading) { _ in -5 }
            .frame(width: 40, height: 40, alignment: Alignment(horizontal: .leading, vertical: .firstThird))
        let f = try frames(framed)
        #expect(f["a"] == Rect(x: 5, y: 10, width: 10, height: 10))
        #expect(try Renderer.render(framed).warnings.isEmpty)
    }

    @Test func aZStackSpansItsChildrenLinedUp() throws {
        let thirds = ZStack(alignment: Alignment(horizontal: .leading, vertical: .firstThird)) {
            box("tall", 10, 30)
            box("short", 10, 9)
        }
        #expect(try frames(thirds)["short"]?.minY == 7)
        #expect(try Renderer.render(thirds).size == Size(width: 10, height: 30))
        // b's leading 30 before a's: b sits 30 in and the stack is 40 wide.
        let pushed = ZStack(alignment: .topLeading) {
            box("a", 20, 20)
            box("b", 10, 10).alignmentGuide(.leading) { _ in -30 }
        }
        #expect(try frames(pushed)["b"] == Rect(x: 30, y: 0, width: 10, height: 10))
        #expect(try Renderer.render(pushed).size == Size(width: 40, height: 20))
    }

    @Test func rightToLeftAGuideIsMeasuredFromTheRightEdge() throws {
        var rtl = EnvironmentValues()
        rtl.layoutDirection = .rightToLeft
        let view = VStack(alignment: .leading, spacing: 0) {
            box("a", 40, 10)
            box("b", 40, 10).alignmentGuide(.leading) { d in d[.leading] - 10 }
        }
        let f = Dictionary(uniqueKeysWithValues: try Renderer.render(view, environment: rtl).accessibility.map { ($0.id, $0.frame) })
        // 50 wide; a's leading (right) edge on it, b 10 in from the right.
        #expect(f["a"] == Rect(x: 10, y: 0, width: 40, height: 10))
        #expect(f["b"] == Rect(x: 0, y: 10, width: 40, height: 10))
    }

    @Test func aGuideOnEachElementOfAForEach() throws {
        let view = VStack(alignment: .leading, spacing: 0) {
            ForEach(0..<3, id: \.self) { index in
                box("row\(index)", 20, 10).alignmentGuide(.leading) { _ in -10 * CGFloat(index) }
            }
        }
        let f = try frames(view)
        #expect(f["row0"]?.minX == 0)
        #expect(f["row1"]?.minX == 10)
        #expect(f["row2"]?.minX == 20)
    }

    @Test func gridsStillCentreACustomGuideAndSaySo() throws {
        enum Quarter: AlignmentID { static func defaultValue(in context: ViewDimensions) -> CGFloat { context.width / 4 } }
        let grid = LazyVGrid(columns: [GridItem(.fixed(20))], alignment: HorizontalAlignment(Quarter.self)) { box("a", 10, 10) }
        #expect(try Renderer.render(grid).warnings.contains { $0.hasPrefix("LazyVGrid") && $0.contains("Quarter") })
        #expect(try Renderer.render(HStack(alignment: .firstThird) { box("a", 10, 10) }).warnings.isEmpty)
    }
}
