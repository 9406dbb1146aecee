import Foundation

/// A size offered to a view; nil in a dimension asks for the view's ideal size there.
struct Proposal {
    var width: Double?
    var height: Double?

    static let unspecified = Proposal(width: nil, height: nil)
}

/// What a subtree inherits from the views around it.
struct Environment {
    var foreground: Color = .black
    var font: Font = .body
    /// Maps this subtree's coordinates to the root's, for accessibility frames.
    var toRoot: AffineTransform = .identity
}

/// Lays out a view tree the way SwiftUI does: a parent proposes a size, the child chooses its
/// own, and the parent places it. Sizes are then placed into positioned ``RenderNode``s.
struct LayoutEngine {
    let typesetter: Typesetter
    var elements: [AccessibilityElement] = []

    init(typesetter: Typesetter) {
        self.typesetter = typesetter
    }

    // MARK: - Sizing

    func size(_ node: ViewNode, _ proposal: Proposal, _ env: Environment) -> Size {
        switch node {
        case .empty:
            return .zero
        case .shape:
            // Shapes take what they are offered; SwiftUI gives them 10 points when offered nothing.
            return Size(width: proposal.width ?? 10, height: proposal.height ?? 10)
        case .text(let run):
            let font = run.font ?? env.font
            return Size(width: typesetter.width(of: run.string, font: font), height: typesetter.lineMetrics(for: font).height)
        case .stack(let kind, let children):
            return stackLayout(kind, flatten(children), proposal, env).size
        case .group(let children):
            return stackLayout(.vertical(spacing: defaultStackSpacing, alignment: .center), flatten(children), proposal, env).size
        case .spacer(let minLength):
            return Size(width: max(minLength, proposal.width ?? minLength), height: max(minLength, proposal.height ?? minLength))
        case .geometry:
            return Size(width: proposal.width ?? 10, height: proposal.height ?? 10)
        case .modified(let child, let modifier):
            return sizeModified(child, modifier, proposal, env)
        }
    }

    private func sizeModified(_ child: ViewNode, _ modifier: Modifier, _ proposal: Proposal, _ env: Environment) -> Size {
        switch modifier {
        case .frame(let spec) where spec.width != nil && spec.height != nil:
            // A fixed frame is its own size whatever the child chooses; the child is sized when placed.
            return Size(width: spec.width!, height: spec.height!)
        case .frame(let spec):
            return frameLayout(spec, child, proposal, env).size
        case .padding(let insets):
            let inner = size(child, Proposal(
                width: proposal.width.map { max(0, $0 - insets.leading - insets.trailing) },
                height: proposal.height.map { max(0, $0 - insets.top - insets.bottom) }
            ), env)
            return Size(width: max(0, inner.width + insets.leading + insets.trailing), height: max(0, inner.height + insets.top + insets.bottom))
        case .position:
            if let width = proposal.width, let height = proposal.height { return Size(width: width, height: height) }
            let inner = size(child, proposal, env)
            return Size(width: proposal.width ?? inner.width, height: proposal.height ?? inner.height)
        case .aspectRatio(let ratio, let mode):
            return size(child, aspectProposal(ratio, mode, child, proposal, env), env)
        case .font(let font):
            var inner = env
            inner.font = font
            return size(child, proposal, inner)
        case .offset, .scale, .rotation, .opacity, .filter, .accessibility, .tapTarget, .foregroundColor, .layer:
            return size(child, proposal, env)
        }
    }

    /// Flattens groups into their parent stack, as SwiftUI does with `ForEach` and builder blocks.
    private func flatten(_ children: [ViewNode]) -> [ViewNode] {
        // Most stacks have nothing to flatten: share their array instead of copying it.
        guard children.contains(where: \.needsFlattening) else { return children }
        // A stack around a single ForEach: its elements are the stack's children as they are.
        if children.count == 1, case .group(let inner) = children[0] { return flatten(inner) }
        var result: [ViewNode] = []
        result.reserveCapacity(children.count)
        for child in children {
            switch child {
            case .group(let inner): result.append(contentsOf: flatten(inner))
            case .empty: continue
            default: result.append(child)
            }
        }
        return result
    }

