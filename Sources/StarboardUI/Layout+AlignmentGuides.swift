/// How stacks, frames and layers line their children up on alignment guides, as SwiftUI does:
/// each child has a value for every guide (the one it sets with `alignmentGuide(_:computeValue:)`,
/// else the guide's default in its dimensions) and the container puts the children's values on
/// one line. A container passes the guides its children set up to its own parent, moved by where
/// it put them, so a guide set deep inside a `VStack` lines that stack up in the `HStack` around it
/// (Apple's "Aligning views across stacks"); several children's values are averaged, SwiftUI's
/// default for an `AlignmentID`.
///
/// Guide values are measured from the view's leading edge (its top, vertically) and mirror with
/// the layout right to left, as `d[.leading]` is always 0.
///
/// Views that set no guide and stacks on the built-in guides take the fraction path in
/// ``LayoutEngine`` (`(length - child) * fraction`), which costs nothing extra; only a container
/// that aligns on a guide of the author's own or holds a view that sets one comes here.
extension LayoutEngine {
    /// Whether any view of this render set a guide: false keeps every container on the fraction path.
    /// Inlined down to a compare and a count while no trait is new, as every stack and frame asks.
    @inline(__always)
    mutating func hasGuides() -> Bool {
        scannedTraits == graph.traits.count && scannedLayouts == graph.layouts.count
            ? !guideKeys.isEmpty || hasOwnLayouts : scanTraitsForGuides()
    }

    private mutating func scanTraitsForGuides() -> Bool {
        if scannedTraits < graph.traits.count {
            for trait in graph.traits[scannedTraits...] {
                guard case .alignmentGuide(let key, let horizontal, _) = trait else { continue }
                if !guideKeys.contains(where: { $0.key == key && $0.horizontal == horizontal }) {
                    guideKeys.append((key, horizontal))
                }
            }
            scannedTraits = graph.traits.count
        }
        // A layout of the author's own may set guides with `explicitAlignment`.
        if scannedLayouts < graph.layouts.count {
            hasOwnLayouts = hasOwnLayouts || graph.layouts[scannedLayouts...].contains { !$0.isBuiltIn }
            scannedLayouts = graph.layouts.count
        }
        return !guideKeys.isEmpty || hasOwnLayouts
    }

    /// Whether node `index` or a view inside it sets a guide. Children are made before their
    /// parents, so one pass in node order settles every node; nodes made later (a reader's
    /// content) are added when asked.
    @inline(__always)
    mutating func setsGuides(_ index: Int32) -> Bool {
        hasGuides() && flagsGuides(index)
    }

    private mutating func flagsGuides(_ index: Int32) -> Bool {
        while guideFlags.count < graph.nodes.count {
            let node = graph.nodes[guideFlags.count]
            var flag = false
            if case .modifier(.trait(let trait)) = node.kind, case .alignmentGuide = graph.traits[Int(trait)] {
                flag = true
            } else if case .layout(let entry) = node.kind, !graph.layouts[Int(entry)].isBuiltIn {
                flag = true
            } else {
                for slot in Int(node.firstChild)..<Int(node.firstChild + node.childCount) {
                    let child = Int(graph.childList[slot])
                    // A child made after its parent is not known yet: take it that it sets one.
                    if child >= guideFlags.count || guideFlags[child] {
                        flag = true
                        break
                    }
                }
            }
            guideFlags.append(flag)
        }
        return guideFlags[Int(index)]
    }

    /// Whether a container of node `index` aligning on `key` must read its children's guides.
    @inline(__always)
    mutating func readsGuides(_ key: AlignmentKey, _ index: Int32) -> Bool {
        key.fraction == nil || setsGuides(index)
    }

    @inline(__always)
    mutating func readsGuides(_ alignment: Alignment, _ index: Int32) -> Bool {
        alignment.horizontal.key.fraction == nil || alignment.vertical.key.fraction == nil || setsGuides(index)
    }

    // MARK: - Values

