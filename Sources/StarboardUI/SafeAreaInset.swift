/// The top or bottom edge, as SwiftUI's `VerticalEdge` (`.safeAreaInset(edge:)`).
public enum VerticalEdge: Hashable, Sendable, CaseIterable {
    case top, bottom
}

extension View {
    /// Places `content` (the bar) at `edge` of the view's safe area, aligned by `alignment` across
    /// it, and shrinks the view's safe area by the bar and `spacing` (8 points when nil,
    /// Starboard's spacing between views), as SwiftUI's
    /// `safeAreaInset(edge:alignment:spacing:content:)`: the view is laid out in what is left,
    /// and what in it reaches past its safe area (a `List` or `ScrollView`, a view that ignores
    /// the safe area, a background with a style) reaches under the bar, drawn over it. The bar
    /// is offered the view's width and takes its own height.
    public func safeAreaInset<Content: View>(
        edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
    ) -> some View {
        _SafeAreaInsetLayout(edge: edge == .top ? .top : .bottom, fraction: alignment.fraction, spacing: spacing.map(Double.init) ?? 8) {
            _SafeAreaInsetParts(content: self, bar: content())
        }
    }

    /// Places `content` at the leading or trailing `edge` of the view's safe area (aligned by
    /// `alignment` across it) and shrinks the view's safe area by it, as the vertical form does.
    public func safeAreaInset<Content: View>(
        edge: HorizontalEdge, alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
    ) -> some View {
        _SafeAreaInsetLayout(edge: edge == .leading ? .leading : .trailing, fraction: alignment.fraction, spacing: spacing.map(Double.init) ?? 8) {
            _SafeAreaInsetParts(content: self, bar: content())
        }
    }

    /// Insets the view by `length` on `edges` (16 when nil), as SwiftUI's `safeAreaPadding`.
    public consuming func safeAreaPadding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        padding(edges, length ?? 16)
    }

    /// Insets the view by `insets`, as SwiftUI's `safeAreaPadding(_:)`.
    public consuming func safeAreaPadding(_ insets: EdgeInsets) -> some View {
        padding(insets)
    }

    /// Insets the view by `length` on every edge.
    public consuming func safeAreaPadding(_ length: CGFloat) -> some View {
        padding(length)
    }
}

/// The view and its bar, the view built knowing that the bar is a safe area it may reach into
/// (so its `.ignoresSafeArea` makes a node even where the screen has no insets).
struct _SafeAreaInsetParts<Content: View, Bar: View>: PrimitiveView {
    let content: Content
    let bar: Bar

    func _makeNodes(in graph: inout ViewGraph) {
        graph.withEnvironment({ $0.navigation.isUnderSafeAreaInset = true }) { graph in content._makeNodes(in: &graph) }
        bar._makeNodes(in: &graph)
    }
}

/// Lays out subview 0 (the view) in what subview 1 (the bar at `edge`) and `spacing` leave of
/// the proposal, and the bar at the edge: offered the view's length along the edge and its own
/// thickness across it. While the view is placed, its safe area ends at the bar
/// (``LayoutEngine/placeUnderSafeAreaInset(_:_:at:bar:_:in:toRoot:)``).
struct _SafeAreaInsetLayout: Layout {
    let edge: Edge
    /// Where the bar sits along the edge: 0 leading or top, 1 trailing or bottom.
    let fraction: Double
    let spacing: Double

    private var vertical: Bool { edge == .top || edge == .bottom }

    private func barSize(_ proposal: ProposedViewSize, _ bar: LayoutSubview) -> CGSize {
        bar.sizeThatFits(vertical ? ProposedViewSize(width: proposal.width, height: nil) : ProposedViewSize(width: nil, height: proposal.height))
    }

