/// A size offered to a view; nil in a dimension asks for the view's ideal size there.
struct Proposal: Equatable {
    var width: Double?
    var height: Double?

    static let unspecified = Proposal(width: nil, height: nil)
}

/// How much work one render took: guards against layout growing faster than the view.
public struct RenderStatistics: Hashable, Sendable {
    /// Nodes in the flat tree: views, stacks and modifiers.
    public var nodes = 0
    /// Sizes computed (a node asked for its size at a proposal it had not seen).
    public var sizings = 0
    /// Texts measured by layout (each text at each width it was offered).
    public var textMeasurements = 0
    /// Alignment-guide values computed (a node asked for a guide it sets, or a view inside sets,
    /// at a proposal it had not been asked for it at); each is kept for the rest of the render.
    public var guideComputations = 0
}

/// Lays out a ``ViewGraph`` the way SwiftUI does: a parent proposes a size, the child chooses its
/// own, and the parent places it at the proposal it last made. Every node remembers the size it
/// chose for each proposal it was given, so no subtree is sized twice for the same proposal
/// however deep the nesting: layout is linear in the number of nodes.
struct LayoutEngine {
    var graph: ViewGraph
    var typesetter: Typesetter
    var display = DisplayList()
    var elements: [AccessibilityElement] = []
    var statistics = RenderStatistics()

    /// Sizes this render may compute (``RenderLimits/layoutBudget(nodes:)``), set once the tree is built.
    var sizingBudget = Int.max
    /// The layout cache: each node's (proposal, size) pairs, linked from ``GraphNode/cacheHead``.
    private var cache: [CacheEntry] = []
    /// Per node, the proposal its parent placed it with (written just before it is placed).
    var placement: [Proposal] = []
    /// The screen and its safe area, while a preview is laid out on a device (``layOutCanvas``).
    var screenArea: ScreenArea?
    /// Where the system's drawing over the preview (the status bar) starts in the display list;
    /// the audit looks at the preview only.
    var chromeStart: Int?
    /// Per node, whether it can grow past what it chose (1), cannot (-1), or is not known yet (0).
    private var growth: [Int8] = []
    /// Scratch space for ``canGrow(_:_:)``: the links of the chain it is walking.
    private var chain: [Int32] = []
    /// Scratch space for stacks ordering their children, used as a stack by nested stacks.
    private var order: [(priority: Double, spacer: Bool, flexibility: Double, smallest: Double, child: Int32)] = []
    /// Scratch space for stacks' child origins, used as a stack by nested stacks.
    var origins: [Point] = []
    /// Per node, whether it or a view inside sets an alignment guide (``setsGuides(_:)``).
    var guideFlags: [Bool] = []
    /// The guides views set with `alignmentGuide`, read from the first ``scannedTraits`` traits.
    var guideKeys: [(key: AlignmentKey, horizontal: Bool)] = []
    var scannedTraits = 0
    /// Whether a layout of the author's own (which may set guides) is among the first
    /// ``scannedLayouts`` layouts.
    var hasOwnLayouts = false
    var scannedLayouts = 0
    /// The guide values computed this render (``explicitGuide(_:horizontal:of:_:)``), nil where
    /// the node sets none: a guide read again by each container up a deep stack is worked out once.
    var guideValues: [GuideValueKey: Double?] = [:]
    /// Fixed horizontal offsets and positions placed right to left, which do not mirror.
    var unmirrored: [(modifier: String, frame: CGRect)] = []
    /// The action each tap target id runs (`onTapGesture`, `Button`), as laid out.
    var actionTargets: [String: ActionTarget] = [:]
    /// Inside a hidden element, and inside elements whose children are not listed.
    private var hiddenDepth = 0
    private var suppressedDepth = 0
    /// Labels and text collected for each enclosing `.combine` element.
    private var combining: [[String]] = []
    /// Every placed node with its frame in the preview's points, in placement order, each with
    /// the record of the node that placed it: the view outline the SVG carries (``ViewOutline``).
    var viewRecords: [ViewRecord] = []
    /// The record of the node being placed, the parent of the next one.
    private var currentRecord: Int32 = -1
    /// The outline's tables, kept between renders (``ViewOutline``).
    var outline = ViewOutline.Tables()

    private struct CacheEntry {
        var proposal: Proposal
        var size: Size
        var next: Int32
    }

    init(graph: ViewGraph, typesetter: Typesetter) {
        self.graph = graph
        self.typesetter = typesetter
    }

    /// Empties the engine and its graph for another render, keeping the arrays' storage: a render
    /// then allocates almost nothing for layout.
    mutating func reset(limits: RenderLimits, typesetter: Typesetter) {
        graph.reset(limits: limits, environment: EnvironmentValues())
        self.typesetter = typesetter
        display.items.removeAll(keepingCapacity: true)
        display.texts.removeAll(keepingCapacity: true)
        display.groups.removeAll(keepingCapacity: true)
        elements = []
        statistics = RenderStatistics()
        sizingBudget = Int.max
        actionTargets.removeAll(keepingCapacity: true)
        unmirrored.removeAll(keepingCapacity: true)
        combining.removeAll(keepingCapacity: true)
        viewRecords.removeAll(keepingCapacity: true)
        outline.removeAll()
        currentRecord = -1
        screenArea = nil
        chromeStart = nil
        hiddenDepth = 0
        suppressedDepth = 0
        cache.removeAll(keepingCapacity: true)
        placement.removeAll(keepingCapacity: true)
        growth.removeAll(keepingCapacity: true)
        chain.removeAll(keepingCapacity: true)
        order.removeAll(keepingCapacity: true)
        origins.removeAll(keepingCapacity: true)
        guideFlags.removeAll(keepingCapacity: true)
        guideKeys.removeAll(keepingCapacity: true)
        scannedTraits = 0
        hasOwnLayouts = false
        scannedLayouts = 0
        guideValues.removeAll(keepingCapacity: true)
    }

