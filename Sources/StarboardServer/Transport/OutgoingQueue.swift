/// Output waiting for one client: ordered frames, at most one per coalescing
/// key, bounded in count and bytes, optionally followed by a close.
///
/// A frame with a coalescing key replaces the not-yet-sent frame with the same
/// key and moves to the back, so the client sees messages in the order they
/// were sent minus the ones superseded; a slow client therefore holds at most
/// the latest frame per key.
struct OutgoingQueue {
    /// What ``enqueue(_:coalescingKey:)`` did.
    enum EnqueueResult: Equatable {
        case queued
        case replaced
        /// The limits were exceeded; the client should be dropped.
        case overflow
        /// The queue is closing or overflowed already; the frame was ignored.
        case ignored
    }

    /// What to do when the client is next writeable.
    enum Next {
        /// Frames to write now, in order; at least one.
        case frames([OutgoingFrame])
        case close(reason: String)
        case idle
    }

    private struct Entry {
        var frame: OutgoingFrame
        var key: String?
    }

    let maxFrames: Int
    let maxBytes: Int
    private var entries: [Entry] = []
    private(set) var byteCount = 0
    private(set) var closeReason: String?
    private(set) var hasOverflowed = false

    init(maxFrames: Int, maxBytes: Int) {
        self.maxFrames = maxFrames
        self.maxBytes = maxBytes
    }

    var frameCount: Int { entries.count }

    /// Whether a frame or a close is still to be written.
    var hasPendingOutput: Bool { !entries.isEmpty || closeReason != nil }

    mutating func enqueue(_ frame: OutgoingFrame, coalescingKey key: String?) -> EnqueueResult {
        guard closeReason == nil, !hasOverflowed else { return .ignored }
        var result = EnqueueResult.queued
        if let key, let index = entries.firstIndex(where: { $0.key == key }) {
            byteCount -= entries[index].frame.byteCount
            entries.remove(at: index)
            result = .replaced
        }
        entries.append(Entry(frame: frame, key: key))
        byteCount += frame.byteCount
        if entries.count > maxFrames || byteCount > maxBytes {
            hasOverflowed = true
            entries.removeAll()
            byteCount = 0
            return .overflow
        }
        return result
    }

    /// Asks for a close once the frames already queued are written; later frames are ignored.
    mutating func requestClose(reason: String) {
        if closeReason == nil, !hasOverflowed {
            closeReason = reason
        }
    }

    /// The frames at the front whose payloads fit in `budget` bytes (always at least one), then,
    /// once they are all gone, the close.
    mutating func take(budget: Int) -> Next {
        guard !entries.isEmpty else {
            if let closeReason { return .close(reason: closeReason) }
            return .idle
        }
        var taken = 0
        var bytes = 0
        while taken < entries.count, taken == 0 || bytes + entries[taken].frame.byteCount <= budget {
            bytes += entries[taken].frame.byteCount
            taken += 1
        }
        let frames = entries[..<taken].map(\.frame)
        entries.removeFirst(taken)
        byteCount -= bytes
        return .frames(frames)
    }
}
