/// Children side by side, leading to trailing.
public struct HStack<Content: View>: PrimitiveView {
    public var content: Content
    let alignment: VerticalAlignment
    let spacing: Double

    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing ?? defaultStackSpacing
        self.content = content()
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        graph.makeStack(.horizontal(spacing: spacing, alignment: alignment), axis: .horizontal, content)
    }
}

/// Children one above the other, top to bottom.
public struct VStack<Content: View>: PrimitiveView {
    public var content: Content
    let alignment: HorizontalAlignment
    let spacing: Double

    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing ?? defaultStackSpacing
        self.content = content()
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        graph.makeStack(.vertical(spacing: spacing, alignment: alignment), axis: .vertical, content)
    }
}

/// Children on top of each other, the last one in front.
public struct ZStack<Content: View>: PrimitiveView {
    public var content: Content
    let alignment: Alignment

    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        graph.makeStack(.depth(alignment: alignment), axis: nil, content)
    }
}

extension ViewGraph {
    /// A stack node over what `content` makes; a `Spacer` inside grows along `axis`.
    mutating func makeStack(_ kind: StackKind, axis: Axis?, _ content: some View) {
        guard enter() else { return }
        let mark = pending.count
        let outerAxis = stackAxis
        stackAxis = axis
        content._makeNodes(in: &self)
        stackAxis = outerAxis
        addContainer(.stack(kind), adoptingFrom: mark)
        leave()
    }
}

/// Space that grows along its stack's axis (along both outside a stack).
public struct Spacer: PrimitiveView {
    public var minLength: Double?

    public init(minLength: Double? = nil) {
        self.minLength = minLength
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        graph.addLeaf(.spacer(minLength: minLength ?? 0, axis: graph.stackAxis))
    }
}

/// What a `GeometryReader`'s content knows of the space it was given.
public struct GeometryProxy: Sendable {
    /// The size offered to the reader, which it takes.
    public let size: Size

    /// The reader's frame: origin zero, its size. Content is built before it is placed, so
    /// Starboard gives the reader's own frame in `.global` too.
    public func frame(in space: CoordinateSpace) -> Rect {
        Rect(origin: .zero, size: size)
    }
}

/// Where positions are measured from: the view itself, or the whole preview (`onTapGesture`'s
/// location; a `GeometryReader` knows only its own frame).
public enum CoordinateSpace: Hashable, Sendable {
    case local
    case global
}

/// Content built from the size offered to it, as SwiftUI's `GeometryReader`: it takes all that
/// space and places its content at the top-leading corner.
public struct GeometryReader<Content: View>: PrimitiveView {
    public var content: (GeometryProxy) -> Content

    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        let content = self.content
        graph.geometries.append(GeometryContent(
            build: { proxy, graph in content(proxy)._makeNodes(in: &graph) },
            environment: graph.environment, stackAxis: nil
        ))
        graph.addLeaf(.geometry(Int32(graph.geometries.count - 1)))
    }
}

/// The spacing SwiftUI stacks use when none is given.
let defaultStackSpacing: Double = 8
