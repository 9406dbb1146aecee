import Testing
@testable import StarboardServer
import StarboardComponents
import StarboardInspector
import StarboardLocking

/// Drives a ``SessionCore`` one event at a time, with no threads: the test decides when the
/// worker (a real ``Workbench``) answers, so every interleaving can be set up exactly.
struct CoreHarness {
    var core: SessionCore
    let workbench: Workbench
    let sink = RecordingSink()
    /// Requests the core sent and the test has not answered yet, oldest first.
    private(set) var calls: [(number: UInt64, request: WorkerRequest)] = []
    private(set) var batchesSent = 0
    private(set) var changedNotes = 0
    /// `presence` frames queued, counted per recipient before the queues coalesce them.
    private(set) var presenceFrames = 0
    /// Wakes the core asked for and the test has not let happen yet (see ``elapse(_:)``).
    private(set) var wakes: [Double] = []
    /// The core's monotonic clock, moved by ``elapse(_:)`` only.
    let now = Locked(0.0)
    /// The real desk, run in step: its file work is done before the event returns.
    let sources: SourceDesk

    init(registry: Registry, saved: [String: SavedComponent] = [:], connections: [ConnectionID], package: SourcePackage? = nil) throws {
        sources = SourceDesk(package: package)
        let host = InProcessHost(registry: registry)
        var warnings: [String] = []
        let catalog = try HotReload.fetchCatalog(from: host)
        core = SessionCore(catalog: catalog, components: HotReload.restore(catalog.names, saved: saved, host: host, warnings: &warnings))
        workbench = Workbench(registry: registry)
        let now = now
        core.monotonic = { now.withLock { $0 } }
        for connection in connections {
            sink.open(connection)
            run { $0.opened(connection, into: &$1) }
        }
    }

    mutating func receive(_ text: String, from connection: ConnectionID) {
        run { $0.received(Envelope.parse(text), from: connection, into: &$1) }
    }

    /// Lets the worker answer the oldest request (or fail it with `error`).
    mutating func answer(failing error: HostError? = nil) {
        let (number, request) = calls.removeFirst()
        let result: Result<WorkerReply, HostError> = error.map { .failure($0) } ?? .success(workbench.handle(request))
        run { $0.replied(number, result, into: &$1) }
    }

    /// Answers the oldest request with `reply`, whatever the worker would have said.
    mutating func answer(with reply: WorkerReply) {
        let (number, _) = calls.removeFirst()
        run { $0.replied(number, .success(reply), into: &$1) }
    }

    /// Answers until the worker has nothing more to do.
    mutating func answerAll() {
        while !calls.isEmpty { answer() }
    }

    mutating func run(_ event: (inout SessionCore, inout SessionEffects) -> Void) {
        var effects = SessionEffects()
        event(&core, &effects)
        for effect in effects.all {
            switch effect {
            case .send(let frame, let connection, let key): sink.send(frame, to: connection, coalescingKey: key)
            case .broadcast(let frame, let connections, let key):
                if key?.hasPrefix("presence:") == true { presenceFrames += connections.count }
                sink.broadcast(frame, to: connections, coalescingKey: key)
            case .call(let number, let request):
                if case .batch = request { batchesSent += 1 }
                calls.append((number, request))
            case .changed: changedNotes += 1
            case .wake(let seconds): wakes.append(now.withLock { $0 } + seconds)
            case .source(let job):
                let answer = sources.answer(job)
                var answered = SessionEffects()
                core.answered(job, answer, into: &answered)
                for case .send(let frame, let connection, let key) in answered.all { sink.send(frame, to: connection, coalescingKey: key) }
                for case .broadcast(let frame, let connections, let key) in answered.all { sink.broadcast(frame, to: connections, coalescingKey: key) }
            }
        }
    }

    /// Moves the clock on by `seconds` (by default enough for every wake asked for), waking the
    /// core where it asked to be.
    mutating func elapse(_ seconds: Double = SessionCore.presenceInterval) {
        let time = now.withLock { now in
            now += seconds
            return now
        }
        let due = wakes.filter { $0 <= time }
        wakes.removeAll { $0 <= time }
        for _ in due { run { $0.wake(into: &$1) } }
    }

    /// What the connection has been sent, as it would read it now.
    func read(_ connection: ConnectionID, type: String? = nil) -> [JSONValue] {
        sink.read(connection).filter { type == nil || $0["type"]?.stringValue == type }
    }
}

@Suite("Session core, step by step")
struct SessionCoreTests {
    let registry = try! makeRegistry()
    let a = ConnectionID(rawValue: 1)
    let b = ConnectionID(rawValue: 2)

    func set(_ values: String, id: Int) -> String {
        #"{"type":"set","component":"RatingControl","values":\#(values),"id":\#(id)}"#
    }

