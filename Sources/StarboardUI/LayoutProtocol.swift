/// A size a container offers a subview, as SwiftUI's `ProposedViewSize`: nil in a dimension asks
/// for the subview's ideal size there, `.infinity` for its largest, 0 for its smallest.
public struct ProposedViewSize: Hashable, Sendable {
    public var width: CGFloat?
    public var height: CGFloat?

    public init(width: CGFloat?, height: CGFloat?) {
        self.width = width
        self.height = height
    }

    public init(_ size: CGSize) {
        self.init(width: size.width, height: size.height)
    }

    public static let zero = ProposedViewSize(width: 0, height: 0)
    public static let unspecified = ProposedViewSize(width: nil, height: nil)
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)

    /// The proposal with each nil dimension taken from `size` (10 by 10, as SwiftUI's default).
    public func replacingUnspecifiedDimensions(by size: CGSize = CGSize(width: 10, height: 10)) -> CGSize {
        CGSize(width: width ?? size.width, height: height ?? size.height)
    }

    init(_ proposal: Proposal) {
        self.init(width: proposal.width.map { CGFloat($0) }, height: proposal.height.map { CGFloat($0) })
    }

    var proposal: Proposal { Proposal(width: width.map(Double.init), height: height.map(Double.init)) }
}

/// A container that sizes and places its subviews itself, as SwiftUI's `Layout`: write
/// `sizeThatFits` and `placeSubviews`, then use it as a view, `MyLayout { … }`.
///
/// Each subview's size at each proposal is computed once per render and remembered, so a layout
/// may ask a subview as often as it likes; the render stays linear in the number of views.
public protocol Layout {
    /// What the layout computes once per render and shares between its two calls.
    associatedtype Cache = Void
    typealias Subviews = LayoutSubviews

    func makeCache(subviews: Subviews) -> Cache
    func updateCache(_ cache: inout Cache, subviews: Subviews)
    /// The layout's size for `proposal`.
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize
    /// Places every subview (`subviews[i].place(at:anchor:proposal:)`) in `bounds`, which is in the
    /// coordinates of the layout's parent.
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache)
    /// The space the layout, as one view, prefers around it (``LayoutSubview/spacing`` of it as a
    /// subview of another layout); by default the union of its subviews' preferences.
    func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing
    /// Where horizontal guide `guide` falls in the layout laid out in `bounds` (nil: the guide's
    /// default), so a stack around the layout lines it up by it; by default nil.
    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGFloat?
    /// Where vertical guide `guide` falls in the layout laid out in `bounds`; by default nil.
    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGFloat?
}

extension Layout where Cache == Void {
    public func makeCache(subviews: Subviews) {}
}

extension Layout {
    public func updateCache(_ cache: inout Cache, subviews: Subviews) {
        cache = makeCache(subviews: subviews)
    }

    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing {
        guard !subviews.isEmpty else { return ViewSpacing() }
        var spacing = ViewSpacing.zero
        for subview in subviews { spacing.formUnion(subview.spacing) }
        return spacing
    }

    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGFloat? {
        nil
    }

    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGFloat? {
        nil
    }

    /// The layout as a container view over `content`.
    public func callAsFunction<Content: View>(@ViewBuilder _ content: () -> Content) -> some View {
        _LayoutContainer(layout: self, content: content())
    }
}

/// A key for a value a subview hands its layout (`.layoutValue(key:value:)`), read as
/// `subviews[i][MyKey.self]`.
public protocol LayoutValueKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

extension View {
    /// Hands `value` to the enclosing ``Layout``, which reads it as `subview[K.self]`.
    public consuming func layoutValue<K: LayoutValueKey>(key: K.Type, value: K.Value) -> some View {
        layout(.trait(.value(ObjectIdentifier(key), value)))
    }
}

/// The subviews of a ``Layout``, in the order the content lists them.
public struct LayoutSubviews: RandomAccessCollection, Equatable {
    let context: LayoutContext
    let slots: Range<Int>

