/// The flat tree a view resolves to for one render: nodes addressed by index, each node's
/// children a contiguous run of ``childList``.
///
/// Views add their nodes bottom up: a view appends the nodes it resolves to and leaves their
/// indices on ``pending``; a container (a stack, a modifier) takes the indices its content left
/// there as its children and leaves its own index instead. `ForEach`, `Group` and builder blocks
/// leave several indices, which is how they splice into the stack around them and how a modifier
/// applied to them reaches each element, as in SwiftUI.
///
/// Arrays instead of a tree of boxes: one allocation per array rather than one per view, and the
/// layout cache (``LayoutEngine``) is an index away.
public struct ViewGraph {
    var nodes: [GraphNode] = []
    var childList: [Int32] = []
    /// What nodes refer to by index, so that a node is a few plain words: copying one (layout does
    /// it constantly) retains nothing.
    var shapes: [ShapeNode] = []
    var texts: [TextNode] = []
    var frames: [FrameSpec] = []
    var accessibility: [AccessibilityInfo] = []
    /// The entries of `accessibility` that more than one node refers to (empty, and no
    /// allocation, unless a modifier was applied to several views at once).
    private var sharedAccessibility: Set<Int32> = []
    var tapTargets: [TapTarget] = []
    /// What `onTapGesture` and `Button` do, by the index their tap target holds; each is given
    /// where the tap landed in the tap target's own coordinates.
    var actions: [TapAction] = []
    /// The actions of controls bound to `.constant`, each with what a tap on one tells: it
    /// changes nothing (``noteConstant(_:control:name:)``).
    var constantActions: [(actions: Range<Int32>, note: String)] = []
    var filters: [Filter] = []
    var clips: [Clip] = []
    /// Transforms and blend modes of `Canvas` drawings and `.blendMode` (``GroupEffect``).
    var groupEffects: [GroupEffect] = []
    /// Nodes `Section`s made, which a `List` keeps whole rather than making rows of.
    var sections: [Int32] = []
    /// ``Layout`` values of layout nodes, and what views tell their layouts (``LayoutTrait``).
    var layouts: [LayoutEntry] = []
    var traits: [LayoutTrait] = []
    /// What a render should tell its author (a symbol Starboard cannot draw, say), each once
    /// (``warnOnce(_:)``).
    var warnings: [String] = []
    /// Told of every composite view as it is built, with the number of nodes made so far; set
    /// only while previews are captured.
    var observer: ((Any, Int) -> Void)?
    /// Composite views (types with a `body`), each with the next one of the same node: a node's
    /// list starts at ``GraphNode/compositeHead``, outermost first. ``ViewOutline`` names views
    /// with them. Metatypes, so recording one allocates nothing once the array has grown.
    var composites: [(type: Any.Type, next: Int32)] = []
    /// Preview names by the node they were given to (`previewDisplayName`).
    var previewNames: [Int32: String] = [:]
    /// The canvas the view's preview modifiers ask for (`previewLayout`, `previewDevice`, …).
    var declaredCanvas = DeclaredCanvas()
    /// The canvas the render uses when neither the window nor the view chooses one.
    var canvasFallback = CanvasLayout.sizeThatFits
    /// What each preview's modifiers asked of the canvas, by the node they were given to: a
    /// `PreviewProvider`'s preview shown alone takes its own, not its siblings'.
    var previewCanvases: [Int32: DeclaredCanvas] = [:]
    /// Nodes made and not yet taken by a container, in order.
    var pending: [Int32] = []
    /// Bars, tabs and presentations met while building (Navigation.swift).
    var navigation = NavigationBuild()
    /// What the views being built inherit; containers that change it restore it afterwards.
    public internal(set) var environment: EnvironmentValues
    /// The axis of the nearest enclosing stack, which a `Spacer` grows along.
    var stackAxis: Axis?
    /// `GeometryReader` contents, built when layout knows their size.
    var geometries: [GeometryContent] = []
    /// Content builders of custom `ViewModifier`s whose bodies are being built, innermost last.
    var modifierContents: [(inout ViewGraph) -> Void] = []

    private(set) var limits: RenderLimits
    /// How deep the views being built are nested (containers and composite views).
    private var depth = 0
    /// `onAppear` actions met while building, run once before the view is built again.
    var appearActions: [() -> Void] = []
    /// False while the view is built again after its `onAppear` actions ran.
    var collectsAppearActions = true
    /// The first limit the view broke; building stops adding nodes once it is set.
    private(set) var exceeded: RenderLimits.Exceeded?

