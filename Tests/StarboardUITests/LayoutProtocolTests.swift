import Testing
@testable import StarboardUI

/// A row that puts each subview after the last with no spacing, offered its ideal size.
private struct Row: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.reduce(CGSize.zero) { size, subview in
            let ideal = subview.sizeThatFits(.unspecified)
            return CGSize(width: size.width + ideal.width, height: max(size.height, ideal.height))
        }
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var x = bounds.minX
        for subview in subviews {
            subview.place(at: CGPoint(x: x, y: bounds.minY), proposal: .unspecified)
            x += subview.sizeThatFits(.unspecified).width
        }
    }
}

/// Places the first subview twice and the others not at all.
private struct Careless: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize { CGSize(width: 100, height: 100) }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews[0].place(at: bounds.origin, proposal: .unspecified)
        subviews[0].place(at: CGPoint(x: bounds.minX + 10, y: bounds.minY), proposal: .unspecified)
    }
}

private struct Weight: LayoutValueKey {
    static let defaultValue = 1.0
}

/// Shares the width by each subview's `Weight`; counts its caches.
private struct Weighted: Layout {
    final class Counter { var made = 0 }
    let counter: Counter

    func makeCache(subviews: Subviews) -> Double {
        counter.made += 1
        return subviews.map { $0[Weight.self] }.reduce(0, +)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Double) -> CGSize {
        CGSize(width: proposal.width ?? 100, height: 10)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Double) {
        var x = bounds.minX
        for subview in subviews {
            let width = bounds.width * subview[Weight.self] / cache
            subview.place(at: CGPoint(x: x, y: bounds.minY), proposal: ProposedViewSize(width: width, height: 10))
            x += width
        }
    }
}

@Suite("Layout protocol and lazy containers")
struct LayoutProtocolTests {
    @Test func aLayoutOfOnesOwnSizesAndPlacesItsSubviews() throws {
        let view = Row {
            box("a", 30, 10)
            box("b", 20, 40)
        }
        let rendering = try Renderer.render(view)
        #expect(rendering.size == Size(width: 50, height: 40))
        let f = try frames(view)
        #expect(f["a"] == Rect(x: 0, y: 0, width: 30, height: 10))
        #expect(f["b"] == Rect(x: 30, y: 0, width: 20, height: 40))
        #expect(rendering.warnings.isEmpty)
    }

    @Test func placingTwiceOrNotAtAllIsWarnedOfAndTheUnplacedIsCentred() throws {
        let view = Careless {
            box("a", 20, 20)
            box("b", 20, 20)
        }
        let rendering = try Renderer.render(view)
        #expect(rendering.warnings.contains { $0.contains("Careless") && $0.contains("more than once") })
        #expect(rendering.warnings.contains { $0.contains("Careless") && $0.contains("did not place subview 1") })
        let f = try frames(view)
        // The last place wins; the unplaced one sits at the centre, as SwiftUI draws it.
        #expect(f["a"] == Rect(x: 10, y: 0, width: 20, height: 20))
        #expect(f["b"] == Rect(x: 40, y: 40, width: 20, height: 20))
    }

    @Test func layoutValuesReachTheLayoutThroughModifiersAndTheCacheIsMadeOnce() throws {
        let counter = Weighted.Counter()
        let view = Weighted(counter: counter) {
            box("a", 10, 10).layoutValue(key: Weight.self, value: 3).padding(0)
            box("b", 10, 10)
        }
        .frame(width: 200)
        let f = try frames(view)
        // Weights 3 and 1 (the default) share 200 points: the second starts at 150.
        #expect(f["a"]?.minX == 0)
        #expect(f["b"]?.minX == 150)
        counter.made = 0
        _ = try Renderer.render(view)
        #expect(counter.made == 1)
    }

    @Test func anyLayoutOfAStackLaysOutAsTheStack() throws {
        let content = { @Sendable (wide: Bool) in
            (wide ? AnyLayout(HStackLayout(spacing: 4)) : AnyLayout(VStackLayout(spacing: 4))) {
                box("a", 10, 10)
                box("b", 10, 10)
            }
        }
        #expect(try frames(content(true))["b"] == Rect(x: 14, y: 0, width: 10, height: 10))
        #expect(try frames(content(false))["b"] == Rect(x: 0, y: 14, width: 10, height: 10))
    }

