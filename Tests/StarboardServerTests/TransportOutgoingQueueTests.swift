import Testing
@testable import StarboardServer

@Suite("Transport: per-client outgoing queue")
struct TransportOutgoingQueueTests {
    private func texts(_ queue: inout OutgoingQueue) -> [String] {
        var result: [String] = []
        while case .frames(let frames) = queue.take(budget: 1) {
            #expect(frames.count == 1, "a budget smaller than any frame still takes one")
            result += frames.map(\.text)
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
        guard case .frames(let frames) = queue.take(budget: 1000) else {
            Issue.record("expected the queued frame first")
            return
        }
        #expect(frames.map(\.text) == ["bye"])
        guard case .close(let reason) = queue.take(budget: 1000) else {
            Issue.record("expected the close")
            return
        }
        #expect(reason == "done")
    }

    @Test func aTurnTakesTheFramesThatFitItsBudgetInOrder() {
        var queue = OutgoingQueue(maxFrames: 10, maxBytes: 1000)
        for text in ["aaaa", "bbbb", "cccc", "dddddddddd"] { _ = queue.enqueue(OutgoingFrame(text: text), coalescingKey: nil) }
        queue.requestClose(reason: "done")
        guard case .frames(let first) = queue.take(budget: 9) else { Issue.record("expected frames"); return }
        #expect(first.map(\.text) == ["aaaa", "bbbb"])
        guard case .frames(let second) = queue.take(budget: 9) else { Issue.record("expected frames"); return }
        #expect(second.map(\.text) == ["cccc"])
        guard case .frames(let third) = queue.take(budget: 9) else { Issue.record("expected frames"); return }
        #expect(third.map(\.text) == ["dddddddddd"], "a frame over the budget goes alone")
        guard case .close = queue.take(budget: 9) else { Issue.record("expected the close"); return }
        #expect(queue.byteCount == 0)
    }

    @Test(arguments: [0, 5, 125, 126, 65535, 65536, 70000])
    func frameIsFramedAsOneFinalTextMessage(length: Int) {
        let text = String(repeating: "é", count: length / 2) + String(repeating: "x", count: length % 2)
        let frame = OutgoingFrame(text: text)
        #expect(frame.byteCount == length)
        #expect(frame.text == text)
        let wire = Array(frame.wire)
        #expect(wire[0] == 0x81, "FIN and the text opcode, no RSV bits")
        let (declared, header): (Int, Int) = switch wire[1] {
        case 126: (Int(wire[2]) << 8 | Int(wire[3]), 4)
        case 127: (wire[2..<10].reduce(0) { $0 << 8 | Int($1) }, 10)
        default: (Int(wire[1]), 2)
        }
        #expect(wire[1] & 0x80 == 0, "servers do not mask")
        #expect(declared == length)
        #expect(wire.count == header + length)
        #expect(Array(wire[header...]) == Array(text.utf8))
    }
}
