/// Something that draws: a primitive (a shape, text, a stack) or a composition of others.
///
/// Write your own views as in SwiftUI, with a `body`. Primitive views implement
/// ``_makeNodes(in:)`` instead, which adds their nodes to the flat tree a render lays out.
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
    /// Adds the nodes this view resolves to. Composite views get it from their `body`.
    func _makeNodes(in graph: inout ViewGraph)
}

extension View {
    public func _makeNodes(in graph: inout ViewGraph) {
        guard graph.enter() else { return }
        if let observer = graph.observer { observer(self, graph.nodes.count) }
        let mark = graph.pending.count
        // What the body reads (its own `@Inspectable`s, say) is noted for the nodes it makes.
        let reads = PropertyReads.current
        reads?.openWindow(at: graph.nodes.count)
        body._makeNodes(in: &graph)
        reads?.closeWindow(at: graph.nodes.count)
        // The nodes the body left are this view's: the outline names them after it. An outer
        // view finishes after an inner one, so it goes in front of the node's list.
        var slot = mark
        while slot < graph.pending.count {
            let node = Int(graph.pending[slot])
            graph.composites.append((Self.self, graph.nodes[node].compositeHead))
            graph.nodes[node].compositeHead = Int32(graph.composites.count - 1)
            slot += 1
        }
        graph.leave()
    }
}

extension Never: View {
    public var body: Never { fatalError("Never has no body") }
    public func _makeNodes(in graph: inout ViewGraph) {}
}

/// A view that adds its own nodes and has no body.
public protocol PrimitiveView: View where Body == Never {}

extension PrimitiveView {
    public var body: Never { fatalError("\(Self.self) is a primitive view and has no body") }
}

/// A type-erased view, as SwiftUI's `AnyView`.
public struct AnyView: PrimitiveView {
    private let storage: AnyViewStorage

    public init<V: View>(_ view: V) {
        if let erased = view as? AnyView {
            storage = erased.storage
        } else {
            storage = TypedViewStorage(view)
        }
    }

    public init<V: View>(erasing view: V) {
        self.init(view)
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        storage.makeNodes(in: &graph)
    }
}

class AnyViewStorage {
    func makeNodes(in graph: inout ViewGraph) {}
}

final class TypedViewStorage<V: View>: AnyViewStorage {
    let view: V
    init(_ view: V) { self.view = view }
    override func makeNodes(in graph: inout ViewGraph) { view._makeNodes(in: &graph) }
}

/// A view that draws nothing and takes no space.
public struct EmptyView: PrimitiveView {
    public init() {}
    public func _makeNodes(in graph: inout ViewGraph) {}
}

/// Several views from one builder block, as SwiftUI's `TupleView`. They join the container around
/// them one by one.
public struct TupleView<each Content: View>: PrimitiveView {
    public var value: (repeat each Content)

    public init(_ value: (repeat each Content)) {
        self.value = value
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        for view in repeat each value {
            view._makeNodes(in: &graph)
        }
    }
}


// Builder blocks of two to ten views, one type per count rather than one variadic type: every call
// in them is specialized for the concrete views, where a parameter pack is walked through witness
// tables at run time (several times slower on the render path).

/// A builder block of 2 views.
public struct _TupleView2<C0: View, C1: View>: PrimitiveView {
    let c0: C0
    let c1: C1

    public func _makeNodes(in graph: inout ViewGraph) {
        c0._makeNodes(in: &graph)
        c1._makeNodes(in: &graph)
    }
}

/// A builder block of 3 views.
public struct _TupleView3<C0: View, C1: View, C2: View>: PrimitiveView {
    let c0: C0
    let c1: C1
    let c2: C2

    public func _makeNodes(in graph: inout ViewGraph) {
        c0._makeNodes(in: &graph)
        c1._makeNodes(in: &graph)
        c2._makeNodes(in: &graph)
    }
}

/// A builder block of 4 views.
public struct _TupleView4<C0: View, C1: View, C2: View, C3: View>: PrimitiveView {
    let c0: C0
    let c1: C1
    let c2: C2
    let c3: C3

    public func _makeNodes(in graph: inout ViewGraph) {
        c0._makeNodes(in: &graph)
        c1._makeNodes(in: &graph)
        c2._makeNodes(in: &graph)
        c3._makeNodes(in: &graph)
    }
}

/// A builder block of 5 views.
public struct _TupleView5<C0: View, C1: View, C2: View, C3: View, C4: View>: PrimitiveView {
    let c0: C0
    let c1: C1
    let c2: C2
    let c3: C3
    let c4: C4

