/// The top or bottom edge, as SwiftUI's `VerticalEdge` (`.safeAreaInset(edge:)`).
public enum VerticalEdge: Hashable, Sendable, CaseIterable {
    case top, bottom
}

extension View {
    /// Places `content` along `edge` (aligned by `alignment` across it) and lays the view out in
    /// what is left, `spacing` points (8 when nil, Starboard's spacing between views) away, as
    /// SwiftUI's `safeAreaInset(edge:alignment:spacing:content:)` shrinks the view's safe area by
    /// the bar. The bar is offered the view's width and takes its own height.
    public func safeAreaInset<Content: View>(
        edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
    ) -> some View {
        _SafeAreaInsetLayout(edge: edge == .top ? .top : .bottom, fraction: alignment.fraction, spacing: spacing.map(Double.init) ?? 8) {
            self
            content()
        }
    }

    /// Places `content` along the leading or trailing `edge` (aligned by `alignment` across it)
    /// and lays the view out in what is left, as the vertical form does.
    public func safeAreaInset<Content: View>(
        edge: HorizontalEdge, alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
    ) -> some View {
        _SafeAreaInsetLayout(edge: edge == .leading ? .leading : .trailing, fraction: alignment.fraction, spacing: spacing.map(Double.init) ?? 8) {
            self
            content()
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

/// Lays out subview 0 (the view) in what subview 1 (the bar at `edge`) and `spacing` leave of
/// the proposal, and the bar at the edge: offered the view's length along the edge and its own
/// thickness across it.
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
