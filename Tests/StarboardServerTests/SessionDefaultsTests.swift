import Testing
@testable import StarboardServer
import StarboardInspector
import StarboardUI

/// A chip as its author first wrote it.
private struct ChipBefore: Component {
    static var name: String { "Chip" }
    @Inspectable(range: 0...20, step: 1) var cornerRadius = 8.0
    @Inspectable(maxLength: 20) var text = "Swift"
    @Inspectable(range: 1...10) var count = 3
    var body: some View { Text(text) }
}

/// The same chip after the author changed two defaults and narrowed a range in code.
private struct ChipAfter: Component {
    static var name: String { "Chip" }
    @Inspectable(range: 0...20, step: 1) var cornerRadius = 12.0
    @Inspectable(maxLength: 20) var text = "Hello"
    @Inspectable(range: 1...5) var count = 3
    var body: some View { Text(text) }
}

/// A counter whose range the author narrows, and nothing else.
private struct CounterBefore: Component {
    static var name: String { "Chip" }
    @Inspectable(range: 1...10) var count = 3
    var body: some View { Text("\(count)") }
}

private struct CounterAfter: Component {
    static var name: String { "Chip" }
    @Inspectable(range: 1...5) var count = 3
    var body: some View { Text("\(count)") }
}

/// Issue 26, item 3: the state keeps only what the user changed, so a default changed in code
/// is the value after a reload (`serve --watch`) or a restart.
@Suite("Session defaults")
struct SessionDefaultsTests {
    let a = ConnectionID(rawValue: 1)

    func session(_ type: any Component.Type, saved: [String: SavedComponent] = [:]) throws -> (Session, RecordingSink) {
        let session = try Session(host: InProcessHost(registry: Registry([type])), saved: saved)
        let sink = RecordingSink()
        session.attach(sink)
        sink.open(a)
        session.connectionOpened(a)
        session.received(#"{"type":"subscribe","component":"Chip"}"#, from: a)
        _ = sink.messages(for: a, atLeast: 1, type: "render")
        return (session, sink)
    }

    @Test func defaultsAreNotSavedOnlyChanges() throws {
        let (session, sink) = try session(ChipBefore.self)
        #expect(session.changes()["Chip"]?.values == .object([]))
        session.received(#"{"type":"set","component":"Chip","values":{"text":"Tag"},"id":1}"#, from: a)
        _ = sink.messages(for: a, atLeast: 2, type: "render")
        #expect(session.changes()["Chip"]?.values == .object([("text", .string("Tag"))]))
        // Set back to the default: nothing of it is kept.
        session.received(#"{"type":"set","component":"Chip","values":{"text":"Swift"},"id":2}"#, from: a)
        _ = sink.messages(for: a, atLeast: 3, type: "render")
        #expect(session.changes()["Chip"]?.values == .object([]))
        // The renders still carry every value.
        #expect(session.snapshot()["Chip"]?.values["cornerRadius"]?.doubleValue == 8)
    }

    @Test func aDefaultChangedInCodeIsTheValueAfterAReload() throws {
        let (session, sink) = try session(ChipBefore.self)
        session.received(#"{"type":"set","component":"Chip","values":{"text":"Tag"},"id":1}"#, from: a)
        _ = sink.messages(for: a, atLeast: 2, type: "render")
        _ = try session.reload(to: InProcessHost(registry: Registry([ChipAfter.self])))
        let render = try #require(sink.messages(for: a, atLeast: 3, type: "render").last)
        #expect(render["values"]?["cornerRadius"]?.doubleValue == 12, "the new default, not the old one kept")
        #expect(render["values"]?["text"] == .string("Tag"), "what the user changed stays")
        #expect(session.changes()["Chip"]?.values == .object([("text", .string("Tag"))]))
    }

    @Test func aSavedValueEqualToTheNewDefaultIsDroppedAndARefusedOneClampedWithANote() throws {
        // Saved by the old code: a corner radius of 12 and a count of 9, both changes then.
        let saved = ["Chip": SavedComponent(values: .object([("cornerRadius", .number(12)), ("count", .integer(9))]), revision: 4)]
        let (session, _) = try session(ChipAfter.self, saved: saved)
        #expect(session.warnings.contains { $0.contains("count") && $0.contains("5") }, "\(session.warnings)")
        let changes = try #require(session.changes()["Chip"])
        #expect(changes.values == .object([("count", .integer(5))]), "12 is the default now, so it is not kept; 9 is clamped to 5")
        #expect(changes.revision == 4)
    }

    /// After a reload narrowed the count's range to 1...5, undoing a change from 9 to 10 brings
    /// back 9, held to 5: the current value. It was acked as a change (a new revision, an entry
    /// "undo" that changed nothing) and spent the step.
    @Test func anUndoThatTheNarrowedRangeClampsToTheCurrentValuesIsNoChange() throws {
        let (session, sink) = try session(CounterBefore.self)
        for (count, id) in [(9, 1), (10, 2)] {
            session.received(#"{"type":"set","component":"Chip","values":{"count":\#(count)},"id":\#(id)}"#, from: a)
            _ = sink.messages(for: a, type: "ack") { $0.contains { $0["id"] == .integer(id) } }
        }
        _ = try session.reload(to: InProcessHost(registry: Registry([CounterAfter.self])))
        let revision = try #require(session.snapshot()["Chip"]?.revision)
        #expect(session.snapshot()["Chip"]?.values["count"] == .integer(5))
        session.received(#"{"type":"undo","component":"Chip","id":3}"#, from: a)
        let error = try #require(sink.messages(for: a, type: "error") { $0.contains { $0["id"] == .integer(3) } }.last, "\(sink.messages(for: a).suffix(4))")
        #expect(error["message"]?.stringValue?.contains("nothing to undo") == true, "\(error)")
        #expect(sink.messages(for: a, type: "ack").allSatisfy { $0["id"] != .integer(3) }, "not acked")
        #expect(session.snapshot()["Chip"]?.revision == revision, "no new revision")
        session.received(#"{"type":"history","component":"Chip","id":4}"#, from: a)
        let history = try #require(sink.messages(for: a, type: "history") { $0.contains { $0["id"] == .integer(4) } }.last)
        #expect(history["entries"]?.arrayValue?.count == 2 && history["canUndo"] == .bool(true) && history["canRedo"] == .bool(false),
                "no entry, the step kept: \(history)")
    }

    @Test(arguments: [
        (JSONValue.integer(12), JSONValue.number(12), true),
        (.object([("width", .integer(3)), ("height", .number(4))]), .object([("height", .integer(4)), ("width", .number(3))]), true),
        (.string("a"), .string("b"), false),
        (.integer(1), .bool(true), false),
    ])
    func valuesCompareAsPropertyValues(a: JSONValue, b: JSONValue, same: Bool) {
        #expect(SessionCore.sameValue(a, b) == same)
    }
}
