import Testing
@testable import StarboardUI

/// A row that puts between two subviews the distance their spacing preferences ask for, as
/// Apple's `Layout` documentation shows.
private struct SpacedRow: Layout {
    func gaps(_ subviews: Subviews) -> [CGFloat] {
        subviews.indices.map { index in
            index + 1 < subviews.count ? subviews[index].spacing.distance(to: subviews[index + 1].spacing, along: .horizontal) : 0
        }
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
        return CGSize(width: sizes.map(\.width).reduce(0, +) + gaps(subviews).reduce(0, +), height: sizes.map(\.height).max() ?? 0)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var x = bounds.minX
        for (subview, gap) in zip(subviews, gaps(subviews)) {
            subview.place(at: CGPoint(x: x, y: bounds.minY), proposal: .unspecified)
            x += subview.sizeThatFits(.unspecified).width + gap
        }
    }
}

/// A layout that wants no space around it, and tells where its centre guides are.
private struct Tight: Layout {
    var centre: CGFloat?

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.first?.sizeThatFits(.unspecified) ?? .zero
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        subviews.first?.place(at: bounds.origin, proposal: .unspecified)
    }

    func spacing(subviews: Subviews, cache: inout ()) -> ViewSpacing { .zero }

    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGFloat? {
        guard guide == .center, let centre else { return nil }
        return bounds.minY + centre
    }

    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGFloat? {
        guard guide == .leading, let centre else { return nil }
        return bounds.minX + centre
    }
}

/// `ViewSpacing`, `LayoutSubview.spacing`, `Layout.spacing` and `explicitAlignment`.
@Suite struct LayoutSpacingTests {
    @Test func defaultSpacingIsEightOnEveryEdge() {
        let spacing = ViewSpacing()
        #expect(spacing.distance(to: ViewSpacing(), along: .horizontal) == 8)
        #expect(spacing.distance(to: ViewSpacing(), along: .vertical) == 8)
        #expect(ViewSpacing.zero.distance(to: .zero, along: .horizontal) == 0)
        // The larger of the two facing edges.
        #expect(ViewSpacing.zero.distance(to: spacing, along: .vertical) == 8)
    }

    @Test func aUnionTakesTheLargerOnTheEdgesGiven() {
        var spacing = ViewSpacing.zero
        spacing.formUnion(ViewSpacing(), edges: .leading)
        #expect(spacing.distance(to: .zero, along: .horizontal) == 0)
        #expect(ViewSpacing.zero.distance(to: spacing, along: .horizontal) == 8)
        #expect(spacing.distance(to: .zero, along: .vertical) == 0)
        #expect(ViewSpacing.zero.union(ViewSpacing()).distance(to: .zero, along: .vertical) == 8)
    }

    @Test func aLayoutSpacesItsSubviewsByTheirPreferences() throws {
        let f = try frames(SpacedRow {
            box("a", 20, 20)
            box("b", 20, 20)
            Tight { box("c", 20, 20) }
            box("d", 20, 20)
        })
        #expect(f["b"]?.minX == 28)
        // A layout that wants no space reports it: the gaps on both its sides are what its
        // neighbours want, 8 each (the larger of the two facing edges).
        #expect(f["c"]?.minX == 56)
        #expect(f["d"]?.minX == 84)
    }

    @Test func aLayoutsDefaultSpacingIsItsSubviewsUnion() throws {
        struct Probe: Layout {
            let seen: (ViewSpacing) -> Void
            func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
                for subview in subviews { seen(subview.spacing) }
                return .zero
            }
            func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
        }
        final class Seen { var spacings: [ViewSpacing] = [] }
        let seen = Seen()
        let probe = Probe { seen.spacings.append($0) }
        _ = try Renderer.render(probe {
            SpacedRow { Color.red }
            Tight { Color.blue }
            SpacedRow { Tight { Color.green } }
        })
        #expect(Array(seen.spacings.prefix(3)) == [ViewSpacing(), .zero, .zero])
    }

    @Test func aLayoutsExplicitGuideLinesItUpInAStack() throws {
        let view = HStack {
            box("dot", 10, 10)
            Tight(centre: 5) { box("tall", 10, 40) }
        }
        let f = try frames(view)
        // The layout's centre is 5 from its top: the dot's centre meets it, at the top.
        #expect(f["dot"]?.minY == 0)
        #expect(f["tall"]?.minY == 0)
        // Without an explicit guide both are centred, as before.
        let plain = try frames(HStack { box("dot", 10, 10); Tight { box("tall", 10, 40) } })
        #expect(plain["dot"]?.minY == 15)
    }

    @Test func aLayoutsExplicitGuidePassesUpThroughAPaddingAndAStack() throws {
        let view = VStack(alignment: .leading) {
            box("edge", 10, 10)
            VStack { Tight(centre: 30) { box("wide", 60, 10) } }.padding(.leading, 4)
        }
        let f = try frames(view)
        // The padded stack's leading guide is the layout's, 30 into the wide box, moved by the
        // padding: the edge box's leading edge lines up 30 into the wide box, 34 into the padding.
        let edge = try #require(f["edge"]), wide = try #require(f["wide"])
        #expect(edge.minX - wide.minX == 30)
        #expect(wide.minX == 4)
    }
}

/// Guide values are computed once per node, guide and proposal in a render, so a deep nest of
/// stacks that each set a guide costs in proportion to its depth.
@Suite struct GuideCacheTests {
    struct Deep: View {
        let depth: Int
        var body: some View {
            if depth == 0 {
                AnyView(Color.red.frame(width: 10, height: 10).alignmentGuide(.leading) { d in d.width / 2 })
            } else {
                AnyView(HStack(alignment: .top) {
                    Color.blue.frame(width: 4, height: 4)
                    VStack(alignment: .leading) {
                        Color.green.frame(width: 6, height: 6)
                        Deep(depth: depth - 1)
                    }
                    .alignmentGuide(.top) { d in d[.top] + 1 }
                })
            }
        }
    }

    func computations(_ depth: Int) throws -> Int {
        try Renderer.render(Deep(depth: depth)).statistics.guideComputations
    }

    @Test func guideComputationsGrowLinearlyWithDepth() throws {
        let counts = try [10, 20, 40].map(computations)
        #expect(counts[0] > 0)
        // Each level adds the same number of computations.
        #expect(counts[1] - counts[0] > 0)
        #expect(counts[2] - counts[1] == 2 * (counts[1] - counts[0]))
    }
}