    /// Sets what an empty engine needs for the next render.
    mutating func prepare(limits: RenderLimits, environment: EnvironmentValues, typesetter: Typesetter) {
        graph.prepare(limits: limits, environment: environment)
        self.typesetter = typesetter
    }

    /// Storage big enough to keep for the next render; a huge one is let go.
    var isWorthKeeping: Bool { graph.nodes.capacity <= 16_384 }

    // MARK: - Sizing

    mutating func size(_ index: Int32, _ proposal: Proposal) -> Size {
        var entry = graph.nodes[Int(index)].cacheHead
        while entry >= 0 {
            if cache[Int(entry)].proposal == proposal { return cache[Int(entry)].size }
            entry = cache[Int(entry)].next
        }
        statistics.sizings += 1
        if statistics.sizings > sizingBudget {
            // Over budget: stop computing (every size is zero from here) and fail the render.
            graph.exceedLayoutBudget()
            return .zero
        }
        let size = computeSize(index, proposal)
        cache.append(CacheEntry(proposal: proposal, size: size, next: graph.nodes[Int(index)].cacheHead))
        graph.nodes[Int(index)].cacheHead = Int32(cache.count - 1)
        return size
    }

    private mutating func computeSize(_ index: Int32, _ proposal: Proposal) -> Size {
        switch graph.nodes[Int(index)].kind {
        case .empty:
            return .zero
        case .shape, .geometry:
            // Shapes and readers take what they are offered; SwiftUI gives them 10 points of nothing.
            return Size(width: proposal.width ?? 10, height: proposal.height ?? 10)
        case .text(let text):
            return sizeText(index, text, proposal)
        case .stack(let kind):
            return layoutStack(index, kind, proposal, placing: false)
        case .spacer(let minLength, let axis):
            // Along its stack's axis a spacer takes what is offered; across it, nothing.
            let width = axis == .vertical ? 0 : max(minLength, proposal.width ?? minLength)
            let height = axis == .horizontal ? 0 : max(minLength, proposal.height ?? minLength)
            return Size(width: width, height: height)
        case .modifier(let modifier):
            return sizeModified(index, modifier, proposal)
        case .layer:
            return size(graph.firstChild(of: index), proposal)
        case .layout(let entry):
            return sizeLayout(index, entry, proposal)
        }
    }

    private mutating func sizeModified(_ index: Int32, _ modifier: Modifier, _ proposal: Proposal) -> Size {
        let child = graph.firstChild(of: index)
        switch modifier {
        case .frame(let frame):
            let spec = graph.frames[Int(frame)]
            if let width = spec.width, let height = spec.height {
                // A fixed frame is its own size whatever the child chooses; the child is sized when placed.
                return Size(width: width, height: height)
            }
            return frameSize(spec, child, proposal).size
        case .padding(let insets):
            let inner = size(child, Self.inset(proposal, insets))
            return Size(width: max(0, inner.width + insets.leading + insets.trailing), height: max(0, inner.height + insets.top + insets.bottom))
        case .position:
            if let width = proposal.width, let height = proposal.height { return Size(width: width, height: height) }
            let inner = size(child, proposal)
            return Size(width: proposal.width ?? inner.width, height: proposal.height ?? inner.height)
        case .aspectRatio(let ratio, let mode):
            return size(child, aspectProposal(ratio, mode, child, proposal))
        case .fixedSize(let horizontal, let vertical):
            return size(child, Proposal(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height))
        case .offset, .scale, .rotation, .opacity, .filter, .accessibility, .tapTarget, .clip, .zIndex, .layoutPriority, .ignoresSafeArea, .trait, .group:
            return size(child, proposal)
        }
    }

    static func inset(_ proposal: Proposal, _ insets: EdgeInsets) -> Proposal {
        Proposal(
            width: proposal.width.map { max(0, $0 - insets.leading - insets.trailing) },
            height: proposal.height.map { max(0, $0 - insets.top - insets.bottom) }
        )
    }

    /// A text's size: its ideal size wherever that fits what is offered (the common case, and
    /// measured once), else the size of the text wrapped and truncated to the offer.
    /// A height only matters when the text is taller than it at that width, so the text is
    /// measured once per width it is offered, not once per width and height.
    private mutating func sizeText(_ node: Int32, _ text: Int32, _ proposal: Proposal) -> Size {
        if proposal != .unspecified {
            let ideal = size(node, .unspecified)
            if (proposal.width.map { $0 >= ideal.width - 1e-9 && $0 > 0 } ?? true), (proposal.height.map { $0 >= ideal.height - 1e-9 } ?? true) {
                return ideal
            }
            if let height = proposal.height {
                let free = size(node, Proposal(width: proposal.width, height: nil))
                if height >= free.height - 1e-9 { return free }
            }
        }
        statistics.textMeasurements += 1
        return Self.layoutText(graph.texts[Int(text)], proposal, with: typesetter).size
    }

    /// Text wraps to the width offered and keeps as many lines as its limit and the height allow.
    ///
    /// Static, given the typesetter: a method reading `self` was handed a copy of the whole
    /// engine (every table retained and released) for each text sized or placed.
    private static func layoutText(_ text: TextNode, _ proposal: Proposal, with typesetter: Typesetter) -> TextLayout {
        typesetter.layout(text, width: proposal.width.flatMap { $0.isFinite ? $0 : nil }, height: proposal.height.flatMap { $0.isFinite ? $0 : nil })
    }

    // MARK: - Stacks

