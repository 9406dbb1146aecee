/// How a `TabView` shows its tabs, as SwiftUI's `TabViewStyle`: under a tab bar
/// (``DefaultTabViewStyle``) or as pages with a row of dots (``PageTabViewStyle``).
public protocol TabViewStyle: Sendable {
    /// The index a page style shows; nil for the tab bar.
    var _pageIndex: PageTabViewStyle.IndexDisplayMode? { get }
}

/// The tab bar, as SwiftUI's `DefaultTabViewStyle` on iOS.
public struct DefaultTabViewStyle: TabViewStyle {
    public init() {}
    public var _pageIndex: PageTabViewStyle.IndexDisplayMode? { nil }
}

/// Pages, as SwiftUI's `PageTabViewStyle`: the selected tab (the first unless a selection says
/// otherwise) fills the tab view, with no tab bar, and iOS's page control over its bottom edge:
/// one white dot per page, the current one opaque and the others at 30 % opacity.
public struct PageTabViewStyle: TabViewStyle {
    /// When the page control shows, as SwiftUI's `PageTabViewStyle.IndexDisplayMode`.
    public struct IndexDisplayMode: Hashable, Sendable {
        enum Kind: Hashable, Sendable { case automatic, always, never }
        let kind: Kind

        /// When there is more than one page, as iOS's page control hides for a single page.
        public static let automatic = IndexDisplayMode(kind: .automatic)
        /// Always, even for a single page.
        public static let always = IndexDisplayMode(kind: .always)
        /// Never.
        public static let never = IndexDisplayMode(kind: .never)

        func shows(pages: Int) -> Bool {
            switch kind {
            case .automatic: pages > 1
            case .always: true
            case .never: false
            }
        }
    }

    public let indexDisplayMode: IndexDisplayMode

    public init(indexDisplayMode: IndexDisplayMode = .automatic) {
        self.indexDisplayMode = indexDisplayMode
    }

    public var _pageIndex: IndexDisplayMode? { indexDisplayMode }
}

extension TabViewStyle where Self == DefaultTabViewStyle {
    public static var automatic: DefaultTabViewStyle { DefaultTabViewStyle() }
}

extension TabViewStyle where Self == PageTabViewStyle {
    public static var page: PageTabViewStyle { PageTabViewStyle() }

    public static func page(indexDisplayMode: PageTabViewStyle.IndexDisplayMode) -> PageTabViewStyle {
        PageTabViewStyle(indexDisplayMode: indexDisplayMode)
    }
}

/// How an index view (a paged tab view's dots) is drawn, as SwiftUI's `IndexViewStyle`.
public protocol IndexViewStyle: Sendable {
    var _backgroundDisplayMode: PageIndexViewStyle.BackgroundDisplayMode { get }
}

/// The page control, as SwiftUI's `PageIndexViewStyle`: with `.always` the dots sit on a
/// translucent dark capsule; otherwise (`.automatic`, `.interactive`: shown only while someone
/// touches it, which no still preview does; `.never`) on nothing.
public struct PageIndexViewStyle: IndexViewStyle {
    /// When the capsule behind the dots shows.
    public struct BackgroundDisplayMode: Hashable, Sendable {
        enum Kind: Hashable, Sendable { case automatic, interactive, always, never }
        let kind: Kind

        public static let automatic = BackgroundDisplayMode(kind: .automatic)
        public static let interactive = BackgroundDisplayMode(kind: .interactive)
        public static let always = BackgroundDisplayMode(kind: .always)
        public static let never = BackgroundDisplayMode(kind: .never)
    }

    public let backgroundDisplayMode: BackgroundDisplayMode

    public init(backgroundDisplayMode: BackgroundDisplayMode = .automatic) {
        self.backgroundDisplayMode = backgroundDisplayMode
    }

    public var _backgroundDisplayMode: BackgroundDisplayMode { backgroundDisplayMode }
}

extension IndexViewStyle where Self == PageIndexViewStyle {
    public static var page: PageIndexViewStyle { PageIndexViewStyle() }

    public static func page(backgroundDisplayMode: PageIndexViewStyle.BackgroundDisplayMode) -> PageIndexViewStyle {
        PageIndexViewStyle(backgroundDisplayMode: backgroundDisplayMode)
    }
}

/// What the tab views inside inherit: the tab bar or pages, and the page control's background.
struct TabViewStyling: Sendable {
    var pageIndex: PageTabViewStyle.IndexDisplayMode?
    var indexBackground = PageIndexViewStyle.BackgroundDisplayMode.automatic
}

extension View {
    /// How the tab views inside show their tabs: `.page` for swiped pages with dots.
    public consuming func tabViewStyle<S: TabViewStyle>(_ style: S) -> some View {
        setting(\.tabViewStyling.pageIndex, style._pageIndex)
    }

    /// How the index views inside (a paged tab view's dots) are drawn.
    public consuming func indexViewStyle<S: IndexViewStyle>(_ style: S) -> some View {
        setting(\.tabViewStyling.indexBackground, style._backgroundDisplayMode)
    }
}

/// iOS's page control at rest, in points (Starboard's reading of UIKit's `UIPageControl`, not
/// Apple's numbers): 8-point dots 16 apart in a 26-point row, 8 points in from the capsule's ends.
enum PageControlMetrics {
    static let dot: Double = 8
    static let pitch: Double = 16
    static let height: Double = 26
    static let inset: Double = 8
}

/// A paged tab view's dots: one per page, white, the current one opaque. A tap left of the
/// current dot turns back a page and one right of it forward, as on iOS.
struct _PageIndex: PrimitiveView {
    let count: Int
    let selected: Int
    let background: PageIndexViewStyle.BackgroundDisplayMode
    let select: (Int) -> Void

    func _makeNodes(in graph: inout ViewGraph) {
        let mark = graph.pending.count
        let count = self.count, selected = self.selected
        HStack(spacing: PageControlMetrics.pitch - PageControlMetrics.dot) {
            ForEach(0..<count, id: \.self) { index in
                Circle()
                    .fill(Color.white.opacity(index == selected ? 1 : 0.3))
                    .frame(width: PageControlMetrics.dot, height: PageControlMetrics.dot)
            }
        }
        .padding(.horizontal, PageControlMetrics.inset)
        .frame(height: PageControlMetrics.height)
        .background {
            if background == .always { Capsule().fill(Color(white: 0, opacity: 0.25)) }
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel("Page")
        .accessibilityValue("\(selected + 1) of \(count)")
        ._makeNodes(in: &graph)
        guard graph.isOpen, graph.environment.isEnabled else { return }
        let select = self.select
        graph.actions.append(.located { point in
            // The tap is in the control's own points; the current dot's centre divides it.
            let centre = PageControlMetrics.inset + PageControlMetrics.dot / 2 + Double(selected) * PageControlMetrics.pitch
            if point.x < centre - PageControlMetrics.dot / 2, selected > 0 { select(selected - 1) }
            if point.x > centre + PageControlMetrics.dot / 2, selected < count - 1 { select(selected + 1) }
        })
        graph.wrapEach(from: mark, in: .tapTarget(TapTarget(id: "page-index", action: Int32(graph.actions.count - 1))))
    }
}