    public func _makeNodes(in graph: inout ViewGraph) {
        c0._makeNodes(in: &graph)
        c1._makeNodes(in: &graph)
        c2._makeNodes(in: &graph)
        c3._makeNodes(in: &graph)
        c4._makeNodes(in: &graph)
    }
}

/// A builder block of 6 views.
public struct _TupleView6<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View>: PrimitiveView {
    let c0: C0
    let c1: C1
    let c2: C2
    let c3: C3
    let c4: C4
    let c5: C5

    public func _makeNodes(in graph: inout ViewGraph) {
        c0._makeNodes(in: &graph)
        c1._makeNodes(in: &graph)
        c2._makeNodes(in: &graph)
        c3._makeNodes(in: &graph)
        c4._makeNodes(in: &graph)
        c5._makeNodes(in: &graph)
    }
}

/// A builder block of 7 views.
public struct _TupleView7<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View>: PrimitiveView {
    let c0: C0
    let c1: C1
    let c2: C2
    let c3: C3
    let c4: C4
    let c5: C5
    let c6: C6

    public func _makeNodes(in graph: inout ViewGraph) {
        c0._makeNodes(in: &graph)
        c1._makeNodes(in: &graph)
        c2._makeNodes(in: &graph)
        c3._makeNodes(in: &graph)
        c4._makeNodes(in: &graph)
        c5._makeNodes(in: &graph)
        c6._makeNodes(in: &graph)
    }
}

/// A builder block of 8 views.
public struct _TupleView8<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View>: PrimitiveView {
    let c0: C0
    let c1: C1
    let c2: C2
    let c3: C3
    let c4: C4
    let c5: C5
    let c6: C6
    let c7: C7

    public func _makeNodes(in graph: inout ViewGraph) {
        c0._makeNodes(in: &graph)
        c1._makeNodes(in: &graph)
        c2._makeNodes(in: &graph)
        c3._makeNodes(in: &graph)
        c4._makeNodes(in: &graph)
        c5._makeNodes(in: &graph)
        c6._makeNodes(in: &graph)
        c7._makeNodes(in: &graph)
    }
}

/// A builder block of 9 views.
public struct _TupleView9<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View, C8: View>: PrimitiveView {
    let c0: C0
    let c1: C1
    let c2: C2
    let c3: C3
    let c4: C4
    let c5: C5
    let c6: C6
    let c7: C7
    let c8: C8

    public func _makeNodes(in graph: inout ViewGraph) {
        c0._makeNodes(in: &graph)
        c1._makeNodes(in: &graph)
        c2._makeNodes(in: &graph)
        c3._makeNodes(in: &graph)
        c4._makeNodes(in: &graph)
        c5._makeNodes(in: &graph)
        c6._makeNodes(in: &graph)
        c7._makeNodes(in: &graph)
        c8._makeNodes(in: &graph)
    }
}

/// A builder block of 10 views.
public struct _TupleView10<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View, C8: View, C9: View>: PrimitiveView {
    let c0: C0
    let c1: C1
    let c2: C2
    let c3: C3
    let c4: C4
    let c5: C5
    let c6: C6
    let c7: C7
    let c8: C8
    let c9: C9

    public func _makeNodes(in graph: inout ViewGraph) {
        c0._makeNodes(in: &graph)
        c1._makeNodes(in: &graph)
        c2._makeNodes(in: &graph)
        c3._makeNodes(in: &graph)
        c4._makeNodes(in: &graph)
        c5._makeNodes(in: &graph)
        c6._makeNodes(in: &graph)
        c7._makeNodes(in: &graph)
        c8._makeNodes(in: &graph)
        c9._makeNodes(in: &graph)
    }
}

/// One of two views, as an `if`/`else` in a builder makes.
public enum _ConditionalContent<TrueContent: View, FalseContent: View>: PrimitiveView {
    case trueContent(TrueContent)
    case falseContent(FalseContent)

    public func _makeNodes(in graph: inout ViewGraph) {
        switch self {
        case .trueContent(let view): view._makeNodes(in: &graph)
        case .falseContent(let view): view._makeNodes(in: &graph)
        }
    }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError("Optional is a primitive view and has no body") }

    public func _makeNodes(in graph: inout ViewGraph) {
        if case .some(let view) = self { view._makeNodes(in: &graph) }
    }
}

/// Views grouped without a layout of their own: they join the container around them, and a
/// modifier applied to the group applies to each of them, as in SwiftUI.
public struct Group<Content: View>: PrimitiveView {
    public var content: Content

    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        content._makeNodes(in: &graph)
    }
}

