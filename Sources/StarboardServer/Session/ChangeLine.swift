/// A first-in, first-out line of waiting changes. Taking from the front moves an index rather
/// than the elements, so draining a burst of thousands of changes in batches costs what the
/// batches hold, not the whole line again for each batch.
struct ChangeLine<Element> {
    private var storage: [Element] = []
    private var head = 0

    var isEmpty: Bool { head == storage.count }
    var count: Int { storage.count - head }

    /// The element `offset` places from the front.
    subscript(offset: Int) -> Element { storage[head + offset] }

    mutating func append(_ element: Element) {
        storage.append(element)
    }

    /// Removes and returns up to `limit` elements from the front.
    mutating func take(_ limit: Int) -> [Element] {
        let taken = Array(storage[head..<head + min(limit, count)])
        drop(taken.count)
        return taken
    }

    /// Removes and returns the front element.
    mutating func popFirst() -> Element? {
        guard !isEmpty else { return nil }
        let first = storage[head]
        drop(1)
        return first
    }

    /// Removes `count` elements from the front.
    mutating func drop(_ dropped: Int) {
        head += dropped
        if head == storage.count {
            storage.removeAll(keepingCapacity: storage.capacity <= 1024)
            head = 0
        } else if head >= 1024 && head * 2 >= storage.count {
            // Compacts once the taken part outweighs the rest: amortized O(1) per element.
            storage.removeFirst(head)
            head = 0
        }
    }
}
extension ChangeLine: Sendable where Element: Sendable {}