    /// A stack's size for `proposal`. With `placing`, also records the proposal each child gets,
    /// for placement (all of it from the cache: the same proposal was sized before).
    ///
    /// Always inlined into its two callers (sizing and ``arrangeStack(_:_:_:in:)``), as it was
    /// when it was private: called, it cost more than a small stack's own work.
    @inline(__always)
    mutating func layoutStack(_ index: Int32, _ kind: StackKind, _ proposal: Proposal, placing: Bool) -> Size {
        let node = graph.nodes[Int(index)]
        let first = Int(node.firstChild), count = Int(node.childCount)
        switch kind {
        case .depth(let alignment):
            if readsGuides(alignment, index) {
                return sizeDepthByGuides(first, count, alignment, proposal, placing: placing)
            }
            var width = 0.0, height = 0.0
            for slot in first..<first + count {
                let child = graph.childList[slot]
                let childSize = size(child, proposal)
                if placing { placement[Int(child)] = proposal }
                width = max(width, childSize.width)
                height = max(height, childSize.height)
            }
            return Size(width: width, height: height)
        case .horizontal(let spacing, let alignment):
            let guide = readsGuides(alignment.key, index) ? alignment.key : nil
            let (along, across) = layoutAxis(first, count, spacing: spacing, along: proposal.width, across: proposal.height, horizontal: true, guide: guide, placing: placing)
            return Size(width: along, height: across)
        case .vertical(let spacing, let alignment):
            let guide = readsGuides(alignment.key, index) ? alignment.key : nil
            let (along, across) = layoutAxis(first, count, spacing: spacing, along: proposal.height, across: proposal.width, horizontal: false, guide: guide, placing: placing)
            return Size(width: across, height: along)
        }
    }

    /// SwiftUI's stack algorithm: with a length to share, the least flexible children are sized
    /// first, each offered an equal share of what is left. Returns the stack's length along its
    /// axis and its thickness across it.
    ///
    /// Children are sized in groups: higher `layoutPriority` first, and within one priority the
    /// spacers after their siblings. A group shares what is left once the smallest lengths of the
    /// groups after it are set aside. So a spacer takes only what its siblings leave (at least
    /// its minimum length), as in SwiftUI, where `HStack { Text(title); Spacer(); Text(detail) }`
    /// keeps both texts on one line whenever they fit beside the spacer's minimum; a `Color` or a
    /// shape is no spacer and shares evenly with a text beside it.
    ///
    /// With a `guide` to read (an `AlignmentID` of the author's own, or children that set guides),
    /// the thickness is what the children span once their guides are lined up, as in SwiftUI:
    /// a child raised by its guide makes the stack thicker.
    private mutating func layoutAxis(
        _ first: Int, _ count: Int, spacing: Double, along: Double?, across: Double?, horizontal: Bool, guide: AlignmentKey?, placing: Bool
    ) -> (Double, Double) {
        func propose(_ length: Double?) -> Proposal {
            horizontal ? Proposal(width: length, height: across) : Proposal(width: across, height: length)
        }
        func length(_ size: Size) -> Double { horizontal ? size.width : size.height }
        func thickness(_ size: Size) -> Double { horizontal ? size.height : size.width }
        let spaces = spacing * Double(max(count - 1, 0))
        var total = spaces, thick = 0.0
        // With a guide: how far the children reach before and after the line they align on.
        // (Computed inline, not in a nested function: captured, they were a heap box per call
        // in a debug build.)
        var before = -Double.infinity, after = -Double.infinity
        guard let along else {
            for slot in first..<first + count {
                let child = graph.childList[slot]
                let childSize = size(child, propose(nil))
                if placing { placement[Int(child)] = propose(nil) }
                total += length(childSize)
                thick = max(thick, thickness(childSize))
                if let guide {
                    let value = self.guide(guide, horizontal: !horizontal, of: child, propose(nil))
                    before = max(before, value)
                    after = max(after, thickness(childSize) - value)
                }
            }
            return (total, guide == nil || count == 0 ? thick : before + after)
        }
        // Each child's flexibility: how much longer it gets between the smallest and largest offer.
        let base = order.count
        var inOrder = true
        var grouped = false
        for slot in first..<first + count {
            let child = graph.childList[slot]
            let smallest = length(size(child, propose(0)))
            let largest = length(size(child, propose(.infinity)))
            let flexibility = largest - smallest
            let priority = layoutPriority(child)
            let spacer = isSpacer(child)
            if priority != 0 || spacer { grouped = true }
            if let previous = order.last, order.count > base, !(previous.flexibility <= flexibility) { inOrder = false }
            order.append((priority, spacer, flexibility, smallest, child))
        }
        if !inOrder || grouped {
            // Highest priority first, spacers after their siblings, then least flexible first;
            // equal ones in order (the child index breaks ties, as it rises).
            order[base...].sort { a, b in
                (-a.priority, a.spacer ? 1 : 0, a.flexibility, a.child) < (-b.priority, b.spacer ? 1 : 0, b.flexibility, b.child)
            }
        }
        // What the groups not sized yet need at least, set aside for them.
        var reserved = 0.0
        if grouped {
            for index in base..<base + count { reserved += order[index].smallest }
        }
        var remaining = along - spaces
        var position = base
        while position < base + count {
            var end = position + 1
            while end < base + count, order[end].priority == order[position].priority, order[end].spacer == order[position].spacer { end += 1 }
            if grouped {
                for index in position..<end { reserved -= order[index].smallest }
            }
            var left = Double(end - position)
            for index in position..<end {
                let child = order[index].child
                let share = max(0, (remaining - reserved) / left)
                let offer = propose(share)
                let chosen = size(child, offer)
                if placing { placement[Int(child)] = offer }
                if remaining.isFinite { remaining -= length(chosen) }
                left -= 1
                total += length(chosen)
                thick = max(thick, thickness(chosen))
                if let guide {
                    let value = self.guide(guide, horizontal: !horizontal, of: child, offer)
                    before = max(before, value)
                    after = max(after, thickness(chosen) - value)
                }
            }
            position = end
        }
        order.removeLast(count)
        return (total, guide == nil || count == 0 ? thick : before + after)
    }

