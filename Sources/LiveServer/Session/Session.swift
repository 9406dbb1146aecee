import Dispatch
import Foundation
import Inspector
import Synchronization

/// The shared inspecting session: current values per component, who watches what, and the
/// protocol's request handling (see docs/protocol.md).
///
/// State is per component and shared by every client. Requests are validated on the calling
/// thread (cheap, all or nothing); rendering runs on a separate queue and is coalesced per
/// component, so a burst of changes renders the newest values and skips the rest.
public final class Session: WebSocketHandler {
    /// One component's shared state.
    struct ComponentState {
        var values: PropertyValues
        var revision: Int
        var subscribers: Set<ConnectionID> = []
        /// The newest render, as JSON without its closing brace, and the revision it shows.
        var renderBody: String
        var renderedRevision: Int
        var renderScheduled = false
    }

    struct State {
        var components: [String: ComponentState] = [:]
        var subscriptions: [ConnectionID: Set<String>] = [:]
    }

    private let registry: Registry
    private let state: Mutex<State>
    private let sinkBox = Mutex<(any MessageSink)?>(nil)
    private let renderQueue = DispatchQueue(label: "starboard.render", qos: .userInitiated, attributes: .concurrent)
    private let catalogFrame: OutgoingFrame
    /// Variants never depend on current values: rendered once, sent on subscribe.
    private let variantsJSON: [String: String]
    /// Called after every accepted change, to save values once changes settle.
    private let changed: @Sendable () -> Void