    @Test func adaptiveColumnsFitAsManyOfTheMinimumAsPossibleThenShareTheRest() {
        // 300 points, minimum 50, spacing 8: five columns (5·50 + 4·8 = 282 ≤ 300, six need 340);
        // each (300 − 32) / 5 = 53.6 wide.
        let lanes = gridLanes([GridItem(.adaptive(minimum: 50, maximum: 100))], length: 300)
        #expect(lanes.count == 5)
        #expect(lanes.allSatisfy { abs($0.length - 53.6) < 1e-9 })
    }

    @Test func fixedColumnsComeFirstAndFlexibleOnesShareTheRestWithinTheirBounds() {
        // 300 − 100 fixed − 2·8 spacing = 184: the capped column takes 40, the other the 144 left.
        let lanes = gridLanes([GridItem(.fixed(100)), GridItem(.flexible()), GridItem(.flexible(maximum: 40))], length: 300)
        #expect(lanes.map(\.length) == [100, 144, 40])
    }

    @Test func aLazyVGridFillsRowsAndAlignsCellsInTheirColumns() throws {
        let view = LazyVGrid(columns: [GridItem(.fixed(50), spacing: 10, alignment: .leading), GridItem(.fixed(50))], spacing: 6) {
            box("a", 20, 20)
            box("b", 20, 30)
            box("c", 20, 20)
        }
        let f = try frames(view)
        #expect(f["a"] == Rect(x: 0, y: 5, width: 20, height: 20))
        #expect(f["b"] == Rect(x: 60 + 15, y: 0, width: 20, height: 30))
        // The second row starts below the first row's tallest cell and the row spacing.
        #expect(f["c"] == Rect(x: 0, y: 36, width: 20, height: 20))
        #expect(try Renderer.render(view).size == Size(width: 110, height: 56))
    }

    @Test func aLazyHGridFillsColumnsTopToBottom() throws {
        let view = LazyHGrid(rows: [GridItem(.fixed(30)), GridItem(.fixed(30))], spacing: 4) {
            box("a", 20, 20)
            box("b", 20, 20)
            box("c", 20, 20)
        }
        let f = try frames(view)
        #expect(f["b"] == Rect(x: 0, y: 38 + 5, width: 20, height: 20))
        #expect(f["c"] == Rect(x: 24, y: 5, width: 20, height: 20))
    }

    @Test func viewThatFitsChoosesTheFirstWhoseIdealSizeFitsElseTheLast() throws {
        func fitting(_ width: Double) -> some View {
            ViewThatFits(in: .horizontal) {
                box("wide", 200, 10)
                box("narrow", 80, 10)
                box("tiny", 100, 10)
            }
            .frame(width: width)
        }
        #expect(try Set(frames(fitting(250)).keys) == ["wide"])
        #expect(try Set(frames(fitting(120)).keys) == ["narrow"])
        #expect(try Set(frames(fitting(50)).keys) == ["tiny"])
    }

    @Test func lazyStacksLayOutAsStacks() throws {
        let lazy = try frames(LazyVStack(alignment: .leading, spacing: 3) { box("a", 10, 10); box("b", 30, 10) })
        let eager = try frames(VStack(alignment: .leading, spacing: 3) { box("a", 10, 10); box("b", 30, 10) })
        #expect(lazy == eager)
        #expect(try frames(LazyHStack(spacing: 2) { box("a", 10, 10); box("b", 10, 10) })["b"]?.minX == 12)
    }

    @Test func aCustomAlignmentIsAnAlignmentOfItsOwn() {
        enum Middle: AlignmentID { static func defaultValue(in context: ViewDimensions) -> CGFloat { context.height / 3 } }
        let custom = VerticalAlignment(Middle.self)
        #expect(custom != .center && VerticalAlignment.center == .center)
        #expect(ViewDimensions(size: Size(width: 30, height: 60))[custom] == 20)
        #expect(ViewDimensions(size: Size(width: 30, height: 60))[HorizontalAlignment.trailing] == 30)
    }
}
