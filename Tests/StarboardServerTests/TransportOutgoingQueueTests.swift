import Testing
@testable import StarboardServer

@Suite("Transport: per-client outgoing queue")
struct TransportOutgoingQueueTests {
    private func texts(_ queue: inout OutgoingQueue) -> [String] {
        var result: [String] = []
        while case .frame(let frame) = queue.next() {
            result.append(frame.text)
        }
        return result
    }

    @Test func sameKeyReplacesThePendingFrameAndMovesItBack() {
        var queue = OutgoingQueue(maxFrames: 10, maxBytes: 1000)
        #expect(queue.enqueue(OutgoingFrame(text: "r1"), coalescingKey: "render") == .queued)
        #expect(queue.enqueue(OutgoingFrame(text: "ack"), coalescingKey: nil) == .queued)
        #expect(queue.enqueue(OutgoingFrame(text: "r2"), coalescingKey: "render") == .replaced)
        #expect(queue.enqueue(OutgoingFrame(text: "i1"), coalescingKey: "inspector") == .queued)
        #expect(queue.frameCount == 3)
        #expect(queue.byteCount == 7)
        #expect(texts(&queue) == ["ack", "r2", "i1"])
        #expect(queue.byteCount == 0)
    }

    @Test func unkeyedFramesKeepOrderUntilTheLimits() {
        var byCount = OutgoingQueue(maxFrames: 2, maxBytes: 1000)
        #expect(byCount.enqueue(OutgoingFrame(text: "a"), coalescingKey: nil) == .queued)
        #expect(byCount.enqueue(OutgoingFrame(text: "b"), coalescingKey: nil) == .queued)
        #expect(byCount.enqueue(OutgoingFrame(text: "c"), coalescingKey: nil) == .overflow)
        #expect(byCount.hasOverflowed && byCount.frameCount == 0)
        #expect(byCount.enqueue(OutgoingFrame(text: "d"), coalescingKey: nil) == .ignored)

        var byBytes = OutgoingQueue(maxFrames: 100, maxBytes: 5)
        #expect(byBytes.enqueue(OutgoingFrame(text: "abc"), coalescingKey: "k") == .queued)
        #expect(byBytes.enqueue(OutgoingFrame(text: "abcd"), coalescingKey: "k") == .replaced)
        #expect(byBytes.enqueue(OutgoingFrame(text: "xy"), coalescingKey: nil) == .overflow)
    }

    @Test func closeComesAfterQueuedFramesAndStopsNewOnes() {
        var queue = OutgoingQueue(maxFrames: 10, maxBytes: 1000)
        _ = queue.enqueue(OutgoingFrame(text: "bye"), coalescingKey: nil)
        queue.requestClose(reason: "done")
        #expect(queue.enqueue(OutgoingFrame(text: "late"), coalescingKey: nil) == .ignored)
        guard case .frame(let frame) = queue.next() else {
            Issue.record("expected the queued frame first")
            return
        }
        #expect(frame.text == "bye")
        guard case .close(let reason) = queue.next() else {
            Issue.record("expected the close")
            return
        }
        #expect(reason == "done")
    }

    @Test func frameKeepsHeadroomAndUTF8() {
        let frame = OutgoingFrame(text: "héllo ✓")
        #expect(frame.byteCount == "héllo ✓".utf8.count)
        #expect(frame.text == "héllo ✓")
        #expect(OutgoingFrame.headroom >= 14)
    }
}
