/// Navigation as an iPhone draws it at rest: `NavigationStack` (and `NavigationView`) with its bar,
/// `NavigationLink` rows that push their destination when tapped, the back button that pops it.
///
/// The bar's parts are preferences in SwiftUI; here the views inside a stack's level tell the
/// level's ``NavigationScope`` while they are built (`.navigationTitle`, `.toolbar`,
/// `.searchable`), and the stack draws the bar from it afterwards. What was pushed lives in the
/// render's ``NavigationSession``, which a preview keeps from tap to tap (as it keeps `@State`).

// MARK: - Metrics

/// iOS 17's bar metrics, in points.
enum NavigationMetrics {
    /// The bar with the back button, the toolbar items and an inline title.
    static let barHeight: Double = 44
    /// The large title's own row under the bar.
    static let largeTitleHeight: Double = 52
    /// A search field's row under the title.
    static let searchHeight: Double = 52
    /// The tab bar above the home indicator.
    static let tabBarHeight: Double = 49
    /// A bottom toolbar.
    static let bottomBarHeight: Double = 44
    /// How far bar content stays from the screen's sides.
    static let sideMargin: Double = 16
}

// MARK: - Session and build state

/// What a preview's taps pushed and selected, kept from one tap to the next as a preview keeps
/// its `@State`: each `NavigationStack` by its place among the stacks of the render, each
/// `TabView` likewise.
public final class NavigationSession: @unchecked Sendable {
    // One render uses one session on one thread at a time: no lock needed.
    var paths: [Int: [NavigationEntry]] = [:]
    var selectedTabs: [Int: Int] = [:]
    /// What `@AppStorage` and `@SceneStorage` wrote (AppStorage.swift).
    let storage = StoredValues()

    public init() {}
}

/// One pushed screen: a link's destination view, or a value a `navigationDestination(for:)`
/// turns into one.
enum NavigationEntry {
    case view(AnyView)
    case value(AnyHashable)
}

/// What one level of a stack (its root or a pushed screen) asked of the bar while it was built.
struct NavigationScope {
    /// The stack's place among the stacks of the render (the session's key).
    let stack: Int
    var title: Text?
    var displayMode: NavigationBarItem.TitleDisplayMode = .automatic
    var backButtonHidden = false
    /// Toolbar items by where they go, as nodes already built.
    var leading: [Int32] = []
    var trailing: [Int32] = []
    var principal: [Int32] = []
    var bottom: [Int32] = []
    var search: SearchFieldSpec?
    /// What the screen behind the bar is filled with (a grouped list's grey).
    var background: UIColor?
    /// `navigationDestination(for:)` handlers, by the type of value they take.
    var destinations: [(type: ObjectIdentifier, make: (AnyHashable) -> AnyView?)] = []
}

/// A search field for the bar (`.searchable`).
struct SearchFieldSpec {
    var text: String
    var prompt: Text
}

/// The navigation facts of one build, kept on the graph.
struct NavigationBuild {
    /// Made when a stack or a tab view first asks, so a render without either allocates none.
    private var storedSession: NavigationSession?
    var session: NavigationSession {
        mutating get {
            if let storedSession { return storedSession }
            let made = NavigationSession()
            storedSession = made
            return made
        }
        set { storedSession = newValue }
    }
    /// The levels being built, innermost last.
    var scopes: [NavigationScope] = []
    var stackCount = 0
    var tabViewCount = 0
    /// `.tabItem` labels and `.badge` texts by the node they were given to.
    var tabItems: [Int32: AnyView] = [:]
    var badges: [Int32: Text] = [:]
    /// Sheets, covers, alerts and dialogs whose binding is true, drawn over the screen once the
    /// view is built.
    var presentations: [Presentation] = []
    /// The role of each button an alert or dialog drew, by its node.
    var buttonRoles: [Int32: ButtonRole] = [:]
    /// The nodes of the buttons alerts and dialogs drew.
    var presentedButtons: Set<Int32> = []
}

/// What a view inherits about navigation: the list style, whether it is a list's row.
struct NavigationEnvironment: Sendable {
    var listStyle: ListStyleKind = .insetGrouped
    /// Inside a `List` or `Form`: links are rows with a chevron, badges trailing counts.
    var isInList = false
    /// Inside the view a `.safeAreaInset` modifies: its bar is a safe area to reach into.
    var isUnderSafeAreaInset = false
}