    // MARK: - Stacks

    /// Children's sizes and the stack's own size for a proposal.
    private func stackLayout(_ kind: StackKind, _ children: [ViewNode], _ proposal: Proposal, _ env: Environment) -> (size: Size, sizes: [Size]) {
        switch kind {
        case .depth:
            var sizes: [Size] = []
            sizes.reserveCapacity(children.count)
            for child in children { sizes.append(size(child, proposal, env)) }
            return (Size(width: Self.largest(sizes) { $0.width }, height: Self.largest(sizes) { $0.height }), sizes)
        case .horizontal(let spacing, _):
            let sizes = axisSizes(children, spacing: spacing, along: proposal.width, across: proposal.height, horizontal: true, env)
            let total = sizes.reduce(0) { $0 + $1.width } + spacing * Double(max(children.count - 1, 0))
            return (Size(width: total, height: Self.largest(sizes) { $0.height }), sizes)
        case .vertical(let spacing, _):
            let sizes = axisSizes(children, spacing: spacing, along: proposal.height, across: proposal.width, horizontal: false, env)
            let total = sizes.reduce(0) { $0 + $1.height } + spacing * Double(max(children.count - 1, 0))
            return (Size(width: Self.largest(sizes) { $0.width }, height: total), sizes)
        }
    }

    /// The largest width or height of `sizes`, 0 for none (as `map(…).max() ?? 0`, without the array).
    private static func largest(_ sizes: [Size], _ dimension: (Size) -> Double) -> Double {
        guard let first = sizes.first else { return 0 }
        var result = dimension(first)
        for size in sizes.dropFirst() where result < dimension(size) {
            result = dimension(size)
        }
        return result
    }

    /// SwiftUI's stack algorithm: with a length to share, the least flexible children are sized
    /// first, each offered an equal share of what is left.
    private func axisSizes(_ children: [ViewNode], spacing: Double, along: Double?, across: Double?, horizontal: Bool, _ env: Environment) -> [Size] {
        func propose(_ length: Double?) -> Proposal {
            horizontal ? Proposal(width: length, height: across) : Proposal(width: across, height: length)
        }
        func length(_ size: Size) -> Double { horizontal ? size.width : size.height }
        var sizes: [Size] = []
        sizes.reserveCapacity(children.count)
        guard let along else {
            for child in children { sizes.append(size(child, propose(nil), env)) }
            return sizes
        }
        var remaining = along - spacing * Double(max(children.count - 1, 0))
        var flexibility: [Double] = []
        flexibility.reserveCapacity(children.count)
        var inOrder = true
        for child in children {
            let smallest = length(size(child, propose(0), env))
            let largest = length(size(child, propose(.infinity), env))
            let flexible = largest - smallest
            if let previous = flexibility.last, !(previous <= flexible) { inOrder = false }
            flexibility.append(flexible)
        }
        sizes.append(contentsOf: repeatElement(Size.zero, count: children.count))
        var left = Double(children.count)
        func choose(_ index: Int) {
            let share = max(0, remaining / left)
            let chosen = size(children[index], propose(share), env)
            sizes[index] = chosen
            remaining -= length(chosen)
            left -= 1
        }
        // Already least flexible first (as with equal children) means no order to sort.
        if inOrder {
            for index in children.indices { choose(index) }
        } else {
            for index in children.indices.sorted(by: { (flexibility[$0], $0) < (flexibility[$1], $1) }) { choose(index) }
        }
        return sizes
    }

    // MARK: - Frames

