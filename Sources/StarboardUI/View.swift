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
@resultBuilder
public enum ViewBuilder {
    public static func buildExpression(_ view: some View) -> [ViewNode] { [view.node] }
    public static func buildBlock(_ parts: [ViewNode]...) -> [ViewNode] { parts.flatMap { $0 } }
    public static func buildArray(_ parts: [[ViewNode]]) -> [ViewNode] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [ViewNode]?) -> [ViewNode] { part ?? [] }
    public static func buildEither(first: [ViewNode]) -> [ViewNode] { first }
    public static func buildEither(second: [ViewNode]) -> [ViewNode] { second }
    public static func buildLimitedAvailability(_ part: [ViewNode]) -> [ViewNode] { part }
    public static func buildFinalResult(_ parts: [ViewNode]) -> ViewGroup { ViewGroup(children: parts) }
}

/// Repeats content for each element of a collection, as SwiftUI's `ForEach`.
public struct ForEach: PrimitiveView {
    public let node: ViewNode

    public init<Data: Sequence>(_ data: Data, @ViewBuilder content: (Data.Element) -> ViewGroup) {
        self.node = .group(data.flatMap { content($0).children })
    }
}
