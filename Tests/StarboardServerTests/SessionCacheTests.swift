import Foundation
import Synchronization
import Testing
@testable import StarboardServer
import StarboardComponents
import StarboardInspector

/// Counts the batches it is asked for; can leave a component out of its catalog.
final class CountingHost: ComponentHost {
    private let inner: InProcessHost
    private let batches = Atomic<Int>(0)

    /// A component left out of the catalog, as after a reload in which it was deleted.
    private let hidden: String?

    init(registry: Registry, hiding hidden: String? = nil) {
        inner = InProcessHost(registry: registry)
        self.hidden = hidden
    }

    var batchCalls: Int { batches.load(ordering: .sequentiallyConsistent) }

    func call(_ request: WorkerRequest) throws(HostError) -> WorkerReply {
        if case .batch = request { batches.add(1, ordering: .sequentiallyConsistent) }
        let reply = try inner.call(request)
        if case .catalog(var catalog) = reply, let hidden, case .array(let schema) = catalog.schema {
            catalog.schema = .array(schema.filter { $0["name"]?.stringValue != hidden })
            return .catalog(catalog)
        }
        return reply
    }

    func shutdown() {}
}

@Suite("Session render cache")
struct SessionCacheTests {
    let registry = try! makeRegistry()
    let a = ConnectionID(rawValue: 1)
    let b = ConnectionID(rawValue: 2)

    /// The tests rely on RatingControl starting at 5 stars: 6 and back gives the starting values.
    func makeSession(sink: RecordingSink = RecordingSink()) throws -> (Session, RecordingSink, CountingHost) {
        let host = CountingHost(registry: registry)
        let session = try Session(host: host)
        session.attach(sink)
        for connection in [a, b] {
            sink.open(connection)
            session.connectionOpened(connection)
        }
        session.received(#"{"type":"subscribe","component":"RatingControl"}"#, from: b)
        return (session, sink, host)
    }

    func set(_ values: String, id: Int, on session: Session, sink: RecordingSink) throws -> JSONValue {
        session.received(#"{"type":"set","component":"RatingControl","values":\#(values),"id":\#(id)}"#, from: a)
        let acks = sink.messages(for: a, atLeast: id, type: "ack")
        return try #require(acks.first { $0["id"] == .integer(id) })
    }

    @Test func aChangeSeenBeforeIsAnsweredWithoutTheHostAndRendersTheSame() throws {
        let (session, sink, host) = try makeSession()
        let restoring = host.batchCalls
        // b reads each render before the next change, so none is replaced by a newer one.
        _ = try set(#"{"starCount":6}"#, id: 1, on: session, sink: sink)
        _ = sink.messages(for: b, atLeast: 2, type: "render")
        _ = try set(#"{"starCount":5}"#, id: 2, on: session, sink: sink)
        #expect(host.batchCalls == restoring + 2)
        let first = sink.messages(for: b, atLeast: 3, type: "render")
        for id in 3...6 {
            let ack = try set(id % 2 == 1 ? #"{"starCount":6}"# : #"{"starCount":5}"#, id: id, on: session, sink: sink)
            #expect(ack["revision"] == .integer(id))
            _ = sink.messages(for: b, atLeast: id + 1, type: "render")
        }
        #expect(host.batchCalls == restoring + 2)
        let renders = sink.messages(for: b, atLeast: 7, type: "render")
        try #require(renders.count == 7 && first.count >= 3)
        #expect(renders.last?["revision"] == .integer(6))
        #expect(renders.last?["values"]?["starCount"] == .integer(5))
        // The cached render is the host's: same SVG as when it was made, for the same values.
        #expect(renders[5]["svg"] == first[1]["svg"])
        #expect(renders[6]["svg"] == first[2]["svg"])
        #expect(renders[5]["svg"] != renders[6]["svg"])
        #expect(session.snapshot()["RatingControl"]?.values["starCount"] == .integer(5))
    }

    @Test func aReloadSendsTheNewCatalogAndARenderOfANewRevision() throws {
        let (session, sink, _) = try makeSession()
        _ = try set(#"{"starCount":6}"#, id: 1, on: session, sink: sink)
        let before = try #require(sink.messages(for: b, atLeast: 2, type: "render").last)
        let warnings = try session.reload(to: CountingHost(registry: registry, hiding: "PageControl"))
        #expect(warnings.count == 1 && warnings[0].hasPrefix("dropped saved values of PageControl: no such component any more"))
        let catalog = try #require(sink.messages(for: b, atLeast: 2, type: "catalog").last)
        #expect(catalog["components"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["RatingControl", "HikeBadge", "ProfileSummary"])
        let after = try #require(sink.messages(for: b, atLeast: 3, type: "render").last)
        #expect(after["revision"] == .integer(2), "a reload counts as a change, so clients do not drop it as stale")
        #expect(after["values"] == before["values"])
        #expect(after["variants"] != nil)
        session.received(#"{"type":"set","component":"PageControl","values":{"currentPage":1},"id":9}"#, from: a)
        #expect(sink.messages(for: a, atLeast: 1, type: "error").first?["message"]?.stringValue?.hasPrefix("PageControl: no such component") == true)
    }

    @Test func reloadedCodeIsAskedAgain() throws {
        let (session, sink, host) = try makeSession()
        _ = try set(#"{"starCount":6}"#, id: 1, on: session, sink: sink)
        _ = try set(#"{"starCount":5}"#, id: 2, on: session, sink: sink)
        let reloaded = CountingHost(registry: registry)
        _ = try session.reload(to: reloaded)
        let restoring = reloaded.batchCalls
        _ = try set(#"{"starCount":6}"#, id: 3, on: session, sink: sink)
        #expect(reloaded.batchCalls == restoring + 1)
        #expect(host.batchCalls > 0)
    }

    @Test func theCacheKeepsItsBudgetDroppingTheLeastRecentlyUsed() {
        var cache = RenderCache(maxEntries: 8, maxBytes: 1 << 20)
        for index in 0..<8 {
            cache.insert("k\(index)", values: .object([]), valuesText: "{}", notes: [], render: "r\(index)")
        }
        _ = cache.lookup("k0")
        cache.insert("k8", values: .object([]), valuesText: "{}", notes: [], render: "r8")
        #expect(cache.count <= 8)
        #expect(cache.lookup("k0")?.render == "r0")
        #expect(cache.lookup("k8")?.render == "r8")
        #expect(cache.lookup("k1") == nil)

        var small = RenderCache(maxEntries: 100, maxBytes: 4096)
        let big = String(repeating: "x", count: 800)
        for index in 0..<20 { small.insert("k\(index)", values: .object([]), valuesText: "{}", notes: [], render: big) }
        #expect(small.count <= 4)
        #expect(small.lookup("k19") != nil)
    }
}
