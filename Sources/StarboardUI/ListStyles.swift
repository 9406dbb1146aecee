/// `List` styles as iOS 17 draws them, and the list modifiers a preview accepts at rest.

/// How a list draws its rows and sections, as SwiftUI's `ListStyle`.
public protocol ListStyle {
    var _kind: ListStyleKind { get }
}

/// The built-in list styles.
public enum ListStyleKind: Hashable, Sendable {
    /// Rows on rounded cards inset from the sides, on the grouped grey (the default).
    case insetGrouped
    /// Rows across the whole width on the system background, separators inset.
    case plain
    /// Rows on rounded cards inset from the sides, on the system background.
    case inset
    /// Rows across the whole width in groups on the grouped grey.
    case grouped
    /// On an iPhone, inset grouped with headers in the primary colour.
    case sidebar

    /// Rows on a grey background rather than the system one.
    var isGrouped: Bool { self == .insetGrouped || self == .grouped || self == .sidebar }
    /// Cards inset from the screen's sides with rounded corners.
    var isInset: Bool { self == .insetGrouped || self == .inset || self == .sidebar }

    /// Behind the list.
    var background: UIColor { isGrouped ? .systemGroupedBackground : .systemBackground }
    /// Behind the rows.
    var rowBackground: UIColor { isGrouped ? .secondarySystemGroupedBackground : .systemBackground }
    var cornerRadius: Double { isInset ? 10 : 0 }
    /// Around the rows: the cards' margins at the sides, room above and below.
    var margins: EdgeInsets {
        switch self {
        case .insetGrouped, .inset, .sidebar: EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16)
        case .grouped: EdgeInsets(top: 8, leading: 0, bottom: 8, trailing: 0)
        case .plain: EdgeInsets()
        }
    }
}

public struct InsetGroupedListStyle: ListStyle {
    public init() {}
    public var _kind: ListStyleKind { .insetGrouped }
}

public struct PlainListStyle: ListStyle {
    public init() {}
    public var _kind: ListStyleKind { .plain }
}

public struct InsetListStyle: ListStyle {
    public init() {}
    public var _kind: ListStyleKind { .inset }
}

public struct GroupedListStyle: ListStyle {
    public init() {}
    public var _kind: ListStyleKind { .grouped }
}

public struct SidebarListStyle: ListStyle {
    public init() {}
    public var _kind: ListStyleKind { .sidebar }
}

/// The platform's list style: inset grouped on an iPhone.
public struct DefaultListStyle: ListStyle {
    public init() {}
    public var _kind: ListStyleKind { .insetGrouped }
}

extension ListStyle where Self == InsetGroupedListStyle {
    public static var insetGrouped: InsetGroupedListStyle { InsetGroupedListStyle() }
}

extension ListStyle where Self == PlainListStyle {
    public static var plain: PlainListStyle { PlainListStyle() }
}

extension ListStyle where Self == InsetListStyle {
    public static var inset: InsetListStyle { InsetListStyle() }
}

extension ListStyle where Self == GroupedListStyle {
    public static var grouped: GroupedListStyle { GroupedListStyle() }
}

extension ListStyle where Self == SidebarListStyle {
    public static var sidebar: SidebarListStyle { SidebarListStyle() }
}

extension ListStyle where Self == DefaultListStyle {
    public static var automatic: DefaultListStyle { DefaultListStyle() }
}

/// Sets the list style for the lists inside.
public struct _ListStyleModifier: ViewModifier {
    public typealias Body = Never
    let kind: ListStyleKind

    public static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        graph.withEnvironment({ $0.navigation.listStyle = modifier.kind }) { graph in content._makeNodes(in: &graph) }
    }
}

/// A list in its style: the rows and sections with the style's margins on its background, as a
/// scroll container: the list takes the space it is offered, each row is laid out at its own
/// height (offered the row's width and no height), the rows follow one another and what falls
/// below the list's frame is clipped, as SwiftUI's `List` scrolled to the top. Under a
/// navigation bar the background reaches behind the bar, as iOS draws a list scrolled to the top.
struct _StyledList<Content: View>: PrimitiveView {
    let content: Content

    func _makeNodes(in graph: inout ViewGraph) {
        let style = graph.environment.navigation.listStyle
        if let last = graph.navigation.scopes.indices.last, graph.navigation.scopes[last].background == nil {
            graph.navigation.scopes[last].background = style.background
        }
        graph.withEnvironment({ $0.navigation.isInList = true }) { graph in
            // A scroll container: it takes the height it is offered, and its rows keep theirs.
            _ListBody(content: content)
                .padding(style.margins)
                .layout(.frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity, alignment: .top, scrollsVertically: true)))
                .background(_PaintedBackground(uiColor: style.background))
                ._makeNodes(in: &graph)
        }
    }
}

extension View {
    /// How the lists inside draw their rows and sections.
    public consuming func listStyle<S: ListStyle>(_ style: S) -> some View {
        modifier(_ListStyleModifier(kind: style._kind))
    }

    /// Actions a swipe across the row would reveal: accepted, and drawn at rest (hidden), as a
    /// still preview shows a row nobody swiped.
    public consuming func swipeActions<T: View>(
        edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ViewBuilder content: () -> T
    ) -> some View {
        self
    }
}

/// An edge of a row, as SwiftUI's `HorizontalEdge`.
public enum HorizontalEdge: Hashable, Sendable, CaseIterable {
    case leading, trailing
}

extension Section where Parent == EmptyView {
    /// A section with a footer and no header.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
        self.init(content: content, header: { EmptyView() }, footer: footer)
    }
}

extension Section {
    /// A section with its header and footer given as views, as SwiftUI's older form.
    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { header }, footer: { footer })
    }
}
