import Testing
@testable import StarboardServer
import StarboardComponents
import StarboardInspector

/// One client's flood of previews or changes must not starve, bloat or outlive anyone
/// (issue 11, item 2). Driven step by step: the test decides when the worker answers.
@Suite("Session fairness and bounds")
struct SessionFairnessTests {
    let registry = try! makeRegistry()
    let flooder = ConnectionID(rawValue: 1)
    let other = ConnectionID(rawValue: 2)

    func preview(_ stars: Int, id: Int, component: String = "RatingControl") -> String {
        #"{"type":"preview","component":"\#(component)","values":{"starCount":\#(stars)},"id":\#(id)}"#
    }

    /// 500 previews waited ahead of another client's set (7.2 s with heavy ones); now the set
    /// goes to the worker after at most the preview in flight and one more.
    @Test func anotherClientsSetOvertakesAFloodOfPreviews() throws {
        var session = try CoreHarness(registry: registry, connections: [flooder, other])
        for i in 0..<500 { session.receive(preview(1 + i % 20, id: i), from: flooder) }
        session.receive(#"{"type":"set","component":"HikeBadge","values":{"name":"Fair"},"id":"s"}"#, from: other)
        var previewsBeforeTheSet = 0
        while let call = session.calls.first {
            if case .batch = call.request { break }
            previewsBeforeTheSet += 1
            session.answer()
        }
        #expect(previewsBeforeTheSet <= 2)
        session.answer()
        #expect(session.read(other, type: "ack").map { $0["id"] } == [.string("s")])
    }

    /// A flood is bounded: the oldest previews give way to the newest, each answered by its id.
    @Test func aFloodOfPreviewsKeepsTheNewestAndAnswersEveryID() throws {
        var session = try CoreHarness(registry: registry, connections: [flooder, other])
        for i in 0..<200 { session.receive(preview(1 + i % 20, id: i), from: flooder) }
        session.answerAll()
        let replies = session.read(flooder).filter { $0["id"] != nil }
        #expect(Set(replies.compactMap { $0["id"] }).count == 200, "one reply per id")
        let superseded = replies.filter { $0["type"] == .string("error") }
        let rendered = replies.filter { $0["type"] == .string("preview") }
        #expect(superseded.count >= 200 - PreviewQueue.maxPerComponent - 1)
        #expect(superseded.allSatisfy { $0["message"]?.stringValue?.contains("superseded") == true })
        #expect(rendered.contains { $0["id"] == .integer(199) }, "the newest is rendered")
    }

    /// A client that left takes its waiting previews with it.
    @Test func previewsOfAClientThatLeftAreNotRendered() throws {
        var session = try CoreHarness(registry: registry, connections: [flooder, other])
        for i in 0..<20 { session.receive(preview(1 + i % 20, id: i), from: flooder) }
        #expect(session.calls.count == 1)
        session.run { core, out in core.closed(flooder, into: &out) }
        session.answer()
        #expect(session.calls.isEmpty, "nothing more went to the worker")
    }

    /// Clients take turns: the second client's preview is not behind all of the first's.
    @Test func previewsOfDifferentClientsTakeTurns() throws {
        var session = try CoreHarness(registry: registry, connections: [flooder, other])
        for i in 0..<30 { session.receive(preview(1 + i % 20, id: i), from: flooder) }
        session.receive(preview(3, id: 999), from: other)
        for _ in 0..<3 { session.answer() }
        #expect(session.read(other, type: "preview").map { $0["id"] } == [.integer(999)])
    }

    /// 4,000 sets of 250 KB grew the server by a gigabyte: a client's waiting changes are bounded
    /// in bytes; beyond, each is refused with its id until the worker catches up. (What the
    /// schema refuses never waits, so the flood is of the largest valid names: 40 characters of
    /// 16 code points each, ~1.2 KB.)
    @Test func aClientsWaitingChangesAreBoundedInBytes() throws {
        var session = try CoreHarness(registry: registry, connections: [flooder, other])
        let heavy = String(repeating: "a" + String(repeating: "\u{301}", count: PropertyDescriptor.maxScalarsPerCharacter - 1), count: 39)
        let count = 12_000
        for i in 0..<count {
            session.receive(#"{"type":"set","component":"HikeBadge","values":{"name":"\#(heavy)\#(i % 10)"},"id":\#(i)}"#, from: flooder)
            // Read as it goes: the test's queue holds 256 frames.
            if i % 100 == 0 { _ = session.read(flooder) }
        }
        let refused = session.read(flooder, type: "error").filter { $0["message"]?.stringValue?.contains("changes waiting") == true }
        let cost = 256 + heavy.utf8.count
        #expect(refused.count >= count - ChangeScheduler.maxQueuedChangeBytes / cost - 1)
        #expect(refused.count > 0)
        // Another client is not affected by the flooder's bound.
        session.receive(#"{"type":"set","component":"RatingControl","values":{"starCount":3},"id":"o"}"#, from: other)
        while !session.calls.isEmpty {
            session.answer()
            _ = session.read(flooder)
        }
        #expect(session.read(other, type: "ack").map { $0["id"] } == [.string("o")])
        // Once the backlog is worked off, the flooder may send again.
        session.receive(#"{"type":"set","component":"HikeBadge","values":{"name":"again"},"id":"again"}"#, from: flooder)
        session.answerAll()
        #expect(session.read(flooder, type: "ack").contains { $0["id"] == .string("again") })
    }

    /// 4,000 refused sets of 250 KB went to the worker, which spent past its 2 s limit refusing
    /// them, and every window of the component was told it had timed out. What the schema
    /// refuses is refused before it waits: each gets its error naming the property, nothing goes
    /// to the worker, and another client's set goes straight out.
    @Test func changesTheSchemaRefusesNeverReachTheWorker() throws {
        var session = try CoreHarness(registry: registry, connections: [flooder, other])
        let long = String(repeating: "x", count: 250_000)
        let refused = [
            (#"{"type":"set","component":"HikeBadge","values":{"name":"\#(long)"},"id":1}"#, "name", "at most"),
            (#"{"type":"set","component":"HikeBadge","values":{"nmae":"Typo"},"id":2}"#, "nmae", "no such property"),
            (#"{"type":"set","component":"RatingControl","values":{"starCount":"three"},"id":3}"#, "starCount", "expected"),
            (#"{"type":"preview","component":"HikeBadge","values":{"name":"\#(long)"},"id":4}"#, "name", "at most"),
        ]
        for _ in 0..<50 {
            for (request, _, _) in refused { session.receive(request, from: flooder) }
        }
        let errors = session.read(flooder, type: "error")
        #expect(errors.count == 50 * refused.count)
        for (index, error) in errors.enumerated() {
            let (_, property, words) = refused[index % refused.count]
            #expect(error["property"] == .string(property))
            #expect(error["message"]?.stringValue?.contains(words) == true, "\(error)")
        }
        #expect(session.calls.isEmpty && session.batchesSent == 0, "nothing went to the worker")
        session.receive(#"{"type":"set","component":"HikeBadge","values":{"name":"Fine"},"id":"o"}"#, from: other)
        #expect(session.calls.count == 1)
        session.answerAll()
        #expect(session.read(other, type: "ack").map { $0["id"] } == [.string("o")])
        #expect(session.read(other, type: "problem").isEmpty)
    }

    /// 20,000 undos and redos, each a worker round trip of its own, held another client's set on
    /// the same component back for 118 s: a client's waiting moves are bounded in number, each
    /// one past the bound refused with its id, naming the bound.
    @Test func aClientsWaitingUndosAndRedosAreBounded() throws {
        var session = try CoreHarness(registry: registry, connections: [flooder, other])
        for stars in 3...5 { session.receive(#"{"type":"set","component":"RatingControl","values":{"starCount":\#(stars)}}"#, from: flooder) }
        session.answerAll()
        for i in 0..<2_000 {
            session.receive(#"{"type":"\#(i % 2 == 0 ? "undo" : "redo")","component":"RatingControl","id":\#(i)}"#, from: flooder)
            // Read as it goes: the test's queue holds 256 frames.
            if i % 100 == 0 { _ = session.read(flooder) }
        }
        let refused = session.read(flooder, type: "error").filter { $0["message"]?.stringValue?.contains("undos and redos waiting") == true }
        #expect(refused.count >= 2_000 - ChangeScheduler.maxQueuedMoves - 1)
        #expect(refused.first?["message"]?.stringValue?.contains("(\(ChangeScheduler.maxQueuedMoves))") == true)
        session.receive(#"{"type":"set","component":"RatingControl","values":{"starCount":9},"id":"o"}"#, from: other)
        var callsBeforeTheSet = 0
        while let call = session.calls.first {
            if case .batch(let batch) = call.request, batch.changes.contains(where: { if case .set = $0 { true } else { false } }) { break }
            callsBeforeTheSet += 1
            session.answer()
        }
        #expect(callsBeforeTheSet <= ChangeScheduler.maxQueuedMoves + 1)
        session.answerAll()
        #expect(session.read(other, type: "ack").map { $0["id"] } == [.string("o")])
        // Once they are answered, the flooder may undo again.
        session.receive(#"{"type":"undo","component":"RatingControl","id":"again"}"#, from: flooder)
        session.answerAll()
        #expect(session.read(flooder, type: "ack").contains { $0["id"] == .string("again") })
    }
}

@Suite("Empty changes")
struct EmptyChangeTests {
    /// `{"type":"set","values":{}}` bumped the revision with nothing changed.
    @Test func aSetWithNoValuesIsAcknowledgedWithoutANewRevision() throws {
        let a = ConnectionID(rawValue: 1)
        var session = try CoreHarness(registry: try makeRegistry(), connections: [a])
        session.receive(#"{"type":"set","component":"RatingControl","values":{},"id":"e"}"#, from: a)
        session.answerAll()
        let ack = try #require(session.read(a, type: "ack").first)
        #expect(ack["revision"] == .integer(0))
        #expect(session.core.snapshot["RatingControl"]?.revision == 0)
        #expect(session.batchesSent == 0)
    }
}