    /// Where guide `key` falls in node `index` offered `proposal`, from its leading (`horizontal`)
    /// or top edge: the value it sets, else the guide's default in its dimensions.
    mutating func guide(_ key: AlignmentKey, horizontal: Bool, of index: Int32, _ proposal: Proposal) -> Double {
        let size = size(index, proposal)
        let length = horizontal ? size.width : size.height
        if !setsGuides(index) {
            if let fraction = key.fraction { return length * fraction }
            return key.defaultValue(length: length, in: ViewDimensions(size: size))
        }
        if let explicit = explicitGuide(key, horizontal: horizontal, of: index, proposal) { return explicit }
        return key.defaultValue(length: length, in: dimensions(of: index, proposal))
    }

    /// Node `index`'s size offered `proposal`, with the guides it and the views inside set, as an
    /// `alignmentGuide` closure, a custom guide's default and ``LayoutSubview/dimensions(in:)`` see it.
    mutating func dimensions(of index: Int32, _ proposal: Proposal) -> ViewDimensions {
        var dimensions = ViewDimensions(size: size(index, proposal))
        guard setsGuides(index) else { return dimensions }
        for position in guideKeys.indices {
            let (key, horizontal) = guideKeys[position]
            if let value = explicitGuide(key, horizontal: horizontal, of: index, proposal) {
                dimensions.explicit.append((key, value))
            }
        }
        return dimensions
    }

    /// The value of guide `key` that node `index` or a view inside sets, moved into the node's
    /// coordinates; nil when none does.
    mutating func explicitGuide(_ key: AlignmentKey, horizontal: Bool, of index: Int32, _ proposal: Proposal) -> Double? {
        guard setsGuides(index) else { return nil }
        let memo = GuideValueKey(node: index, key: key, horizontal: horizontal, width: proposal.width, height: proposal.height)
        if let known = guideValues[memo] { return known }
        statistics.guideComputations += 1
        let value = computeExplicitGuide(key, horizontal: horizontal, of: index, proposal)
        guideValues[memo] = value
        return value
    }

    private mutating func computeExplicitGuide(_ key: AlignmentKey, horizontal: Bool, of index: Int32, _ proposal: Proposal) -> Double? {
        let node = graph.nodes[Int(index)]
        switch node.kind {
        case .empty, .shape, .text, .spacer, .geometry:
            return nil
        case .layout(let entry):
            // A `Layout` of the author's own passes up what its `explicitAlignment` says.
            return layoutGuide(key, horizontal: horizontal, of: index, entry, proposal)
        case .layer:
            // A background or an overlay passes on its content's guides, not its layer's.
            return explicitGuide(key, horizontal: horizontal, of: graph.firstChild(of: index), proposal)
        case .stack(let kind):
            return stackGuide(key, horizontal: horizontal, of: index, kind, proposal)
        case .modifier(let modifier):
            return modifiedGuide(key, horizontal: horizontal, of: index, modifier, proposal)
        }
    }

    private mutating func modifiedGuide(_ key: AlignmentKey, horizontal: Bool, of index: Int32, _ modifier: Modifier, _ proposal: Proposal) -> Double? {
        let child = graph.firstChild(of: index)
        switch modifier {
        case .trait(let trait):
            if case .alignmentGuide(let set, let setHorizontal, let compute) = graph.traits[Int(trait)], set == key, setHorizontal == horizontal {
                // The closure sees the view with what the views inside set (an inner guide for
                // the same key too, which this one replaces).
                return Double(compute(dimensions(of: child, proposal)))
            }
            return explicitGuide(key, horizontal: horizontal, of: child, proposal)
        case .padding(let insets):
            guard let inner = explicitGuide(key, horizontal: horizontal, of: child, Self.inset(proposal, insets)) else { return nil }
            return inner + (horizontal ? insets.leading : insets.top)
        case .frame(let frame):
            let spec = graph.frames[Int(frame)]
            let offer = frameOffer(spec, child, proposal)
            guard let inner = explicitGuide(key, horizontal: horizontal, of: child, offer) else { return nil }
            let host = size(index, proposal)
            let offset = horizontal
                ? alignedOffset(spec.alignment.horizontal.key, horizontal: true, of: child, offer, in: host)
                : alignedOffset(spec.alignment.vertical.key, horizontal: false, of: child, offer, in: host)
            return inner + offset
        case .aspectRatio(let ratio, let mode):
            let offer = aspectProposal(ratio, mode, child, proposal)
            guard let inner = explicitGuide(key, horizontal: horizontal, of: child, offer) else { return nil }
            let host = size(index, proposal), content = size(child, offer)
            return inner + (horizontal ? host.width - content.width : host.height - content.height) / 2
        case .fixedSize(let fixedWidth, let fixedHeight):
            let offer = Proposal(width: fixedWidth ? nil : proposal.width, height: fixedHeight ? nil : proposal.height)
            return explicitGuide(key, horizontal: horizontal, of: child, offer)
        case .position(let point):
            guard let inner = explicitGuide(key, horizontal: horizontal, of: child, proposal) else { return nil }
            let content = size(child, proposal)
            return inner + (horizontal ? point.x - content.width / 2 : point.y - content.height / 2)
        case .offset, .scale, .rotation, .opacity, .filter, .accessibility, .tapTarget, .clip, .zIndex, .layoutPriority, .ignoresSafeArea, .group:
            // Drawing effects move what is drawn, not the layout the guides belong to.
            return explicitGuide(key, horizontal: horizontal, of: child, proposal)
        }
    }