    /// Starts from `saved` values (already checked against the registry) and renders every component once.
    public init(registry: Registry, saved: [String: SavedComponent] = [:], changed: @escaping @Sendable () -> Void = {}) {
        self.registry = registry
        self.changed = changed
        catalogFrame = OutgoingFrame(text: ServerMessage.catalog(registry))
        var variants: [String: String] = [:]
        var components: [String: ComponentState] = [:]
        for component in registry.components {
            variants[component.name] = ServerMessage.variants(component)
            let values = saved[component.name]?.values ?? component.defaults
            let revision = saved[component.name]?.revision ?? 0
            let body = Self.render(component, values: values, revision: revision)
            components[component.name] = ComponentState(values: values, revision: revision, renderBody: body, renderedRevision: revision)
        }
        variantsJSON = variants
        state = Mutex(State(components: components))
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

    // MARK: - WebSocketHandler

    public func connectionOpened(_ connection: ConnectionID) {
        state.withLock { $0.subscriptions[connection] = [] }
        sink?.send(catalogFrame, to: connection, coalescingKey: nil)
    }

    public func connectionClosed(_ connection: ConnectionID) {
        state.withLock { state in
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
        guard let component = registry.component(named: name) else {
            let error = registry.unknownComponent(name)
            reply(ServerMessage.error(RequestError(id: id, message: error.description, component: name)), to: connection)
            return
        }
        do throws(PropertyError) {
            switch envelope.request {
            case .subscribe:
                subscribe(connection, to: component)
            case .unsubscribe:
                state.withLock { state in
                    state.components[name]?.subscribers.remove(connection)
                    state.subscriptions[connection]?.remove(name)
                }
            case .set(_, let json):
                let changes = try component.values(fromJSON: json)
                try apply(component, id: id, to: connection) { current throws(PropertyError) in
                    try component.resolve(changes: changes, over: current)
                }
            case .reset(_, let properties):
                try apply(component, id: id, to: connection) { current throws(PropertyError) in
                    try component.reset(properties, over: current)
                }
            case .tap(_, let target):
                try apply(component, id: id, to: connection) { current throws(PropertyError) in
                    try component.tap(target, values: current)
                }
            case .preview(_, let json):
                let changes = try component.values(fromJSON: json)
                let current = state.withLock { $0.components[name]!.values }
                let values = try component.resolve(changes: changes, over: current).values
                renderQueue.async { [weak self] in
                    guard let result = try? component.render(values) else { return }
                    self?.reply(ServerMessage.preview(id: id, component: component, result: result), to: connection)
                }
            }
        } catch {
            reply(ServerMessage.error(RequestError(id: id, message: error.description, component: name, property: error.property)), to: connection)
        }
    }

    private func subscribe(_ connection: ConnectionID, to component: ComponentDefinition) {
        let body = state.withLock { state -> String in
            state.components[component.name]!.subscribers.insert(connection)
            state.subscriptions[connection, default: []].insert(component.name)
            return state.components[component.name]!.renderBody
        }
        let full = body + ",\"variants\":" + (variantsJSON[component.name] ?? "[]") + "}"
        // Its own key: a later broadcast must not replace the one frame that carries the variants.
        sink?.send(OutgoingFrame(text: full), to: connection, coalescingKey: "subscribe:" + component.name)
    }

    /// Applies a change computed from the current values (all or nothing), acknowledges it and
    /// schedules a render for every subscriber.
    private func apply(_ component: ComponentDefinition, id: JSONValue?, to connection: ConnectionID,
                       _ change: (PropertyValues) throws(PropertyError) -> Resolution) throws(PropertyError) {
        let (revision, notes, schedule) = try state.withLock { (state) throws(PropertyError) -> (Int, [String], Bool) in
            var entry = state.components[component.name]!
            let resolution = try change(entry.values)
            entry.values = resolution.values
            entry.revision += 1
            let schedule = !entry.renderScheduled
            entry.renderScheduled = true
            state.components[component.name] = entry
            return (entry.revision, resolution.notes, schedule)
        }
        // Acks coalesce per component: a client that sends faster than it reads gets the newest
        // one (its revision covers the earlier changes) instead of a queue that gets it dropped.
        sink?.send(OutgoingFrame(text: ServerMessage.ack(id: id, component: component.name, revision: revision, notes: notes)),
                   to: connection, coalescingKey: "ack:" + component.name)
        changed()
        if schedule {
            renderQueue.async { [weak self] in self?.renderLatest(component) }
        }
    }

    /// Renders the newest values until no newer change arrived meanwhile, broadcasting each result.
    private func renderLatest(_ component: ComponentDefinition) {
        while true {
            let (values, revision) = state.withLock { state in
                (state.components[component.name]!.values, state.components[component.name]!.revision)
            }
            let body = Self.render(component, values: values, revision: revision)
            let (subscribers, done) = state.withLock { state -> ([ConnectionID], Bool) in
                var entry = state.components[component.name]!
                if revision > entry.renderedRevision {
                    entry.renderBody = body
                    entry.renderedRevision = revision
                }
                let done = entry.revision == revision
                if done { entry.renderScheduled = false }
                state.components[component.name] = entry
                return (Array(entry.subscribers), done)
            }
            if !subscribers.isEmpty {
                sink?.broadcast(OutgoingFrame(text: body + "}"), to: subscribers, coalescingKey: "render:" + component.name)
            }
            if done { return }
        }
    }

    private static func render(_ component: ComponentDefinition, values: PropertyValues, revision: Int) -> String {
        let started = DispatchTime.now().uptimeNanoseconds
        // Values were resolved against this registry, so rendering cannot fail here.
        let result = try! component.render(values)
        let micros = Int((DispatchTime.now().uptimeNanoseconds - started) / 1000)
        return ServerMessage.renderBody(component: component, revision: revision, result: result, micros: micros)
    }

    private func reply(_ text: String, to connection: ConnectionID) {
        sink?.send(OutgoingFrame(text: text), to: connection, coalescingKey: nil)
    }
}

/// A component's values and revision as the state file keeps them.
public struct SavedComponent: Sendable, Equatable {
    public var values: PropertyValues
    public var revision: Int

    public init(values: PropertyValues, revision: Int) {
        self.values = values
        self.revision = revision
    }
}
