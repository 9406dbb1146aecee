/// Tabs under the iOS tab bar, as SwiftUI's `TabView`: each view of the content is a tab, named
/// by its `.tabItem`; the selected one is shown above the bar and a tap on another selects it.
/// With `.tabViewStyle(.page)` the tabs are pages: the selected one fills the tab view, with
/// the page control's dots over its bottom edge and no bar (TabViewStyle.swift).
///
/// Without a selection binding, which tab is selected lives in the render's
/// ``NavigationSession`` (a preview keeps it from tap to tap), starting at the first. With one
/// (`TabView(selection: $tab)`), the tab whose `.tag(_:)` equals it is shown and a tap on
/// another sets the binding to that tab's tag.
public struct TabView<SelectionValue: Hashable, Content: View>: PrimitiveView {
    let selection: Binding<SelectionValue>?
    let content: Content

    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
        self.selection = selection
        self.content = content()
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        guard graph.enter() else { return }
        defer { graph.leave() }
        let key = graph.navigation.tabViewCount
        graph.navigation.tabViewCount += 1
        let mark = graph.pending.count
        let tagged = graph.collectTags { graph in content._makeNodes(in: &graph) }
        let tabs = graph.takePending(from: mark)
        guard !tabs.isEmpty else { return }
        let session = graph.navigation.session
        var selected = min(max(session.selectedTabs[key] ?? 0, 0), tabs.count - 1)
        if let selection {
            let current = AnyHashable(selection.wrappedValue)
            if let index = tagged.firstIndex(where: { $0.tag == current }) {
                selected = index
            } else {
                selected = 0
                graph.warnings.append("TabView(selection:) is \(selection.wrappedValue) and no tab has that tag(_:); the first tab is shown")
            }
        }
        // A tap on a tab (or a page's dot): the bound selection takes its tag, else the session
        // keeps its index.
        let select = { (index: Int) in
            if let selection, let tag = tagged[index].tag?.base as? SelectionValue { selection.wrappedValue = tag } else { session.selectedTabs[key] = index }
        }
        if let index = graph.environment.tabViewStyling.pageIndex {
            // Pages: the selected one offered the whole tab view, the dots over its bottom edge.
            ZStack(alignment: .bottom) {
                _BuiltNodes(nodes: [tabs[selected]])
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
                if index.shows(pages: tabs.count) {
                    _PageIndex(count: tabs.count, selected: selected, background: graph.environment.tabViewStyling.indexBackground, select: select)
                }
            }
            ._makeNodes(in: &graph)
            return
        }
        let items = tabs.enumerated().map { index, tab in
            _TabBarItem(
                index: index, label: graph.tabFact(of: tab, in: graph.navigation.tabItems),
                badge: graph.tabFact(of: tab, in: graph.navigation.badges),
                isSelected: index == selected,
                select: { select(index) }
            )
        }
        VStack(spacing: 0) {
            _BuiltNodes(nodes: [tabs[selected]])
                .frame(maxWidth: .infinity, maxHeight: .infinity)
            _TabBar(items: items)
        }
        ._makeNodes(in: &graph)
    }
}

extension TabView where SelectionValue == Int {
    public init(@ViewBuilder content: () -> Content) {
        self.init(selection: nil, content: content)
    }
}

extension ViewGraph {
    /// What `.tabItem` or `.badge` gave a tab: on its node, or on the node under the modifiers
    /// around it.
    func tabFact<Fact>(of tab: Int32, in table: [Int32: Fact]) -> Fact? {
        var node = tab
        while true {
            if let fact = table[node] { return fact }
            guard case .modifier = nodes[Int(node)].kind, nodes[Int(node)].childCount == 1 else { return nil }
            node = firstChild(of: node)
        }
    }
}

/// The tab bar: the items side by side over the bar material, 49 points above the home indicator.
struct _TabBar: View {
    let items: [_TabBarItem]

    var body: some View {
        HStack(spacing: 0) {
            ForEach(0..<items.count, id: \.self) { index in
                items[index]
            }
        }
        .frame(maxWidth: .infinity)
        .frame(height: NavigationMetrics.tabBarHeight, alignment: .top)
        .background(_BarBackground())
    }
}

