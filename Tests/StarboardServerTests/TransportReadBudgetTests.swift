import Foundation
import StarboardLocking
import Testing
@testable import StarboardServer

/// A client's share of the service thread (issue 27, item 8): what it sends is counted after
/// inflating, and past its budget reading from it pauses, so its frames wait in its own socket
/// while the others' are read, and it is told once.
@Suite("Transport: a client's read budget")
struct TransportReadBudgetTests {
    private static let second: UInt64 = 1_000_000_000

    @Test func aBurstIsReadThenReadingPausesUntilHalfTheBudgetIsBack() {
        var budget = ReadBudget(burst: 1000, bytesPerSecond: 100, now: 0)
        budget.charge(600, at: 0)
        budget.charge(400, at: 0)
        #expect(budget.pause(at: 0) == nil)
        // 200 bytes over: the pause lasts until 500 are back, 700 at 100 a second.
        budget.charge(200, at: 0)
        let pause = budget.pause(at: 0)
        #expect(pause?.seconds == 7 && pause?.tell == true)
        #expect(budget.isPaused)
        #expect(budget.pause(at: 0) == nil, "paused already")
        #expect(budget.wait(at: 3 * Self.second) == 4)
        #expect(budget.wait(at: 7 * Self.second) == nil)
        #expect(!budget.isPaused)
    }

    @Test func aClientIsToldOncePerEpisodeAndAgainAfterItKeptWithinTheRate() {
        var budget = ReadBudget(burst: 1000, bytesPerSecond: 1000, now: 0)
        budget.charge(1500, at: 0)
        #expect(budget.pause(at: 0)?.tell == true)
        #expect(budget.episodeBytes == 1500)
        #expect(budget.wait(at: Self.second) == nil)
        // Still owing from the same episode: a second pause is not told again.
        budget.charge(800, at: Self.second)
        #expect(budget.pause(at: Self.second)?.tell == false)
        #expect(budget.episodeBytes == 2300)
        #expect(budget.wait(at: 2 * Self.second) == nil)
        // Two quiet seconds fill the bucket: the episode is over, and the next one is news.
        budget.charge(10, at: 4 * Self.second)
        #expect(budget.pause(at: 4 * Self.second) == nil)
        #expect(budget.episodeBytes == 10)
        budget.charge(2000, at: 4 * Self.second)
        #expect(budget.pause(at: 4 * Self.second)?.tell == true)
    }