    // MARK: - Frames

    /// A flexible frame's size, and what it offers its child.
    /// What a frame offers its child: its own size when both dimensions are fixed (the child is
    /// not asked), else what ``frameSize(_:_:_:)`` works out. Placement and alignment guides
    /// both ask it, so they agree on where the child is.
    mutating func frameOffer(_ spec: FrameSpec, _ child: Int32, _ proposal: Proposal) -> Proposal {
        if let width = spec.width, let height = spec.height { return Proposal(width: width, height: height) }
        return frameSize(spec, child, proposal).offer
    }

    mutating func frameSize(_ spec: FrameSpec, _ child: Int32, _ proposal: Proposal) -> (size: Size, offer: Proposal) {
        func clamp(_ value: Double?, _ low: Double?, _ high: Double?) -> Double? {
            guard var value else { return nil }
            if let low { value = max(value, low) }
            if let high { value = min(value, high) }
            return value
        }
        let offered = Proposal(
            width: spec.width ?? (proposal.width == nil ? spec.idealWidth : clamp(proposal.width, spec.minWidth, spec.maxWidth)),
            // A scroll container offers its content no height: each row takes its own.
            height: spec.scrollsVertically ? nil : spec.height ?? (proposal.height == nil ? spec.idealHeight : clamp(proposal.height, spec.minHeight, spec.maxHeight))
        )
        let inner = size(child, offered)
        func resolve(_ fixed: Double?, _ low: Double?, _ high: Double?, _ ideal: Double?, _ proposed: Double?, _ childLength: Double) -> Double {
            if let fixed { return fixed }
            if proposed == nil, let ideal { return clamp(ideal, low, high)! }
            if low == nil && high == nil { return childLength }
            let upper = min(high ?? childLength, proposed ?? childLength)
            return max(low ?? childLength, upper)
        }
        let width = resolve(spec.width, spec.minWidth, spec.maxWidth, spec.idealWidth, proposal.width, inner.width)
        // A scroll container is as tall as it is offered whatever its content's height (its
        // ideal height is the content's), as SwiftUI's `ScrollView` and `List` are.
        let height = spec.scrollsVertically
            ? clamp(proposal.height, spec.minHeight, spec.maxHeight) ?? inner.height
            : resolve(spec.height, spec.minHeight, spec.maxHeight, spec.idealHeight, proposal.height, inner.height)
        return (Size(width: width, height: height), offered)
    }

    mutating func aspectProposal(_ ratio: Double?, _ mode: ContentMode, _ child: Int32, _ proposal: Proposal) -> Proposal {
        let aspect: Double
        if let ratio {
            aspect = ratio
        } else {
            let ideal = size(child, .unspecified)
            aspect = ideal.height > 0 ? ideal.width / ideal.height : 1
        }
        guard aspect > 0, aspect.isFinite else { return proposal }
        switch (proposal.width, proposal.height) {
        case (nil, nil):
            return proposal
        case (let width?, nil):
            return Proposal(width: width, height: width / aspect)
        case (nil, let height?):
            return Proposal(width: height * aspect, height: height)
        case (let width?, let height?):
            let byWidth = Size(width: width, height: width / aspect)
            let byHeight = Size(width: height * aspect, height: height)
            let fitsByWidth = byWidth.height <= height
            let chosen = (mode == .fit) == fitsByWidth ? byWidth : byHeight
            return Proposal(width: chosen.width, height: chosen.height)
        }
    }

    // MARK: - Placement

    /// Lays out and places the root, which is offered nothing and takes its ideal size.
    mutating func layOutRoot(_ root: Int32) -> Size {
        let rootSize = size(root, .unspecified)
        growPlacement()
        place(root, .unspecified, at: .zero, toRoot: .identity)
        return rootSize
    }

    /// Gives every node a placement slot: the nodes built since (a reader's content, the status
    /// bar) and, when alignment guides are read while sizing, all of them before placement.
    mutating func growPlacement() {
        if placement.count < graph.nodes.count {
            placement.append(contentsOf: repeatElement(.unspecified, count: graph.nodes.count - placement.count))
        }
    }

    /// Places node `index`, offered `proposal` by its parent, with its top-left corner at `origin`.
    mutating func place(_ index: Int32, _ proposal: Proposal, at origin: Point, toRoot: AffineTransform) {
        let rect = Rect(origin: origin, size: size(index, proposal))
        if case .empty = graph.nodes[Int(index)].kind { return }
        let parentRecord = currentRecord
        currentRecord = Int32(viewRecords.count)
        viewRecords.append(ViewRecord(node: index, parent: parentRecord, frame: toRoot.boundingBox(of: rect)))
        if parentRecord >= 0 { viewRecords[Int(parentRecord)].childCount += 1 }
        defer { currentRecord = parentRecord }
        switch graph.nodes[Int(index)].kind {
        case .empty, .spacer:
            return
        case .shape(let shape):
            display.items.append(.shape(shape, frame: rect))
        case .text(let text):
            placeText(text, proposal, in: rect)
        case .stack(let kind):
            placeStack(index, kind, proposal, in: rect, toRoot: toRoot)
        case .geometry(let content):
            placeGeometry(Int(content), in: rect, toRoot: toRoot)
        case .modifier(let modifier):
            placeModified(index, modifier, proposal, in: rect, toRoot: toRoot)
        case .layer(let alignment, let inFront):
            placeLayer(index, alignment, inFront: inFront, proposal, in: rect, toRoot: toRoot)
        case .layout(let entry):
            placeLayout(index, entry, proposal, in: rect, toRoot: toRoot)
        }
    }

