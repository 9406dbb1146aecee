/// Which safe areas a view may reach into, as SwiftUI's `SafeAreaRegions`.
///
/// Starboard's screens have only the container's safe area (status bar, sensor housing, home
/// indicator); no keyboard is ever up, so `.keyboard` alone reaches nowhere.
public struct SafeAreaRegions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The insets of the screen and the bars around it.
    public static let container = SafeAreaRegions(rawValue: 1)
    /// The space a software keyboard takes.
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    /// Every safe area.
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

extension View {
    /// Lets the view reach the screen's edges: on each of `edges` where its frame touches the
    /// safe area's edge (or crosses it), the view is offered the inset too and drawn into it.
    /// Its parent lays it out as before; only the view itself grows.
    public consuming func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View {
        modifier(_SafeAreaModifier(edges: regions.contains(.container) ? edges : []))
    }

    /// The older spelling of ``ignoresSafeArea(_:edges:)`` for the container's safe area.
    public consuming func edgesIgnoringSafeArea(_ edges: Edge.Set) -> some View {
        modifier(_SafeAreaModifier(edges: edges))
    }
}

/// `.ignoresSafeArea`: a node of its own over each view of its content, made only when the
/// render may have a safe area to reach into (a device's screen), so a preview at the size that
/// fits has the same nodes, outline and bytes with it as without.
public struct _SafeAreaModifier: ViewModifier {
    public typealias Body = Never
    let edges: Edge.Set

    public static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        let mark = graph.pending.count
        content._makeNodes(in: &graph)
        guard !modifier.edges.isEmpty, graph.mayHaveSafeArea else { return }
        graph.wrapEach(from: mark, in: .ignoresSafeArea(modifier.edges))
    }
}
