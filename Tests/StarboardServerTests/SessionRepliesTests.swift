import Foundation
import Testing
@testable import StarboardServer
import StarboardComponents
import StarboardInspector

/// Every request that carries an id gets exactly one reply with that id, whatever arrives
/// together: the page waits for each reply by its id (Web/connection.js).
@Suite("Session: one reply per request")
struct SessionRepliesTests {
    let registry = try! makeRegistry()

    /// Requests for one component of every kind, some the cache answers, some it cannot, some refused.
    static func requests(ids: Range<Int>) -> [String] {
        ids.map { id in
            switch id % 6 {
            case 0: #"{"type":"set","component":"RatingControl","values":{"starCount":6},"id":\#(id)}"#
            case 1: #"{"type":"tap","component":"RatingControl","target":"star-2","id":\#(id)}"#
            case 2: #"{"type":"set","component":"RatingControl","values":{"starCount":5},"id":\#(id)}"#
            case 3: #"{"type":"reset","component":"RatingControl","properties":["rating"],"id":"r\#(id)"}"#
            case 4: #"{"type":"set","component":"RatingControl","values":{"starCount":-1},"id":\#(id)}"#
            default: #"{"type":"preview","component":"RatingControl","values":{"spacing":\#(id)},"id":\#(id)}"#
            }
        }
    }

    static func replyIDs(_ messages: [JSONValue]) -> [JSONValue] {
        messages.filter { ["ack", "error", "preview"].contains($0["type"]?.stringValue) }.compactMap { $0["id"] }
    }

    static func expectedIDs(_ ids: Range<Int>) -> [JSONValue] {
        ids.map { $0 % 6 == 3 ? .string("r\($0)") : .integer($0) }
    }

    @Test func requestsSentTogetherEachGetTheirReply() throws {
        let session = try Session(host: InProcessHost(registry: registry))
        let sink = RecordingSink()
        session.attach(sink)
        let a = ConnectionID(rawValue: 1)
        sink.open(a)
        session.connectionOpened(a)
        session.received(#"{"type":"subscribe","component":"RatingControl"}"#, from: a)
        let ids = 1..<121
        // Nothing is read until every request is in: the client reads slower than it sends.
        for request in Self.requests(ids: ids) { session.received(request, from: a) }
        let messages = sink.messages(for: a, atLeast: ids.count + 2) { Self.replyIDs($0).count >= ids.count }
        #expect(Set(Self.replyIDs(messages)) == Set(Self.expectedIDs(ids)))
        #expect(Self.replyIDs(messages).count == ids.count, "no id answered twice")
    }

    @Test func subscribeAndUnsubscribeWithAnIDAreAcknowledged() throws {
        let session = try Session(host: InProcessHost(registry: registry))
        let sink = RecordingSink()
        session.attach(sink)
        let a = ConnectionID(rawValue: 1)
        sink.open(a)
        session.connectionOpened(a)
        session.received(#"{"type":"subscribe","component":"PageControl","id":"s"}"#, from: a)
        session.received(#"{"type":"unsubscribe","component":"PageControl","id":"u"}"#, from: a)
        session.received(#"{"type":"subscribe","component":"HikeBadge"}"#, from: a)
        // Besides the replies: the catalog, the window's number, and how many windows watch.
        let messages = sink.messages(for: a, atLeast: 8).dropFirst().filter { !["welcome", "presence"].contains($0["type"]?.stringValue) }
        #expect(messages.map { $0["type"]?.stringValue ?? "?" } == ["ack", "render", "ack", "render"])
        #expect(messages.first?.description == #"{"type":"ack","id":"s","component":"PageControl","revision":0,"notes":[]}"#)
        #expect(Array(messages)[2]["id"] == .string("u"))
    }

    @Test func requestsInOneTCPWriteEachGetTheirReply() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let session = try Session(host: InProcessHost(registry: registry))
        let server = WebSocketServer(configuration: ServerConfiguration(port: 0, webRoot: site.webRoot), handler: session)
        session.attach(server)
        let port = try server.start()
        defer { server.stop() }
        let client = try TestWebSocket(port: port, origin: "http://127.0.0.1:\(port)")
        #expect(try JSONValue(parsing: client.readMessage().text)["type"] == .string("catalog"))
        #expect(try JSONValue(parsing: client.readMessage().text)["type"] == .string("welcome"))
        let ids = 1..<301
        try client.sendTexts([#"{"type":"subscribe","component":"RatingControl"}"#] + Self.requests(ids: ids))
        var replies: [JSONValue] = []
        while replies.count < ids.count {
            let message = try JSONValue(parsing: client.readMessage().text)
            if ["ack", "error", "preview"].contains(message["type"]?.stringValue) { replies.append(message) }
        }
        let answered = replies.compactMap { $0["id"] }
        // Replies may come in another order (a refusal needs no component code); none is missing or doubled.
        #expect(answered.count == ids.count)
        #expect(Set(answered) == Set(Self.expectedIDs(ids)))
    }

    @Test func aClientThatSendsFasterThanItReadsIsSlowedDownNotDropped() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let session = try Session(host: InProcessHost(registry: registry))
        // A queue this short would overflow at once if reading went on regardless.
        let server = WebSocketServer(configuration: ServerConfiguration(port: 0, webRoot: site.webRoot, maxQueuedFrames: 16), handler: session)
        session.attach(server)
        let port = try server.start()
        defer { server.stop() }
        let client = try TestWebSocket(port: port, origin: "http://127.0.0.1:\(port)")
        _ = try client.readMessage()  // the catalog
        _ = try client.readMessage()  // the window's number
        let requests = (1...400).map { #"{"type":"set","component":"Nope","values":{},"id":\#($0)}"# }
        try client.sendTexts(requests)
        var answered: [JSONValue] = []
        while answered.count < requests.count {
            let frame = try client.readMessage()
            try #require(frame.opcode == .text, "the connection was closed after \(answered.count) replies")
            answered.append(try #require(try JSONValue(parsing: frame.text)["id"]))
        }
        #expect(answered == (1...400).map { .integer($0) })
    }
}