    // `place` and `placeModified` call each other once per level of the tree, so what only some
    // cases need lives in functions of their own: an unoptimized build gives every case's
    // temporaries their own stack slots, and a chain as deep as the depth limit allows must fit
    // in a thread's stack.

    private mutating func placeText(_ text: Int32, _ proposal: Proposal, in rect: Rect) {
        if !combining.isEmpty { combining[combining.count - 1].append(graph.texts[Int(text)].string) }
        let layout = Self.layoutText(graph.texts[Int(text)], proposal, with: typesetter)
        // Shrunk to fit: drawn (and audited) in the fonts it was measured in.
        if layout.scale != 1 { graph.texts[Int(text)] = graph.texts[Int(text)].scaled(by: layout.scale) }
        if graph.texts[Int(text)].isRedacted {
            placeRedactedText(graph.texts[Int(text)], layout, in: rect)
            return
        }
        display.texts.append(layout)
        display.items.append(.text(text, layout: Int32(display.texts.count - 1), frame: rect))
    }

    private mutating func placeLayer(_ index: Int32, _ alignment: Alignment, inFront: Bool, _ proposal: Proposal, in rect: Rect, toRoot: AffineTransform) {
        let content = graph.firstChild(of: index)
        let layer = graph.childList[Int(graph.nodes[Int(index)].firstChild) + 1]
        if inFront { place(content, proposal, at: rect.origin, toRoot: toRoot) }
        let offer = Proposal(width: rect.width, height: rect.height)
        place(layer, offer, at: align(layer, offer, in: rect, alignment, mirrored: graph.nodes[Int(index)].mirrored), toRoot: toRoot)
        if !inFront { place(content, proposal, at: rect.origin, toRoot: toRoot) }
    }

    /// Offers each child of a stack its settled proposal (in ``placement``) and appends where
    /// each goes in `rect` to ``origins``, in layout order. Inlined, as ``layoutStack(_:_:_:placing:)``.
    @inline(__always)
    mutating func arrangeStack(_ index: Int32, _ kind: StackKind, _ proposal: Proposal, in rect: Rect) {
        _ = layoutStack(index, kind, proposal, placing: true)
        do {
            let node = graph.nodes[Int(index)]
            for slot in Int(node.firstChild)..<Int(node.firstChild) + Int(node.childCount) {
                let child = graph.childList[slot]
                let offer = placement[Int(child)]
                let chosen = size(child, offer)
                let narrower = chosen.width < rect.width - 1e-9 && canGrow(child, .horizontal)
                let shorter = chosen.height < rect.height - 1e-9 && canGrow(child, .vertical)
                var settled = offer
                switch kind {
                case .depth:
                    guard narrower || shorter else { continue }
                    settled = Proposal(width: rect.width, height: rect.height)
                case .horizontal:
                    guard shorter else { continue }
                    settled.height = rect.height
                case .vertical:
                    guard narrower else { continue }
                    settled.width = rect.width
                }
                placement[Int(child)] = settled
            }
        }
        let node = graph.nodes[Int(index)]
        let first = Int(node.firstChild), count = Int(node.childCount)
        // Where each child goes, in layout order.
        switch kind {
        case .depth(let alignment) where readsGuides(alignment, index):
            originsByGuides(first, count, alignment, in: rect, mirrored: node.mirrored)
        case .horizontal(_, let alignment) where readsGuides(alignment.key, index):
            originsByGuides(first, count, kind, alignment.key, in: rect, mirrored: node.mirrored)
        case .vertical(_, let alignment) where readsGuides(alignment.key, index):
            originsByGuides(first, count, kind, alignment.key, in: rect, mirrored: node.mirrored)
        case .depth(let alignment):
            for slot in first..<first + count {
                let child = graph.childList[slot]
                origins.append(aligned(size(child, placement[Int(child)]), in: rect, alignment, mirrored: node.mirrored))
            }
        case .horizontal(let spacing, let alignment):
            // Right to left, the first child is at the right edge.
            var x = node.mirrored ? rect.maxX : rect.minX
            for slot in first..<first + count {
                let child = graph.childList[slot]
                let childSize = size(child, placement[Int(child)])
                let y = rect.minY + (rect.height - childSize.height) * alignment.fraction
                if node.mirrored {
                    origins.append(Point(x: x - childSize.width, y: y))
                    x -= childSize.width + spacing
                } else {
                    origins.append(Point(x: x, y: y))
                    x += childSize.width + spacing
                }
            }
        case .vertical(let spacing, let alignment):
            var y = rect.minY
            let fraction = node.mirrored ? 1 - alignment.fraction : alignment.fraction
            for slot in first..<first + count {
                let child = graph.childList[slot]
                let childSize = size(child, placement[Int(child)])
                origins.append(Point(x: rect.minX + (rect.width - childSize.width) * fraction, y: y))
                y += childSize.height + spacing
            }
        }
    }

