/// Toolbar items in the navigation bar (and the bottom bar), as SwiftUI's `.toolbar`.

/// Where a toolbar item goes, as SwiftUI's `ToolbarItemPlacement` on an iPhone.
public struct ToolbarItemPlacement: Hashable, Sendable {
    enum Slot: Hashable, Sendable { case leading, trailing, principal, bottom }
    let slot: Slot

    public static let automatic = ToolbarItemPlacement(slot: .trailing)
    public static let primaryAction = ToolbarItemPlacement(slot: .trailing)
    public static let confirmationAction = ToolbarItemPlacement(slot: .trailing)
    public static let cancellationAction = ToolbarItemPlacement(slot: .leading)
    public static let destructiveAction = ToolbarItemPlacement(slot: .trailing)
    public static let navigationBarLeading = ToolbarItemPlacement(slot: .leading)
    public static let navigationBarTrailing = ToolbarItemPlacement(slot: .trailing)
    public static let topBarLeading = ToolbarItemPlacement(slot: .leading)
    public static let topBarTrailing = ToolbarItemPlacement(slot: .trailing)
    public static let principal = ToolbarItemPlacement(slot: .principal)
    public static let bottomBar = ToolbarItemPlacement(slot: .bottom)
}

/// One item of a toolbar, as SwiftUI's `ToolbarItem`: its content goes to the bar at `placement`.
public struct ToolbarItem<ID, Content: View>: PrimitiveView {
    let placement: ToolbarItemPlacement
    let content: Content

    public func _makeNodes(in graph: inout ViewGraph) {
        graph.addToolbarItems(placement, content)
    }
}

extension ToolbarItem where ID == () {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }
}

extension ToolbarItem where ID == String {
    public init(id: String, placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }
}

/// Several toolbar items at one placement, as SwiftUI's `ToolbarItemGroup`.
public struct ToolbarItemGroup<Content: View>: PrimitiveView {
    let placement: ToolbarItemPlacement
    let content: Content

    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        graph.addToolbarItems(placement, content)
    }
}

extension ViewGraph {
    /// Builds `content` and gives its nodes to the bar of the level being built; outside a stack
    /// there is no bar and they are dropped, as SwiftUI shows none.
    mutating func addToolbarItems(_ placement: ToolbarItemPlacement, _ content: some View) {
        let mark = pending.count
        // Bar items are drawn at the bar's size, whatever the font around the toolbar.
        withEnvironment({ $0.font = .system(size: 17) }) { graph in content._makeNodes(in: &graph) }
        let items = takePending(from: mark)
        guard !navigation.scopes.isEmpty else { return }
        let last = navigation.scopes.count - 1
        switch placement.slot {
        case .leading: navigation.scopes[last].leading += items
        case .trailing: navigation.scopes[last].trailing += items
        case .principal: navigation.scopes[last].principal += items
        case .bottom: navigation.scopes[last].bottom += items
        }
    }
}

/// Builds a view's toolbar: `ToolbarItem`s go where they ask, any other view to the trailing end.
public struct _ToolbarModifier<Items: View>: ViewModifier {
    public typealias Body = Never
    let items: Items

    public static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        content._makeNodes(in: &graph)
        // Plain views in a toolbar are its automatic items.
        graph.addToolbarItems(.automatic, modifier.items)
    }
}

extension View {
    /// Items for the bar of the screen this view is on.
    public consuming func toolbar<Items: View>(@ViewBuilder content: () -> Items) -> some View {
        modifier(_ToolbarModifier(items: content()))
    }
}
