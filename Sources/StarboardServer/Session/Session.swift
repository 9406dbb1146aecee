import Dispatch
import Foundation
import StarboardInspector
import Synchronization

/// The shared inspecting session: current values per component, who watches what, and the
/// protocol's request handling (see docs/protocol.md).
///
/// State is per component and shared by every client. The session never runs component code:
/// it asks a ``ComponentHost`` (a worker process by default), on its own queue, so neither a slow
/// render nor a trapping component blocks the socket thread. Requests for one component queue up
/// while the host is busy and then go as one batch, rendered once: a burst of changes renders the
/// newest values and skips the rest.
public final class Session: WebSocketHandler {
    /// One change waiting for the host, and who asked for it.
    struct PendingChange {
        let connection: ConnectionID
        let id: JSONValue?
        let change: WorkerChange
        /// The property an error should be shown at, when the change is about one.
        let property: String?

        /// "starCount=13" or "a tap on star-3", for crash messages (so made only for them).
        var summary: String {
            switch change {
            case .set(let values):
                (values.objectMembers ?? []).map { "\($0.0)=\(Session.shortText($0.1))" }.joined(separator: ", ")
            case .reset(let names):
                "a reset of " + (names?.joined(separator: ", ") ?? "every property")
            case .tap(let target):
                "a tap on \(target)"
            case .restore:
                ""
            }
        }
    }

    /// One component's shared state.
    struct ComponentState {
        private(set) var values: JSONValue
        /// `values` as JSON text, kept beside them: it starts every cache key and goes into every render.
        private(set) var valuesText: String
        var revision: Int
        var subscribers: Set<ConnectionID> = []
        /// The newest render's fields after `revision` (svg, size, accessibility, …), nil if it crashed.
        var renderFields: String?
        /// Why the newest render is missing, when component code crashed or hung.
        var problem: String?
        var pending = ChangeLine<PendingChange>()
        var queued = false
        /// The host is working on a batch of this component's changes; later ones must wait for it.
        var busy = false

        init(values: JSONValue, revision: Int) {
            self.values = values
            valuesText = values.description
            self.revision = revision
        }

        mutating func setValues(_ new: JSONValue, text: String? = nil) {
            values = new
            valuesText = text ?? new.description
        }

        /// Applies `change` from the cache, if the host answered it before from these values.
        mutating func applyCached(_ change: PendingChange, name: String, cache: inout RenderCache) -> CachedAnswer? {
            guard let hit = cache.lookup(RenderCache.key(component: name, baseText: valuesText, change: change.change)) else { return nil }
            revision += 1
            setValues(hit.values, text: hit.valuesText)
            renderFields = hit.render
            problem = nil
            return CachedAnswer(change: change, revision: revision, hit: hit, subscribers: Array(subscribers))
        }
    }

    /// A change answered from the ``RenderCache``: what its ack and render need.
    struct CachedAnswer {
        let change: PendingChange
        let revision: Int
        let hit: RenderCache.Entry
        let subscribers: [ConnectionID]
    }

    /// What the host said about the components: schema and pre-rendered variants.
    struct Catalog {
        var schema: JSONValue
        var frame: OutgoingFrame
        var variants: [String: String]
        var names: [String]
    }

    struct State {
        var host: any ComponentHost
        var catalog: Catalog
        var components: [String: ComponentState] = [:]
        var connections: Set<ConnectionID> = []
        var subscriptions: [ConnectionID: Set<String>] = [:]
        /// The newest build failure, sent to clients that connect while it stands.
        var buildProblem: OutgoingFrame?
        /// Components with changes waiting, in arrival order.
        var queue: [String] = []
        var pumping = false
        /// New component code is being switched in: changes wait, nothing is answered from the cache.
        var reloading = false
        var cache = RenderCache()

        /// Whether the caller should start the pump: true once until it stops, never while reloading.
        mutating func claimPump() -> Bool {
            guard !pumping, !reloading, !queue.isEmpty else { return false }
            pumping = true
            return true
        }

    }

    /// Most changes sent to the host in one batch.
    static let maxBatch = 128