    init(limits: RenderLimits, environment: EnvironmentValues = EnvironmentValues()) {
        self.limits = limits
        self.environment = environment
    }

    /// Empties the graph for another render, keeping the arrays' storage.
    mutating func reset(limits: RenderLimits, environment: EnvironmentValues) {
        nodes.removeAll(keepingCapacity: true)
        childList.removeAll(keepingCapacity: true)
        shapes.removeAll(keepingCapacity: true)
        texts.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        accessibility.removeAll(keepingCapacity: true)
        if !sharedAccessibility.isEmpty { sharedAccessibility.removeAll(keepingCapacity: true) }
        tapTargets.removeAll(keepingCapacity: true)
        actions.removeAll(keepingCapacity: true)
        constantActions.removeAll(keepingCapacity: true)
        filters.removeAll(keepingCapacity: true)
        clips.removeAll(keepingCapacity: true)
        groupEffects.removeAll(keepingCapacity: true)
        sections.removeAll(keepingCapacity: true)
        layouts.removeAll(keepingCapacity: true)
        traits.removeAll(keepingCapacity: true)
        composites.removeAll(keepingCapacity: true)
        warnings.removeAll(keepingCapacity: true)
        pending.removeAll(keepingCapacity: true)
        geometries.removeAll(keepingCapacity: true)
        modifierContents.removeAll(keepingCapacity: true)
        declaredCanvas = DeclaredCanvas()
        navigation = NavigationBuild()
        previewCanvases.removeAll(keepingCapacity: true)
        canvasFallback = .sizeThatFits
        appearActions.removeAll()
        collectsAppearActions = true
        self.environment = environment
        self.limits = limits
        stackAxis = nil
        depth = 0
        exceeded = nil
    }

    /// Marks the render as over its layout budget (``RenderLimits/maxSizingsPerView``).
    mutating func exceedLayoutBudget() {
        if exceeded == nil { exceeded = .layout(perView: limits.maxSizingsPerView, nodes: nodes.count) }
    }

    /// Sets the limits and the environment of the next render.
    mutating func prepare(limits: RenderLimits, environment: EnvironmentValues) {
        self.limits = limits
        self.environment = environment
    }

    /// False once a limit is hit: callers stop building (a loop stops looping).
    var isOpen: Bool { exceeded == nil }

    // MARK: - Nesting

    /// Enters one level of nesting; false (and nothing to undo) when a limit is hit.
    mutating func enter() -> Bool {
        guard exceeded == nil else { return false }
        guard depth < limits.maxDepth else {
            exceeded = .depth(limits.maxDepth)
            return false
        }
        depth += 1
        return true
    }

    mutating func leave() {
        depth -= 1
    }

    /// Names the style whose body broke the depth limit, if that is what just happened.
    mutating func blameDepth(onStyle style: String, kind: String) {
        if case .depth(let limit) = exceeded { exceeded = .styleDepth(style: style, kind: kind, limit: limit) }
    }

    /// Adds `message` to the render's warnings unless it is there already: the same problem in
    /// many views is one thing to fix.
    mutating func warnOnce(_ message: String) {
        if !warnings.contains(message) { warnings.append(message) }
    }

    // MARK: - Adding nodes

    /// Adds a node with no children and leaves it pending.
    mutating func addLeaf(_ kind: NodeKind) {
        guard let index = append(GraphNode(kind: kind, firstChild: 0, childCount: 0)) else { return }
        pending.append(index)
    }

    /// Adds a node whose children are everything left pending since `mark`, and leaves it pending
    /// in their place.
    mutating func addContainer(_ kind: NodeKind, adoptingFrom mark: Int) {
        let first = Int32(childList.count)
        let count = pending.count - mark
        childList.append(contentsOf: pending[mark...])
        pending.removeLast(count)
        guard let index = append(GraphNode(kind: kind, firstChild: first, childCount: Int32(count))) else { return }
        pending.append(index)
    }

    /// Adds a shape leaf.
    mutating func addShape(_ geometry: ShapeGeometry, _ drawing: ShapeDrawing) {
        shapes.append(ShapeNode(geometry: geometry, drawing: drawing))
        addLeaf(.shape(Int32(shapes.count - 1)))
    }

