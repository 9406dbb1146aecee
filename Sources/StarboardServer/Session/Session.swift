import Dispatch
import StarboardInspector
import StarboardLocking

/// The shared inspecting session: current values per component, who watches what, and the
/// protocol's request handling (see docs/protocol.md).
///
/// State is per component and shared by every client. The session never runs component code: it
/// asks a ``ComponentHost`` (a worker process by default). The logic is ``SessionCore``, a state
/// machine; this class runs it under a lock and carries out what it asks: frames to the
/// ``MessageSink``, requests to the host, whose replies come back as new events.
///
/// Once ``run(on:)`` attached it to the server's event loop, a worker's reply arrives on the
/// service thread and the frames it produces are queued right there.
public final class Session: WebSocketHandler {
    private struct State {
        var core: SessionCore
        var host: any ComponentHost
        var sink: (any MessageSink)?
        var loop: (any EventLoop)?
        /// A reload waiting for the request in flight to be answered.
        var drained: DispatchSemaphore?
    }

    private let state: Locked<State>
    /// Called after every accepted change, to save values once changes settle.
    private let changed: @Sendable () -> Void
    /// Adjustments made to saved values at start-up (clamped, dropped), for the log.
    public let warnings: [String]
    /// Finds and edits components' sources for "Save as variant".
    private let sources: SourceDesk

    /// Starts from `saved` values, re-checked by the host, and renders every component once.
    /// `package` is where variants are saved (nil: the server runs outside a package, and says so).
    public init(host: any ComponentHost, saved: [String: SavedComponent] = [:], package: SourcePackage? = nil,
                changed: @escaping @Sendable () -> Void = {}) throws(HostError) {
        self.changed = changed
        sources = SourceDesk(package: package)
        let catalog = try HotReload.fetchCatalog(from: host)
        var warnings: [String] = []
        let components = HotReload.restore(catalog.names, saved: saved, host: host, warnings: &warnings)
        self.warnings = warnings
        state = Locked(State(core: SessionCore(catalog: catalog, components: components), host: host))
    }

    /// Connects the session to where its frames go; call once, before clients connect.
    public func attach(_ sink: any MessageSink) {
        state.withLock { $0.sink = sink }
    }

    /// Serves component calls on `loop` from now on (the worker's pipes join the server's poll).
    public func run(on loop: any EventLoop) {
        let host = state.withLock { state in
            state.loop = loop
            return state.host
        }
        host.attach(to: loop)
    }

    /// Current values and revision of every component.
    public func snapshot() -> [String: SavedComponent] {
        state.withLock { $0.core.snapshot }
    }

    /// The values the user changed (those that differ from the defaults) and the revision of
    /// every component: what the state file keeps.
    public func changes() -> [String: SavedComponent] {
        state.withLock { $0.core.changes }
    }

    /// Stops the host's worker.
    public func shutdown() {
        state.withLock { $0.host }.shutdown()
    }

    // MARK: - WebSocketHandler

    public func connectionOpened(_ connection: ConnectionID) {
        perform { $0.opened(connection, into: &$1) }
    }

    public func connectionClosed(_ connection: ConnectionID) {
        perform { core, effects in core.closed(connection, into: &effects) }
    }

    public func received(_ text: String, from connection: ConnectionID) {
        // Parsed before taking the lock: nothing else waits for it meanwhile.
        let parsed = Envelope.parse(text)
        perform { $0.received(parsed, from: connection, into: &$1) }
    }

    public func heldBack(_ connection: ConnectionID, notice: String) {
        // An error without an id: it answers no one request, and every request still gets its own reply.
        let error = ServerMessage.error(RequestError(id: nil, message: notice, component: nil, property: nil))
        perform { _, effects in effects.send(error, to: connection) }
    }

    // MARK: - Running the core