    private let state: Mutex<State>
    private let sinkBox = Mutex<(any MessageSink)?>(nil)
    /// Serial: the host runs one request at a time anyway.
    private let workQueue = DispatchQueue(label: "starboard.session", qos: .userInitiated)
    /// Called after every accepted change, to save values once changes settle.
    private let changed: @Sendable () -> Void
    /// Adjustments made to saved values at start-up (clamped, dropped), for the log.
    public let warnings: [String]

    /// Starts from `saved` values, re-checked by the host, and renders every component once.
    public init(host: any ComponentHost, saved: [String: SavedComponent] = [:], changed: @escaping @Sendable () -> Void = {}) throws(HostError) {
        self.changed = changed
        let catalog = try Self.fetchCatalog(from: host)
        var warnings: [String] = []
        let components = Self.restore(catalog.names, saved: saved, host: host, warnings: &warnings)
        self.warnings = warnings
        state = Mutex(State(host: host, catalog: catalog, components: components))
    }

    /// Connects the session to where its frames go; call once, before clients connect.
    public func attach(_ sink: any MessageSink) {
        sinkBox.withLock { $0 = sink }
    }

    private var sink: (any MessageSink)? { sinkBox.withLock { $0 } }

    /// Current values and revision of every component, for saving.
    public func snapshot() -> [String: SavedComponent] {
        state.withLock { state in
            state.components.mapValues { SavedComponent(values: $0.values, revision: $0.revision) }
        }
    }

    /// Stops the host's worker.
    public func shutdown() {
        state.withLock { $0.host }.shutdown()
    }

    // MARK: - Catalog and restoring values

    private static func fetchCatalog(from host: any ComponentHost) throws(HostError) -> Catalog {
        guard case .catalog(let catalog) = try host.call(.catalog) else {
            throw .unavailable("the worker sent no catalog")
        }
        let frame = OutgoingFrame(text: JSONValue.object([("type", .string("catalog")), ("components", catalog.schema)]).description)
        return Catalog(schema: catalog.schema, frame: frame, variants: catalog.variants.mapValues(\.description), names: catalog.names)
    }

    /// Each component's values re-checked by the host (a property may be gone or a range narrowed) and rendered.
    private static func restore(_ names: [String], saved: [String: SavedComponent], host: any ComponentHost,
                                warnings: inout [String]) -> [String: ComponentState] {
        var components: [String: ComponentState] = [:]
        for (name, entry) in saved where !names.contains(name) {
            warnings.append("dropped saved values of \(name): no such component any more (\(entry.values))")
        }
        for name in names {
            let base = saved[name]?.values ?? .object([])
            let revision = saved[name]?.revision ?? 0
            var entry = ComponentState(values: base, revision: revision)
            do throws(HostError) {
                guard case .batch(let result) = try host.call(.batch(WorkerBatch(component: name, base: base, changes: [.restore]))) else {
                    throw HostError.unavailable("the worker does not know \(name)")
                }
                entry.setValues(result.values)
                if case .accepted(let notes)? = result.results.first { warnings += notes }
                entry.renderFields = result.render
            } catch {
                entry.problem = Self.describe(error, component: name, with: "its saved values \(base)")
                warnings.append(entry.problem!)
            }
            components[name] = entry
        }
        return components
    }

    /// "RatingControl crashed while rendering with starCount=13: <the trap message>", as the page shows it.
    static func describe(_ error: HostError, component: String, with values: String) -> String {
        switch error {
        case .crashed(let message): "\(component) crashed while rendering with \(values): \(message)"
        case .timedOut(let seconds): "\(component) timed out after \(JSONValue.format(seconds)) s while rendering with \(values)"
        case .unavailable(let message): "\(component) could not be rendered with \(values): \(message)"
        }
    }

    // MARK: - WebSocketHandler

    public func connectionOpened(_ connection: ConnectionID) {
        let (catalog, build) = state.withLock { state in
            state.connections.insert(connection)
            state.subscriptions[connection] = []
            return (state.catalog.frame, state.buildProblem)
        }
        sink?.send(catalog, to: connection, coalescingKey: nil)
        if let build { sink?.send(build, to: connection, coalescingKey: "build") }
    }