    /// Adds a text leaf.
    mutating func addText(_ text: TextNode) {
        texts.append(text)
        addLeaf(.text(Int32(texts.count - 1)))
    }

    /// Wraps each node left pending since `mark` in a modifier node of its own: a modifier
    /// applied to a `ForEach` applies to every element.
    mutating func wrapEach(from mark: Int, in effect: LayoutEffect) {
        let modifier: Modifier
        switch effect {
        case .frame(let spec):
            frames.append(spec)
            modifier = .frame(Int32(frames.count - 1))
        case .accessibility(let info):
            mergeAccessibility(info, from: mark)
            return
        case .tapTarget(let id):
            tapTargets.append(id)
            modifier = .tapTarget(Int32(tapTargets.count - 1))
        case .padding(let insets): modifier = .padding(insets)
        case .offset(let x, let y): modifier = .offset(x: x, y: y)
        case .position(let point): modifier = .position(point)
        case .scale(let x, let y, let anchor): modifier = .scale(x: x, y: y, anchor: anchor)
        case .rotation(let angle, let anchor): modifier = .rotation(angle, anchor: anchor)
        case .opacity(let value): modifier = .opacity(value)
        case .aspectRatio(let ratio, let mode): modifier = .aspectRatio(ratio, mode)
        case .filter(let filter):
            filters.append(filter)
            modifier = .filter(Int32(filters.count - 1))
        case .clip(let clip):
            clips.append(clip)
            modifier = .clip(Int32(clips.count - 1))
        case .group(let effect):
            groupEffects.append(effect)
            modifier = .group(Int32(groupEffects.count - 1))
        case .zIndex(let value): modifier = .zIndex(value)
        case .layoutPriority(let value): modifier = .layoutPriority(value)
        case .fixedSize(let horizontal, let vertical): modifier = .fixedSize(horizontal: horizontal, vertical: vertical)
        case .ignoresSafeArea(let edges): modifier = .ignoresSafeArea(edges)
        case .trait(let trait):
            traits.append(trait)
            modifier = .trait(Int32(traits.count - 1))
        }
        wrapEach(from: mark, in: .modifier(modifier))
    }

    /// Chained accessibility modifiers (`.accessibilityLabel(…).accessibilityValue(…)`) make
    /// one node: a view that is already an accessibility node takes the new facts into a merged
    /// entry (its own facts first, as layout reads a run of them); any other view is wrapped.
    /// Layout reads a run of accessibility nodes as one element anyway, so the result is the
    /// same with fewer nodes to build, size and place.
    ///
    /// A view's own entry is filled in place. An entry shared by several views (a modifier on a
    /// `ForEach` gives all its elements one) is copied first, as a control may later take one
    /// of those views alone (a picker's selected option).
    private mutating func mergeAccessibility(_ info: AccessibilityInfo, from mark: Int) {
        var shared: Int32?
        for slot in mark..<pending.count {
            let node = Int(pending[slot])
            if case .modifier(.accessibility(let inner)) = nodes[node].kind {
                if sharedAccessibility.isEmpty || !sharedAccessibility.contains(inner) {
                    accessibility[Int(inner)].fill(from: info)
                } else {
                    accessibility.append(accessibility[Int(inner)].merged(over: info))
                    nodes[node].kind = .modifier(.accessibility(Int32(accessibility.count - 1)))
                }
            } else {
                if let shared {
                    sharedAccessibility.insert(shared)
                } else {
                    accessibility.append(info)
                    shared = Int32(accessibility.count - 1)
                }
                guard wrap(slot: slot, in: .modifier(.accessibility(shared!))) else { return }
            }
        }
    }

    /// Wraps the pending node at `slot` in a node of `kind`; false once a limit is hit.
    private mutating func wrap(slot: Int, in kind: NodeKind) -> Bool {
        let first = Int32(childList.count)
        childList.append(pending[slot])
        guard let index = append(GraphNode(kind: kind, firstChild: first, childCount: 1)) else { return false }
        pending[slot] = index
        return true
    }

    private mutating func wrapEach(from mark: Int, in kind: NodeKind) {
        for slot in mark..<pending.count {
            let first = Int32(childList.count)
            childList.append(pending[slot])
            guard let index = append(GraphNode(kind: kind, firstChild: first, childCount: 1)) else { return }
            pending[slot] = index
        }
    }