extension ViewGraph {
    /// Wraps what was left since `mark` in one tap target with `id` (nil for a numbered one)
    /// running `action`, marked as a button named by its text.
    mutating func addTap(id: String?, from mark: Int, action: @escaping () -> Void) {
        collapse(from: mark, into: .horizontal(spacing: defaultStackSpacing, alignment: .center))
        guard isOpen else { return }
        var info = AccessibilityInfo()
        info.traits = .isButton
        info.children = .combine
        wrapEach(from: pending.count - 1, in: .accessibility(info))
        actions.append(.plain(action))
        wrapEach(from: pending.count - 1, in: .tapTarget(TapTarget(id: id, action: Int32(actions.count - 1))))
    }

    /// Takes the nodes left since `mark` off the pending list.
    mutating func takePending(from mark: Int) -> [Int32] {
        let taken = Array(pending[mark...])
        pending.removeLast(taken.count)
        return taken
    }
}

/// Nodes already built, put back where a container takes its children.
struct _BuiltNodes: PrimitiveView {
    let nodes: [Int32]

    func _makeNodes(in graph: inout ViewGraph) {
        graph.pending.append(contentsOf: nodes)
    }
}

/// Gives a preview's render the session its taps keep (``NavigationSession``).
public struct _NavigationSessionRoot<Content: View>: PrimitiveView {
    let content: Content
    let session: NavigationSession

    public init(content: Content, session: NavigationSession = NavigationSession()) {
        self.content = content
        self.session = session
    }

    /// The content made with the session's `@AppStorage` values current, so a view whose `init`
    /// reads or writes one uses the preview's store, as it would use `UserDefaults`.
    public init(session: NavigationSession = NavigationSession(), making content: () -> Content) {
        self.init(content: StoredValues.$making.withValue(session.storage, operation: content), session: session)
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        graph.navigation.session = session
        content._makeNodes(in: &graph)
    }
}

// MARK: - NavigationStack

/// A stack of screens under a navigation bar, as SwiftUI's `NavigationStack`: the root, or the
/// last screen a link pushed with a back button to the one before.
public struct NavigationStack<Content: View>: PrimitiveView {
    let content: Content

    public init(@ViewBuilder root: () -> Content) {
        content = root()
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        guard graph.enter() else { return }
        defer { graph.leave() }
        let key = graph.navigation.stackCount
        graph.navigation.stackCount += 1
        let path = graph.navigation.session.paths[key] ?? []
        var destinations: [(type: ObjectIdentifier, make: (AnyHashable) -> AnyView?)] = []
        var previousTitle: Text?
        for level in 0...path.count {
            let mark = graph.pending.count
            graph.navigation.scopes.append(NavigationScope(stack: key))
            if level == 0 {
                content._makeNodes(in: &graph)
            } else {
                switch path[level - 1] {
                case .view(let view): view._makeNodes(in: &graph)
                case .value(let value):
                    let type = ObjectIdentifier(Swift.type(of: value.base))
                    if let make = destinations.last(where: { $0.type == type })?.make, let view = make(value) {
                        view._makeNodes(in: &graph)
                    } else {
                        graph.warnings.append("a NavigationLink pushed a value of type \(Swift.type(of: value.base)) and no navigationDestination(for: \(Swift.type(of: value.base)).self) in its stack takes it")
                    }
                }
            }
            let scope = graph.navigation.scopes.removeLast()
            destinations += scope.destinations
            guard level == path.count else {
                // A screen under the top one: only its title shows, on the back button.
                graph.pending.removeLast(graph.pending.count - mark)
                previousTitle = scope.title
                continue
            }
            let screen = graph.takePending(from: mark)
            let session = graph.navigation.session
            let pop: (() -> Void)? = level == 0 || scope.backButtonHidden ? nil : {
                if session.paths[key]?.isEmpty == false { session.paths[key]?.removeLast() }
            }
            _NavigationScreen(scope: scope, content: screen, backTitle: previousTitle, pop: pop)._makeNodes(in: &graph)
        }
    }
}

/// A stack of screens, as SwiftUI's older `NavigationView`: on an iPhone, a `NavigationStack`.
public struct NavigationView<Content: View>: View {
    let content: Content

    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: some View {
        NavigationStack { content }
    }
}

