/// Children side by side, left to right.
public struct HStack: PrimitiveView {
    public let node: ViewNode

    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> ViewGroup) {
        node = .stack(.horizontal(spacing: spacing ?? defaultStackSpacing, alignment: alignment), content().children)
    }
}

/// Children one above the other, top to bottom.
public struct VStack: PrimitiveView {
    public let node: ViewNode

    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> ViewGroup) {
        node = .stack(.vertical(spacing: spacing ?? defaultStackSpacing, alignment: alignment), content().children)
    }
}

/// Children on top of each other, the last one in front.
public struct ZStack: PrimitiveView {
    public let node: ViewNode

    public init(alignment: Alignment = .center, @ViewBuilder content: () -> ViewGroup) {
        node = .stack(.depth(alignment: alignment), content().children)
    }
}

/// Space that grows along its stack's axis.
public struct Spacer: PrimitiveView {
    public let minLength: Double

    public init(minLength: Double = 0) {
        self.minLength = minLength
    }

    public var node: ViewNode { .spacer(minLength: minLength) }
}

/// Content built from the size offered to it, as SwiftUI's `GeometryReader`; it takes all that space
/// and places its content at the top-leading corner.
public struct GeometryReader: PrimitiveView {
    public let node: ViewNode

    public init(@ViewBuilder content: @escaping @Sendable (Size) -> ViewGroup) {
        node = .geometry { size in
            .stack(.depth(alignment: .topLeading), content(size).children)
        }
    }
}

/// The spacing SwiftUI stacks use when none is given.
let defaultStackSpacing: Double = 8