    /// Makes what was left pending since `mark` one node: nothing becomes an empty node, one node
    /// stays itself, several are stacked with `stack` (a background of two views is a `ZStack`).
    mutating func collapse(from mark: Int, into stack: StackKind) {
        switch pending.count - mark {
        case 0: addLeaf(.empty)
        case 1: break
        default: addContainer(.stack(stack), adoptingFrom: mark)
        }
    }

    /// Takes the one node `collapse` left.
    mutating func takeSingle() -> Int32 {
        pending.removeLast()
    }

    private mutating func append(_ node: GraphNode) -> Int32? {
        guard exceeded == nil else { return nil }
        guard nodes.count < limits.maxViews else {
            exceeded = .views(limits.maxViews)
            return nil
        }
        var node = node
        node.mirrored = environment.layoutDirection == .rightToLeft
        nodes.append(node)
        return Int32(nodes.count - 1)
    }

    /// The children of node `index`.
    func children(of index: Int32) -> ArraySlice<Int32> {
        let node = nodes[Int(index)]
        return childList[Int(node.firstChild)..<Int(node.firstChild + node.childCount)]
    }

    func firstChild(of index: Int32) -> Int32 {
        childList[Int(nodes[Int(index)].firstChild)]
    }

    // MARK: - Environment

    /// Builds `content` with the environment changed by `change`, then restores it.
    mutating func withEnvironment(_ change: (inout EnvironmentValues) -> Void, _ content: (inout ViewGraph) -> Void) {
        let saved = environment
        change(&environment)
        content(&self)
        environment = saved
    }
}

/// How big and deep a view may be before rendering refuses it: a component that makes a million
/// views fails fast with a clear message instead of running out of time or stack.
public struct RenderLimits: Sendable, Hashable {
    /// Nodes in the flat tree (views, modifiers, stacks).
    public var maxViews: Int
    /// Nesting of containers, modifiers and composite views.
    public var maxDepth: Int
    /// Sizes layout may compute per node of the tree (a node asked for its size at a proposal it
    /// had not seen), plus ``layoutAllowance`` for the whole render. SwiftUI's rules need a few per
    /// node (the layout-growth tests count at most 32 for text); a render past this budget is a
    /// layout gone exponential, stopped with a clear error instead of spending the worker's time.
    public var maxSizingsPerView: Int

    /// Sizes any render may compute beyond ``maxSizingsPerView`` per node, so a small view with a
    /// searching layout (a flow layout trying widths, `ViewThatFits`) is never refused.
    public static let layoutAllowance = 10_000

    public init(maxViews: Int = 200_000, maxDepth: Int = 1_000, maxSizingsPerView: Int = 256) {
        self.maxViews = maxViews
        self.maxDepth = maxDepth
        self.maxSizingsPerView = maxSizingsPerView
    }

    /// The sizes a render of `nodes` nodes may compute.
    func layoutBudget(nodes: Int) -> Int {
        let (perView, overflow) = maxSizingsPerView.multipliedReportingOverflow(by: max(nodes, 1))
        return overflow ? Int.max : perView.addingReportingOverflow(Self.layoutAllowance).overflow ? Int.max : perView + Self.layoutAllowance
    }

    public static let standard = RenderLimits()

    /// Which limit a view broke.
    public enum Exceeded: Error, Hashable, Sendable, CustomStringConvertible {
        case views(Int)
        case depth(Int)
        /// A style's `makeBody` nested past the depth limit: it makes the control it styles.
        case styleDepth(style: String, kind: String, limit: Int)
        /// Layout computed more sizes than ``RenderLimits/layoutBudget(nodes:)`` allows
        /// (`perView` sizes per node): it grows faster than the view, a layout's bug.
        case layout(perView: Int, nodes: Int)

        public var description: String {
            switch self {
            case .styleDepth(let style, let kind, let limit):
                "the \(kind) \(style) nests deeper than \(limit) levels (the render limit): its makeBody(configuration:) makes the control it styles, which takes the same style; draw configuration.label instead"

            case .views(let limit): "the view has more than \(limit) views and modifiers (the render limit)"
            case .depth(let limit): "the view nests deeper than \(limit) levels (the render limit)"
            case .layout(let perView, let nodes):
                "laying out the view's \(nodes) views computed more than \(perView) sizes per view (the render limit): a layout that asks its subviews for their size again and again, at new proposals, grows faster than the view"
            }
        }
    }
}