    private func frameLayout(_ spec: FrameSpec, _ child: ViewNode, _ proposal: Proposal, _ env: Environment) -> (size: Size, child: Size) {
        func clamp(_ value: Double?, _ low: Double?, _ high: Double?) -> Double? {
            guard var value else { return nil }
            if let low { value = max(value, low) }
            if let high { value = min(value, high) }
            return value
        }
        let offered = Proposal(
            width: spec.width ?? clamp(proposal.width, spec.minWidth, spec.maxWidth),
            height: spec.height ?? clamp(proposal.height, spec.minHeight, spec.maxHeight)
        )
        let inner = size(child, offered, env)
        func resolve(_ fixed: Double?, _ low: Double?, _ high: Double?, _ proposed: Double?, _ childLength: Double) -> Double {
            if let fixed { return fixed }
            if low == nil && high == nil { return childLength }
            let upper = min(high ?? childLength, proposed ?? childLength)
            return max(low ?? childLength, upper)
        }
        let width = resolve(spec.width, spec.minWidth, spec.maxWidth, proposal.width, inner.width)
        let height = resolve(spec.height, spec.minHeight, spec.maxHeight, proposal.height, inner.height)
        return (Size(width: width, height: height), inner)
    }

    private func aspectProposal(_ ratio: Double?, _ mode: ContentMode, _ child: ViewNode, _ proposal: Proposal, _ env: Environment) -> Proposal {
        let aspect: Double
        if let ratio {
            aspect = ratio
        } else {
            let ideal = size(child, .unspecified, env)
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

    /// Places `node`, already sized to `rect.size`, at `rect.origin`.
    mutating func place(_ node: ViewNode, in rect: Rect, _ env: Environment, into out: inout [RenderNode]) {
        switch node {
        case .empty, .spacer:
            return
        case .shape(let geometry, let style):
            var style = style
            if style.fill == nil && style.stroke == nil { style.fill = .color(env.foreground) }
            out.append(.shape(path(for: geometry, in: rect), style, frame: rect))
        case .text(let run):
            let font = run.font ?? env.font
            let ascent = typesetter.lineMetrics(for: font).ascent
            out.append(.text(run.string, font: font, color: run.color ?? env.foreground, baseline: Point(x: rect.minX, y: rect.minY + ascent)))
        case .stack(let kind, let children):
            placeStack(kind, flatten(children), in: rect, env, into: &out)
        case .group(let children):
            placeStack(.vertical(spacing: defaultStackSpacing, alignment: .center), flatten(children), in: rect, env, into: &out)
        case .geometry(let content):
            let inner = content(rect.size)
            let innerSize = size(inner, Proposal(width: rect.width, height: rect.height), env)
            place(inner, in: Rect(origin: rect.origin, size: innerSize), env, into: &out)
        case .modified(let child, let modifier):
            placeModified(child, modifier, in: rect, env, into: &out)
        }
    }

    private mutating func placeStack(_ kind: StackKind, _ children: [ViewNode], in rect: Rect, _ env: Environment, into out: inout [RenderNode]) {
        let proposal = Proposal(width: rect.width, height: rect.height)
        let sizes = stackLayout(kind, children, proposal, env).sizes
        switch kind {
        case .depth(let alignment):
            for (child, childSize) in zip(children, sizes) {
                place(child, in: aligned(childSize, in: rect, alignment), env, into: &out)
            }
        case .horizontal(let spacing, let alignment):
            var x = rect.minX
            for (child, childSize) in zip(children, sizes) {
                let y = rect.minY + (rect.height - childSize.height) * alignment.fraction
                place(child, in: Rect(origin: Point(x: x, y: y), size: childSize), env, into: &out)
                x += childSize.width + spacing
            }
        case .vertical(let spacing, let alignment):
            var y = rect.minY
            for (child, childSize) in zip(children, sizes) {
                let x = rect.minX + (rect.width - childSize.width) * alignment.fraction
                place(child, in: Rect(origin: Point(x: x, y: y), size: childSize), env, into: &out)
                y += childSize.height + spacing
            }
        }
    }

    private func aligned(_ size: Size, in rect: Rect, _ alignment: Alignment) -> Rect {
        Rect(
            x: rect.minX + (rect.width - size.width) * alignment.horizontal.fraction,
            y: rect.minY + (rect.height - size.height) * alignment.vertical.fraction,
            width: size.width, height: size.height
        )
    }

    private mutating func placeModified(_ child: ViewNode, _ modifier: Modifier, in rect: Rect, _ env: Environment, into out: inout [RenderNode]) {
        let proposal = Proposal(width: rect.width, height: rect.height)
        switch modifier {
        case .frame(let spec):
            let inner = frameLayout(spec, child, proposal, env).child
            place(child, in: aligned(inner, in: rect, spec.alignment), env, into: &out)
        case .padding(let insets):
            let innerRect = Rect(
                x: rect.minX + insets.leading, y: rect.minY + insets.top,
                width: max(0, rect.width - insets.leading - insets.trailing),
                height: max(0, rect.height - insets.top - insets.bottom)
            )
            let inner = size(child, Proposal(width: innerRect.width, height: innerRect.height), env)
            place(child, in: Rect(origin: innerRect.origin, size: inner), env, into: &out)
        case .offset(let x, let y):
            place(child, in: Rect(x: rect.minX + x, y: rect.minY + y, width: rect.width, height: rect.height), env, into: &out)
        case .position(let point):
            let inner = size(child, proposal, env)
            let origin = Point(x: rect.minX + point.x - inner.width / 2, y: rect.minY + point.y - inner.height / 2)
            place(child, in: Rect(origin: origin, size: inner), env, into: &out)
        case .aspectRatio(let ratio, let mode):
            let offered = aspectProposal(ratio, mode, child, proposal, env)
            let inner = size(child, offered, env)
            place(child, in: aligned(inner, in: rect, .center), env, into: &out)
        case .foregroundColor(let color):
            var inner = env
            inner.foreground = color
            place(child, in: rect, inner, into: &out)
        case .font(let font):
            var inner = env
            inner.font = font
            place(child, in: rect, inner, into: &out)
        case .scale(let x, let y, let anchor):
            let pivot = rect.point(at: anchor)
            var attributes = GroupAttributes()
            attributes.transform = .scale(x: x, y: y, about: pivot)
            var inner = env
            inner.toRoot = AffineTransform.scale(x, y, about: pivot).followed(by: env.toRoot)
            placeGroup(child, attributes, in: rect, inner, into: &out)
        case .rotation(let angle, let anchor):
            let pivot = rect.point(at: anchor)
            var attributes = GroupAttributes()
            attributes.transform = .rotate(degrees: angle.degrees, about: pivot)
            var inner = env
            inner.toRoot = AffineTransform.rotation(angle, about: pivot).followed(by: env.toRoot)
            placeGroup(child, attributes, in: rect, inner, into: &out)
        case .opacity(let value):
            var attributes = GroupAttributes()
            attributes.opacity = min(max(value, 0), 1)
            placeGroup(child, attributes, in: rect, env, into: &out)
        case .filter(let filter) where filter.isIdentity:
            place(child, in: rect, env, into: &out)
        case .filter(let filter):
            var attributes = GroupAttributes()
            attributes.filter = filter
            placeGroup(child, attributes, in: rect, env, into: &out)
        case .accessibility, .tapTarget:
            placeElement(child, modifier, in: rect, env, into: &out)
        case .layer(let layer, let alignment, let inFront):
            if inFront { place(child, in: rect, env, into: &out) }
            let layerSize = size(layer, proposal, env)
            place(layer, in: aligned(layerSize, in: rect, alignment), env, into: &out)
            if !inFront { place(child, in: rect, env, into: &out) }
        }
    }

    private mutating func placeGroup(_ child: ViewNode, _ attributes: GroupAttributes, in rect: Rect, _ env: Environment, into out: inout [RenderNode]) {
        var children: [RenderNode] = []
        // Groups mostly hold one or two nodes (a shape and its background): one allocation, no regrowth.
        children.reserveCapacity(2)
        place(child, in: rect, env, into: &children)
        out.append(.group(attributes, children))
    }

    /// One accessibility element from a run of accessibility and tap modifiers, so
    /// `.accessibilityLabel(…).accessibilityValue(…).tappable(id:)` makes a single element.
    private mutating func placeElement(_ child: ViewNode, _ modifier: Modifier, in rect: Rect, _ env: Environment, into out: inout [RenderNode]) {
        var info = AccessibilityInfo()
        var tap: String?
        func absorb(_ modifier: Modifier) -> Bool {
            switch modifier {
            case .accessibility(let outer): info = outer.merged(over: info)
            case .tapTarget(let id): tap = tap ?? id
            default: return false
            }
            return true
        }
        _ = absorb(modifier)
        var content = child
        while case .modified(let inner, let current) = content, absorb(current) {
            content = inner
        }
        let id = info.identifier ?? tap ?? "element-\(elements.count + 1)"
        var attributes = GroupAttributes()
        attributes.accessibility = info
        attributes.tapTarget = tap
        attributes.elementID = id
        elements.append(AccessibilityElement(
            id: id, label: info.label, value: info.value, hint: info.hint,
            frame: env.toRoot.boundingBox(of: rect), isTappable: tap != nil
        ))
        placeGroup(content, attributes, in: rect, env, into: &out)
    }

    // MARK: - Shapes

    private func path(for geometry: ShapeGeometry, in rect: Rect) -> Path {
        switch geometry {
        case .rectangle:
            return roundedRect(rect, radius: 0)
        case .roundedRectangle(let radius):
            return roundedRect(rect, radius: min(radius, rect.width / 2, rect.height / 2))
        case .capsule:
            return roundedRect(rect, radius: min(rect.width, rect.height) / 2)
        case .circle:
            let side = min(rect.width, rect.height)
            return ellipse(Rect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side))
        case .ellipse:
            return ellipse(rect)
        case .path(let path):
            return path.applying(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: rect.minX, ty: rect.minY))
        }
    }