    /// Places a stack's children as SwiftUI's stacks do once they know their own size: a `ZStack`
    /// offers each child the stack's size, and `HStack` and `VStack` offer each child its share
    /// along the axis (as when the stack was sized) and the stack's thickness across it. So a
    /// `Color` behind text in a `ZStack`, or a `Divider` in a `VStack` of texts, fills the stack
    /// even when the stack was asked for its ideal size, where the flexible child chose 10 points.
    ///
    /// Only a child that can grow (``canGrow(_:)``) and does not fill the stack yet is offered
    /// the settled size: the others would choose what they chose, and sizing them again at every
    /// level of a deep tree would multiply the work.
    private mutating func placeStack(_ index: Int32, _ kind: StackKind, _ proposal: Proposal, in rect: Rect, toRoot: AffineTransform) {
        let base = origins.count
        arrangeStack(index, kind, proposal, in: rect)
        let node = graph.nodes[Int(index)]
        let first = Int(node.firstChild), count = Int(node.childCount)
        let raised = (first..<first + count).contains { slot in
            if case .modifier(.zIndex(let z)) = graph.nodes[Int(graph.childList[slot])].kind { return z != 0 }
            return false
        }
        if raised {
            // Higher zIndex in front; equal ones in the order they were written.
            let order = (0..<count).sorted { (zIndex(graph.childList[first + $0]), $0) < (zIndex(graph.childList[first + $1]), $1) }
            for position in order {
                let child = graph.childList[first + position]
                place(child, placement[Int(child)], at: origins[base + position], toRoot: toRoot)
            }
        } else {
            for position in 0..<count {
                let child = graph.childList[first + position]
                place(child, placement[Int(child)], at: origins[base + position], toRoot: toRoot)
            }
        }
        origins.removeLast(count)
    }

    /// Whether node `index` may choose a larger size along `axis` when offered more there than
    /// it chose: shapes, readers, spacers along their stack, flexible frames and what contains
    /// them; not text, fixed frames or fixed-size content. Remembered per node and axis, as
    /// placement asks for each child of each stack.
    ///
    /// A chain of single-child containers (paddings, frames, one-view stacks) is walked in a
    /// loop, not by recursion, and every link of it remembers the answer: a chain as deep as the
    /// depth limit allows costs no stack and is walked once.
    private mutating func canGrow(_ start: Int32, _ axis: Axis) -> Bool {
        if growth.count < graph.nodes.count {
            growth.append(contentsOf: repeatElement(0, count: graph.nodes.count - growth.count))
        }
        let (knownBit, valueBit): (Int8, Int8) = axis == .horizontal ? (1, 2) : (4, 8)
        let mark = chain.count
        var index = start
        var answer: Bool
        walking: while true {
            let known = growth[Int(index)]
            if known & knownBit != 0 {
                answer = known & valueBit != 0
                break walking
            }
            chain.append(index)
            let node = graph.nodes[Int(index)]
            switch node.kind {
            case .empty, .text:
                answer = false
                break walking
            case .shape, .geometry, .layout:
                // A layout's size is its author's choice: take it that it grows.
                answer = true
                break walking
            case .spacer(_, let along):
                answer = along == nil || along == axis
                break walking
            case .stack, .layer:
                let first = Int(node.firstChild), count = Int(node.childCount)
                guard count > 0 else {
                    answer = false
                    break walking
                }
                for slot in first..<first + count - 1 where canGrow(graph.childList[slot], axis) {
                    answer = true
                    break walking
                }
                index = graph.childList[first + count - 1]
            case .modifier(let modifier):
                switch modifier {
                case .frame(let frame):
                    let spec = graph.frames[Int(frame)]
                    let (fixed, low, high) = axis == .horizontal ? (spec.width, spec.minWidth, spec.maxWidth) : (spec.height, spec.minHeight, spec.maxHeight)
                    if fixed != nil {
                        answer = false
                        break walking
                    }
                    if low != nil || high != nil {
                        answer = true
                        break walking
                    }
                case .position:
                    answer = true
                    break walking
                case .fixedSize(let horizontal, let vertical):
                    if axis == .horizontal ? horizontal : vertical {
                        answer = false
                        break walking
                    }
                default:
                    break
                }
                index = graph.firstChild(of: index)
            }
        }
        // Every link walked through passes its child's answer up unchanged.
        for link in chain[mark...] {
            growth[Int(link)] |= knownBit | (answer ? valueBit : 0)
        }
        chain.removeLast(chain.count - mark)
        return answer
    }

    /// Whether node `index` is a `Spacer`, which a stack sizes after its other children.
    private func isSpacer(_ node: Int32) -> Bool {
        if case .spacer = graph.nodes[Int(node)].kind { return true }
        return false
    }

    func layoutPriority(_ node: Int32) -> Double {
        if case .modifier(.layoutPriority(let priority)) = graph.nodes[Int(node)].kind { return priority }
        return 0
    }

    private func zIndex(_ node: Int32) -> Double {
        if case .modifier(.zIndex(let z)) = graph.nodes[Int(node)].kind { return z }
        return 0
    }

    /// Builds a `GeometryReader`'s content now that its size is known, and places it at the
    /// reader's top-leading corner, offered the reader's size.
    ///
    /// The reader's environment is swapped in and back out rather than copied both ways.
    private mutating func placeGeometry(_ index: Int, in rect: Rect, toRoot: AffineTransform) {
        let mark = graph.pending.count
        let outerAxis = graph.stackAxis
        let build = graph.geometries[index].build
        swap(&graph.environment, &graph.geometries[index].environment)
        graph.stackAxis = graph.geometries[index].stackAxis
        build(GeometryProxy(size: rect.size), &graph)
        swap(&graph.environment, &graph.geometries[index].environment)
        graph.stackAxis = outerAxis
        graph.collapse(from: mark, into: .depth(alignment: .topLeading))
        guard graph.isOpen else { return }
        let root = graph.takeSingle()
        growPlacement()
        statistics.nodes = graph.nodes.count
        let offer = Proposal(width: rect.width, height: rect.height)
        _ = size(root, offer)
        place(root, offer, at: rect.origin, toRoot: toRoot)
    }

    /// Where `size` goes in `rect` for `alignment`; right to left, leading is the right edge.
    func aligned(_ size: Size, in rect: Rect, _ alignment: Alignment, mirrored: Bool = false) -> Point {
        let horizontal = mirrored ? 1 - alignment.horizontal.fraction : alignment.horizontal.fraction
        return Point(
            x: rect.minX + (rect.width - size.width) * horizontal,
            y: rect.minY + (rect.height - size.height) * alignment.vertical.fraction
        )
    }