    public var startIndex: Int { 0 }
    public var endIndex: Int { slots.count }

    public subscript(index: Int) -> LayoutSubview {
        LayoutSubview(context: context, index: index, node: context.engine.pointee.graph.childList[slots.lowerBound + index])
    }

    public subscript(bounds: Range<Int>) -> LayoutSubviews {
        LayoutSubviews(context: context, slots: (slots.lowerBound + bounds.lowerBound)..<(slots.lowerBound + bounds.upperBound))
    }

    public static func == (lhs: LayoutSubviews, rhs: LayoutSubviews) -> Bool {
        lhs.context === rhs.context && lhs.slots == rhs.slots
    }
}

/// One subview of a ``Layout``: ask its size, read its layout values, place it.
///
/// Valid only during the layout's call that was given it.
public struct LayoutSubview: Equatable {
    let context: LayoutContext
    /// Its position among the layout's subviews.
    let index: Int
    let node: Int32

    /// The size the subview chooses for `proposal`.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        context.engine.pointee.size(node, proposal.proposal)
    }

    /// The subview's size for `proposal` and where its alignment guides fall.
    public func dimensions(in proposal: ProposedViewSize) -> ViewDimensions {
        context.engine.pointee.dimensions(of: node, proposal.proposal)
    }

    /// The space the subview prefers around it: a layout's own ``Layout/spacing(subviews:cache:)``,
    /// else Starboard's 8 points on every edge, as its stacks use between any two views.
    public var spacing: ViewSpacing {
        context.engine.pointee.spacing(of: node)
    }

    /// Its `layoutPriority`.
    public var priority: Double {
        context.engine.pointee.layoutPriority(node)
    }

    /// The value the subview gave for `key` (`.layoutValue(key:value:)`), else the key's default.
    public subscript<K: LayoutValueKey>(key: K.Type) -> K.Value {
        let id = ObjectIdentifier(key)
        var found: K.Value?
        context.engine.pointee.graph.forEachTrait(of: node) { trait in
            if found == nil, case .value(let key, let value) = trait, key == id { found = value as? K.Value }
        }
        return found ?? K.defaultValue
    }

    /// Places the subview so that its `anchor` is at `position` (in the coordinates of the
    /// layout's `bounds`), offered `proposal`.
    public func place(at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {
        guard context.isPlacing else { return }
        let size = sizeThatFits(proposal)
        let origin = Point(x: position.x - anchor.x * size.width, y: position.y - anchor.y * size.height)
        if context.placements[index] != nil { context.placedTwice.append(index) }
        context.placements[index] = (origin, proposal.proposal)
    }

    /// Leaves the subview out of the drawing (ViewThatFits's unchosen ones); internal.
    func hide() {
        context.hidden.insert(index)
    }

    public static func == (lhs: LayoutSubview, rhs: LayoutSubview) -> Bool {
        lhs.context === rhs.context && lhs.node == rhs.node
    }
}

/// What one call of a ``Layout`` works with: the engine laying it out, and where it placed its
/// subviews. The engine pointer lives only as long as the call.
final class LayoutContext {
    let engine: UnsafeMutablePointer<LayoutEngine>
    let isPlacing: Bool
    var placements: [(origin: Point, proposal: Proposal)?]
    var placedTwice: [Int] = []
    var hidden: Set<Int> = []

    init(engine: UnsafeMutablePointer<LayoutEngine>, count: Int, isPlacing: Bool) {
        self.engine = engine
        self.isPlacing = isPlacing
        placements = isPlacing ? Array(repeating: nil, count: count) : []
    }
}

/// A layout and its cache, as the graph keeps it for one node; opened to call the layout's generic
/// requirements with its own `Cache` type.
struct LayoutEntry {
    let layout: any Layout
    var cache: Any?
    /// Built-in containers (ViewThatFits) leave out what they hide; a layout of the author's own
    /// has a subview it did not place drawn at its centre, with a warning.
    var isBuiltIn = false