/// One screen of a stack: its bar, its content under it, a bottom toolbar if it has one.
struct _NavigationScreen: View {
    let scope: NavigationScope
    let content: [Int32]
    let backTitle: Text?
    let pop: (() -> Void)?

    var body: some View {
        let large = scope.title != nil && scope.displayMode != .inline
        return VStack(spacing: 0) {
            _NavigationBar(scope: scope, large: large, backTitle: backTitle, pop: pop)
            _BuiltNodes(nodes: content)
                .frame(maxWidth: .infinity, maxHeight: .infinity)
            if !scope.bottom.isEmpty {
                _BottomBar(items: scope.bottom)
            }
        }
        .background(_ScreenFill(color: scope.background))
    }
}

/// The colour behind a screen (or nothing), reaching under the status bar and the home indicator.
struct _ScreenFill: View {
    let color: UIColor?

    var body: some View {
        if let color {
            Color(uiColor: color).ignoresSafeArea()
        }
    }
}

/// The navigation bar: back button and leading items, the inline title or the principal item,
/// trailing items; then the large title and the search field in rows of their own. Transparent,
/// as iOS draws it over content scrolled to the top.
struct _NavigationBar: View {
    let scope: NavigationScope
    let large: Bool
    let backTitle: Text?
    let pop: (() -> Void)?

    var body: some View {
        VStack(spacing: 0) {
            ZStack {
                HStack(spacing: 16) {
                    if let pop {
                        _BackButton(title: backTitle ?? Text("Back"), pop: pop)
                    }
                    _BuiltNodes(nodes: scope.leading)
                    Spacer(minLength: 0)
                    _BuiltNodes(nodes: scope.trailing)
                }
                .padding(.leading, pop == nil ? NavigationMetrics.sideMargin : 8)
                .padding(.trailing, NavigationMetrics.sideMargin)
                if !scope.principal.isEmpty {
                    _BuiltNodes(nodes: scope.principal)
                } else if !large, let title = scope.title {
                    title
                        .font(.system(size: 17, weight: .semibold))
                        .foregroundStyle(Color.primary)
                        .lineLimit(1)
                        .frame(maxWidth: 220)
                        .accessibilityAddTraits(.isHeader)
                }
            }
            .frame(height: NavigationMetrics.barHeight)
            if large, let title = scope.title {
                title
                    .font(.system(size: 34, weight: .bold))
                    .foregroundStyle(Color.primary)
                    .lineLimit(1)
                    .padding(.horizontal, NavigationMetrics.sideMargin)
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .frame(height: NavigationMetrics.largeTitleHeight)
                    .accessibilityAddTraits(.isHeader)
            }
            if let search = scope.search {
                _SearchField(spec: search)
                    .padding(.horizontal, NavigationMetrics.sideMargin)
                    .frame(height: NavigationMetrics.searchHeight)
            }
        }
        .frame(maxWidth: .infinity)
    }
}

/// "‹ Title": the previous screen's title after a chevron, in the tint; a tap pops.
struct _BackButton: PrimitiveView {
    let title: Text
    let pop: () -> Void

    func _makeNodes(in graph: inout ViewGraph) {
        let mark = graph.pending.count
        let tint = Color(uiColor: .link)
        HStack(spacing: 4) {
            Image(systemName: "chevron.left")
                .font(.system(size: 17, weight: .semibold))
                .imageScale(.large)
            title.font(.system(size: 17)).lineLimit(1)
        }
        .foregroundStyle(tint)
        ._makeNodes(in: &graph)
        graph.addTap(id: "back", from: mark, action: pop)
    }
}

/// A search field at rest: a rounded grey field with a magnifying glass and the prompt.
struct _SearchField: View {
    let spec: SearchFieldSpec

    var body: some View {
        HStack(spacing: 6) {
            _MagnifyingGlass()
                .stroke(Color(uiColor: .secondaryLabel), style: StrokeStyle(lineWidth: 1.8, lineCap: .round))
                .frame(width: 15, height: 15)
            if spec.text.isEmpty {
                spec.prompt.foregroundStyle(Color(uiColor: .secondaryLabel))
            } else {
                Text(verbatim: spec.text).foregroundStyle(Color.primary)
            }
            Spacer(minLength: 0)
        }
        .font(.system(size: 17))
        .lineLimit(1)
        .padding(.horizontal, 8)
        .frame(height: 36)
        .background(RoundedRectangle(cornerRadius: 10).fill(Color(uiColor: .tertiarySystemFill)))
        .accessibilityElement(children: .combine)
        .accessibilityAddTraits(.isSearchField)
    }
}

