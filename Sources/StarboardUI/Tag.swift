import Glibc

extension View {
    /// Gives the view a value that a container choosing among its children (a `Picker`'s
    /// options, a `TabView`'s tabs) tells it apart by, as SwiftUI's `tag(_:)`; the container
    /// selects the child whose tag equals its selection.
    ///
    /// Outside such a container a tag changes nothing.
    public consuming func tag<V: Hashable>(_ tag: V) -> some View {
        _TaggedView(content: self, tag: AnyHashable(tag))
    }
}

/// A view with a ``View/tag(_:)`` (public to be specialized, as the other `_` views).
public struct _TaggedView<Content: View>: PrimitiveView {
    let content: Content
    let tag: AnyHashable

    public func _makeNodes(in graph: inout ViewGraph) {
        let mark = graph.pending.count
        content._makeNodes(in: &graph)
        // Only a container collecting tags wants them; elsewhere the tag costs nothing.
        guard let collector = TagCollector.current else { return }
        for node in graph.pending[mark...] { collector.tags[node] = tag }
    }
}

/// One view a container's content left, with the tag it was given (nil for an untagged view).
struct TaggedItem {
    /// The view's node, as it is on ``ViewGraph/pending``.
    var node: Int32
    var tag: AnyHashable?
}

extension ViewGraph {
    /// Builds content whose views are told apart by tag and says which tag each view it left on
    /// ``pending`` has; the views stay there for the caller to place.
    ///
    /// A view keeps the tag of what it wraps (`Text("A").tag(1).padding()` is tagged 1), as
    /// SwiftUI's traits pass through modifiers. Content inside a tagged view (a nested picker's
    /// options) is collected by its own container, not by this one.
    mutating func collectTags(_ build: (inout ViewGraph) -> Void) -> [TaggedItem] {
        let mark = pending.count
        let collector = TagCollector()
        TagCollector.with(collector) { build(&self) }
        return pending[mark...].map { item in
            var node = item
            while true {
                if let tag = collector.tags[node] { return TaggedItem(node: item, tag: tag) }
                // Down through single-child wrappers (padding, frames, accessibility).
                guard nodes[Int(node)].childCount == 1 else { return TaggedItem(node: item, tag: nil) }
                node = firstChild(of: node)
            }
        }
    }
}

/// Tags met while a container builds its content, by the node they were given to.
///
/// Thread-local, as ``CurrentGraph``: one render builds on one thread, and renders on other
/// threads collect their own.
final class TagCollector {
    var tags: [Int32: AnyHashable] = [:]

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The collector of the container being built on this thread, if any.
    static var current: TagCollector? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<TagCollector>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Runs `body` with `collector` as this thread's current one, restoring the previous after.
    static func with(_ collector: TagCollector, _ body: () -> Void) {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(collector).toOpaque())
        defer { pthread_setspecific(key, previous) }
        withExtendedLifetime(collector, body)
    }
}