    /// The guides a stack's children set, each moved by where the stack puts the child, averaged.
    private mutating func stackGuide(_ key: AlignmentKey, horizontal: Bool, of index: Int32, _ kind: StackKind, _ proposal: Proposal) -> Double? {
        growPlacement()
        let node = graph.nodes[Int(index)]
        let first = Int(node.firstChild), count = Int(node.childCount)
        let rect = Rect(origin: .zero, size: size(index, proposal))
        let base = origins.count
        arrangeStack(index, kind, proposal, in: rect)
        var combined: Double?
        var found = 0.0
        for position in 0..<count {
            let child = graph.childList[first + position]
            let offer = placement[Int(child)]
            guard let value = explicitGuide(key, horizontal: horizontal, of: child, offer) else { continue }
            let origin = origins[base + position]
            let offset: Double
            if horizontal {
                offset = node.mirrored ? rect.width - origin.x - size(child, offer).width : origin.x
            } else {
                offset = origin.y
            }
            found += 1
            let moved = value + offset
            combined = combined.map { $0 + (moved - $0) / found } ?? moved
        }
        origins.removeLast(count)
        return combined
    }

    // MARK: - Placing

    /// How far from `host`'s leading (or top) edge a child goes so that its value of `key` meets
    /// the host's own default for it.
    private mutating func alignedOffset(_ key: AlignmentKey, horizontal: Bool, of child: Int32, _ offer: Proposal, in host: Size) -> Double {
        let line = key.defaultValue(length: horizontal ? host.width : host.height, in: ViewDimensions(size: host))
        return line - guide(key, horizontal: horizontal, of: child, offer)
    }

    /// Where `child` offered `offer` goes in `rect` for `alignment`: a frame's or a layer's rule,
    /// the child's guides on the host's. Right to left, leading is the right edge.
    mutating func align(_ child: Int32, _ offer: Proposal, in rect: Rect, _ alignment: Alignment, mirrored: Bool) -> Point {
        guard readsGuides(alignment, child) else {
            return aligned(size(child, offer), in: rect, alignment, mirrored: mirrored)
        }
        let dx = alignedOffset(alignment.horizontal.key, horizontal: true, of: child, offer, in: rect.size)
        let dy = alignedOffset(alignment.vertical.key, horizontal: false, of: child, offer, in: rect.size)
        return Point(x: mirrored ? rect.maxX - dx - size(child, offer).width : rect.minX + dx, y: rect.minY + dy)
    }