    var typeName: String { String(describing: type(of: layout)) }
}

/// `MyLayout { … }`: a layout node over the content's views.
struct _LayoutContainer<L: Layout, Content: View>: PrimitiveView {
    let layout: L
    let content: Content

    func _makeNodes(in graph: inout ViewGraph) {
        if let native = (layout as? any NativeStackLayout)?.stackKind ?? (layout as? AnyLayout)?.nativeStackKind {
            graph.makeStack(native.kind, axis: native.axis, content)
            return
        }
        graph.makeLayout(LayoutEntry(layout: layout, isBuiltIn: layout is any BuiltInLayout), content)
    }
}

/// The built-in containers written as layouts; what they do not place is hidden, not warned of.
protocol BuiltInLayout: Layout {}

extension ViewGraph {
    /// A layout node over what `content` makes; a `Spacer` or `Divider` directly inside lies
    /// along `axis` (a `Grid`'s rows are stacked vertically).
    mutating func makeLayout(_ entry: LayoutEntry, _ content: some View, axis: Axis? = nil) {
        guard enter() else { return }
        let mark = pending.count
        let outerAxis = stackAxis
        stackAxis = axis
        content._makeNodes(in: &self)
        stackAxis = outerAxis
        layouts.append(entry)
        addContainer(.layout(Int32(layouts.count - 1)), adoptingFrom: mark)
        leave()
    }

    /// Calls `body` with each layout trait of `node`, outermost first, looking through the
    /// modifiers and backgrounds around the view (as SwiftUI's layout values pass through them).
    func forEachTrait(of node: Int32, _ body: (LayoutTrait) -> Void) {
        var index = node
        while true {
            switch nodes[Int(index)].kind {
            case .modifier(let modifier):
                if case .trait(let trait) = modifier { body(traits[Int(trait)]) }
                index = firstChild(of: index)
            case .layer:
                index = firstChild(of: index)
            default:
                return
            }
        }
    }
}

/// What a view tells the layout around it without changing its own layout.
enum LayoutTrait {
    /// `.layoutValue(key:value:)`.
    case value(ObjectIdentifier, Any)
    /// `.alignmentGuide(_:computeValue:)`.
    case alignmentGuide(AlignmentKey, horizontal: Bool, (ViewDimensions) -> CGFloat)
}

/// The stacks as ``Layout`` values, for `AnyLayout`: laid out by the stacks' own algorithm.
protocol NativeStackLayout: Layout {
    var stackKind: (kind: StackKind, axis: Axis?) { get }
}

/// An `HStack` as a layout value (`AnyLayout(HStackLayout())`).
public struct HStackLayout: NativeStackLayout {
    public var alignment: VerticalAlignment
    public var spacing: CGFloat?

    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }

    var stackKind: (kind: StackKind, axis: Axis?) {
        (.horizontal(spacing: spacing.map(Double.init) ?? defaultStackSpacing, alignment: alignment), .horizontal)
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        fatalError("HStackLayout is laid out as an HStack; use it as a view, HStackLayout { … }")
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
}

/// A `VStack` as a layout value.
public struct VStackLayout: NativeStackLayout {
    public var alignment: HorizontalAlignment
    public var spacing: CGFloat?

    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }

    var stackKind: (kind: StackKind, axis: Axis?) {
        (.vertical(spacing: spacing.map(Double.init) ?? defaultStackSpacing, alignment: alignment), .vertical)
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        fatalError("VStackLayout is laid out as a VStack; use it as a view, VStackLayout { … }")
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
}

/// A `ZStack` as a layout value.
public struct ZStackLayout: NativeStackLayout {
    public var alignment: Alignment

    public init(alignment: Alignment = .center) {
        self.alignment = alignment
    }