    private mutating func placeModified(_ index: Int32, _ modifier: Modifier, _ proposal: Proposal, in rect: Rect, toRoot: AffineTransform) {
        let child = graph.firstChild(of: index)
        switch modifier {
        case .frame(let frame):
            let spec = graph.frames[Int(frame)]
            let offer = frameOffer(spec, child, proposal)
            let origin = align(child, offer, in: rect, spec.alignment, mirrored: graph.nodes[Int(index)].mirrored)
            if spec.scrollsVertically {
                placeScrolled(child, offer, at: origin, in: rect, toRoot: toRoot)
            } else {
                place(child, offer, at: origin, toRoot: toRoot)
            }
        case .padding(let insets):
            // Right to left, the leading inset is on the right.
            let left = graph.nodes[Int(index)].mirrored ? insets.trailing : insets.leading
            place(child, Self.inset(proposal, insets), at: Point(x: rect.minX + left, y: rect.minY + insets.top), toRoot: toRoot)
        case .offset, .position, .scale, .rotation, .opacity, .filter, .clip, .group:
            placeEffect(index, modifier, child, proposal, in: rect, toRoot: toRoot)
        case .aspectRatio(let ratio, let mode):
            let offer = aspectProposal(ratio, mode, child, proposal)
            place(child, offer, at: aligned(size(child, offer), in: rect, .center), toRoot: toRoot)
        case .fixedSize(let horizontal, let vertical):
            place(child, Proposal(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height), at: rect.origin, toRoot: toRoot)
        case .zIndex, .layoutPriority, .trait:
            place(child, proposal, at: rect.origin, toRoot: toRoot)
        case .ignoresSafeArea(let edges):
            placeIgnoringSafeArea(index, edges, proposal, in: rect, toRoot: toRoot)
        case .accessibility, .tapTarget:
            placeElement(index, proposal, in: rect, toRoot: toRoot)
        }
    }

    /// The modifiers that move or paint their content (see ``place(_:_:at:toRoot:)`` on why
    /// they are apart).
    private mutating func placeEffect(_ index: Int32, _ modifier: Modifier, _ child: Int32, _ proposal: Proposal, in rect: Rect, toRoot: AffineTransform) {
        switch modifier {
        case .offset(let x, let y):
            if graph.nodes[Int(index)].mirrored, x != 0 {
                unmirrored.append((".offset(x: \(SVGWriter.number(x, decimals: 1)))", toRoot.boundingBox(of: rect)))
            }
            // The outline shows a transformed view where it is drawn (select, measure and
            // Frames hit and outline what the eye sees), not where layout left it.
            viewRecords[Int(currentRecord)].frame = toRoot.boundingBox(of: Rect(origin: Point(x: rect.minX + x, y: rect.minY + y), size: rect.size))
            place(child, proposal, at: Point(x: rect.minX + x, y: rect.minY + y), toRoot: toRoot)
        case .position(let point):
            // A position is in absolute coordinates: unless it is the centre, it does not mirror.
            if graph.nodes[Int(index)].mirrored, abs(2 * point.x - rect.width) > 0.5 {
                unmirrored.append((".position(x: \(SVGWriter.number(point.x, decimals: 1)))", toRoot.boundingBox(of: rect)))
            }
            let inner = size(child, proposal)
            place(child, proposal, at: Point(x: rect.minX + point.x - inner.width / 2, y: rect.minY + point.y - inner.height / 2), toRoot: toRoot)
        case .scale(let x, let y, let anchor):
            let pivot = rect.point(at: anchor)
            let inner = AffineTransform.scale(x, y, about: pivot).followed(by: toRoot)
            viewRecords[Int(currentRecord)].frame = inner.boundingBox(of: rect)
            placeGroup(child, proposal, at: rect.origin, toRoot: inner) {
                $0.transform = .scale(x: x, y: y, about: pivot)
            }
        case .rotation(let angle, let anchor):
            let pivot = rect.point(at: anchor)
            let inner = AffineTransform.rotation(angle, about: pivot).followed(by: toRoot)
            viewRecords[Int(currentRecord)].frame = inner.boundingBox(of: rect)
            placeGroup(child, proposal, at: rect.origin, toRoot: inner) {
                $0.transform = .rotate(degrees: angle.degrees, about: pivot)
            }
        case .opacity(let value):
            placeGroup(child, proposal, at: rect.origin, toRoot: toRoot) { $0.opacity = min(max(value, 0), 1) }
        case .filter(let index):
            let filter = graph.filters[Int(index)]
            guard !filter.isIdentity else {
                place(child, proposal, at: rect.origin, toRoot: toRoot)
                return
            }
            placeGroup(child, proposal, at: rect.origin, toRoot: toRoot) { $0.filter = filter }
        case .clip(let index):
            let clip = graph.clips[Int(index)]
            placeGroup(child, proposal, at: rect.origin, toRoot: toRoot) { $0.clip = (clip, rect) }
        case .group(let index):
            let effect = graph.groupEffects[Int(index)]
            let matrix = effect.transform.map { $0.about(rect.origin) }
            placeGroup(child, proposal, at: rect.origin, toRoot: matrix.map { $0.followed(by: toRoot) } ?? toRoot) {
                $0.transform = matrix.map { .matrix($0) }
                $0.opacity = effect.opacity
                $0.blendMode = effect.blendMode
                switch effect.mask {
                case .definition?:
                    // Whatever the mask draws beyond its frame (a shadow, a stroke) still masks.
                    let margin = max(rect.width, rect.height, 20)
                    $0.mask = .definition(region: rect.insetBy(dx: -margin, dy: -margin))
                case .content?: $0.mask = .content
                case nil: break
                }
            }
        default:
            place(child, proposal, at: rect.origin, toRoot: toRoot)
        }
    }