    /// A `ZStack`'s size when it reads guides: what its children span with their guides lined up.
    mutating func sizeDepthByGuides(_ first: Int, _ count: Int, _ alignment: Alignment, _ proposal: Proposal, placing: Bool) -> Size {
        guard count > 0 else { return .zero }
        var left = -Double.infinity, right = -Double.infinity, up = -Double.infinity, down = -Double.infinity
        for slot in first..<first + count {
            let child = graph.childList[slot]
            let childSize = size(child, proposal)
            if placing { placement[Int(child)] = proposal }
            let x = guide(alignment.horizontal.key, horizontal: true, of: child, proposal)
            let y = guide(alignment.vertical.key, horizontal: false, of: child, proposal)
            left = max(left, x)
            right = max(right, childSize.width - x)
            up = max(up, y)
            down = max(down, childSize.height - y)
        }
        return Size(width: left + right, height: up + down)
    }

    /// A `ZStack`'s child origins in `rect` with every child's guides on one point.
    mutating func originsByGuides(_ first: Int, _ count: Int, _ alignment: Alignment, in rect: Rect, mirrored: Bool) {
        let base = origins.count
        var lineX = -Double.infinity, lineY = -Double.infinity
        for slot in first..<first + count {
            let child = graph.childList[slot]
            let offer = placement[Int(child)]
            let value = Point(
                x: guide(alignment.horizontal.key, horizontal: true, of: child, offer),
                y: guide(alignment.vertical.key, horizontal: false, of: child, offer)
            )
            lineX = max(lineX, value.x)
            lineY = max(lineY, value.y)
            origins.append(value)
        }
        for position in 0..<count {
            let child = graph.childList[first + position]
            let width = size(child, placement[Int(child)]).width
            let value = origins[base + position]
            let dx = lineX - value.x
            origins[base + position] = Point(x: mirrored ? rect.maxX - dx - width : rect.minX + dx, y: rect.minY + lineY - value.y)
        }
    }

    /// An `HStack`'s or a `VStack`'s child origins in `rect`: along the axis one after another,
    /// across it every child's value of `key` on one line, the line as far in as the child that
    /// reaches furthest before it needs.
    mutating func originsByGuides(_ first: Int, _ count: Int, _ kind: StackKind, _ key: AlignmentKey, in rect: Rect, mirrored: Bool) {
        let base = origins.count
        let horizontalStack: Bool
        let spacing: Double
        switch kind {
        case .horizontal(let gap, _): (horizontalStack, spacing) = (true, gap)
        case .vertical(let gap, _): (horizontalStack, spacing) = (false, gap)
        case .depth: return
        }
        var line = -Double.infinity
        for slot in first..<first + count {
            let child = graph.childList[slot]
            let value = guide(key, horizontal: !horizontalStack, of: child, placement[Int(child)])
            line = max(line, value)
            origins.append(Point(x: value, y: value))
        }
        var along = 0.0
        for position in 0..<count {
            let child = graph.childList[first + position]
            let childSize = size(child, placement[Int(child)])
            let across = line - origins[base + position].x
            if horizontalStack {
                let x = mirrored ? rect.maxX - along - childSize.width : rect.minX + along
                origins[base + position] = Point(x: x, y: rect.minY + across)
                along += childSize.width + spacing
            } else {
                let x = mirrored ? rect.maxX - across - childSize.width : rect.minX + across
                origins[base + position] = Point(x: x, y: rect.minY + along)
                along += childSize.height + spacing
            }
        }
    }
}

extension View {
    /// Sets where guide `g` falls in this view, from its leading edge: a container aligning on
    /// `g` lines this value up with its other children's.
    ///
    /// ```swift
    /// Text("🌧").alignmentGuide(VerticalAlignment.center) { _ in -20 }
    /// Text("Name").alignmentGuide(.leading) { d in d[.leading] - 10 }
    /// ```
    public consuming func alignmentGuide(_ g: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        layout(.trait(.alignmentGuide(g.key, horizontal: true, computeValue)))
    }

    /// Sets where guide `g` falls in this view, from its top edge.
    public consuming func alignmentGuide(_ g: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        layout(.trait(.alignmentGuide(g.key, horizontal: false, computeValue)))
    }
}

/// What a guide value is computed for: a node, a guide and the proposal it was offered.
struct GuideValueKey: Hashable {
    let node: Int32
    let key: AlignmentKey
    let horizontal: Bool
    let width: Double?
    let height: Double?
}
