/// A `VStack` as SwiftUI's `LazyVStack` spells it. Starboard draws one still frame, so there is
/// nothing to create lazily: it lays out as a `VStack` (in linear time, however long).
public struct LazyVStack<Content: View>: PrimitiveView {
    let stack: VStack<Content>

    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        stack = VStack(alignment: alignment, spacing: spacing.map(Double.init), content: content)
    }

    public func _makeNodes(in graph: inout ViewGraph) { stack._makeNodes(in: &graph) }
}

/// An `HStack` as SwiftUI's `LazyHStack` spells it (see ``LazyVStack``).
public struct LazyHStack<Content: View>: PrimitiveView {
    let stack: HStack<Content>

    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        stack = HStack(alignment: alignment, spacing: spacing.map(Double.init), content: content)
    }

    public func _makeNodes(in graph: inout ViewGraph) { stack._makeNodes(in: &graph) }
}

/// A column of a `LazyVGrid` (a row of a `LazyHGrid`): its size, the space after it, and where
/// a cell sits in it.
public struct GridItem: Sendable {
    /// How long the column is.
    public enum Size: Sendable {
        /// Exactly this long.
        case fixed(CGFloat)
        /// A share of the room the fixed columns leave, kept between `minimum` and `maximum`.
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        /// As many columns of at least `minimum` as fit in its share, which share what is left.
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }

    public var size: Size
    /// The space after this column; 8 points when nil.
    public var spacing: CGFloat?
    /// Where a cell sits in its column and row; centred when nil.
    public var alignment: Alignment?

    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// The lanes (columns of a vertical grid, rows of a horizontal one) `items` make in `length`, as
/// SwiftUI resolves them: fixed ones first; the others share what is left equally, the least
/// flexible first, each kept within its minimum and maximum; an adaptive item fits as many lanes
/// of its minimum as its share holds, which then share the share.
func gridLanes(_ items: [GridItem], length: Double?) -> [(length: Double, alignment: Alignment, spacing: Double)] {
    guard !items.isEmpty else { return [] }
    let spacings = items.map { Double($0.spacing ?? 8) }
    let between = spacings.dropLast().reduce(0, +)
    func bounds(_ item: GridItem) -> (Double, Double) {
        switch item.size {
        case .fixed(let value): (Double(value), Double(value))
        case .flexible(let low, let high): (Double(low), Double(high))
        // An adaptive item's maximum bounds each of its lanes, not its share.
        case .adaptive(let low, _): (Double(low), .infinity)
        }
    }
    // Offered nothing, the grid takes its items' smallest lengths.
    let total = length ?? (items.map { bounds($0).0 }.reduce(0, +) + between)
    var shares = [Double](repeating: 0, count: items.count)
    var remaining = total - between
    var flexible: [Int] = []
    for (index, item) in items.enumerated() {
        if case .fixed(let value) = item.size {
            shares[index] = Double(value)
            remaining -= Double(value)
        } else {
            flexible.append(index)
        }
    }
    flexible.sort { bounds(items[$0]).1 - bounds(items[$0]).0 < bounds(items[$1]).1 - bounds(items[$1]).0 }
    var left = Double(flexible.count)
    for index in flexible {
        let (low, high) = bounds(items[index])
        let share = min(high, max(low, remaining / left))
        shares[index] = share
        remaining -= share
        left -= 1
    }
    var lanes: [(length: Double, alignment: Alignment, spacing: Double)] = []
    for (index, item) in items.enumerated() {
        let alignment = item.alignment ?? .center
        if case .adaptive(let low, let high) = item.size {
            let spacing = spacings[index], minimum = max(Double(low), 1)
            let count = max(1, Int(((shares[index] + spacing) / (minimum + spacing)).rounded(.down)))
            let each = min(Double(high), (shares[index] - spacing * Double(count - 1)) / Double(count))
            for lane in 0..<count {
                lanes.append((each, alignment, lane == count - 1 ? spacings[index] : spacing))
            }
        } else {
            lanes.append((shares[index], alignment, spacings[index]))
        }
    }
    return lanes
}

/// The layout of `LazyVGrid` (`vertical`) and `LazyHGrid`: cells fill the lanes in order, each
/// line of cells as long as its longest cell; the grid takes the length it is offered across
/// its lanes.
struct GridLayout: BuiltInLayout {
    let items: [GridItem]
    let vertical: Bool
    /// Where the lanes sit in the grid when they do not fill it.
    let laneFraction: Double
    let lineSpacing: Double

    struct Cache {
        var lanes: [(length: Double, alignment: Alignment, spacing: Double)] = []
        var laneLength: Double?
        var lines: [Double] = []
    }

    func makeCache(subviews: Subviews) -> Cache { Cache() }

    private func resolve(_ proposal: ProposedViewSize, _ subviews: Subviews, _ cache: inout Cache) {
        let across = (vertical ? proposal.width : proposal.height).map(Double.init)
        if cache.laneLength == across, !cache.lines.isEmpty || subviews.isEmpty { return }
        cache.laneLength = across
        cache.lanes = gridLanes(items, length: across)
        cache.lines = []
        guard !cache.lanes.isEmpty else { return }
        var line = 0.0
        for (index, subview) in subviews.enumerated() {
            let lane = cache.lanes[index % cache.lanes.count]
            let size = subview.sizeThatFits(offer(lane.length))
            line = max(line, vertical ? size.height : size.width)
            if index % cache.lanes.count == cache.lanes.count - 1 || index == subviews.count - 1 {
                cache.lines.append(line)
                line = 0
            }
        }
    }