/// Builds views from statements and conditions, as SwiftUI's `@ViewBuilder`.
@resultBuilder
public enum ViewBuilder {
    public static func buildExpression<Content: View>(_ content: consuming Content) -> Content { content }

    public static func buildBlock() -> EmptyView { EmptyView() }

    public static func buildBlock<Content: View>(_ content: consuming Content) -> Content { content }

    public static func buildBlock<C0: View, C1: View>(_ c0: consuming C0, _ c1: consuming C1) -> _TupleView2<C0, C1> {
        _TupleView2(c0: c0, c1: c1)
    }

    public static func buildBlock<C0: View, C1: View, C2: View>(_ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2) -> _TupleView3<C0, C1, C2> {
        _TupleView3(c0: c0, c1: c1, c2: c2)
    }

    public static func buildBlock<C0: View, C1: View, C2: View, C3: View>(_ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3) -> _TupleView4<C0, C1, C2, C3> {
        _TupleView4(c0: c0, c1: c1, c2: c2, c3: c3)
    }

    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View>(_ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3, _ c4: consuming C4) -> _TupleView5<C0, C1, C2, C3, C4> {
        _TupleView5(c0: c0, c1: c1, c2: c2, c3: c3, c4: c4)
    }

    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View>(_ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3, _ c4: consuming C4, _ c5: consuming C5) -> _TupleView6<C0, C1, C2, C3, C4, C5> {
        _TupleView6(c0: c0, c1: c1, c2: c2, c3: c3, c4: c4, c5: c5)
    }

    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View>(_ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3, _ c4: consuming C4, _ c5: consuming C5, _ c6: consuming C6) -> _TupleView7<C0, C1, C2, C3, C4, C5, C6> {
        _TupleView7(c0: c0, c1: c1, c2: c2, c3: c3, c4: c4, c5: c5, c6: c6)
    }

    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View>(_ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3, _ c4: consuming C4, _ c5: consuming C5, _ c6: consuming C6, _ c7: consuming C7) -> _TupleView8<C0, C1, C2, C3, C4, C5, C6, C7> {
        _TupleView8(c0: c0, c1: c1, c2: c2, c3: c3, c4: c4, c5: c5, c6: c6, c7: c7)
    }

    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View, C8: View>(_ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3, _ c4: consuming C4, _ c5: consuming C5, _ c6: consuming C6, _ c7: consuming C7, _ c8: consuming C8) -> _TupleView9<C0, C1, C2, C3, C4, C5, C6, C7, C8> {
        _TupleView9(c0: c0, c1: c1, c2: c2, c3: c3, c4: c4, c5: c5, c6: c6, c7: c7, c8: c8)
    }

    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View, C8: View, C9: View>(_ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3, _ c4: consuming C4, _ c5: consuming C5, _ c6: consuming C6, _ c7: consuming C7, _ c8: consuming C8, _ c9: consuming C9) -> _TupleView10<C0, C1, C2, C3, C4, C5, C6, C7, C8, C9> {
        _TupleView10(c0: c0, c1: c1, c2: c2, c3: c3, c4: c4, c5: c5, c6: c6, c7: c7, c8: c8, c9: c9)
    }

    /// More than ten views in one block.
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<repeat each Content> {
        TupleView((repeat each content))
    }

    public static func buildIf<Content: View>(_ content: consuming Content?) -> Content? { content }

    public static func buildEither<TrueContent: View, FalseContent: View>(first: consuming TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        .trueContent(first)
    }

    public static func buildEither<TrueContent: View, FalseContent: View>(second: consuming FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        .falseContent(second)
    }

    public static func buildLimitedAvailability<Content: View>(_ content: consuming Content) -> AnyView { AnyView(content) }
}

/// Repeats content for each element of a collection, as SwiftUI's `ForEach`. Its elements join
/// the container around it, and a modifier applied to the `ForEach` applies to each of them.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: PrimitiveView {
    public var data: Data
    public var content: (Data.Element) -> Content
    /// How an element is identified; kept for view identity, layout does not need it.
    let id: KeyPath<Data.Element, ID>?

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = id
        self.content = content
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        // Each element's closure runs as it is built: what it reads is that element's.
        let reads = PropertyReads.current
        for element in data {
            guard graph.isOpen else { return }
            reads?.openWindow(at: graph.nodes.count, wall: true)
            content(element)._makeNodes(in: &graph)
            reads?.closeWindow(at: graph.nodes.count)
        }
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// Elements identified by their own `id`.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// A constant range of integers, each its own identity.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

extension ForEach where Data == ClosedRange<Int>, ID == Int {
    /// A closed range of integers (SwiftUI takes only half-open ranges without an `id`).
    public init(_ data: ClosedRange<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}