    public func connectionClosed(_ connection: ConnectionID) {
        state.withLock { state in
            state.connections.remove(connection)
            for name in state.subscriptions.removeValue(forKey: connection) ?? [] {
                state.components[name]?.subscribers.remove(connection)
            }
        }
    }

    public func received(_ text: String, from connection: ConnectionID) {
        switch Envelope.parse(text) {
        case .failure(let error):
            reply(ServerMessage.error(error), to: connection)
        case .success(let envelope):
            handle(envelope, from: connection)
        }
    }

    // MARK: - Requests

    func handle(_ envelope: Envelope, from connection: ConnectionID) {
        let id = envelope.id
        let name = envelope.request.component
        let known = state.withLock { $0.components[name] != nil }
        guard known else {
            let names = state.withLock { $0.catalog.names }
            let message = "\(name): no such component; registered are " + names.joined(separator: ", ")
            reply(ServerMessage.error(RequestError(id: id, message: message, component: name)), to: connection)
            return
        }
        switch envelope.request {
        case .subscribe:
            subscribe(connection, to: name, id: id)
        case .unsubscribe:
            let revision = state.withLock { state in
                state.components[name]?.subscribers.remove(connection)
                state.subscriptions[connection]?.remove(name)
                return state.components[name]?.revision ?? 0
            }
            if let id { sendAck(id: id, component: name, revision: revision, notes: [], to: connection) }
        case .set(_, let values):
            let members = values.objectMembers ?? []
            enqueue(name, PendingChange(connection: connection, id: id, change: .set(values), property: members.count == 1 ? members[0].0 : nil))
        case .reset(_, let properties):
            enqueue(name, PendingChange(connection: connection, id: id, change: .reset(properties), property: nil))
        case .tap(_, let target):
            enqueue(name, PendingChange(connection: connection, id: id, change: .tap(target), property: nil))
        case .preview(_, let values):
            workQueue.async { [weak self] in self?.preview(name, values: values, id: id, for: connection) }
        }
    }

    fileprivate static func shortText(_ value: JSONValue) -> String {
        let text = value.stringValue ?? value.description
        return text.count > 40 ? String(text.prefix(37)) + "…" : text
    }

    /// Sends the current render; a request with an id is acknowledged first.
    private func subscribe(_ connection: ConnectionID, to name: String, id: JSONValue? = nil) {
        let found = state.withLock { state -> (String?, Int, String, String?, String)? in
            // Looked up again: a reload may have removed it since the request was checked.
            guard state.components[name] != nil else { return nil }
            state.components[name]!.subscribers.insert(connection)
            state.subscriptions[connection, default: []].insert(name)
            let entry = state.components[name]!
            return (entry.renderFields, entry.revision, entry.valuesText, entry.problem, state.catalog.variants[name] ?? "[]")
        }
        guard let (fields, revision, values, problem, variants) = found else { return }
        if let id { sendAck(id: id, component: name, revision: revision, notes: [], to: connection) }
        if let fields {
            let full = Self.renderMessage(name, revision: revision, fields: fields, valuesText: values, variants: variants)
            // Its own key: a later broadcast must not replace the one frame that carries the variants.
            sink?.send(OutgoingFrame(text: full), to: connection, coalescingKey: "subscribe:" + name)
        }
        if let problem {
            sink?.send(OutgoingFrame(text: ServerMessage.problem(component: name, message: problem)), to: connection, coalescingKey: "problem:" + name)
        }
    }

    /// A `render` message: the host's render fields spliced in as they are, built in one buffer
    /// (the fields are the SVG, kilobytes long, and this runs for every change).
    static func renderMessage(_ name: String, revision: Int, fields: String, valuesText: String, variants: String? = nil) -> String {
        var out = "{\"type\":\"render\",\"component\":"
        out.reserveCapacity(fields.utf8.count + valuesText.utf8.count + (variants?.utf8.count ?? 0) + name.utf8.count + 96)
        JSONValue.writeString(name, into: &out)
        out += ",\"revision\":"
        out += String(revision)
        out += ","
        out += fields
        out += ",\"values\":"
        out += valuesText
        if let variants {
            out += ",\"variants\":"
            out += variants
        }
        out += "}"
        return out
    }