    private func roundedRect(_ rect: Rect, radius: Double) -> Path {
        var path = Path()
        guard radius > 0 else {
            // The same elements addLines would give, without an array of corners per rectangle.
            path.reserveCapacity(5)
            path.move(to: rect.origin)
            path.addLine(to: Point(x: rect.maxX, y: rect.minY))
            path.addLine(to: Point(x: rect.maxX, y: rect.maxY))
            path.addLine(to: Point(x: rect.minX, y: rect.maxY))
            path.closeSubpath()
            return path
        }
        let r = Size(width: radius, height: radius)
        path.reserveCapacity(10)
        path.move(to: Point(x: rect.minX + radius, y: rect.minY))
        path.addLine(to: Point(x: rect.maxX - radius, y: rect.minY))
        path.addArc(to: Point(x: rect.maxX, y: rect.minY + radius), radii: r, largeArc: false, sweep: true)
        path.addLine(to: Point(x: rect.maxX, y: rect.maxY - radius))
        path.addArc(to: Point(x: rect.maxX - radius, y: rect.maxY), radii: r, largeArc: false, sweep: true)
        path.addLine(to: Point(x: rect.minX + radius, y: rect.maxY))
        path.addArc(to: Point(x: rect.minX, y: rect.maxY - radius), radii: r, largeArc: false, sweep: true)
        path.addLine(to: Point(x: rect.minX, y: rect.minY + radius))
        path.addArc(to: Point(x: rect.minX + radius, y: rect.minY), radii: r, largeArc: false, sweep: true)
        path.closeSubpath()
        return path
    }

    private func ellipse(_ rect: Rect) -> Path {
        var path = Path()
        let radii = Size(width: rect.width / 2, height: rect.height / 2)
        path.reserveCapacity(4)
        path.move(to: Point(x: rect.minX, y: rect.midY))
        path.addArc(to: Point(x: rect.maxX, y: rect.midY), radii: radii, largeArc: false, sweep: true)
        path.addArc(to: Point(x: rect.minX, y: rect.midY), radii: radii, largeArc: false, sweep: true)
        path.closeSubpath()
        return path
    }
}

extension ViewNode {
    /// Whether a stack must splice this child's children in (a group) or drop it (empty).
    fileprivate var needsFlattening: Bool {
        switch self {
        case .group, .empty: true
        default: false
        }
    }
}