    private func offer(_ lane: Double) -> ProposedViewSize {
        vertical ? ProposedViewSize(width: lane, height: nil) : ProposedViewSize(width: nil, height: lane)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        resolve(proposal, subviews, &cache)
        let lanes = cache.lanes.map(\.length).reduce(0, +) + cache.lanes.dropLast().map(\.spacing).reduce(0, +)
        let across = (vertical ? proposal.width : proposal.height).map(Double.init) ?? lanes
        let along = cache.lines.reduce(0, +) + lineSpacing * Double(max(cache.lines.count - 1, 0))
        return vertical ? CGSize(width: across, height: along) : CGSize(width: along, height: across)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        resolve(ProposedViewSize(width: bounds.width, height: bounds.height), subviews, &cache)
        guard !cache.lanes.isEmpty else { return }
        let used = cache.lanes.map(\.length).reduce(0, +) + cache.lanes.dropLast().map(\.spacing).reduce(0, +)
        let acrossStart = ((vertical ? bounds.width : bounds.height) - used) * laneFraction
        var along = 0.0
        for (lineIndex, line) in cache.lines.enumerated() {
            var across = acrossStart
            for (laneIndex, lane) in cache.lanes.enumerated() {
                let index = lineIndex * cache.lanes.count + laneIndex
                guard index < subviews.count else { break }
                let proposal = offer(lane.length)
                let size = subviews[index].sizeThatFits(proposal)
                let cell = vertical
                    ? CGRect(x: bounds.minX + across, y: bounds.minY + along, width: lane.length, height: line)
                    : CGRect(x: bounds.minX + along, y: bounds.minY + across, width: line, height: lane.length)
                let origin = CGPoint(
                    x: cell.minX + (cell.width - size.width) * lane.alignment.horizontal.fraction,
                    y: cell.minY + (cell.height - size.height) * lane.alignment.vertical.fraction
                )
                subviews[index].place(at: origin, proposal: proposal)
                across += lane.length + lane.spacing
            }
            along += line + lineSpacing
        }
    }
}

/// A grid that fills its columns row by row, as SwiftUI's `LazyVGrid`: it takes the width it
/// is offered and is as tall as its rows (`spacing` between them, 8 points by default).
public struct LazyVGrid<Content: View>: PrimitiveView {
    let layout: GridLayout
    let content: Content
    let alignment: HorizontalAlignment

    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        layout = GridLayout(items: columns, vertical: true, laneFraction: alignment.fraction, lineSpacing: spacing.map(Double.init) ?? 8)
        self.alignment = alignment
        self.content = content()
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        // The lanes are placed by fraction: a guide of the author's own is centred, and said so.
        graph.warnIfCustom(alignment.key, in: "LazyVGrid")
        for item in layout.items { if let alignment = item.alignment { graph.warnIfCustom(alignment.horizontal.key, alignment.vertical.key, in: "GridItem") } }
        graph.makeLayout(LayoutEntry(layout: layout, isBuiltIn: true), content)
    }
}

/// A grid that fills its rows column by column, as SwiftUI's `LazyHGrid`.
public struct LazyHGrid<Content: View>: PrimitiveView {
    let layout: GridLayout
    let content: Content
    let alignment: VerticalAlignment

    public init(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        layout = GridLayout(items: rows, vertical: false, laneFraction: alignment.fraction, lineSpacing: spacing.map(Double.init) ?? 8)
        self.alignment = alignment
        self.content = content()
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        // The lanes are placed by fraction: a guide of the author's own is centred, and said so.
        graph.warnIfCustom(alignment.key, in: "LazyHGrid")
        for item in layout.items { if let alignment = item.alignment { graph.warnIfCustom(alignment.horizontal.key, alignment.vertical.key, in: "GridItem") } }
        graph.makeLayout(LayoutEntry(layout: layout, isBuiltIn: true), content)
    }
}

/// The first of its views whose ideal size fits the offer along `axes`, else the last one, as
/// SwiftUI's `ViewThatFits`; the others are not drawn.
public struct ViewThatFits<Content: View>: PrimitiveView {
    let layout: FitLayout
    let content: Content

    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        layout = FitLayout(horizontal: axes.contains(.horizontal), vertical: axes.contains(.vertical))
        self.content = content()
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        graph.makeLayout(LayoutEntry(layout: layout, isBuiltIn: true), content)
    }
}

struct FitLayout: BuiltInLayout {
    let horizontal: Bool
    let vertical: Bool

    /// The chosen subview and the proposal it is given.
    private func choose(_ proposal: ProposedViewSize, _ subviews: Subviews) -> (Int, ProposedViewSize)? {
        guard !subviews.isEmpty else { return nil }
        // Its ideal size along the constrained axes, the offer along the others.
        let ideal = ProposedViewSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
        for (index, subview) in subviews.enumerated() {
            let size = subview.sizeThatFits(ideal)
            let fitsWidth = !horizontal || proposal.width.map { size.width <= $0 + 1e-9 } ?? true
            let fitsHeight = !vertical || proposal.height.map { size.height <= $0 + 1e-9 } ?? true
            if fitsWidth, fitsHeight { return (index, proposal) }
        }
        return (subviews.count - 1, proposal)
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        guard let (index, offer) = choose(proposal, subviews) else { return .zero }
        return subviews[index].sizeThatFits(offer)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        guard let (chosen, offer) = choose(proposal, subviews) else { return }
        for (index, subview) in subviews.enumerated() where index != chosen { subview.hide() }
        let size = subviews[chosen].sizeThatFits(offer)
        subviews[chosen].place(at: CGPoint(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2), proposal: offer)
    }
}
