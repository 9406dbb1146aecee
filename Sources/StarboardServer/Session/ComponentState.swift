import StarboardInspector

/// One component's shared state: its values, how many changes were accepted, its newest render,
/// and why that render is missing when component code crashed.
struct ComponentState {
    private(set) var values: JSONValue
    /// `values` as JSON text, kept beside them: it starts every cache key and goes into every render.
    private(set) var valuesText: String
    /// Accepted changes of the component; survives restarts.
    var revision: Int
    /// The newest render's fields (svg, size, accessibility, …), nil if it crashed.
    var renderFields: String?
    /// Why the newest render is missing, when component code crashed or hung.
    var problem: String?
    /// Renders of the current values in other environments than the standard one (the render
    /// fields, as `renderFields`), for windows that preview there; emptied when the values change.
    var environmentRenders: [RenderEnvironment: String] = [:]

    init(values: JSONValue, revision: Int) {
        self.values = values
        valuesText = values.description
        self.revision = revision
    }

    mutating func setValues(_ new: JSONValue, text: String? = nil) {
        values = new
        valuesText = text ?? new.description
        environmentRenders = [:]
    }

    /// Applies `change` from the cache, if the worker answered it before from these values.
    mutating func applyCached(_ change: PendingChange, component: String, cache: inout RenderCache) -> CachedAnswer? {
        // An undo or redo is resolved against the history when it goes out, never from the cache.
        if change.origin.isUnresolvedMove { return nil }
        guard let hit = cache.lookup(RenderCache.key(component: component, baseText: valuesText, change: change.change)) else { return nil }
        let before = values
        revision = Revision.next(after: revision)
        setValues(hit.values, text: hit.valuesText)
        renderFields = hit.render
        problem = nil
        return CachedAnswer(change: change, revision: revision, hit: hit, before: before)
    }
}

/// One change waiting for the worker, and who asked for it.
struct PendingChange {
    let connection: ConnectionID
    let id: JSONValue?
    var change: WorkerChange
    /// The property an error should be shown at, when the change is about one.
    let property: String?
    /// An edit, or a move along the shared history.
    var origin: History.Origin = .edit
    /// Bytes it holds while it waits, roughly: what a client's bound and a batch's count. Kept
    /// as it came, so a client's bound gives back what it took.
    let cost: Int

    init(connection: ConnectionID, id: JSONValue?, change: WorkerChange, property: String?, origin: History.Origin = .edit) {
        self.connection = connection
        self.id = id
        self.change = change
        self.property = property
        self.origin = origin
        cost = switch change {
        case .set(let values), .replace(let values): 256 + values.writtenSize
        case .reset(let names): 256 + (names ?? []).reduce(0) { $0 + $1.utf8.count }
        case .tap(let tap): 256 + tap.target.utf8.count
        case .restore: 256
        }
    }

    /// A tap, whose notes the actions log keeps.
    var isTap: Bool {
        if case .tap = change { return true }
        return false
    }

    /// Resolves an undo or redo against the history as it is now, when the change goes to the
    /// worker; false when there is nothing to move to.
    mutating func resolveMove(in history: inout History) -> Bool {
        switch origin {
        case .undo(nil):
            guard let step = history.takeUndo() else { return false }
            origin = .undo(step)
            change = .replace(step.before)
        case .redo(nil):
            guard let step = history.takeRedo() else { return false }
            origin = .redo(step)
            change = .replace(step.after)
        default:
            break
        }
        return true
    }
}

extension JSONValue {
    /// Bytes of the compact JSON text, roughly (strings as if no character needed escaping),
    /// without writing it.
    var writtenSize: Int {
        switch self {
        case .null: 4
        case .bool(let b): b ? 4 : 5
        case .integer, .number: 24
        case .string(let s): s.utf8.count + 2
        case .array(let items): items.reduce(2) { $0 + $1.writtenSize + 1 }
        case .object(let members): members.reduce(2) { $0 + $1.0.utf8.count + 4 + $1.1.writtenSize }
        }
    }
}

/// A preview (or an audit) waiting for the worker.
struct PendingPreview {
    let connection: ConnectionID
    let id: JSONValue?
    let component: String
    let values: JSONValue
    var environment: RenderEnvironment = .standard
    /// An `audit` request: the reply lists what breaks instead of carrying the render.
    var audit = false
    /// The component's revision when the worker was given it (what an audit's reply names).
    var revision = 0
}

/// A change answered from the ``RenderCache``: what its ack and render need.
struct CachedAnswer {
    let change: PendingChange
    let revision: Int
    let hit: RenderCache.Entry
    /// The values before the change.
    let before: JSONValue
}