    var stackKind: (kind: StackKind, axis: Axis?) { (.depth(alignment: alignment), nil) }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        fatalError("ZStackLayout is laid out as a ZStack; use it as a view, ZStackLayout { … }")
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
}

/// A layout whose type is decided at run time, as SwiftUI's `AnyLayout`:
/// `let layout = isWide ? AnyLayout(HStackLayout()) : AnyLayout(VStackLayout())`.
public struct AnyLayout: Layout {
    let base: any Layout

    public init(_ layout: some Layout) {
        base = (layout as? AnyLayout)?.base ?? layout
    }

    var nativeStackKind: (kind: StackKind, axis: Axis?)? { (base as? any NativeStackLayout)?.stackKind }

    public func makeCache(subviews: Subviews) -> Any? {
        func make<L: Layout>(_ layout: L) -> Any? { layout.makeCache(subviews: subviews) }
        return make(base)
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Any?) -> CGSize {
        func size<L: Layout>(_ layout: L) -> CGSize {
            var typed = cache as? L.Cache ?? layout.makeCache(subviews: subviews)
            defer { cache = typed }
            return layout.sizeThatFits(proposal: proposal, subviews: subviews, cache: &typed)
        }
        return size(base)
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Any?) {
        func place<L: Layout>(_ layout: L) {
            var typed = cache as? L.Cache ?? layout.makeCache(subviews: subviews)
            defer { cache = typed }
            layout.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &typed)
        }
        place(base)
    }

    public func spacing(subviews: Subviews, cache: inout Any?) -> ViewSpacing {
        func spacing<L: Layout>(_ layout: L) -> ViewSpacing {
            var typed = cache as? L.Cache ?? layout.makeCache(subviews: subviews)
            defer { cache = typed }
            return layout.spacing(subviews: subviews, cache: &typed)
        }
        return spacing(base)
    }

    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Any?) -> CGFloat? {
        func value<L: Layout>(_ layout: L) -> CGFloat? {
            var typed = cache as? L.Cache ?? layout.makeCache(subviews: subviews)
            defer { cache = typed }
            return layout.explicitAlignment(of: guide, in: bounds, proposal: proposal, subviews: subviews, cache: &typed)
        }
        return value(base)
    }

    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Any?) -> CGFloat? {
        func value<L: Layout>(_ layout: L) -> CGFloat? {
            var typed = cache as? L.Cache ?? layout.makeCache(subviews: subviews)
            defer { cache = typed }
            return layout.explicitAlignment(of: guide, in: bounds, proposal: proposal, subviews: subviews, cache: &typed)
        }
        return value(base)
    }
}

extension Layout {
    /// ``spacing(subviews:cache:)`` with the cache as the graph keeps it.
    func spacing(subviews: Subviews, stored: inout Any?) -> ViewSpacing {
        var cache = stored as? Cache ?? makeCache(subviews: subviews)
        defer { stored = cache }
        return spacing(subviews: subviews, cache: &cache)
    }