    private enum Admission {
        case answered(CachedAnswer)
        case queued(startPump: Bool)
        case gone
    }

    private func enqueue(_ name: String, _ change: PendingChange) {
        let admission = state.withLock { state -> Admission in
            // Looked up again: a reload may have removed it since the request was checked. Only
            // flags are read: a copy of the entry would make the append below copy the whole line.
            guard let (idle, queued) = state.components[name].map({ ($0.pending.isEmpty && !$0.busy, $0.queued) }) else {
                return .gone
            }
            // Nothing ahead of it and seen before: answered here, on the spot.
            if idle, !state.reloading,
               let answer = state.components[name]!.applyCached(change, name: name, cache: &state.cache) {
                return .answered(answer)
            }
            state.components[name]!.pending.append(change)
            if !queued {
                state.components[name]!.queued = true
                state.queue.append(name)
            }
            return .queued(startPump: state.claimPump())
        }
        switch admission {
        case .answered(let answer):
            deliver([answer], of: name)
        case .queued(let startPump):
            if startPump { workQueue.async { [weak self] in self?.pump() } }
        case .gone:
            let message = "\(name): no such component any more (the component code was reloaded)"
            reply(ServerMessage.error(RequestError(id: change.id, message: message, component: name)), to: change.connection)
        }
    }

    /// Sends each component's waiting changes to the host as one batch, until none are left.
    /// Changes at the front of a component's line that the cache can answer are answered first.
    private func pump() {
        while true {
            let next = state.withLock { state -> (String, [PendingChange], JSONValue, String, any ComponentHost)?? in
                // A reload waits for the pump to stop and starts it again when it is done.
                guard !state.queue.isEmpty, !state.reloading else {
                    state.pumping = false
                    return .none
                }
                let name = state.queue.removeFirst()
                // Taken out while it changes, so its (possibly long) line of changes is not copied.
                guard var entry = state.components.removeValue(forKey: name) else { return .some(nil) }
                // Bounded too, so the socket thread never waits long for the lock.
                var answered: [CachedAnswer] = []
                var cached = 0
                while cached < min(entry.pending.count, Self.maxBatch),
                      let answer = entry.applyCached(entry.pending[cached], name: name, cache: &state.cache) {
                    answered.append(answer)
                    cached += 1
                }
                // Bounded batches, and the component goes to the back of the line: a client that
                // floods one component cannot starve another's changes.
                entry.pending.drop(cached)
                let items = cached > 0 ? [] : entry.pending.take(Self.maxBatch)
                if entry.pending.isEmpty {
                    entry.queued = false
                } else {
                    state.queue.append(name)
                }
                entry.busy = !items.isEmpty
                state.components[name] = entry
                // Sent before the lock is let go: a change the socket thread answers next must
                // not go out ahead of these (its frames would then be replaced by older ones).
                deliver(answered, of: name)
                return (name, items, entry.values, entry.valuesText, state.host)
            }
            guard let taken = next else { return }
            guard let (name, items, base, baseText, host) = taken, !items.isEmpty else { continue }
            process(name, items, base: base, baseText: baseText, host: host)
            state.withLock { $0.components[name]?.busy = false }
        }
    }

    /// Acks each cached answer and sends subscribers the newest render (earlier ones would be
    /// replaced in their queues anyway). May be called with the state locked: it only queues frames.
    private func deliver(_ answers: [CachedAnswer], of name: String) {
        guard let last = answers.last else { return }
        for answer in answers {
            sendAck(answer.change, component: name, revision: answer.revision, notes: answer.hit.notes)
        }
        changed()
        broadcastRender(name, revision: last.revision, fields: last.hit.render, valuesText: last.hit.valuesText, to: last.subscribers)
    }

    private func sendAck(_ item: PendingChange, component name: String, revision: Int, notes: [String]) {
        sendAck(id: item.id, component: name, revision: revision, notes: notes, to: item.connection)
    }