    @Test func aChangeWaitsForTheWorkerAndIsAckedThenRendered() throws {
        var session = try CoreHarness(registry: registry, connections: [a, b])
        session.receive(#"{"type":"subscribe","component":"RatingControl"}"#, from: b)
        session.receive(set(#"{"starCount":7}"#, id: 1), from: a)
        #expect(session.read(a, type: "ack").isEmpty, "nothing before the worker answered")
        #expect(session.calls.count == 1)
        session.answer()
        #expect(session.read(a, type: "ack").map { $0["id"] } == [.integer(1)])
        let render = try #require(session.read(b, type: "render").last)
        #expect(render["revision"] == .integer(1) && render["values"]?["starCount"] == .integer(7))
        #expect(session.changedNotes == 1)
    }

    @Test func aCachedChangeNeverOvertakesTheChangeTheWorkerIsWorkingOn() throws {
        var session = try CoreHarness(registry: registry, connections: [a, b])
        session.receive(#"{"type":"subscribe","component":"RatingControl"}"#, from: b)
        session.receive(set(#"{"starCount":6}"#, id: 1), from: a)
        session.answer()
        session.receive(set(#"{"starCount":5}"#, id: 2), from: a)
        session.answer()
        // Back at the starting values, whose change to 6 stars is in the cache.
        session.receive(set(#"{"rating":2}"#, id: 3), from: a)
        session.receive(set(#"{"starCount":6}"#, id: 4), from: a)
        #expect(session.read(a, type: "ack").count == 2, "id 4 waits although the cache could answer it")
        session.answer()
        session.answerAll()
        let acks = session.read(a, type: "ack")
        #expect(acks.map { $0["id"] } == [.integer(1), .integer(2), .integer(3), .integer(4)])
        #expect(acks.map { $0["revision"] } == [.integer(1), .integer(2), .integer(3), .integer(4)])
        let values = session.core.snapshot["RatingControl"]?.values
        #expect(values?["rating"] == .integer(2) && values?["starCount"] == .integer(6))
        #expect(session.read(b, type: "render").last?["revision"] == .integer(4))
    }

    @Test func aChangeSeenBeforeIsAnsweredAtOnceWithoutTheWorker() throws {
        var session = try CoreHarness(registry: registry, connections: [a, b])
        session.receive(#"{"type":"subscribe","component":"RatingControl"}"#, from: b)
        session.receive(set(#"{"starCount":6}"#, id: 1), from: a)
        session.answer()
        let six = try #require(session.read(b, type: "render").last)
        session.receive(set(#"{"starCount":5}"#, id: 2), from: a)
        session.answer()
        let sent = session.batchesSent
        session.receive(set(#"{"starCount":6}"#, id: 3), from: a)
        #expect(session.calls.isEmpty && session.batchesSent == sent)
        #expect(session.read(a, type: "ack").last?["id"] == .integer(3))
        let cached = try #require(session.read(b, type: "render").last)
        #expect(cached["revision"] == .integer(3))
        #expect(cached["svg"] == six["svg"], "the worker's render for the same values")
    }

    @Test func aBurstIsSentInBatchesAndEndsWithTheNewestValues() throws {
        var session = try CoreHarness(registry: registry, connections: [a, b])
        session.receive(#"{"type":"subscribe","component":"HikeBadge"}"#, from: b)
        for index in 1...300 {
            session.receive(#"{"type":"set","component":"HikeBadge","values":{"hueRotation":\#(index)}}"#, from: a)
        }
        session.answerAll()
        // One in flight, then the rest waiting: at most 128 per batch, each rendered once.
        #expect(session.batchesSent == 4)
        let latest = try #require(session.read(b, type: "render").last)
        #expect(latest["revision"] == .integer(300) && latest["values"]?["hueRotation"] == .integer(300))
    }

    @Test func componentsTakeTurns() throws {
        var session = try CoreHarness(registry: registry, connections: [a])
        for index in 1...300 {
            session.receive(#"{"type":"set","component":"HikeBadge","values":{"hueRotation":\#(index)},"id":\#(index)}"#, from: a)
        }
        session.receive(#"{"type":"set","component":"PageControl","values":{"currentPage":1},"id":"page"}"#, from: a)
        session.answer()
        session.answer()
        // After the first HikeBadge change and one batch of 128, PageControl's turn.
        guard case .batch(let batch) = session.calls.first?.request else {
            Issue.record("expected a batch")
            return
        }
        #expect(batch.component == "PageControl")
    }

    @Test func unsubscribedAndClosedClientsGetNoMoreRenders() throws {
        var session = try CoreHarness(registry: registry, connections: [a, b])
        session.receive(#"{"type":"subscribe","component":"PageControl"}"#, from: a)
        session.receive(#"{"type":"subscribe","component":"PageControl"}"#, from: b)
        session.receive(#"{"type":"unsubscribe","component":"PageControl"}"#, from: a)
        session.run { core, effects in core.closed(b, into: &effects) }
        session.receive(#"{"type":"set","component":"PageControl","values":{"currentPage":2},"id":1}"#, from: a)
        session.answerAll()
        #expect(session.read(a, type: "ack").count == 1)
        #expect(session.read(a, type: "render").count == 1, "only the one that answered subscribe")
        #expect(session.read(b, type: "render").count == 1)
    }

    @Test(arguments: [
        (HostError.crashed("Index out of range (RatingControl.swift:40)"), "RatingControl crashed while rendering with starCount=13: Index out of range (RatingControl.swift:40)"),
        (HostError.timedOut(seconds: 2), "RatingControl timed out after 2 s while rendering with starCount=13"),
    ])
    func aCrashIsReportedToTheSenderAndEverySubscriber(failure: HostError, message: String) throws {
        var session = try CoreHarness(registry: registry, connections: [a, b])
        session.receive(#"{"type":"subscribe","component":"RatingControl"}"#, from: b)
        session.receive(set(#"{"starCount":13}"#, id: 5), from: a)
        session.answer(failing: failure)
        let error = try #require(session.read(a, type: "error").first)
        #expect(error["message"] == .string(message) && error["property"] == .string("starCount") && error["crashed"] == .bool(true))
        #expect(session.read(b, type: "problem").first?["message"] == .string(message))
        #expect(session.core.snapshot["RatingControl"]?.revision == 0)
        // A later subscriber sees the problem too, until the next good render.
        session.receive(#"{"type":"subscribe","component":"RatingControl"}"#, from: a)
        #expect(session.read(a, type: "problem").count == 1)
        session.receive(set(#"{"starCount":6}"#, id: 6), from: a)
        session.answer()
        #expect(session.read(b, type: "render").last?["values"]?["starCount"] == .integer(6))
        session.receive(#"{"type":"subscribe","component":"RatingControl"}"#, from: a)
        #expect(session.read(a, type: "problem").count == 1, "cleared")
    }

    @Test func aReplyToSomethingElseIsIgnored() throws {
        var session = try CoreHarness(registry: registry, connections: [a])
        session.receive(set(#"{"starCount":7}"#, id: 1), from: a)
        session.run { $0.replied(999, .failure(.crashed("stale")), into: &$1) }
        #expect(session.read(a, type: "error").isEmpty)
        session.answer()
        #expect(session.read(a, type: "ack").count == 1)
    }

    @Test func previewsQueueWithChangesAndChangeNothing() throws {
        var session = try CoreHarness(registry: registry, connections: [a])
        session.receive(set(#"{"starCount":7}"#, id: 1), from: a)
        session.receive(#"{"type":"preview","component":"RatingControl","values":{"rating":3},"id":"p"}"#, from: a)
        session.receive(#"{"type":"preview","component":"RatingControl","values":{"rating":30},"id":"q"}"#, from: a)
        session.answerAll()
        let preview = try #require(session.read(a, type: "preview").first)
        #expect(preview["id"] == .string("p") && preview["values"]?["starCount"] == .integer(7) && preview["values"]?["rating"] == .integer(3))
        #expect(session.read(a, type: "error").first?["id"] == .string("q"))
        #expect(session.core.snapshot["RatingControl"]?.values["rating"] == .integer(0))
    }

    @Test func aReloadWaitsForTheRequestInFlightAndAnswersChangesOfARemovedComponent() throws {
        var session = try CoreHarness(registry: registry, connections: [a, b])
        session.receive(#"{"type":"subscribe","component":"HikeBadge"}"#, from: b)
        session.receive(set(#"{"starCount":7}"#, id: 1), from: a)
        session.receive(set(#"{"starCount":8}"#, id: 2), from: a)
        session.run { core, _ in core.pause() }
        #expect(!session.core.isDrained, "the change to 7 stars is with the worker")
        session.answer()
        #expect(session.core.isDrained && session.calls.isEmpty, "the change to 8 waits")
        // New code without RatingControl.
        let host = CountingHost(registry: registry, hiding: "RatingControl")
        var warnings: [String] = []
        let catalog = try HotReload.fetchCatalog(from: host)
        let restored = HotReload.restore(catalog.names, saved: session.core.snapshot, host: host, warnings: &warnings)
        #expect(warnings.contains { $0.hasPrefix("dropped saved values of RatingControl") })
        session.run { $0.swap(to: catalog, restored: restored, into: &$1) }
        #expect(session.read(a, type: "ack").map { $0["id"] } == [.integer(1)])
        let error = try #require(session.read(a, type: "error").first)
        #expect(error["id"] == .integer(2) && error["message"] == .string("RatingControl: no such component any more (the component code was reloaded)"))
        #expect(session.read(b, type: "render").last?["revision"] == .integer(1), "HikeBadge re-rendered by the new code")
        session.receive(#"{"type":"set","component":"HikeBadge","values":{"grayscale":0.5},"id":3}"#, from: a)
        session.answerAll()
        #expect(session.read(a, type: "ack").last?["id"] == .integer(3))
    }
}