/// One node of the flat tree: plain words, nothing to retain.
struct GraphNode {
    var kind: NodeKind
    var firstChild: Int32
    var childCount: Int32
    /// Head of this node's list in the layout cache, -1 for none.
    var cacheHead: Int32 = -1
    /// Built in a right-to-left environment: its horizontal order, alignments and leading and
    /// trailing padding mirror when it is placed.
    var mirrored = false
    /// The outermost composite view whose body resolved to this node (``ViewGraph/composites``),
    /// -1 for none.
    var compositeHead: Int32 = -1
}

/// What a node is. Containers find their children through ``GraphNode/firstChild``.
enum NodeKind {
    case empty
    /// An index into ``ViewGraph/shapes``.
    case shape(Int32)
    /// An index into ``ViewGraph/texts``.
    case text(Int32)
    case stack(StackKind)
    case spacer(minLength: Double, axis: Axis?)
    /// A `GeometryReader`: an index into ``ViewGraph/geometries``.
    case geometry(Int32)
    /// A layout or drawing modifier over its one child.
    case modifier(Modifier)
    /// A background (or, `inFront`, an overlay): child 0 is the content, child 1 the layer.
    case layer(Alignment, inFront: Bool)
    /// A ``Layout`` of the author's (or a built-in container written as one): an index into
    /// ``ViewGraph/layouts``.
    case layout(Int32)
}

/// A `GeometryReader`'s content, built once layout has given it a size.
struct GeometryContent {
    let build: (GeometryProxy, inout ViewGraph) -> Void
    /// Swapped into the graph while the content is built (``LayoutEngine/placeGeometry``).
    var environment: EnvironmentValues
    let stackAxis: Axis?
}

/// How a stack arranges its children.
enum StackKind {
    case horizontal(spacing: Double, alignment: VerticalAlignment)
    case vertical(spacing: Double, alignment: HorizontalAlignment)
    case depth(alignment: Alignment)
}

/// The outline of a shape, resolved against the frame layout gives it.
enum ShapeGeometry {
    case rectangle
    case roundedRectangle(cornerRadius: Double)
    case ellipse
    /// A circle as large as fits, centred.
    case circle
    case capsule
    /// A path in the coordinates of the frame it is placed in.
    case path(Path)
    /// A shape of the author's own, asked for its path once its frame is known.
    case custom((CGRect) -> Path)
    /// A built-in shape drawn inside its frame by `amount` on every side (`strokeBorder`).
    indirect case inset(InsetGeometry)
}

/// A built-in outline moved inward.
struct InsetGeometry {
    var base: ShapeGeometry
    var amount: Double
}

/// A shape and its paint.
struct ShapeNode {
    var geometry: ShapeGeometry
    var drawing: ShapeDrawing
}

/// How a shape is painted; with neither fill nor stroke nothing is drawn.
struct ShapeDrawing {
    var fill: Paint?
    var stroke: Stroke?
    /// The even-odd fill rule rather than non-zero.
    var evenOdd = false
    /// The part of the outline a trimmed shape strokes, as fractions of its length from its start.
    var trim: (from: Double, to: Double)?
    /// A resource image drawn over the frame instead of the outline; with a fill it is a
    /// template, its opaque parts painted with the fill.
    var image: AssetCatalog.ImageAsset? = nil
}

/// A text and everything its environment decided about how it is set.
struct TextNode {
    var string: String
    /// The font and paint of the whole text, or of its first run.
    var font: Font
    var paint: Paint
    /// The pieces of a joined text (`Text + Text`), each with its own font and paint; nil for one.
    var runs: [Run]?
    var lineLimit: Int?
    /// Points between one line and the next (`.lineSpacing(_:)`).
    var lineSpacing = 0.0
    /// How far the fonts may shrink before the text is truncated (`.minimumScaleFactor(_:)`).
    var minimumScaleFactor = 1.0
    var truncation: Text.TruncationMode
    var alignment: TextAlignment
    /// The layout direction: the direction of a paragraph with no strong character of its own.
    var direction: LayoutDirection = .leftToRight
    /// Drawn as placeholder bars (`.redacted(reason: .placeholder)`), laid out as the text.
    var isRedacted = false

    /// The text with every font `scale` times its size (its spacing kept).
    func scaled(by scale: Double) -> TextNode {
        var copy = self
        copy.font.size *= scale
        if let runs {
            copy.runs = runs.map { run in
                var scaled = run
                scaled.font.size *= scale
                return scaled
            }
        }
        return copy
    }