    /// Runs one event through the core and carries out its effects, in the lock: frames are
    /// queued in the order the core made them, whichever thread an event comes from.
    private func perform(_ event: (inout SessionCore, inout SessionEffects) -> Void) {
        state.withLock { state in
            var effects = SessionEffects()
            event(&state.core, &effects)
            carryOut(effects, host: state.host, sink: state.sink)
            if let waiting = state.drained, state.core.isDrained {
                state.drained = nil
                waiting.signal()
            }
        }
    }

    private func carryOut(_ effects: SessionEffects, host: any ComponentHost, sink: (any MessageSink)?) {
        for effect in effects.all {
            switch effect {
            case .send(let frame, let connection, let key):
                sink?.send(frame, to: connection, coalescingKey: key)
            case .broadcast(let frame, let connections, let key):
                sink?.broadcast(frame, to: connections, coalescingKey: key)
            case .call(let number, let request):
                // Hosts never complete inside submit, so taking the lock again there is safe.
                host.submit(request) { [weak self] result in
                    self?.perform { $0.replied(number, result, into: &$1) }
                }
            case .changed:
                changed()
            case .source(let job):
                // Never in the lock: finding the file, and parsing an edit with swiftc, take tens to hundreds of milliseconds.
                sources.run(job) { [weak self] answer in
                    self?.perform { $0.answered(job, answer, into: &$1) }
                }
            case .wake(let seconds):
                DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak self] in
                    self?.perform { $0.wake(into: &$1) }
                }
            }
        }
    }

    // MARK: - Hot reload

    /// Switches to new component code: fetches its catalog, re-checks every component's values
    /// against it, sends the new catalog to everyone and a fresh render to every subscriber.
    /// Connections and values stay. On failure the old host stays in charge. `announcing` (a
    /// `build` message) goes to everyone just before the new catalog, so a page hears that the
    /// build succeeded before it gets what the build made.
    public func reload(to host: any ComponentHost) throws(HostError) -> [String] {
        try reload(to: host, announcing: nil)
    }

    /// ``reload(to:)`` with the `build` message that says the new code is in.
    func reload(to host: any ComponentHost, announcing: ServerMessage.BuildReport?) throws(HostError) -> [String] {
        let catalog = try HotReload.fetchCatalog(from: host)
        // Changes wait while the code is switched (so the values read below stay the newest), and
        // the request the old code is working on is answered first.
        let waiting = state.withLock { state -> DispatchSemaphore? in
            state.core.pause()
            guard !state.core.isDrained else { return nil }
            let semaphore = DispatchSemaphore(value: 0)
            state.drained = semaphore
            return semaphore
        }
        waiting?.wait()
        var warnings: [String] = []
        // Only what the user changed goes to the new code: a default changed in code shows.
        let restored = HotReload.restore(catalog.names, saved: changes(), host: host, warnings: &warnings)
        if let loop = state.withLock({ $0.loop }) { host.attach(to: loop) }
        let old = state.withLock { state -> any ComponentHost in
            let old = state.host
            state.host = host
            var effects = SessionEffects()
            if let announcing { state.core.announceBuild(announcing, failed: false, into: &effects) }
            state.core.swap(to: catalog, restored: restored, into: &effects)
            carryOut(effects, host: host, sink: state.sink)
            return old
        }
        old.shutdown()
        return warnings
    }

    /// Tells every client that saving values failed (why), or works again (nil).
    public func announceSaving(failure message: String?) {
        perform { $0.announceSaving(failure: message, into: &$1) }
    }

    /// Tells every client about a build: started, failed (with diagnostics) or done.
    func announceBuild(_ message: ServerMessage.BuildReport, failed: Bool) {
        perform { $0.announceBuild(message, failed: failed, into: &$1) }
    }
}

/// A component's values (as the protocol writes them) and revision, as the state file keeps them.
public struct SavedComponent: Sendable, Equatable {
    public var values: JSONValue
    public var revision: Int

    public init(values: JSONValue, revision: Int) {
        self.values = values
        self.revision = revision
    }
}
