import Glibc
import StarboardInspector

/// What was done to a component's values, newest last, and the undo and redo stacks over it: one
/// history shared by every window, kept by the server so a reloaded page finds it again (not
/// across server restarts).
///
/// Every accepted change is an ``Entry`` (the actions log); undo and redo move the values back
/// and forth along ``Step``s. Undo takes back the newest step whoever made it, as in a shared
/// document with one history.
struct History {
    /// How a change came about.
    enum Origin: Equatable {
        /// An edit: a set, a reset or a tap.
        case edit
        /// Taking back a step; its values go on the redo stack when accepted. The step is taken
        /// off the stack when the change goes to the worker (nil until then), so an undo sent
        /// right after a change takes back that change.
        case undo(Step?)
        /// Doing a taken-back step again (the step as for undo).
        case redo(Step?)

        /// An undo or redo whose step is still to be taken.
        var isUnresolvedMove: Bool {
            switch self {
            case .undo(nil), .redo(nil): true
            default: false
            }
        }
        /// An undo or redo whose step was taken.
        var isResolvedMove: Bool {
            switch self {
            case .undo(_?), .redo(_?): true
            default: false
            }
        }
        /// The values after an entry of the log, restored.
        case restore(revision: Int)
    }

    /// Values before and after one accepted batch of changes.
    struct Step: Equatable {
        var before: JSONValue
        var after: JSONValue
    }

    /// One line of the actions log.
    struct Entry {
        /// The component's revision after the change.
        var revision: Int
        /// Milliseconds since 1970.
        var time: Double
        /// The windows (connection numbers) whose requests made the change.
        var windows: [UInt64]
        /// "set", "reset", "tap", "undo", "redo", "restore" (or "changes" for a batch of several kinds).
        var kind: String
        /// The tap's target, for a tap.
        var target: String?
        /// The revision whose values a restore brought back.
        var to: Int?
        /// What the change told besides its values: a tap on a control bound to a constant
        /// changed nothing, and says so.
        var notes: [String] = []
        var before: JSONValue
        var after: JSONValue
    }

    /// Entries kept per component; older ones are forgotten (and cannot be restored).
    static let limit = 200

    private(set) var entries: [Entry] = []
    private(set) var undoStack: [Step] = []
    private(set) var redoStack: [Step] = []
    /// Counts every change to the log or the stacks: a `history` reply made at one version is
    /// the reply to every request at that version.
    private(set) var version = 0

    var canUndo: Bool { !undoStack.isEmpty }
    var canRedo: Bool { !redoStack.isEmpty }

    /// Takes the newest step off the undo stack, for an `undo` change.
    mutating func takeUndo() -> Step? {
        version += 1
        return undoStack.popLast()
    }

    mutating func takeRedo() -> Step? {
        version += 1
        return redoStack.popLast()
    }

    /// Puts back a step whose undo or redo was refused, so nothing is lost.
    mutating func giveBack(_ origin: Origin) {
        version += 1
        switch origin {
        case .undo(let step?):
            undoStack.append(step)
        case .redo(let step?):
            redoStack.append(step)
        case .edit, .restore, .undo(nil), .redo(nil):
            break
        }
    }

    /// The values after the entry at `revision`, if the log still has it.
    func values(after revision: Int) -> JSONValue? {
        entries.last { $0.revision == revision }?.after
    }

    /// An accepted batch: `origins` and `changes` of its accepted items. Undo pushes onto the redo
    /// stack; redo and edits onto the undo stack; an edit empties the redo stack. Returns the new
    /// entry of the log, nil when nothing changed (a set to the values already there).
    /// `notes` are the taps' notes, kept with the entry.
    mutating func record(before: JSONValue, after: JSONValue, revision: Int, time: Double,
                         items: [(window: UInt64, change: WorkerChange, origin: Origin)], notes: [String] = []) -> Entry? {
        version += 1
        guard before != after || items.contains(where: { if case .tap = $0.change { true } else { false } }) else {
            // Nothing moved: an undo or redo that changed nothing still moved along the stacks.
            if items.count == 1, case .undo(let taken?) = items[0].origin { redoStack.append(Step(before: after, after: taken.after)) }
            if items.count == 1, case .redo = items[0].origin { undoStack.append(Step(before: before, after: after)) }
            return nil
        }
        var windows: [UInt64] = []
        for item in items where !windows.contains(item.window) { windows.append(item.window) }
        let kinds = items.map { Self.kind(of: $0) }
        let kind = kinds.allSatisfy { $0 == kinds.first } ? (kinds.first ?? "changes") : "changes"
        var target: String?
        var to: Int?
        let step = Step(before: before, after: after)
        switch items.count == 1 ? items[0].origin : .edit {
        case .undo(let taken):
            // Redo goes back to what the undone step had made.
            if let taken { redoStack.append(Step(before: after, after: taken.after)) }
        case .redo:
            undoStack.append(step)
        case .restore(let revisionRestored):
            to = revisionRestored
            fallthrough
        case .edit:
            if case .tap(let tap) = items.last?.change { target = tap.target }
            undoStack.append(step)
            redoStack.removeAll()
        }
        let entry = Entry(revision: revision, time: time, windows: windows, kind: kind, target: target, to: to, notes: notes, before: before, after: after)
        entries.append(entry)
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
        if undoStack.count > Self.limit { undoStack.removeFirst(undoStack.count - Self.limit) }
        return entry
    }

    private static func kind(of item: (window: UInt64, change: WorkerChange, origin: Origin)) -> String {
        switch item.origin {
        case .undo: return "undo"
        case .redo: return "redo"
        case .restore: return "restore"
        case .edit:
            switch item.change {
            case .set: return "set"
            case .reset: return "reset"
            case .tap: return "tap"
            case .restore, .replace: return "restore"
            }
        }
    }

    /// Milliseconds since 1970, for the log's times.
    static func wallClock() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec / 1_000_000)
    }
}

extension History.Entry {
    /// The properties whose values differ before and after, in the order of `after` (then those
    /// only `before` has), each with both values (null where a side lacks it).
    var changes: [(property: String, from: JSONValue, to: JSONValue)] {
        let old = before.objectMembers ?? []
        let new = after.objectMembers ?? []
        var result: [(property: String, from: JSONValue, to: JSONValue)] = []
        for (name, value) in new {
            let previous = old.first { $0.0 == name }?.1 ?? .null
            if previous != value { result.append((name, previous, value)) }
        }
        for (name, value) in old where !new.contains(where: { $0.0 == name }) {
            result.append((name, value, .null))
        }
        return result
    }

    /// The entry as the protocol's `action` object.
    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("revision", .integer(revision)), ("time", .number(time)),
            ("windows", .array(windows.map { .integer(Int(truncatingIfNeeded: $0)) })), ("kind", .string(kind)),
        ]
        if let target { members.append(("target", .string(target))) }
        if let to { members.append(("to", .integer(to))) }
        if !notes.isEmpty { members.append(("notes", .array(notes.map { .string($0) }))) }
        members.append(("changes", .array(changes.map { change in
            .object([("property", .string(change.property)), ("from", change.from), ("to", change.to)])
        })))
        return .object(members)
    }
}