    /// `explicitAlignment` for guide `key` with the cache as the graph keeps it.
    func explicitAlignment(of key: AlignmentKey, horizontal: Bool, in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, stored: inout Any?) -> CGFloat? {
        var cache = stored as? Cache ?? makeCache(subviews: subviews)
        defer { stored = cache }
        return horizontal
            ? explicitAlignment(of: HorizontalAlignment(key: key), in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
            : explicitAlignment(of: VerticalAlignment(key: key), in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }
}

/// The space a view prefers between it and its neighbours, edge by edge, as SwiftUI's
/// `ViewSpacing`. Starboard's views all prefer 8 points on every edge, the spacing its stacks put
/// between any two views (SwiftUI's own depends on the pair, text to text among them; 8 is its
/// usual value); a ``Layout`` reports its own with ``Layout/spacing(subviews:cache:)``.
public struct ViewSpacing: Hashable, Sendable {
    var top: Double
    var leading: Double
    var bottom: Double
    var trailing: Double

    /// The default spacing: 8 points on every edge.
    public init() {
        (top, leading, bottom, trailing) = (defaultStackSpacing, defaultStackSpacing, defaultStackSpacing, defaultStackSpacing)
    }

    /// No spacing on any edge.
    public static let zero: ViewSpacing = {
        var spacing = ViewSpacing()
        (spacing.top, spacing.leading, spacing.bottom, spacing.trailing) = (0, 0, 0, 0)
        return spacing
    }()

    /// Takes, on `edges`, the larger of this spacing and `other`'s.
    public mutating func formUnion(_ other: ViewSpacing, edges: Edge.Set = .all) {
        if edges.contains(.top) { top = max(top, other.top) }
        if edges.contains(.leading) { leading = max(leading, other.leading) }
        if edges.contains(.bottom) { bottom = max(bottom, other.bottom) }
        if edges.contains(.trailing) { trailing = max(trailing, other.trailing) }
    }

    /// This spacing with `other`'s on `edges` where that is larger.
    public func union(_ other: ViewSpacing, edges: Edge.Set = .all) -> ViewSpacing {
        var copy = self
        copy.formUnion(other, edges: edges)
        return copy
    }

    /// The space between this view and `next`, which follows it along `axis`: the larger of
    /// what the two prefer on the edges that face each other.
    public func distance(to next: ViewSpacing, along axis: Axis) -> CGFloat {
        switch axis {
        case .horizontal: CGFloat(max(trailing, next.leading))
        case .vertical: CGFloat(max(bottom, next.top))
        }
    }
}

extension HorizontalAlignment {
    init(key: AlignmentKey) { self.key = key }
}

extension VerticalAlignment {
    init(key: AlignmentKey) { self.key = key }
}

extension LayoutEngine {
    /// A layout node's size for `proposal`, from the author's `sizeThatFits`.
    mutating func sizeLayout(_ index: Int32, _ entry: Int32, _ proposal: Proposal) -> Size {
        withUnsafeMutablePointer(to: &self) { engine in
            let node = engine.pointee.graph.nodes[Int(index)]
            let slots = Int(node.firstChild)..<Int(node.firstChild + node.childCount)
            let context = LayoutContext(engine: engine, count: slots.count, isPlacing: false)
            let subviews = LayoutSubviews(context: context, slots: slots)
            func size<L: Layout>(_ layout: L) -> Size {
                var cache = engine.pointee.graph.layouts[Int(entry)].cache as? L.Cache ?? layout.makeCache(subviews: subviews)
                let size = layout.sizeThatFits(proposal: ProposedViewSize(proposal), subviews: subviews, cache: &cache)
                engine.pointee.graph.layouts[Int(entry)].cache = cache
                return size
            }
            let layout: any Layout = engine.pointee.graph.layouts[Int(entry)].layout
            return size(layout)
        }
    }

    /// Places a layout node's subviews where its `placeSubviews` put them. One placed twice
    /// keeps its last place; one not placed is drawn at the layout's centre, as SwiftUI does;
    /// both are told in a warning naming the layout.
    mutating func placeLayout(_ index: Int32, _ entry: Int32, _ proposal: Proposal, in rect: Rect, toRoot: AffineTransform) {
        let node = graph.nodes[Int(index)]
        let slots = Int(node.firstChild)..<Int(node.firstChild + node.childCount)
        let context = withUnsafeMutablePointer(to: &self) { engine in
            let context = LayoutContext(engine: engine, count: slots.count, isPlacing: true)
            let subviews = LayoutSubviews(context: context, slots: slots)
            func place<L: Layout>(_ layout: L) {
                var cache = engine.pointee.graph.layouts[Int(entry)].cache as? L.Cache ?? layout.makeCache(subviews: subviews)
                layout.placeSubviews(in: rect, proposal: ProposedViewSize(proposal), subviews: subviews, cache: &cache)
                engine.pointee.graph.layouts[Int(entry)].cache = cache
            }
            let layout: any Layout = engine.pointee.graph.layouts[Int(entry)].layout
            place(layout)
            return context
        }
        let layout = graph.layouts[Int(entry)]
        if let twice = context.placedTwice.first {
            warn("\(layout.typeName).placeSubviews placed subview \(twice) more than once; it is drawn where it was placed last")
        }
        for position in 0..<slots.count where !context.hidden.contains(position) {
            let child = graph.childList[slots.lowerBound + position]
            if let (origin, offer) = context.placements[position] {
                if position == 0, slots.count == 2, let inset = layout.layout as? _SafeAreaInsetLayout {
                    placeUnderSafeAreaInset(child, offer, at: origin, bar: graph.childList[slots.lowerBound + 1], inset, in: rect, toRoot: toRoot)
                } else {
                    place(child, offer, at: origin, toRoot: toRoot)
                }
            } else if !layout.isBuiltIn {
                warn("\(layout.typeName).placeSubviews did not place subview \(position); it is drawn at the layout's centre, as SwiftUI does")
                let offer = Proposal.unspecified
                let size = size(child, offer)
                place(child, offer, at: Point(x: rect.midX - size.width / 2, y: rect.midY - size.height / 2), toRoot: toRoot)
            }
        }
    }

    /// The spacing node `index` prefers as a layout's subview: a layout of the author's own
    /// (through the modifiers around it) reports its own, every other view the default.
    mutating func spacing(of index: Int32) -> ViewSpacing {
        var inner = index
        while true {
            switch graph.nodes[Int(inner)].kind {
            case .modifier, .layer:
                inner = graph.firstChild(of: inner)
                continue
            case .layout(let entry) where !graph.layouts[Int(entry)].isBuiltIn:
                return withLayout(inner, entry) { layout, subviews, cache in
                    layout.spacing(subviews: subviews, stored: &cache)
                }
            default:
                return ViewSpacing()
            }
        }
    }

    /// Where a layout of the author's own puts guide `key` (its `explicitAlignment`), offered
    /// `proposal`, from its leading (or top) edge; nil for a built-in layout or when it sets none.
    mutating func layoutGuide(_ key: AlignmentKey, horizontal: Bool, of index: Int32, _ entry: Int32, _ proposal: Proposal) -> Double? {
        guard !graph.layouts[Int(entry)].isBuiltIn else { return nil }
        let size = size(index, proposal)
        // Laid out at the origin, the guide's position in the bounds is its offset from the edge.
        let bounds = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        let offer = ProposedViewSize(proposal)
        let value: CGFloat? = withLayout(index, entry) { layout, subviews, cache in
            layout.explicitAlignment(of: key, horizontal: horizontal, in: bounds, proposal: offer, subviews: subviews, stored: &cache)
        }
        return value.map(Double.init)
    }

    /// Calls `body` with layout node `index`'s layout, its subviews and its cache (kept after).
    private mutating func withLayout<R>(_ index: Int32, _ entry: Int32, _ body: (any Layout, LayoutSubviews, inout Any?) -> R) -> R {
        withUnsafeMutablePointer(to: &self) { engine in
            let node = engine.pointee.graph.nodes[Int(index)]
            let slots = Int(node.firstChild)..<Int(node.firstChild + node.childCount)
            let context = LayoutContext(engine: engine, count: slots.count, isPlacing: false)
            let subviews = LayoutSubviews(context: context, slots: slots)
            var cache = engine.pointee.graph.layouts[Int(entry)].cache
            let result = body(engine.pointee.graph.layouts[Int(entry)].layout, subviews, &cache)
            engine.pointee.graph.layouts[Int(entry)].cache = cache
            return result
        }
    }

    mutating func warn(_ message: String) {
        graph.warnOnce(message)
    }
}