    /// A piece of a joined text: its UTF-8 offsets in ``string``, its font and its paint.
    struct Run {
        var utf8Range: Range<Int>
        var font: Font
        var paint: Paint
        var decoration: Decoration = []
    }

    /// Lines drawn with a run of text, as SVG's `text-decoration` draws them: in the run's fill.
    struct Decoration: OptionSet, Hashable {
        let rawValue: UInt8
        static let underline = Decoration(rawValue: 1)
        static let strikethrough = Decoration(rawValue: 2)

        /// The `text-decoration` value.
        var svgValue: StaticString {
            switch (contains(.underline), contains(.strikethrough)) {
            case (true, true): "underline line-through"
            case (true, false): "underline"
            case (false, true): "line-through"
            case (false, false): "none"
            }
        }
    }
}

/// What a layout modifier asks for, as views describe it.
enum LayoutEffect {
    case frame(FrameSpec)
    case padding(EdgeInsets)
    case offset(x: Double, y: Double)
    case position(Point)
    case scale(x: Double, y: Double, anchor: UnitPoint)
    case rotation(Angle, anchor: UnitPoint)
    case opacity(Double)
    case aspectRatio(Double?, ContentMode)
    case filter(Filter)
    case accessibility(AccessibilityInfo)
    case tapTarget(TapTarget)
    case fixedSize(horizontal: Bool, vertical: Bool)
    case clip(Clip)
    case zIndex(Double)
    case layoutPriority(Double)
    case ignoresSafeArea(Edge.Set)
    case trait(LayoutTrait)
    case group(GroupEffect)
}

/// What a tap runs: a button's action, or an `onTapGesture` action told where the tap landed.
/// Two cases, so a button's action is kept as it is instead of in a closure made to drop the point.
enum TapAction {
    case plain(() -> Void)
    case located((Point) -> Void)

    func callAsFunction(_ location: Point) {
        switch self {
        case .plain(let action): action()
        case .located(let action): action(location)
        }
    }
}

/// Where a tap goes: an id the component's `tap(_:)` knows, or an action (an index into
/// ``ViewGraph/actions``) that runs when the view is tapped.
struct TapTarget {
    var id: String?
    var action: Int32?
    /// The action is told where a tap landed in the preview's coordinates, not the view's.
    var isGlobal = false
}

/// Content cut to an outline drawn in the view's frame.
struct Clip {
    var geometry: ShapeGeometry
    var evenOdd: Bool
}

/// What a modifier node does to its child; frames and accessibility facts are indices into the
/// graph's tables.
enum Modifier {
    case frame(Int32)
    case padding(EdgeInsets)
    case offset(x: Double, y: Double)
    case position(Point)
    case scale(x: Double, y: Double, anchor: UnitPoint)
    case rotation(Angle, anchor: UnitPoint)
    case opacity(Double)
    case aspectRatio(Double?, ContentMode)
    /// An index into ``ViewGraph/filters``.
    case filter(Int32)
    case accessibility(Int32)
    case tapTarget(Int32)
    case fixedSize(horizontal: Bool, vertical: Bool)
    /// An index into ``ViewGraph/clips``.
    case clip(Int32)
    /// The drawing order among siblings: higher in front.
    case zIndex(Double)
    /// Which siblings a stack offers room first: higher first.
    case layoutPriority(Double)
    /// Reaches into the screen's safe-area insets on these edges where the view touches them.
    case ignoresSafeArea(Edge.Set)
    /// What the view tells its layout: an index into ``ViewGraph/traits``.
    case trait(Int32)
    /// An index into ``ViewGraph/groupEffects``.
    case group(Int32)
}

/// A frame's fixed or flexible sizes; nil leaves that dimension to the child or the proposal.
struct FrameSpec: Hashable, Sendable {
    var width: Double?
    var height: Double?
    var minWidth: Double?
    var maxWidth: Double?
    var minHeight: Double?
    var maxHeight: Double?
    /// What the frame takes when offered nothing in that dimension.
    var idealWidth: Double?
    var idealHeight: Double?
    var alignment: Alignment
    /// A scroll container's frame (a `List`'s): the child is offered no height and keeps the one
    /// it chooses, the frame takes the height it is offered, and what falls outside is clipped.
    var scrollsVertically = false
}
