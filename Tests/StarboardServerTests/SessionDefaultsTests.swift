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