/// One tab's icon over its title, in the tint when selected and grey otherwise; a tap selects it.
struct _TabBarItem: PrimitiveView {
    let index: Int
    let label: AnyView?
    let badge: Text?
    let isSelected: Bool
    let select: () -> Void

    func _makeNodes(in graph: inout ViewGraph) {
        let mark = graph.pending.count
        let color = isSelected ? Color(uiColor: .link) : Color(uiColor: .systemGray)
        VStack(spacing: 3) {
            if let label { label } else { Text(verbatim: "") }
        }
        .labelStyle(_TabItemLabelStyle(badge: badge))
        .font(.system(size: 10, weight: .medium))
        .foregroundStyle(color)
        .lineLimit(1)
        .padding(.top, 6)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
        // All but invisible, so a click between the icon and the title still lands on the item
        // in the page (an SVG takes clicks on what it paints).
        .background(Rectangle().fill(Color(white: 0.5, opacity: 0.001)))
        .accessibilityAddTraits(isSelected ? .isSelected : [])
        ._makeNodes(in: &graph)
        graph.addTap(id: "tab-\(index + 1)", from: mark, action: select)
    }
}

/// A tab item's `Label`: the icon, badged, over the title.
struct _TabItemLabelStyle: LabelStyle {
    let badge: Text?

    func makeBody(configuration: Configuration) -> some View {
        VStack(spacing: 3) {
            configuration.icon
                .font(.system(size: 22))
                .frame(height: 26)
                .overlay(alignment: .topTrailing) {
                    if let badge { _BadgeBubble(text: badge).offset(x: 12, y: -3) }
                }
            configuration.title
        }
    }
}

/// A tab's badge: white text on a red capsule.
struct _BadgeBubble: View {
    let text: Text

    var body: some View {
        text
            .font(.system(size: 13))
            .foregroundStyle(Color.white)
            .lineLimit(1)
            .padding(.horizontal, 5)
            .frame(minWidth: 18, minHeight: 18)
            .background(Capsule().fill(Color(uiColor: .systemRed)))
    }
}

/// Records a tab's label on the nodes its content left.
public struct _TabItemModifier<Label: View>: ViewModifier {
    public typealias Body = Never
    let label: Label

    public static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        let mark = graph.pending.count
        content._makeNodes(in: &graph)
        for node in graph.pending[mark...] { graph.navigation.tabItems[node] = AnyView(modifier.label) }
    }
}

/// A badge: a tab's red bubble, or a row's trailing count in a list.
public struct _BadgeModifier: ViewModifier {
    public typealias Body = Never
    let text: Text?

    public static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        guard let text = modifier.text else {
            content._makeNodes(in: &graph)
            return
        }
        guard graph.environment.navigation.isInList else {
            let mark = graph.pending.count
            content._makeNodes(in: &graph)
            for node in graph.pending[mark...] { graph.navigation.badges[node] = text }
            return
        }
        HStack {
            content.layoutPriority(1)
            Spacer(minLength: 8)
            text.foregroundStyle(Color(uiColor: .secondaryLabel))
        }
        ._makeNodes(in: &graph)
    }
}

extension View {
    /// The label of the tab this view is, in a `TabView`.
    public consuming func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View {
        modifier(_TabItemModifier(label: label()))
    }

    /// A count on the tab this view is (a red bubble), or at the end of its row in a list; zero
    /// shows none.
    public consuming func badge(_ count: Int) -> some View {
        modifier(_BadgeModifier(text: count == 0 ? nil : Text(verbatim: "\(count)")))
    }

    public consuming func badge(_ label: Text?) -> some View {
        modifier(_BadgeModifier(text: label))
    }

    public consuming func badge(_ key: LocalizedStringKey) -> some View {
        modifier(_BadgeModifier(text: Text(key)))
    }

    @_disfavoredOverload
    public consuming func badge<S: StringProtocol>(_ label: S?) -> some View {
        modifier(_BadgeModifier(text: label.map { Text($0) }))
    }
}