/// The magnifying glass of a search field, drawn here: SF Symbols may not be redistributed.
struct _MagnifyingGlass: Shape {
    func path(in rect: CGRect) -> Path {
        var path = Path()
        let radius = rect.width * 0.36
        let center = CGPoint(x: rect.minX + radius + 1, y: rect.minY + radius + 1)
        path.addEllipse(in: CGRect(x: center.x - radius, y: center.y - radius, width: radius * 2, height: radius * 2))
        let reach = radius * 0.7071
        path.move(to: CGPoint(x: center.x + reach, y: center.y + reach))
        path.addLine(to: CGPoint(x: rect.maxX - 1, y: rect.maxY - 1))
        return path
    }
}

/// A bottom toolbar: its items spread across the bar, over the bar material.
struct _BottomBar: View {
    let items: [Int32]

    var body: some View {
        HStack {
            _SpreadNodes(nodes: items)
        }
        .padding(.horizontal, NavigationMetrics.sideMargin)
        .frame(maxWidth: .infinity)
        .frame(height: NavigationMetrics.bottomBarHeight)
        .background(_BarBackground())
    }
}

/// Built nodes with a `Spacer` between each two (and around one alone), as a bottom bar spreads them.
struct _SpreadNodes: PrimitiveView {
    let nodes: [Int32]

    func _makeNodes(in graph: inout ViewGraph) {
        if nodes.count == 1 { Spacer()._makeNodes(in: &graph) }
        for (position, node) in nodes.enumerated() {
            if position > 0 { Spacer()._makeNodes(in: &graph) }
            graph.pending.append(node)
        }
        if nodes.count == 1 { Spacer()._makeNodes(in: &graph) }
    }
}

/// A bar's material at rest (a tab bar, a bottom toolbar): nearly opaque, with a hairline on top,
/// reaching under the home indicator.
struct _BarBackground: View {
    @Environment(\.colorScheme) private var colorScheme

    var body: some View {
        let dark = colorScheme == .dark
        return VStack(spacing: 0) {
            Rectangle()
                .fill(dark ? Color(white: 1, opacity: 0.15) : Color(white: 0, opacity: 0.3))
                .frame(height: 0.33)
            Rectangle().fill(dark ? Color(white: 0.09, opacity: 0.94) : Color(white: 0.976, opacity: 0.94))
        }
        .ignoresSafeArea(edges: .bottom)
    }
}

// MARK: - NavigationLink

/// A link that pushes its destination onto the stack around it when tapped, as SwiftUI's
/// `NavigationLink`. In a list it is a row with a chevron; elsewhere a button in the tint.
public struct NavigationLink<Label: View, Destination: View>: View {
    let label: Label
    let entry: () -> NavigationEntry

    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        entry = { .view(AnyView(destination)) }
    }

    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.init(destination: destination(), label: label)
    }

    public var body: some View {
        _NavigationLinkBody(label: label, entry: entry)
    }
}

extension NavigationLink where Label == Text {
    public init(_ title: LocalizedStringKey, destination: Destination) {
        self.init(destination: destination) { Text(title) }
    }

    public init(_ title: LocalizedStringKey, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination()) { Text(title) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, destination: Destination) {
        self.init(destination: destination) { Text(title) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination()) { Text(title) }
    }
}

extension NavigationLink where Destination == Never {
    /// A link that pushes `value`, which a `navigationDestination(for:)` in the stack turns into
    /// a screen; a nil value makes a link that does nothing.
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {
        self.label = label()
        let pushed = value.map { AnyHashable($0) }
        entry = { pushed.map(NavigationEntry.value) ?? .value(AnyHashable(_NoValue())) }
    }
}

extension NavigationLink where Destination == Never, Label == Text {
    public init<P: Hashable>(_ title: LocalizedStringKey, value: P?) {
        self.init(value: value) { Text(title) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) {
        self.init(value: value) { Text(title) }
    }
}

/// What a link with a nil value pushes: nothing takes it.
struct _NoValue: Hashable {}

/// A link's label as a row (in a list) or a button (elsewhere), with the push on a tap.
public struct _NavigationLinkBody<Label: View>: PrimitiveView {
    let label: Label
    let entry: () -> NavigationEntry

