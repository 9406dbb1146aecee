import Foundation
import StarboardUI
import Testing

/// The render limits at their boundaries: a view exactly at a limit renders, one past it fails
/// with that limit's error, and layout that grows faster than the view is stopped by its budget.
@Suite("Render limits")
struct RenderLimitTests {
    /// A stack of `count` rectangles: its node count is read from a render without limits.
    func rectangles(_ count: Int) -> some View {
        VStack { ForEach(0..<count, id: \.self) { _ in Rectangle().frame(width: 4, height: 4) } }
    }

    @Test(arguments: [1, 10, 50])
    func aViewOfExactlyTheViewLimitRendersAndOneMoreFails(count: Int) throws {
        let nodes = try Renderer.render(rectangles(count)).statistics.nodes
        #expect(nodes > count, "each rectangle and its frame are nodes, and the stack is one")
        // At the limit: renders, with the same node count.
        let atLimit = try Renderer.render(rectangles(count), limits: RenderLimits(maxViews: nodes, maxDepth: 100))
        #expect(atLimit.statistics.nodes == nodes)
        // One node fewer allowed: refused, naming the limit.
        #expect(throws: RenderLimits.Exceeded.views(nodes - 1)) {
            try Renderer.render(rectangles(count), limits: RenderLimits(maxViews: nodes - 1, maxDepth: 100))
        }
    }

    @Test func theViewLimitCountsEveryNodeNotOnlyLeaves() throws {
        // One rectangle more adds its own nodes (a shape and a frame), so the limit moves by as many.
        let ten = try Renderer.render(rectangles(10)).statistics.nodes
        let eleven = try Renderer.render(rectangles(11)).statistics.nodes
        #expect(eleven - ten == 2)
    }

    @Test func ordinaryLayoutStaysFarUnderTheLayoutBudget() throws {
        let view = VStack { ForEach(0..<20, id: \.self) { row in HStack { Text("Row \(row)"); Spacer(); Color.blue.frame(width: 8) } } }
        let rendering = try Renderer.render(view, limits: RenderLimits(maxSizingsPerView: 16))
        #expect(rendering.statistics.sizings <= 9 * rendering.statistics.nodes)
    }

    /// A layout that asks each subview for its size at a thousand new widths: the kind of search
    /// that multiplies at every level it is nested.
    struct SearchingLayout: Layout {
        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
            var height = 0.0
            for subview in subviews {
                for width in 1...1_000 { height = max(height, subview.sizeThatFits(ProposedViewSize(width: Double(width), height: nil)).height) }
            }
            return CGSize(width: proposal.width ?? 100, height: height)
        }

        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
            for subview in subviews { subview.place(at: bounds.origin, anchor: .topLeading, proposal: .unspecified) }
        }
    }

    @Test func layoutPastItsBudgetFailsWithTheLayoutLimit() throws {
        let view = SearchingLayout { ForEach(0..<30, id: \.self) { _ in Text("word") } }
        #expect {
            try Renderer.render(view)
        } throws: { error in
            guard case .layout(let perView, let nodes) = error as? RenderLimits.Exceeded else { return false }
            return perView == RenderLimits.standard.maxSizingsPerView && nodes > 30
        }
        // The message says what happened and that it is the render limit.
        let message = RenderLimits.Exceeded.layout(perView: 256, nodes: 40).description
        #expect(message.contains("256 sizes per view") && message.contains("render limit"))
    }

    @Test func aLargerBudgetLetsTheSameSearchRender() throws {
        let view = SearchingLayout { ForEach(0..<30, id: \.self) { _ in Text("word") } }
        let rendering = try Renderer.render(view, limits: RenderLimits(maxSizingsPerView: 5_000))
        #expect(rendering.statistics.sizings > 30 * 256)
    }
}