    /// An ack with an id is awaited by that id, so it is never replaced by a later one; acks
    /// without one coalesce per component (the newest revision covers the earlier changes).
    private func sendAck(id: JSONValue?, component name: String, revision: Int, notes: [String], to connection: ConnectionID) {
        let ack = ServerMessage.ack(id: id, component: name, revision: revision, notes: notes)
        sink?.send(OutgoingFrame(text: ack), to: connection, coalescingKey: id == nil ? "ack:" + name : nil)
    }

    private func broadcastRender(_ name: String, revision: Int, fields: String, valuesText: String, to subscribers: [ConnectionID]) {
        guard !subscribers.isEmpty else { return }
        let frame = OutgoingFrame(text: Self.renderMessage(name, revision: revision, fields: fields, valuesText: valuesText))
        sink?.broadcast(frame, to: subscribers, coalescingKey: "render:" + name)
    }

    private func process(_ name: String, _ items: [PendingChange], base: JSONValue, baseText: String, host: any ComponentHost) {
        let result: BatchResult
        do throws(HostError) {
            let reply = try host.call(.batch(WorkerBatch(component: name, base: base, changes: items.map(\.change))))
            switch reply {
            case .batch(let batch): result = batch
            case .refused(let message): throw HostError.unavailable(message)
            default: throw HostError.unavailable("the worker answered a batch with \(reply)")
            }
        } catch {
            let values = items.map(\.summary).filter { !$0.isEmpty }.joined(separator: "; ")
            let message = Self.describe(error, component: name, with: values.isEmpty ? "its current values" : values)
            let subscribers = state.withLock { state -> [ConnectionID] in
                state.components[name]?.problem = message
                return Array(state.components[name]?.subscribers ?? [])
            }
            for item in items {
                let error = RequestError(id: item.id, message: message, component: name, property: item.property)
                self.reply(ServerMessage.error(error, crashed: true), to: item.connection)
            }
            sink?.broadcast(OutgoingFrame(text: ServerMessage.problem(component: name, message: message)), to: subscribers, coalescingKey: "problem:" + name)
            return
        }
        var acks: [(PendingChange, Int, [String])] = []
        let newText = result.values.description
        let outcome = state.withLock { state -> (revision: Int, subscribers: [ConnectionID], fields: String?, valuesText: String)? in
            guard var entry = state.components[name] else { return nil }
            for (item, change) in zip(items, result.results) {
                guard case .accepted(let notes) = change else { continue }
                entry.revision += 1
                acks.append((item, entry.revision, notes))
            }
            guard !acks.isEmpty else { return nil }
            entry.setValues(result.values, text: newText)
            entry.renderFields = result.render ?? entry.renderFields
            entry.problem = nil
            state.components[name] = entry
            return (entry.revision, Array(entry.subscribers), entry.renderFields, entry.valuesText)
        }
        for (item, change) in zip(items, result.results) {
            guard case .refused(let problem) = change else { continue }
            self.reply(ServerMessage.error(RequestError(id: item.id, message: problem.message, component: name, property: problem.property)), to: item.connection)
        }
        for (item, revision, notes) in acks {
            sendAck(item, component: name, revision: revision, notes: notes)
        }
        guard let outcome else { return }
        changed()
        if items.count == 1, acks.count == 1, let render = result.render {
            let key = RenderCache.key(component: name, baseText: baseText, change: items[0].change)
            state.withLock { state in
                // A reload may have replaced the code that made this render meanwhile.
                if state.host === host {
                    state.cache.insert(key, values: result.values, valuesText: outcome.valuesText, notes: acks[0].2, render: render)
                }
            }
        }
        if let fields = outcome.fields {
            broadcastRender(name, revision: outcome.revision, fields: fields, valuesText: outcome.valuesText, to: outcome.subscribers)
        }
    }