    public func _makeNodes(in graph: inout ViewGraph) {
        let mark = graph.pending.count
        guard let stack = graph.navigation.scopes.last?.stack else {
            // Outside a stack a link has nowhere to push: SwiftUI draws it disabled.
            Button(action: {}) { label }.disabled(true)._makeNodes(in: &graph)
            return
        }
        let session = graph.navigation.session
        let entry = self.entry
        let push = {
            let pushed = entry()
            if case .value(let value) = pushed, value.base is _NoValue { return }
            session.paths[stack, default: []].append(pushed)
        }
        guard graph.environment.navigation.isInList else {
            Button(action: push) { label }._makeNodes(in: &graph)
            return
        }
        HStack(spacing: 8) {
            label.layoutPriority(1)
            Spacer(minLength: 0)
            Image(systemName: "chevron.right")
                .font(.system(size: 14, weight: .semibold))
                .foregroundStyle(Color(uiColor: .tertiaryLabel))
        }
        ._makeNodes(in: &graph)
        guard graph.environment.isEnabled else { return }
        graph.addTap(id: nil, from: mark, action: push)
    }
}

// MARK: - Title, display mode, destinations

/// Where the bar's title goes, as SwiftUI's `NavigationBarItem`.
public enum NavigationBarItem {
    /// A large title under the bar, or an inline one in it.
    public enum TitleDisplayMode: Hashable, Sendable {
        case automatic, inline, large
    }
}

/// Tells the level being built something about its bar, once the content is built.
public struct _NavigationScopeModifier: ViewModifier {
    public typealias Body = Never
    let change: (inout NavigationScope) -> Void

    public static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        content._makeNodes(in: &graph)
        guard !graph.navigation.scopes.isEmpty else { return }
        modifier.change(&graph.navigation.scopes[graph.navigation.scopes.count - 1])
    }
}

extension View {
    /// The title of the screen this view is on, drawn large under the bar or inline in it.
    public consuming func navigationTitle(_ title: Text) -> some View {
        modifier(_NavigationScopeModifier { $0.title = title })
    }

    public consuming func navigationTitle(_ title: LocalizedStringKey) -> some View {
        navigationTitle(Text(title))
    }

    @_disfavoredOverload
    public consuming func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
        navigationTitle(Text(title))
    }

    /// Whether the screen's title is large (the default) or inline.
    public consuming func navigationBarTitleDisplayMode(_ mode: NavigationBarItem.TitleDisplayMode) -> some View {
        modifier(_NavigationScopeModifier { $0.displayMode = mode })
    }

    /// Hides the back button of the screen this view is on.
    public consuming func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View {
        modifier(_NavigationScopeModifier { $0.backButtonHidden = hidesBackButton })
    }

    /// The screen a `NavigationLink(value:)` of type `D` pushes in this stack.
    public consuming func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View {
        let make: (AnyHashable) -> AnyView? = { value in (value.base as? D).map { AnyView(destination($0)) } }
        return modifier(_NavigationScopeModifier { $0.destinations.append((ObjectIdentifier(D.self), make)) })
    }

    /// A search field in the bar of the screen this view is on, showing `text` or the prompt.
    public consuming func searchable(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil
    ) -> some View {
        let current = text.wrappedValue
        return modifier(_NavigationScopeModifier { $0.search = SearchFieldSpec(text: current, prompt: prompt ?? Text("Search")) })
    }

    public consuming func searchable(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: LocalizedStringKey
    ) -> some View {
        searchable(text: text, placement: placement, prompt: Text(prompt))
    }

    @_disfavoredOverload
    public consuming func searchable<S: StringProtocol>(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: S
    ) -> some View {
        searchable(text: text, placement: placement, prompt: Text(prompt))
    }
}

/// Where a search field goes, as SwiftUI's `SearchFieldPlacement`: on an iPhone, under the title.
public struct SearchFieldPlacement: Hashable, Sendable {
    let name: String
    public static let automatic = SearchFieldPlacement(name: "automatic")
    public static let navigationBarDrawer = SearchFieldPlacement(name: "navigationBarDrawer")
    public static let toolbar = SearchFieldPlacement(name: "toolbar")
}
