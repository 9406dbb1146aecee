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
        guard let hit = cache.lookup(RenderCache.key(component: component, baseText: valuesText, change: change.change)) else { return nil }
        revision += 1
        setValues(hit.values, text: hit.valuesText)
        renderFields = hit.render
        problem = nil
        return CachedAnswer(change: change, revision: revision, hit: hit)
    }
}

/// One change waiting for the worker, and who asked for it.
struct PendingChange {
    let connection: ConnectionID
    let id: JSONValue?
    let change: WorkerChange
    /// The property an error should be shown at, when the change is about one.
    let property: String?
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
}