    private func preview(_ name: String, values: JSONValue, id: JSONValue?, for connection: ConnectionID) {
        let (base, host) = state.withLock { ($0.components[name]?.values ?? .object([]), $0.host) }
        do throws(HostError) {
            switch try host.call(.preview(WorkerPreview(component: name, base: base, values: values))) {
            case .preview(.rendered(let shown, let render)):
                self.reply(ServerMessage.preview(id: id, component: name, values: shown, render: render), to: connection)
            case .preview(.refused(let problem)):
                self.reply(ServerMessage.error(RequestError(id: id, message: problem.message, component: name, property: problem.property)), to: connection)
            case .refused(let message):
                self.reply(ServerMessage.error(RequestError(id: id, message: message, component: name)), to: connection)
            case let other:
                throw HostError.unavailable("the worker answered a preview with \(other)")
            }
        } catch {
            let message = Self.describe(error, component: name, with: "preview values \(values)")
            self.reply(ServerMessage.error(RequestError(id: id, message: message, component: name), crashed: true), to: connection)
        }
    }

    private func reply(_ text: String, to connection: ConnectionID) {
        sink?.send(OutgoingFrame(text: text), to: connection, coalescingKey: nil)
    }

    // MARK: - Hot reload

    /// Switches to new component code: fetches its catalog, re-checks every component's values
    /// against it, sends the new catalog to everyone and a fresh render to every subscriber.
    /// Connections and values stay. On failure the old host stays in charge.
    public func reload(to host: any ComponentHost) throws(HostError) -> [String] {
        let catalog = try Self.fetchCatalog(from: host)
        // Changes wait while the code is switched, so the values read below stay the newest and
        // nothing the old code answered lands on top of the new code's renders.
        state.withLock { $0.reloading = true }
        workQueue.sync {}
        let saved = snapshot()
        var warnings: [String] = []
        let restored = Self.restore(catalog.names, saved: saved, host: host, warnings: &warnings)
        let swap = state.withLock { state -> (old: any ComponentHost, connections: [ConnectionID], subscribers: [String: [ConnectionID]],
                                               orphans: [(String, PendingChange)], startPump: Bool) in
            let old = state.host
            state.host = host
            state.catalog = catalog
            // Renders of the old code must not answer for the new.
            state.cache.removeAll()
            var components: [String: ComponentState] = [:]
            var subscribers: [String: [ConnectionID]] = [:]
            for (name, var entry) in restored {
                let previous = state.components[name]
                entry.subscribers = previous?.subscribers ?? []
                // Changes that came during the reload go to the new code.
                entry.pending = previous?.pending ?? ChangeLine()
                entry.queued = previous?.queued ?? false
                // A reload is a change: clients must not drop the new render as stale.
                entry.revision = (previous?.revision ?? entry.revision) + 1
                components[name] = entry
                subscribers[name] = Array(entry.subscribers)
            }
            var orphans: [(String, PendingChange)] = []
            for (name, entry) in state.components where components[name] == nil {
                for index in 0..<entry.pending.count { orphans.append((name, entry.pending[index])) }
            }
            state.components = components
            state.queue = state.queue.filter { components[$0] != nil }
            for connection in state.connections {
                state.subscriptions[connection] = state.subscriptions[connection]?.filter { components[$0] != nil }
            }
            state.buildProblem = nil
            state.reloading = false
            return (old, Array(state.connections), subscribers, orphans, state.claimPump())
        }
        swap.old.shutdown()
        for (name, change) in swap.orphans {
            let message = "\(name): no such component any more (the component code was reloaded)"
            reply(ServerMessage.error(RequestError(id: change.id, message: message, component: name)), to: change.connection)
        }
        sink?.broadcast(catalog.frame, to: swap.connections, coalescingKey: nil)
        for (name, watchers) in swap.subscribers {
            for connection in watchers { subscribe(connection, to: name) }
        }
        if swap.startPump { workQueue.async { [weak self] in self?.pump() } }
        changed()
        return warnings
    }

    /// Tells every client about a build: started, failed (with diagnostics) or done.
    public func announceBuild(_ message: String, failed: Bool) {
        let frame = OutgoingFrame(text: message)
        let connections = state.withLock { state -> [ConnectionID] in
            state.buildProblem = failed ? frame : nil
            return Array(state.connections)
        }
        sink?.broadcast(frame, to: connections, coalescingKey: "build")
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

extension JSONValue {
    var objectMembers: [(String, JSONValue)]? {
        if case .object(let members) = self { return members }
        return nil
    }
}