    /// What the view is offered once the bar and the spacing are taken from `proposal`.
    private func contentProposal(_ proposal: ProposedViewSize, bar: CGSize) -> ProposedViewSize {
        if vertical {
            return ProposedViewSize(width: proposal.width, height: proposal.height.map { max($0 - bar.height - spacing, 0) })
        }
        return ProposedViewSize(width: proposal.width.map { max($0 - bar.width - spacing, 0) }, height: proposal.height)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let bar = barSize(proposal, subviews[1])
        let content = subviews[0].sizeThatFits(contentProposal(proposal, bar: bar))
        if vertical {
            return CGSize(width: max(content.width, bar.width), height: content.height + spacing + bar.height)
        }
        return CGSize(width: content.width + spacing + bar.width, height: max(content.height, bar.height))
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let offer = ProposedViewSize(width: bounds.width, height: bounds.height)
        let bar = barSize(offer, subviews[1])
        let inner = contentProposal(offer, bar: bar)
        let content = subviews[0].sizeThatFits(inner)
        switch edge {
        case .top:
            subviews[1].place(at: CGPoint(x: bounds.minX + (bounds.width - bar.width) * fraction, y: bounds.minY), proposal: ProposedViewSize(width: bounds.width, height: nil))
            subviews[0].place(at: CGPoint(x: bounds.minX + (bounds.width - content.width) / 2, y: bounds.minY + bar.height + spacing), proposal: inner)
        case .bottom:
            subviews[0].place(at: CGPoint(x: bounds.minX + (bounds.width - content.width) / 2, y: bounds.minY), proposal: inner)
            subviews[1].place(at: CGPoint(x: bounds.minX + (bounds.width - bar.width) * fraction, y: bounds.maxY - bar.height), proposal: ProposedViewSize(width: bounds.width, height: nil))
        case .leading:
            subviews[1].place(at: CGPoint(x: bounds.minX, y: bounds.minY + (bounds.height - bar.height) * fraction), proposal: ProposedViewSize(width: nil, height: bounds.height))
            subviews[0].place(at: CGPoint(x: bounds.minX + bar.width + spacing, y: bounds.minY + (bounds.height - content.height) / 2), proposal: inner)
        case .trailing:
            subviews[0].place(at: CGPoint(x: bounds.minX, y: bounds.minY + (bounds.height - content.height) / 2), proposal: inner)
            subviews[1].place(at: CGPoint(x: bounds.maxX - bar.width, y: bounds.minY + (bounds.height - bar.height) * fraction), proposal: ProposedViewSize(width: nil, height: bounds.height))
        }
    }
}

extension LayoutEngine {
    /// Places the view a `.safeAreaInset` modifies with its safe area shrunk by the bar and the
    /// spacing: what in it reaches past its safe area reaches under the bar, and past the bar as
    /// far as the safe area around reached (the screen's edge when the modified view touches the
    /// safe area's, else the modified view's own edge).
    mutating func placeUnderSafeAreaInset(
        _ child: Int32, _ offer: Proposal, at origin: Point, bar: Int32, _ inset: _SafeAreaInsetLayout, in rect: Rect, toRoot: AffineTransform
    ) {
        // Only a view that is merely moved (not scaled or turned) lines up with the bar's edge.
        guard toRoot.isTranslation else {
            place(child, offer, at: origin, toRoot: toRoot)
            return
        }
        let vertical = inset.edge == .top || inset.edge == .bottom
        let barSize = size(bar, vertical ? Proposal(width: rect.width, height: nil) : Proposal(width: nil, height: rect.height))
        let taken = (vertical ? barSize.height : barSize.width) + inset.spacing
        let frame = rect.offsetBy(dx: toRoot.tx, dy: toRoot.ty)
        let saved = screenArea
        let outer = saved ?? ScreenArea(screen: frame, safe: frame)
        let tolerance = 0.01
        var safe = (minX: outer.safe.minX, minY: outer.safe.minY, maxX: outer.safe.maxX, maxY: outer.safe.maxY)
        var screen = (minX: outer.screen.minX, minY: outer.screen.minY, maxX: outer.screen.maxX, maxY: outer.screen.maxY)
        switch inset.edge {
        case .top:
            safe.minY = max(safe.minY, frame.minY + taken)
            if frame.minY > outer.safe.minY + tolerance { screen.minY = frame.minY }
        case .bottom:
            safe.maxY = min(safe.maxY, frame.maxY - taken)
            if frame.maxY < outer.safe.maxY - tolerance { screen.maxY = frame.maxY }
        case .leading:
            safe.minX = max(safe.minX, frame.minX + taken)
            if frame.minX > outer.safe.minX + tolerance { screen.minX = frame.minX }
        case .trailing:
            safe.maxX = min(safe.maxX, frame.maxX - taken)
            if frame.maxX < outer.safe.maxX - tolerance { screen.maxX = frame.maxX }
        }
        screenArea = ScreenArea(
            screen: Rect(x: screen.minX, y: screen.minY, width: screen.maxX - screen.minX, height: screen.maxY - screen.minY),
            safe: Rect(x: safe.minX, y: safe.minY, width: max(0, safe.maxX - safe.minX), height: max(0, safe.maxY - safe.minY))
        )
        place(child, offer, at: origin, toRoot: toRoot)
        screenArea = saved
    }
}