    /// The group's attributes are set in place in the display list (`attributes`): built in a
    /// local and appended, they were copied whole, every string retained and released.
    mutating func placeGroup(
        _ child: Int32, _ proposal: Proposal, at origin: Point, toRoot: AffineTransform, attributes: (inout GroupAttributes) -> Void
    ) {
        display.groups.append(GroupAttributes())
        attributes(&display.groups[display.groups.count - 1])
        placeInLastGroup(child, proposal, at: origin, toRoot: toRoot)
    }

    /// Places `child` inside the group last appended to the display list.
    private mutating func placeInLastGroup(_ child: Int32, _ proposal: Proposal, at origin: Point, toRoot: AffineTransform) {
        display.items.append(.beginGroup(Int32(display.groups.count - 1)))
        place(child, proposal, at: origin, toRoot: toRoot)
        display.items.append(.endGroup)
    }

    /// One accessibility element from a run of accessibility and tap modifiers, so
    /// `.accessibilityLabel(…).accessibilityValue(…).onTapGesture {…}` makes a single element.
    ///
    /// Hidden elements and the elements inside an element made with `children: .ignore` or
    /// `.combine` are drawn (and still take taps) but not listed; `.combine` joins the labels and
    /// text inside into its own label.
    private mutating func placeElement(_ index: Int32, _ proposal: Proposal, in rect: Rect, toRoot: AffineTransform) {
        var info = AccessibilityInfo()
        var hasInfo = false
        var tap: TapTarget?
        var content = index
        peeling: while true {
            switch graph.nodes[Int(content)].kind {
            case .modifier(.accessibility(let outer)):
                // Inner facts win. The first entry is taken as it is (most runs have one).
                if hasInfo {
                    info = graph.accessibility[Int(outer)].merged(over: info)
                } else {
                    info = graph.accessibility[Int(outer)]
                    hasInfo = true
                }
            case .modifier(.tapTarget(let target)):
                let next = graph.tapTargets[Int(target)]
                if tap?.action == nil { tap = TapTarget(id: tap?.id ?? next.id, action: next.action, isGlobal: next.isGlobal) }
                else if tap?.id == nil { tap?.id = next.id }
            default: break peeling
            }
            content = graph.firstChild(of: content)
        }
        let traits = info.effectiveTraits.union(tap != nil ? .isButton : [])
        let id: String
        if let identifier = info.identifier {
            id = identifier
        } else if let tapID = tap?.id {
            id = tapID
        } else if tap?.action != nil {
            id = "tap-\(actionTargets.count + 1)"
        } else {
            id = "element-\(elements.count + 1)"
        }
        // The id a tap on the view reports: its own, or for an action the element's id.
        let tapID = tap.map { $0.id ?? id }
        if let tapID, let action = tap?.action {
            actionTargets[tapID] = ActionTarget(action: action, frame: rect, toRoot: toRoot, isGlobal: tap?.isGlobal ?? false)
        }
        let isHidden = info.isHidden || hiddenDepth > 0
        let listed = !isHidden && suppressedDepth == 0
        if !listed, !combining.isEmpty, !info.isHidden, let label = info.label {
            combining[combining.count - 1].append(label)
        }
        let element = elements.count
        if listed {
            elements.append(AccessibilityElement(
                id: id, label: info.label, value: info.value, hint: info.hint,
                frame: toRoot.boundingBox(of: rect), isTappable: tapID != nil, traits: traits.names
            ))
        }
        let group = display.groups.count
        let behavior = info.children?.kind
        let hidesInside = info.isHidden
        let hasLabel = info.label != nil
        if hidesInside { hiddenDepth += 1 }
        if behavior == .ignore || behavior == .combine { suppressedDepth += 1 }
        if behavior == .combine { combining.append([]) }
        // The facts move into the group: copied, each string would be retained and released.
        var attributes = GroupAttributes()
        attributes.accessibility = consume info
        attributes.tapTarget = tapID
        attributes.elementID = consume id
        attributes.traits = traits
        attributes.isHidden = isHidden
        display.groups.append(attributes)
        placeInLastGroup(content, proposal, at: rect.origin, toRoot: toRoot)
        if behavior == .combine {
            let pieces = combining.removeLast()
            if !hasLabel, !pieces.isEmpty {
                let label = pieces.joined(separator: ", ")
                display.groups[group].accessibility?.label = label
                if listed { elements[element].label = label }
            }
        }
        if behavior == .ignore || behavior == .combine { suppressedDepth -= 1 }
        if hidesInside { hiddenDepth -= 1 }
    }
}

/// A laid-out tap target with an action: what runs and where the view is, so a tap at a point in
/// the preview can be given to the action in the view's own coordinates.
struct ActionTarget {
    var action: Int32
    /// The view's rectangle in its parent's coordinates, and how those map to the preview's.
    var frame: Rect
    var toRoot: AffineTransform
    var isGlobal: Bool

    /// The centre of the view, in the preview's coordinates: where a tap from the keyboard lands.
    var center: Point { toRoot.apply(Point(x: frame.midX, y: frame.midY)) }

    /// `point` (in the preview's coordinates) as the action is told it.
    func location(of point: Point) -> Point {
        if isGlobal { return point }
        let parent = toRoot.inverted()?.apply(point) ?? point
        return Point(x: parent.x - frame.minX, y: parent.y - frame.minY)
    }

    /// Whether `point` (in the preview's coordinates) lands on the view.
    func contains(_ point: Point) -> Bool {
        guard let parent = toRoot.inverted()?.apply(point) else { return false }
        return parent.x >= frame.minX - 1e-9 && parent.x <= frame.maxX + 1e-9
            && parent.y >= frame.minY - 1e-9 && parent.y <= frame.maxY + 1e-9
    }
}
