import Testing
@testable import StarboardServer
import StarboardComponents
import StarboardInspector

/// The shared history: undo and redo over every window's changes, the actions log, restoring an
/// entry of it, and presence, driven step by step through the session core with the real worker.
@Suite("Session core: shared history")
struct SessionHistoryTests {
    let registry = try! makeRegistry()
    let a = ConnectionID(rawValue: 1)
    let b = ConnectionID(rawValue: 2)

    func request(_ type: String, _ extra: String = "", id: Int) -> String {
        #"{"type":"\#(type)","component":"RatingControl","id":\#(id)\#(extra)}"#
    }

    func set(_ values: String, id: Int) -> String {
        request("set", #","values":\#(values)"#, id: id)
    }

    func harness() throws -> CoreHarness {
        var session = try CoreHarness(registry: registry, connections: [a, b])
        session.core.clock = { 1_000 }
        session.receive(request("subscribe", id: 100), from: a)
        session.receive(request("subscribe", id: 101), from: b)
        return session
    }

    func value(_ session: CoreHarness, _ property: String) -> JSONValue? {
        session.core.snapshot["RatingControl"]?.values[property]
    }

    @Test func undoTakesBackAnotherWindowsChangeAndRedoDoesItAgain() throws {
        var session = try harness()
        let starCount = value(session, "starCount")
        session.receive(set(#"{"starCount":7}"#, id: 1), from: a)
        session.answerAll()
        session.receive(request("undo", id: 2), from: b)
        session.answerAll()
        #expect(session.read(b, type: "ack").last?["id"] == .integer(2))
        #expect(value(session, "starCount") == starCount)
        #expect(session.read(a, type: "render").last?["values"]?["starCount"] == starCount, "every window sees the undo")

        session.receive(request("redo", id: 3), from: a)
        session.answerAll()
        #expect(value(session, "starCount") == .integer(7))
        let actions = session.read(a, type: "action")
        #expect(actions.map { $0["action"]?["kind"]?.stringValue } == ["set", "undo", "redo"])
        #expect(actions.map { $0["action"]?["windows"] } == [.array([.integer(1)]), .array([.integer(2)]), .array([.integer(1)])])
        #expect(actions.map { $0["canUndo"] } == [.bool(true), .bool(false), .bool(true)])
        #expect(actions.map { $0["canRedo"] } == [.bool(false), .bool(true), .bool(false)])
        #expect(session.read(b, type: "action").count == 3, "both windows get the log")
    }

    @Test func anEntryNamesEachPropertyWithItsOldAndNewValue() throws {
        var session = try harness()
        let rating = try #require(value(session, "rating"))
        session.receive(set(#"{"rating":4,"spacing":12}"#, id: 1), from: a)
        session.answerAll()
        let action = try #require(session.read(b, type: "action").last?["action"])
        #expect(action["time"]?.doubleValue == 1_000 && action["revision"] == .integer(1))
        let changes = try #require(action["changes"]?.arrayValue)
        let rows = changes.map { ($0["property"]?.stringValue ?? "", $0["to"]) }
        #expect(rows.map(\.0).sorted() == ["rating", "spacing"])
        #expect(changes.first { $0["property"] == .string("rating") }?["from"] == rating)
        #expect(changes.first { $0["property"] == .string("rating") }?["to"] == .integer(4))
    }

    @Test func aNewEditAfterAnUndoLeavesNothingToRedo() throws {
        var session = try harness()
        session.receive(set(#"{"starCount":7}"#, id: 1), from: a)
        session.answerAll()
        session.receive(request("undo", id: 2), from: a)
        session.answerAll()
        session.receive(set(#"{"rating":1}"#, id: 3), from: b)
        session.answerAll()
        session.receive(request("redo", id: 4), from: a)
        let error = try #require(session.read(a, type: "error").last)
        #expect(error["id"] == .integer(4) && error["message"] == .string("RatingControl: nothing to redo"))
        #expect(value(session, "starCount") != .integer(7))
    }

    @Test func undoWithNothingToUndoIsAClearError() throws {
        var session = try harness()
        session.receive(request("undo", id: 9), from: a)
        let error = try #require(session.read(a, type: "error").last)
        #expect(error["id"] == .integer(9) && error["message"] == .string("RatingControl: nothing to undo"))
        #expect(session.calls.isEmpty)
    }

    @Test func undoGoesBackOneStepAtATimeThroughSeveralChanges() throws {
        var session = try harness()
        for (number, count) in [5, 6, 7].enumerated() {
            session.receive(set(#"{"starCount":\#(count)}"#, id: number), from: number % 2 == 0 ? a : b)
            session.answerAll()
        }
        session.receive(request("undo", id: 10), from: a)
        session.answerAll()
        #expect(value(session, "starCount") == .integer(6))
        session.receive(request("undo", id: 11), from: a)
        session.answerAll()
        #expect(value(session, "starCount") == .integer(5))
        session.receive(request("redo", id: 12), from: b)
        session.answerAll()
        #expect(value(session, "starCount") == .integer(6))
    }

    @Test func anUndoTheWorkerCrashedOnCanBeTriedAgain() throws {
        var session = try harness()
        session.receive(set(#"{"starCount":7}"#, id: 1), from: a)
        session.answerAll()
        session.receive(request("undo", id: 2), from: a)
        session.answer(failing: .crashed("signal 11"))
        #expect(session.read(a, type: "error").last?["id"] == .integer(2))
        #expect(session.core.histories["RatingControl"]?.canUndo == true, "the step is given back")
        session.receive(request("undo", id: 3), from: a)
        session.answerAll()
        #expect(value(session, "starCount") != .integer(7))
    }

    @Test func restoreBringsBackTheValuesAfterAnEntryOfTheLog() throws {
        var session = try harness()
        session.receive(set(#"{"starCount":7}"#, id: 1), from: a)
        session.answerAll()
        session.receive(set(#"{"starCount":3}"#, id: 2), from: a)
        session.answerAll()
        session.receive(request("restore", #","revision":1"#, id: 3), from: b)
        session.answerAll()
        #expect(value(session, "starCount") == .integer(7))
        let action = try #require(session.read(a, type: "action").last?["action"])
        #expect(action["kind"] == .string("restore") && action["to"] == .integer(1))
        // A restore is an edit: undo takes it back.
        session.receive(request("undo", id: 4), from: a)
        session.answerAll()
        #expect(value(session, "starCount") == .integer(3))

        session.receive(request("restore", #","revision":99"#, id: 5), from: b)
        let error = try #require(session.read(b, type: "error").last)
        #expect(error["id"] == .integer(5))
        #expect(error["message"]?.stringValue?.contains("revision 99 is not in the history") == true)
        session.receive(request("restore", #","revision":"one""#, id: 6), from: b)
        #expect(session.read(b, type: "error").last?["message"]?.stringValue?.contains("\"revision\" must be an integer") == true)
    }

    @Test func historyAnswersAWindowThatArrivesLater() throws {
        var session = try harness()
        session.receive(set(#"{"starCount":7}"#, id: 1), from: a)
        session.answerAll()
        session.receive(#"{"type":"tap","component":"RatingControl","target":"star-2","id":2}"#, from: b)
        session.answerAll()
        let c = ConnectionID(rawValue: 3)
        session.sink.open(c)
        session.run { $0.opened(c, into: &$1) }
        #expect(session.read(c, type: "welcome").first?["window"] == .integer(3))
        session.receive(request("history", id: 7), from: c)
        let history = try #require(session.read(c, type: "history").last)
        #expect(history["id"] == .integer(7) && history["canUndo"] == .bool(true) && history["canRedo"] == .bool(false))
        let entries = try #require(history["entries"]?.arrayValue)
        #expect(entries.map { $0["kind"]?.stringValue } == ["set", "tap"])
        #expect(entries.last?["target"] == .string("star-2") && entries.last?["windows"] == .array([.integer(2)]))
    }

    @Test func aTapOnAControlBoundToAConstantIsLoggedWithItsNote() throws {
        var session = try CoreHarness(registry: try Registry(controlScreens), connections: [a, b])
        session.core.clock = { 1_000 }
        session.receive(#"{"type":"subscribe","component":"ControlsGallery","id":1}"#, from: a)
        session.receive(#"{"type":"subscribe","component":"ControlsGallery","id":2}"#, from: b)
        session.answerAll()
        session.receive(#"{"type":"tap","component":"ControlsGallery","target":"stepper-2-increment","id":3}"#, from: a)
        session.answerAll()
        let note = "Stepper \"Locked\" is bound to a constant: nothing changed"
        let ack = try #require(session.read(a, type: "ack").last)
        #expect(ack["id"] == .integer(3) && ack["notes"] == .array([.string(note)]))
        // Every window's log tells the tap and why it changed nothing.
        let action = try #require(session.read(b, type: "action").last?["action"])
        #expect(action["kind"] == .string("tap") && action["target"] == .string("stepper-2-increment"))
        #expect(action["changes"] == .array([]) && action["notes"] == .array([.string(note)]))
        // A tap that changes a value carries no note.
        session.receive(#"{"type":"tap","component":"ControlsGallery","target":"stepper-1-increment","id":4}"#, from: a)
        session.answerAll()
        let changed = try #require(session.read(b, type: "action").last?["action"])
        #expect(changed["notes"] == nil && changed["changes"]?.arrayValue?.isEmpty == false)
    }

    /// 3,000 `history` requests sent at once and never read each made the whole log again and
    /// held another client back 7.5 s: a connection is sent one log state a bounded number of
    /// times, each reply past it an error naming the bound; a change of the log lifts it, and
    /// every connection has a bound of its own.
    @Test func historyRepliesAreBoundedPerConnectionAndLogState() throws {
        var session = try harness()
        session.receive(set(#"{"starCount":7}"#, id: 1), from: a)
        session.answerAll()
        _ = session.read(a)
        for id in 0..<100 { session.receive(request("history", id: 1_000 + id), from: a) }
        let replies = session.read(a).filter { ($0["id"]?.doubleValue ?? 0) >= 1_000 }
        let histories = replies.filter { $0["type"] == .string("history") }
        #expect(histories.count == SessionCore.maxHistoryRepliesPerState)
        #expect(histories.allSatisfy { $0["entries"]?.arrayValue?.count == 1 && $0["canUndo"] == .bool(true) })
        #expect(Set(histories.compactMap { $0["id"] }).count == histories.count, "each with its own id")
        let errors = replies.filter { $0["type"] == .string("error") }
        #expect(errors.count == 100 - SessionCore.maxHistoryRepliesPerState)
        #expect(errors.first?["message"]?.stringValue?.contains("(\(SessionCore.maxHistoryRepliesPerState))") == true)

        session.receive(request("history", id: 2_000), from: b)
        #expect(session.read(b, type: "history").map { $0["id"] } == [.integer(2_000)], "another connection is not bounded by a's")
        session.receive(set(#"{"starCount":8}"#, id: 2), from: b)
        session.answerAll()
        session.receive(request("history", id: 3_000), from: a)
        let after = try #require(session.read(a).last)
        #expect(after["type"] == .string("history") && after["id"] == .integer(3_000) && after["entries"]?.arrayValue?.count == 2,
                "a new state of the log is sent again")
    }

    @Test func theLogKeepsTheNewestEntriesOnly() throws {
        var session = try harness()
        for number in 0 ..< History.limit + 20 {
            session.receive(set(#"{"spacing":\#(number % 2 == 0 ? 4 : 6)}"#, id: number), from: a)
            session.answerAll()
        }
        let history = try #require(session.core.histories["RatingControl"])
        #expect(history.entries.count == History.limit)
        #expect(history.entries.first?.revision == 21 && history.entries.last?.revision == History.limit + 20)
        #expect(history.undoStack.count == History.limit)
    }

    @Test func presenceCountsTheWindowsWatchingAComponent() throws {
        var session = try harness()
        session.elapse()
        #expect(session.read(a, type: "presence").last?["windows"] == .integer(2))
        #expect(session.read(b, type: "presence").last?["windows"] == .integer(2))
        // A second environment in the same window is still one window.
        session.receive(#"{"type":"subscribe","component":"RatingControl","environment":{"scheme":"dark"}}"#, from: b)
        session.answerAll()
        session.elapse()
        #expect(session.read(a, type: "presence").last?["windows"] == .integer(2))
        session.run { $0.closed(b, into: &$1) }
        session.elapse()
        #expect(session.read(a, type: "presence").last?["windows"] == .integer(1))
        session.receive(request("unsubscribe", id: 5), from: a)
        #expect(session.core.subscriptions.allSubscribers(of: "RatingControl").isEmpty)
    }

    /// With 300 windows joining one component, each of the first got ~300 `presence` messages
    /// (1,000 windows: ~500,000 in all). A burst is told at most once per
    /// ``SessionCore/presenceInterval``, with the newest count.
    @Test func aBurstOfWindowsJoiningIsToldOncePerInterval() throws {
        let windows = (10..<310).map { ConnectionID(rawValue: $0) }
        var session = try CoreHarness(registry: try makeRegistry(), connections: windows)
        for window in windows { session.receive(#"{"type":"subscribe","component":"RatingControl"}"#, from: window) }
        // The first window is told at once (it is alone); the others' joins wait for the interval.
        #expect(session.read(windows[0], type: "presence").map { $0["windows"] } == [.integer(1)])
        #expect(session.wakes.count == 1, "one wake for the whole burst")
        session.elapse(SessionCore.presenceInterval / 2)
        #expect(session.read(windows[0], type: "presence").count == 1, "nothing before the interval ends")
        session.elapse()
        #expect(session.presenceFrames == 1 + 300, "one to the first window, then one to each")
        for window in [windows[0], windows[1], windows[299]] {
            #expect(session.read(window, type: "presence").last?["windows"] == .integer(300))
            #expect(session.read(window, type: "presence").count <= 2)
        }
        // Leaving is told the same way.
        for window in windows.dropFirst(100) { session.run { $0.closed(window, into: &$1) } }
        session.elapse()
        #expect(session.read(windows[0], type: "presence").last?["windows"] == .integer(100))
        #expect(session.read(windows[0], type: "presence").count <= 3)
    }
}

extension SessionHistoryTests {
    @Test func anUndoSentRightAfterAChangeTakesBackThatChange() throws {
        var session = try harness()
        let starCount = value(session, "starCount")
        // Both arrive before the worker answers the set: the undo waits for it.
        session.receive(set(#"{"starCount":7}"#, id: 1), from: a)
        session.receive(request("undo", id: 2), from: a)
        session.receive(set(#"{"rating":2}"#, id: 3), from: b)
        session.answerAll()
        #expect(session.read(a, type: "error").isEmpty)
        #expect(session.read(a, type: "ack").map { $0["id"] } == [.integer(100), .integer(1), .integer(2)], "the subscribe, the set, the undo")
        #expect(value(session, "starCount") == starCount && value(session, "rating") == .integer(2))
        let kinds = session.read(a, type: "action").map { $0["action"]?["kind"]?.stringValue }
        #expect(kinds == ["set", "undo", "set"])
    }
}