    @Test func aPausedClientsFramesWaitWhileAnotherClientIsReadAndItsRepliesGoOn() async throws {
        let handler = PauseRecordingHandler()
        // 64 KiB at once, then 4 KiB a second: the fifth 16 KiB message leaves a debt of 16 KiB,
        // and half the budget (32 KiB) is 12 s away, longer than the test waits.
        try await withPauseServer(handler, burst: 64 * 1024, rate: 4 * 1024) { _, port in
            let flooder = try TestWebSocket(port: port, origin: "http://127.0.0.1:\(port)")
            let other = try TestWebSocket(port: port, origin: "http://127.0.0.1:\(port)")
            #expect(waitUntil { handler.opened.count == 2 })
            let flooderID = handler.opened[0]
            let texts = (0..<8).map { "\($0)" + String(repeating: " ", count: 16 * 1024 - 1) }
            try flooder.sendTexts(texts)
            #expect(waitUntil { handler.notices.count == 1 })
            try other.sendText("other")
            #expect(try other.readMessage().text == "echo:other")
            // Five were read: the fifth made the debt and is read to its end; the other three
            // wait in the flooder's socket.
            #expect(handler.received(from: flooderID) == Array(texts.prefix(5)))
            #expect(handler.order.last == "other")
            // A paused client still gets its replies, and is told why it waits.
            for text in texts.prefix(5) { #expect(try flooder.readMessage().text == "echo:" + text) }
            let notice = handler.notices[0]
            #expect(notice.connection == flooderID)
            #expect(notice.text.hasPrefix("this connection sent 80 KiB in "), "\(notice.text)")
            #expect(notice.text.contains(" KiB in "), "\(notice.text)")
            #expect(notice.text.contains("more than the 64 KiB at once and 4 KiB a second a client may send"), "\(notice.text)")
        }
    }

    @Test func aPausedClientIsReadAgainInOrderAndToldOnce() async throws {
        let handler = PauseRecordingHandler()
        // 16 KiB at once, 16 KiB a second: 8 messages of 4 KiB pause two or three times, for
        // about half a second each. (Refilling from half to full takes as long, so one episode.)
        try await withPauseServer(handler, burst: 16 * 1024, rate: 16 * 1024) { _, port in
            let client = try TestWebSocket(port: port, origin: "http://127.0.0.1:\(port)")
            #expect(waitUntil { handler.opened.count == 1 })
            let texts = (0..<8).map { "m\($0)" + String(repeating: "-", count: 4096 - 3) }
            try client.sendTexts(texts)
            #expect(waitUntil { handler.order.count == texts.count })
            #expect(handler.order == texts)
            for text in texts { #expect(try client.readMessage().text == "echo:" + text) }
            #expect(handler.notices.count == 1)
        }
    }

    @Test func aClientThatIsRefusedIsRefusedWholeMessagesNotChargedForThemAndToldOnce() {
        var budget = ReadBudget(burst: 1000, bytesPerSecond: 100, now: 0)
        #expect(budget.admits(at: 0) == true)
        budget.charge(1200, at: 0)
        // 200 owed, 100 back a second later: still owing, so the next message is refused.
        #expect(budget.admits(at: Self.second) == false)
        #expect(budget.refuse(500, at: Self.second) == true)
        #expect(budget.refuse(500, at: Self.second) == false, "told once")
        #expect(budget.episodeRefused == 2 && budget.episodeBytes == 2200)
        #expect(!budget.isPaused, "refusing is not pausing")
        // The refused bytes cost nothing: one more second and the debt is paid.
        #expect(budget.admits(at: 2 * Self.second) == true)
        budget.charge(100, at: 2 * Self.second)
        #expect(budget.admits(at: 2 * Self.second) == false)
        // Ten quiet seconds fill the bucket: a new episode, told again.
        budget.charge(1500, at: 13 * Self.second)
        #expect(budget.episodeBytes == 1500 && budget.episodeRefused == 0)
        #expect(budget.admits(at: 13 * Self.second) == false)
        #expect(budget.refuse(10, at: 13 * Self.second) == true)
    }

    /// lws 4.1 aborts on its permessage-deflate assertion `priv->rx.avail_out` when a compressing
    /// client is read again after a pause: such a client is never paused. Past its budget each
    /// message it starts is refused whole, unread: the session never sees it, the client is told
    /// once, its connection stays open, and the others are read as before.
    @Test func aClientThatCompressesIsRefusedPastItsBudgetNotPaused() async throws {
        let handler = PauseRecordingHandler()
        // 64 KiB at once, then 100 bytes a second: the debt of 16 KiB takes minutes to pay.
        try await withPauseServer(handler, burst: 64 * 1024, rate: 100) { server, port in
            let client = try TestWebSocket(port: port, origin: "http://127.0.0.1:\(port)", extensions: TransportCompressionTests.browserOffer)
            let other = try TestWebSocket(port: port, origin: "http://127.0.0.1:\(port)")
            #expect(waitUntil { handler.opened.count == 2 })
            let clientID = handler.opened[0]
            // 40 KiB of white space deflates to well under 1 KiB. The first two are read (the
            // second leaves a debt of 16 KiB); the four after it begin while the client owes.
            let deflater = try TestDeflater()
            let texts = (0..<6).map { "\($0)" + String(repeating: " ", count: 40 * 1024) }
            var wire: [UInt8] = []
            for text in texts {
                var frame = TestWebSocket.frame(.text, try deflater.deflate(text), final: true)
                #expect(frame.count < 1024)
                frame[0] |= 0x40
                wire += frame
            }
            try client.socket.send(wire)
            #expect(waitUntil { server.refusedMessages == 4 })
            #expect(handler.received(from: clientID) == Array(texts.prefix(2)))
            #expect(handler.notices.count == 1)
            let notice = try #require(handler.notices.first)
            #expect(notice.connection == clientID)
            #expect(notice.text.hasPrefix("this connection sent 120 KiB in "), "\(notice.text)")
            #expect(notice.text.contains("more than the 64 KiB at once and 100 bytes a second a client may send: each message "
                                         + "it sends beyond that is refused unread and gets no reply"), "\(notice.text)")
            // Never paused: lws still reads it (a ping is answered), and another client is read.
            try client.send(.ping, Array("still here".utf8))
            let inflater = try TestInflater()
            for text in texts.prefix(2) {
                let reply = try client.readMessage()
                #expect(reply.compressed)
                #expect(try inflater.inflate(reply.payload) == "echo:" + text)
            }
            let pong = try client.readFrame()
            #expect(pong.opcode == .pong && pong.text == "still here")
            try other.sendText("other")
            #expect(try other.readMessage().text == "echo:other")
            #expect(server.refusedMessages == 4 && server.queuePauses == 0)
        }
    }
}

/// Records which connection sent what, in the order the server read it, and the pause notices;
/// echoes every message to its sender.
private final class PauseRecordingHandler: WebSocketHandler {
    struct Notice {
        var connection: ConnectionID
        var text: String
    }

    private struct State {
        var opened: [ConnectionID] = []
        var messages: [(ConnectionID, String)] = []
        var notices: [Notice] = []
        weak var server: WebSocketServer?
    }

    private let state = Locked(State())

    func attach(_ server: WebSocketServer) {
        state.withLock { $0.server = server }
    }

    var opened: [ConnectionID] { state.withLock { $0.opened } }
    var order: [String] { state.withLock { $0.messages.map(\.1) } }
    var notices: [Notice] { state.withLock { $0.notices } }

    func received(from connection: ConnectionID) -> [String] {
        state.withLock { $0.messages.filter { $0.0 == connection }.map(\.1) }
    }

    func connectionOpened(_ connection: ConnectionID) {
        state.withLock { $0.opened.append(connection) }
    }

    func connectionClosed(_ connection: ConnectionID) {}

    func received(_ text: String, from connection: ConnectionID) {
        let server = state.withLock { state in
            state.messages.append((connection, text))
            return state.server
        }
        server?.send(OutgoingFrame(text: "echo:" + text), to: connection, coalescingKey: nil)
    }

    func heldBack(_ connection: ConnectionID, notice: String) {
        state.withLock { $0.notices.append(Notice(connection: connection, text: notice)) }
    }
}

private func withPauseServer(_ handler: PauseRecordingHandler, burst: Int, rate: Int,
                             _ body: (WebSocketServer, Int) async throws -> Void) async throws {
    let site = try TestSite()
    defer { site.remove() }
    let configuration = ServerConfiguration(port: 0, webRoot: site.webRoot, readBurstBytes: burst, readBytesPerSecond: rate)
    let server = WebSocketServer(configuration: configuration, handler: handler)
    handler.attach(server)
    let port = try server.start()
    defer { server.stop() }
    try await body(server, port)
}
