/// Something that draws: a primitive (a shape, text, a stack) or a composition of others.
///
/// Write your own views as SwiftUI does, with a `body`; primitives provide ``node`` instead.
public protocol View: Sendable {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
    /// The node this view resolves to. Composite views get it from their `body`.
    var node: ViewNode { get }
}

extension View {
    public var node: ViewNode { body.node }
}

extension Never: View {
    public var body: Never { return fatalError("Never has no body") }
    public var node: ViewNode { .empty }
}

/// A view that is its own node and has no body.
public protocol PrimitiveView: View where Body == Never {}

extension PrimitiveView {
    public var body: Never { return fatalError("\(Self.self) is a primitive view and has no body") }
}

/// A type-erased view, and the result of every modifier.
public struct AnyView: PrimitiveView {
    public let node: ViewNode

    public init(node: ViewNode) {
        self.node = node
    }

    public init(_ view: some View) {
        self.node = view.node
    }
}

/// Several views side by side in a builder, as SwiftUI's `TupleView`/`ForEach` results.
public struct ViewGroup: PrimitiveView {
    public let children: [ViewNode]

    @usableFromInline
    init(children: [ViewNode]) {
        self.children = children
    }

    public var node: ViewNode {
        children.count == 1 ? children[0] : .group(children)
    }
}

/// An empty view.
public struct EmptyView: PrimitiveView {
    public init() {}
    public var node: ViewNode { .empty }
}

/// Builds views from statements, loops and conditions, as SwiftUI's `@ViewBuilder`.
///
/// Blocks are built one statement at a time into a single array (`buildPartialBlock`), so a
/// block of n views costs one growing array rather than n one-element arrays and a flattened
/// copy. Inlinable so that component code, which calls these with its own view types, gets
/// them specialized rather than through generic metadata on every render.
@resultBuilder
public enum ViewBuilder {
    @inlinable
    public static func buildExpression(_ view: some View) -> ViewNode { view.node }

    @inlinable
    public static func buildBlock() -> [ViewNode] { [] }

    @inlinable
    public static func buildPartialBlock(first: ViewNode) -> [ViewNode] { [first] }

    @inlinable
    public static func buildPartialBlock(first: [ViewNode]) -> [ViewNode] { first }

    @inlinable
    public static func buildPartialBlock(accumulated: consuming [ViewNode], next: ViewNode) -> [ViewNode] {
        var nodes = accumulated
        nodes.append(next)
        return nodes
    }

    @inlinable
    public static func buildPartialBlock(accumulated: consuming [ViewNode], next: [ViewNode]) -> [ViewNode] {
        var nodes = accumulated
        nodes.append(contentsOf: next)
        return nodes
    }

    @inlinable
    public static func buildArray(_ parts: [[ViewNode]]) -> [ViewNode] { parts.flatMap { $0 } }

    @inlinable
    public static func buildOptional(_ part: [ViewNode]?) -> [ViewNode] { part ?? [] }

    @inlinable
    public static func buildEither(first: [ViewNode]) -> [ViewNode] { first }

    @inlinable
    public static func buildEither(second: [ViewNode]) -> [ViewNode] { second }

    @inlinable
    public static func buildLimitedAvailability(_ part: [ViewNode]) -> [ViewNode] { part }

    @inlinable
    public static func buildFinalResult(_ parts: [ViewNode]) -> ViewGroup { ViewGroup(children: parts) }
}

/// Repeats content for each element of a collection, as SwiftUI's `ForEach`.
public struct ForEach: PrimitiveView {
    public let node: ViewNode

    /// Inlinable so the loop is specialized for the caller's collection (usually a range).
    @inlinable
    public init<Data: Sequence>(_ data: Data, @ViewBuilder content: (Data.Element) -> ViewGroup) {
        var nodes: [ViewNode] = []
        nodes.reserveCapacity(data.underestimatedCount)
        for element in data {
            let children = content(element).children
            if children.count == 1 {
                nodes.append(children[0])
            } else {
                nodes.append(contentsOf: children)
            }
        }
        self.node = .group(nodes)
    }
}
