import Dispatch
import StarboardInspector

/// The shared inspecting session as a state machine: events in (a client connected, a request
/// came, the worker answered), ``SessionEffects`` out. No threads, locks or sockets: ``Session``
/// runs it, and tests drive it step by step, the worker's answers included.
///
/// The jobs are spread over small parts: ``Subscriptions`` (who watches what),
/// ``ChangeScheduler`` (admission, the cache, batching, what goes to the worker next),
/// ``CrashReport``, ``ServerMessage`` (building messages) and the reload swap below; this type
/// dispatches requests and applies the worker's answers.
struct SessionCore {
    /// What the worker said about the components: schema and pre-rendered variants.
    struct Catalog {
        var names: [String]
        /// The `catalog` message, encoded once for every client.
        var frame: OutgoingFrame
        /// Each component's variants as JSON text, sent with the render that answers `subscribe`.
        var variants: [String: String]
        /// What saving a variant needs to know of each component, read from the schema.
        var declarations: [String: Declaration]

        /// A component's Swift type, its properties in declaration order, and the names its
        /// variants already have (as ``VariantName/key(_:)`` compares them), those saved since
        /// the catalog came included.
        struct Declaration {
            var swiftType: String
            var properties: [PropertyDescriptor]
            var variantNames: Set<String>
            /// Whether every property of the schema could be read, so that a name not among
            /// `properties` is truly none of the component's.
            var knowsEveryProperty = true
        }

        init(_ catalog: WorkerCatalog) {
            names = catalog.names
            frame = OutgoingFrame(text: ServerMessage.catalog(components: catalog.schema).text)
            variants = catalog.variants.mapValues(\.description)
            declarations = [:]
            if case .array(let schemas) = catalog.schema {
                for schema in schemas {
                    guard let name = schema["name"]?.stringValue, case .array(let properties)? = schema["properties"] else { continue }
                    var variantNames = Set<String>()
                    if case .array(let listed)? = catalog.variants[name] { variantNames.formUnion(listed.compactMap { $0["name"]?.stringValue.map(VariantName.key) }) }
                    let read = properties.compactMap(PropertyDescriptor.init(schema:))
                    declarations[name] = Declaration(swiftType: schema["swiftType"]?.stringValue ?? name, properties: read,
                                                     variantNames: variantNames, knowsEveryProperty: read.count == properties.count)
                }
            }
        }
    }

    private(set) var catalog: Catalog
    private(set) var components: [String: ComponentState]
    private(set) var subscriptions = Subscriptions()
    private(set) var scheduler = ChangeScheduler()
    /// The newest build failure, sent to clients that connect while it stands.
    private var buildProblem: OutgoingFrame?
    /// Why values are not being saved, sent to clients that connect while it stands.
    private var savingProblem: OutgoingFrame?
    /// Each component's variants rendered in other environments than the standard one, as JSON
    /// text, for the render that answers a `subscribe` there (the standard ones are in `catalog`).
    private var environmentVariants: [String: [RenderEnvironment: String]] = [:]
    /// Subscriptions in other environments still to be answered with a render and the variants,
    /// by component.
    private var awaitingFirstRender: [String: [Subscriptions.Watch.Waiting]] = [:]
    /// Most environments one call to the worker renders a component's values in (and its
    /// variants in); more go in later turns, so others' changes go between.
    /// Eight: a page watches at most seven (its own and a matrix of six), which stay one call.
    static let maxEnvironmentsPerCall = 8
    /// Most environments one call renders the component's variants in: each is a render per
    /// variant, the heaviest part of a subscription in a new environment.
    static let maxVariantEnvironmentsPerCall = 4
    /// The environments a component's values at `revision` were sent to be rendered in.
    private var refreshTried: [String: (revision: Int, environments: Set<RenderEnvironment>)] = [:]
    /// Each component's shared history (actions log, undo and redo), kept apart from its state
    /// so that copies of the state never copy the log; it outlives reloads of the component code.
    private(set) var histories: [String: History] = [:]
    /// The time of an entry of the actions log, in milliseconds since 1970 (tests set their own).
    var clock: @Sendable () -> Double = History.wallClock
    /// Seconds on a clock that never goes back, for spacing presence out (tests set their own).
    var monotonic: @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Most `history` replies one connection is sent for one state of a component's log. A page
    /// asks once when it starts watching the component (again after watching another); 3,000
    /// asked for at once and never read each made the whole log again on the service thread, and
    /// held another client's round trip back 7.5 s.
    static let maxHistoryRepliesPerState = 16
    /// The `history` replies each connection was sent at each component's log version.
    private var historyReplies: [ConnectionID: [String: (version: Int, count: Int)]] = [:]
    /// Each component's `history` reply without its id, at the log version it was made at.
    private var historyBodies: [String: (version: Int, body: ServerMessage.HistoryBody)] = [:]

    /// Least time between two `presence` messages of a component to a window. Each window that
    /// joins or leaves changes the count every other window is told: 1,000 windows joining once
    /// made ~500,000 messages, and a `set`'s render did not reach them within 30 s. Now a burst
    /// of joins is told at most this often, with the newest count.
    static let presenceInterval = 0.25
    /// Components whose count changed since it was last told.
    private var presenceDue: Set<String> = []
    /// When presence was last told (nil: never), and whether a wake is asked for.
    private var presenceToldAt: Double?
    private var presenceWakeAsked = false

    init(catalog: Catalog, components: [String: ComponentState]) {
        self.catalog = catalog
        self.components = components
    }

    /// Current values and revision of every component.
    var snapshot: [String: SavedComponent] {
        components.mapValues { SavedComponent(values: $0.values, revision: $0.revision) }
    }

    /// What the user changed of every component, for saving and for new component code: the
    /// values that differ from the current code's defaults. A default is never kept, so a
    /// default changed in code is the value after a reload or a restart, and a kept value the
    /// new code made the default is dropped the next time values are saved.
    var changes: [String: SavedComponent] {
        components.reduce(into: [:]) { saved, entry in
            saved[entry.key] = SavedComponent(values: changedValues(entry.value.values, of: entry.key), revision: entry.value.revision)
        }
    }

    /// `values` without the members equal to the component's defaults (a property the catalog
    /// does not know stays, for the new code to drop with a warning).
    func changedValues(_ values: JSONValue, of name: String) -> JSONValue {
        guard let properties = catalog.declarations[name]?.properties, let members = values.objectMembers else { return values }
        var defaults: [String: JSONValue] = [:]
        for property in properties { defaults[property.name] = property.defaultValue.json }
        return .object(members.filter { member in
            guard let value = defaults[member.0] else { return true }
            return !Self.sameValue(member.1, value)
        })
    }

    /// Equal as property values: numbers by value whether written as integers or not, objects
    /// (sizes, points) member by member in any order.
    static func sameValue(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if let x = a.doubleValue, let y = b.doubleValue, a.isNumber, b.isNumber { return x == y }
        if let left = a.objectMembers, let right = b.objectMembers {
            guard left.count == right.count else { return false }
            return left.allSatisfy { member in right.contains { $0.0 == member.0 && sameValue($0.1, member.1) } }
        }
        return a == b
    }

    // MARK: - Connections

    mutating func opened(_ connection: ConnectionID, into out: inout SessionEffects) {
        subscriptions.open(connection)
        out.send(catalog.frame, to: connection)
        out.send(ServerMessage.welcome(window: connection.rawValue), to: connection)
        if let buildProblem { out.send(buildProblem, to: connection, coalescingKey: "build") }
        if let savingProblem { out.send(savingProblem, to: connection, coalescingKey: "saving") }
    }

    /// How many environments (devices, schemes, text sizes, …) one connection may watch one
    /// component in at once: a window's own and the biggest matrix's eight, with room to spare.
    /// Each is rendered after every change, so the bound is what one window can cost.
    static let maximumEnvironmentsPerComponent = 16

    mutating func closed(_ connection: ConnectionID, into out: inout SessionEffects) {
        let watched = Set(subscriptions.watches(of: connection).map(\.component))
        subscriptions.close(connection)
        scheduler.forget(connection)
        historyReplies[connection] = nil
        for name in watched.sorted() {
            forgetUnwatchedEnvironments(of: name)
            announcePresence(of: name, into: &out)
        }
    }

    /// Drops what was made for environments of the component that nobody watches any more: a
    /// client subscribing and unsubscribing across thousands of environments must not leave
    /// their variants' renders behind.
    private mutating func forgetUnwatchedEnvironments(of name: String) {
        environmentVariants[name] = environmentVariants[name]?.filter { subscriptions.isWatched(name, in: $0.key) }
        if environmentVariants[name]?.isEmpty == true { environmentVariants[name] = nil }
        guard let renders = components[name]?.environmentRenders else { return }
        components[name]?.environmentRenders = renders.filter { subscriptions.isWatched(name, in: $0.key) }
    }

    /// Tells a component's windows how many windows watch it (in any environment): at once when
    /// nothing was told in the last ``presenceInterval``, else at its end, with the count then.
    private mutating func announcePresence(of name: String, into out: inout SessionEffects) {
        presenceDue.insert(name)
        guard !presenceWakeAsked else { return }
        let wait = (presenceToldAt ?? -.infinity) + Self.presenceInterval - monotonic()
        if wait <= 0 {
            tellPresence(into: &out)
        } else {
            presenceWakeAsked = true
            out.wake(after: wait)
        }
    }

    /// The time asked for with ``SessionEffects/wake(after:)`` has come: the counts that changed
    /// meanwhile are told.
    mutating func wake(into out: inout SessionEffects) {
        presenceWakeAsked = false
        tellPresence(into: &out)
    }

    private mutating func tellPresence(into out: inout SessionEffects) {
        guard !presenceDue.isEmpty else { return }
        presenceToldAt = monotonic()
        for name in presenceDue.sorted() {
            let watchers = subscriptions.allSubscribers(of: name)
            out.broadcast(ServerMessage.presence(component: name, windows: watchers.count), to: watchers, coalescingKey: "presence:" + name)
        }
        presenceDue = []
    }

    // MARK: - Requests

    mutating func received(_ parsed: Result<Envelope, RequestError>, from connection: ConnectionID, into out: inout SessionEffects) {
        switch parsed {
        case .failure(let error):
            out.send(ServerMessage.error(error), to: connection)
        case .success(let envelope):
            handle(envelope, from: connection, into: &out)
        }
    }

    mutating func handle(_ envelope: Envelope, from connection: ConnectionID, into out: inout SessionEffects) {
        let id = envelope.id
        let name = envelope.request.component
        guard components[name] != nil else {
            let message = "\(name): no such component; registered are " + catalog.names.joined(separator: ", ")
            out.send(ServerMessage.error(RequestError(id: id, message: message, component: name)), to: connection)
            return
        }
        switch envelope.request {
        case .subscribe(_, let environment):
            let watched = subscriptions.watches(of: connection).filter { $0.component == name }
            guard watched.count < Self.maximumEnvironmentsPerComponent || watched.contains(where: { $0.environment == environment }) else {
                let message = "\(name): this window already watches it in \(Self.maximumEnvironmentsPerComponent) environments, "
                    + "the most one window may; unsubscribe from one first"
                out.send(ServerMessage.error(RequestError(id: id, message: message, component: name)), to: connection)
                return
            }
            subscribe(connection, to: name, in: environment, id: id, into: &out)
        case .unsubscribe(_, let environment):
            let watched = subscriptions.allSubscribers(of: name).count
            subscriptions.unsubscribe(connection, from: name, in: environment)
            awaitingFirstRender[name]?.removeAll { $0.connection == connection && $0.environment == environment }
            forgetUnwatchedEnvironments(of: name)
            if let id { ack(id: id, component: name, revision: components[name]!.revision, notes: [], to: connection, into: &out) }
            if subscriptions.allSubscribers(of: name).count != watched { announcePresence(of: name, into: &out) }
        case .set(_, let values):
            let members = values.objectMembers ?? []
            // Nothing to change: acknowledged at the current revision, which it must not bump.
            guard !members.isEmpty else {
                ack(id: id, component: name, revision: components[name]!.revision, notes: [], to: connection, into: &out)
                return
            }
            if let refusal = schemaRefusal(of: values, for: name, id: id) {
                out.send(ServerMessage.error(refusal), to: connection)
                return
            }
            admit(name, PendingChange(connection: connection, id: id, change: .set(values), property: members.count == 1 ? members[0].0 : nil), into: &out)
        case .reset(_, let properties):
            admit(name, PendingChange(connection: connection, id: id, change: .reset(properties), property: nil), into: &out)
        case .tap(_, let tap):
            admit(name, PendingChange(connection: connection, id: id, change: .tap(tap), property: nil), into: &out)
        case .preview(_, let values, let environment):
            if let refusal = schemaRefusal(of: values, for: name, id: id) {
                out.send(ServerMessage.error(refusal), to: connection)
                return
            }
            admit(PendingPreview(connection: connection, id: id, component: name, values: values, environment: environment), into: &out)
        case .audit(_, let environment):
            admit(PendingPreview(connection: connection, id: id, component: name, values: .object([]), environment: environment, audit: true), into: &out)
        case .undo:
            // Resolved when it goes to the worker, after the changes ahead of it.
            admit(name, PendingChange(connection: connection, id: id, change: .replace(.null), property: nil, origin: .undo(nil)), into: &out)
        case .redo:
            admit(name, PendingChange(connection: connection, id: id, change: .replace(.null), property: nil, origin: .redo(nil)), into: &out)
        case .history:
            let history = histories[name] ?? History()
            let told = historyReplies[connection]?[name].flatMap { $0.version == history.version ? $0.count : nil } ?? 0
            guard told < Self.maxHistoryRepliesPerState else {
                let message = "\(name): this connection was sent the history \(told) times since it last changed, the most one connection "
                    + "may (\(Self.maxHistoryRepliesPerState)); its changes come as `action` messages"
                out.send(ServerMessage.error(RequestError(id: id, message: message, component: name)), to: connection)
                return
            }
            historyReplies[connection, default: [:]][name] = (history.version, told + 1)
            if historyBodies[name]?.version != history.version {
                historyBodies[name] = (history.version, ServerMessage.HistoryBody(component: name, entries: history.entries.map(\.json),
                                                                                 canUndo: history.canUndo, canRedo: history.canRedo))
            }
            out.send(ServerMessage.history(id: id, body: historyBodies[name]!.body), to: connection)
        case .source:
            guard let declaration = catalog.declarations[name] else {
                out.send(ServerMessage.source(id: id, component: name, .unavailable("the catalog does not say how \(name) is declared")), to: connection)
                return
            }
            out.source(SourceJob(connection: connection, id: id, component: name, swiftType: declaration.swiftType, kind: .locate))
        case .saveVariant(_, let variantName, let revision, let digest, let dryRun):
            switch variantDraft(of: name, named: variantName, at: revision) {
            case .success(let (swiftType, values)):
                out.source(SourceJob(connection: connection, id: id, component: name, swiftType: swiftType,
                                     kind: .save(name: variantName, values: values, digest: digest, write: !dryRun)))
            case .failure(let problem):
                let verb = dryRun ? "would not save" : "cannot save"
                out.send(ServerMessage.error(RequestError(id: id, message: "\(name): \(verb) the variant: \(problem.description)", component: name)), to: connection)
            }
        case .restore(_, let revision):
            guard let values = histories[name]?.values(after: revision) else {
                let message = "\(name): revision \(revision) is not in the history (it keeps the newest \(History.limit) changes since the server started)"
                out.send(ServerMessage.error(RequestError(id: id, message: message, component: name)), to: connection)
                return
            }
            admit(name, PendingChange(connection: connection, id: id, change: .replace(values), property: nil, origin: .restore(revision: revision)), into: &out)
        }
    }

    /// Why the catalog's schema refuses `values` (an unknown property, a value of the wrong kind
    /// or out of its declared bounds), or nil when it does not: checked here, as the worker would,
    /// so that a refused change never waits for the worker nor costs it a turn. 4,000 refused
    /// sets of 250 KB once kept the worker reading and refusing them past its 2 s limit, and
    /// every window of the component was told it had timed out. Bounds that depend on other
    /// properties are left to the worker, which knows the current values.
    private func schemaRefusal(of values: JSONValue, for name: String, id: JSONValue?) -> RequestError? {
        guard let declaration = catalog.declarations[name], let members = values.objectMembers else { return nil }
        let properties = declaration.properties
        for (key, raw) in members {
            guard let property = properties.first(where: { $0.name == key }) else {
                guard declaration.knowsEveryProperty else { continue }
                let error = PropertyError(component: name, property: key,
                                          message: "no such property; \(name) has " + properties.map(\.name).joined(separator: ", "))
                return RequestError(id: id, message: error.description, component: name, property: key)
            }
            // Bytes first, as the descriptor does, but before it spells out what came: writing out
            // and counting the characters of a 250 KB string took longer than refusing it.
            if property.kind == .string, let text = raw.stringValue,
               text.utf8.count > PropertyDescriptor.maxStringBytes(maxLength: property.constraints.maxLength) {
                let limit = PropertyDescriptor.maxStringBytes(maxLength: property.constraints.maxLength)
                let error = PropertyError(component: name, property: key, message: "expected a string of at most \(limit) bytes of UTF-8, got one of \(text.utf8.count)")
                return RequestError(id: id, message: error.description, component: name, property: key)
            }
            do {
                _ = try property.value(fromJSON: raw, component: name)
            } catch {
                return RequestError(id: id, message: error.description, component: name, property: key)
            }
        }
        return nil
    }

    /// A source job is done: its reply to the client that asked, and after a variant was
    /// written, the file's new digest to the other windows of every component in that file.
    mutating func answered(_ job: SourceJob, _ answer: SourceDesk.Answer, into out: inout SessionEffects) {
        out.send(answer.reply, to: job.connection)
        // Taken from now on, before the rebuild brings the new catalog (or when none runs).
        if case .save(let variantName, _, _, true) = job.kind, !answer.changed.isEmpty {
            catalog.declarations[job.component]?.variantNames.insert(VariantName.key(variantName))
        }
        for (component, message) in answer.changed {
            out.broadcast(message, to: subscriptions.allSubscribers(of: component).filter { $0 != job.connection || component != job.component })
        }
    }

    /// The component's current values that differ from its defaults, in declaration order, as
    /// a variant named `variantName` records them; refused when the values moved on from
    /// `revision` (the page would save values it has not shown) or the name is taken.
    private func variantDraft(of name: String, named variantName: String, at revision: Int)
        -> Result<(swiftType: String, values: [VariantSource.Assignment]), VariantSourceError> {
        guard let declaration = catalog.declarations[name], let state = components[name] else {
            return .failure(VariantSourceError("its declaration is not known"))
        }
        guard state.revision == revision else {
            return .failure(VariantSourceError("the values changed (revision \(revision) is now \(state.revision)) since the page showed them; look at them and save again"))
        }
        guard !declaration.variantNames.contains(VariantName.key(variantName)) else {
            return .failure(VariantSourceError("\(name) already has a variant named \"\(variantName)\" (\(VariantName.rule))"))
        }
        var values: [VariantSource.Assignment] = []
        for property in declaration.properties {
            guard let json = state.values[property.name] else { continue }
            let value: PropertyValue
            do {
                value = try property.value(fromJSON: json, component: name)
            } catch {
                return .failure(VariantSourceError("the current value of \(property.name) cannot be written as Swift: \(error.description)"))
            }
            // Compared as values: 44 and 44.0 are one size.
            if value != property.defaultValue { values.append(VariantSource.Assignment(property.name, value, options: property.constraints.options)) }
        }
        return .success((declaration.swiftType, values))
    }

    /// Sends the current render (with the variants) and any standing problem; a request with an
    /// id is acknowledged first. In another environment than the standard one the render comes
    /// when the worker has made it, unless it is at hand.
    private mutating func subscribe(_ connection: ConnectionID, to name: String, in environment: RenderEnvironment = .standard,
                                    id: JSONValue?, into out: inout SessionEffects) {
        let watched = subscriptions.allSubscribers(of: name).count
        guard subscriptions.subscribe(connection, to: name, in: environment) else {
            let limit = Subscriptions.maxWatchesPerConnection
            let message = "\(name): cannot subscribe in \(environment.name): this connection watches \(limit) components and environments, "
                + "the most one connection may (\(limit)); unsubscribe from some first"
            out.send(ServerMessage.error(RequestError(id: id, message: message, component: name)), to: connection)
            return
        }
        if subscriptions.allSubscribers(of: name).count != watched { announcePresence(of: name, into: &out) }
        let entry = components[name]!
        if let id { ack(id: id, component: name, revision: entry.revision, notes: [], to: connection, into: &out) }
        guard environment == .standard else {
            if let fields = entry.environmentRenders[environment], let variants = environmentVariants[name]?[environment] {
                let render = ServerMessage.render(.init(component: name, revision: entry.revision, fields: fields, valuesText: entry.valuesText,
                                                  variants: variants, environment: environment))
                out.send(render, to: connection, coalescingKey: "subscribe:\(name):\(environment.name)")
            } else {
                let waiting = Subscriptions.Watch.Waiting(connection: connection, environment: environment)
                if !(awaitingFirstRender[name]?.contains(waiting) ?? false) { awaitingFirstRender[name, default: []].append(waiting) }
                scheduler.refresh(name)
                pump(into: &out)
            }
            if let problem = entry.problem {
                out.send(ServerMessage.problem(component: name, message: problem), to: connection, coalescingKey: "problem:" + name)
            }
            return
        }
        if let fields = entry.renderFields {
            let render = ServerMessage.render(.init(component: name, revision: entry.revision, fields: fields, valuesText: entry.valuesText,
                                              variants: catalog.variants[name] ?? "[]"))
            // Its own key: a later broadcast must not replace the one frame that carries the variants.
            out.send(render, to: connection, coalescingKey: "subscribe:" + name)
        }
        if let problem = entry.problem {
            out.send(ServerMessage.problem(component: name, message: problem), to: connection, coalescingKey: "problem:" + name)
        }
    }

    private mutating func admit(_ name: String, _ change: PendingChange, into out: inout SessionEffects) {
        switch scheduler.admit(change, to: name, state: &components[name]!) {
        case .answered(let answer):
            deliver([answer], of: name, into: &out)
        case .queued:
            pump(into: &out)
        case .refused(let message):
            out.send(ServerMessage.error(RequestError(id: change.id, message: message, component: name, property: change.property)), to: change.connection)
        }
    }

    /// Queues a preview; those it pushes out of the client's bound are answered as superseded.
    private mutating func admit(_ preview: PendingPreview, into out: inout SessionEffects) {
        for old in scheduler.admit(preview) {
            let message = "\(old.component): \(old.audit ? "audit" : "preview") superseded by newer ones from this connection "
                + "(at most \(PreviewQueue.maxPerComponent) per component and \(PreviewQueue.maxPerClient) in all wait)"
            out.send(ServerMessage.error(RequestError(id: old.id, message: message, component: old.component)), to: old.connection)
        }
        pump(into: &out)
    }

    /// Acks each answer and sends subscribers the newest render (earlier ones would be replaced in
    /// their queues anyway).
    private mutating func deliver(_ answers: [CachedAnswer], of name: String, into out: inout SessionEffects) {
        guard let first = answers.first, let last = answers.last else { return }
        for answer in answers {
            ack(id: answer.change.id, component: name, revision: answer.revision, notes: answer.hit.notes, to: answer.change.connection, into: &out)
        }
        let notes = answers.filter { $0.change.isTap }.flatMap(\.hit.notes)
        record(name, before: first.before, after: last.hit.values, revision: last.revision, changes: answers.map(\.change), notes: notes, into: &out)
        out.changed()
        broadcastRender(name, revision: last.revision, fields: last.hit.render, valuesText: last.hit.valuesText, into: &out)
        refreshOtherEnvironments(of: name)
    }

    /// Windows that preview the component in other environments get renders of the new values
    /// there, made by the worker once the changes ahead are done.
    private mutating func refreshOtherEnvironments(of name: String) {
        if !subscriptions.otherEnvironments(of: name).isEmpty { scheduler.refresh(name) }
    }

    /// An ack with an id is awaited by that id, so it is never replaced by a later one; acks
    /// without one coalesce per component (the newest revision covers the earlier changes).
    private func ack(id: JSONValue?, component: String, revision: Int, notes: [String], to connection: ConnectionID, into out: inout SessionEffects) {
        out.send(ServerMessage.ack(id: id, component: component, revision: revision, notes: notes), to: connection,
                 coalescingKey: id == nil ? "ack:" + component : nil)
    }

    /// Adds accepted changes to the component's shared history and tells its windows (the
    /// actions log, and whether undo and redo can go further).
    /// `notes` are what the batch's taps told (a control bound to a constant changed nothing).
    private mutating func record(_ name: String, before: JSONValue, after: JSONValue, revision: Int, changes: [PendingChange],
                                 notes: [String] = [], into out: inout SessionEffects) {
        // In place: a copy of the state would copy the log's arrays on every change.
        guard let action = histories[name, default: History()].record(before: before, after: after, revision: revision, time: clock(),
                                                                     items: changes.map { (window: $0.connection.rawValue, change: $0.change, origin: $0.origin) },
                                                                     notes: notes),
              let history = histories[name] else { return }
        let watchers = subscriptions.allSubscribers(of: name)
        guard !watchers.isEmpty else { return }
        out.broadcast(ServerMessage.action(component: name, entry: action.json, canUndo: history.canUndo, canRedo: history.canRedo), to: watchers)
    }

    private func broadcastRender(_ name: String, revision: Int, fields: String, valuesText: String,
                                 in environment: RenderEnvironment = .standard, except: Set<ConnectionID> = [], into out: inout SessionEffects) {
        let key = environment == .standard ? "render:" + name : "render:\(name):\(environment.name)"
        out.broadcast(ServerMessage.render(.init(component: name, revision: revision, fields: fields, valuesText: valuesText, environment: environment)),
                      to: subscriptions.subscribers(of: name, in: environment).filter { !except.contains($0) }, coalescingKey: key)
    }

    // MARK: - The worker

    /// Gives the worker its next request, answering what the cache can on the way.
    mutating func pump(into out: inout SessionEffects) {
        while let step = scheduler.next(&components) {
            switch step {
            case .answered(let name, let answers):
                deliver(answers, of: name, into: &out)
            case .batch(let name, var items):
                if items.count == 1, items[0].origin.isUnresolvedMove, !items[0].resolveMove(in: &histories[name, default: History()]) {
                    let what = if case .undo = items[0].origin { "undo" } else { "redo" }
                    out.send(ServerMessage.error(RequestError(id: items[0].id, message: "\(name): nothing to \(what)", component: name)), to: items[0].connection)
                    continue
                }
                let entry = components[name]!
                let number = scheduler.started(.batch(component: name, items: items, baseText: entry.valuesText))
                out.call(number, .batch(WorkerBatch(component: name, base: entry.values, changes: items.map(\.change))))
                return
            case .preview(var preview):
                guard let entry = components[preview.component] else {
                    let message = "\(preview.component): no such component any more (the component code was reloaded)"
                    out.send(ServerMessage.error(RequestError(id: preview.id, message: message, component: preview.component)), to: preview.connection)
                    continue
                }
                preview.revision = entry.revision
                let number = scheduler.started(.preview(preview))
                out.call(number, .preview(WorkerPreview(component: preview.component, base: entry.values, values: preview.values,
                                                        environment: preview.environment, audit: preview.audit)))
                return
            case .refresh(let name):
                guard let call = refreshCall(for: name, into: &out) else { continue }
                let number = scheduler.started(.refresh(component: name, revision: components[name]!.revision,
                                                        environments: call.environments, variants: call.variants))
                out.call(number, .render(call))
                return
            }
        }
    }

    /// The worker's answer to request `number`.
    mutating func replied(_ number: UInt64, _ result: Result<WorkerReply, HostError>, into out: inout SessionEffects) {
        guard let call = scheduler.finish(number) else { return }
        switch call.work {
        case .batch(let name, let items, let baseText):
            switch result {
            case .success(.batch(let batch)) where batch.results.count == items.count:
                applied(batch, of: items, to: name, baseText: baseText, into: &out)
            case .success(.refused(let message)):
                for item in items {
                    histories[name]?.giveBack(item.origin)
                    out.send(ServerMessage.error(RequestError(id: item.id, message: message, component: name, property: item.property)), to: item.connection)
                }
            case .success(let other):
                crashed(name, items, .unavailable("the worker answered a batch with \(other)"), into: &out)
            case .failure(let error):
                crashed(name, items, error, into: &out)
            }
        case .preview(let preview):
            previewed(preview, result, into: &out)
        case .refresh(let name, let revision, let environments, let variants):
            refreshed(name, revision: revision, environments: environments, variants: variants, result, into: &out)
        }
        pump(into: &out)
    }

    /// What to ask the worker for a component's other environments: the renders nobody has yet
    /// (those at hand answer waiting subscriptions now), and variants where a subscription needs
    /// them. Nil when nothing is left to ask.
    private mutating func refreshCall(for name: String, into out: inout SessionEffects) -> WorkerRender? {
        guard let entry = components[name] else { return nil }
        let tried = triedEnvironments(of: name)
        var needed = subscriptions.otherEnvironments(of: name).filter { entry.environmentRenders[$0] == nil && !tried.contains($0) }
        var variants: [RenderEnvironment] = []
        for waiting in awaitingFirstRender[name] ?? [] {
            if entry.environmentRenders[waiting.environment] == nil, !needed.contains(waiting.environment) { needed.append(waiting.environment) }
            if environmentVariants[name]?[waiting.environment] == nil, !variants.contains(waiting.environment) { variants.append(waiting.environment) }
        }
        answerWaiting(name, into: &out)
        // A few at a time: one call is a turn of the worker everyone else waits for. The rest go
        // in the next turns.
        needed = Array(needed.prefix(Self.maxEnvironmentsPerCall))
        variants = Array(variants.prefix(Self.maxVariantEnvironmentsPerCall))
        guard !needed.isEmpty || !variants.isEmpty else { return nil }
        refreshTried[name] = (entry.revision, tried.union(needed))
        return WorkerRender(component: name, base: entry.values, environments: needed, variants: variants)
    }

    /// The environments rendered (or tried: a render may fail) for the component's current values.
    private func triedEnvironments(of name: String) -> Set<RenderEnvironment> {
        guard let tried = refreshTried[name], tried.revision == components[name]?.revision else { return [] }
        return tried.environments
    }

    /// Answers the subscriptions whose render and variants are both at hand.
    private mutating func answerWaiting(_ name: String, into out: inout SessionEffects) {
        guard let entry = components[name], var waiting = awaitingFirstRender[name] else { return }
        waiting.removeAll { item in
            guard subscriptions.isWatched(name, in: item.environment) else { return true }
            guard let fields = entry.environmentRenders[item.environment], let variants = environmentVariants[name]?[item.environment] else { return false }
            let render = ServerMessage.render(.init(component: name, revision: entry.revision, fields: fields, valuesText: entry.valuesText,
                                              variants: variants, environment: item.environment))
            out.send(render, to: item.connection, coalescingKey: "subscribe:\(name):\(item.environment.name)")
            return true
        }
        awaitingFirstRender[name] = waiting.isEmpty ? nil : waiting
    }

    /// The worker's renders in other environments: kept while the values are still those, sent
    /// to the windows there (a subscription waiting for its first render gets the variants too).
    /// A render that failed, or component code that crashed on it, is a problem in that
    /// environment only.
    private mutating func refreshed(_ name: String, revision: Int, environments: [RenderEnvironment], variants: [RenderEnvironment],
                                    _ result: Result<WorkerReply, HostError>, into out: inout SessionEffects) {
        guard var entry = components[name] else { return }
        let current = entry.revision == revision
        switch result {
        case .success(.render(let set)) where set.renders.count == environments.count && set.variants.count == variants.count:
            for (environment, list) in zip(variants, set.variants) {
                environmentVariants[name, default: [:]][environment] = list.description
            }
            let waiting = Set((awaitingFirstRender[name] ?? []).map(\.connection))
            for (environment, render) in zip(environments, set.renders) {
                switch render {
                case .success(let fields):
                    if current { entry.environmentRenders[environment] = fields }
                    components[name] = entry
                    broadcastRender(name, revision: revision, fields: fields, valuesText: entry.valuesText, in: environment,
                                    except: current ? waiting : [], into: &out)
                case .failure(let problem):
                    let message = "\(name) could not be rendered in \(environment.name): \(problem.message)"
                    out.broadcast(ServerMessage.problem(component: name, message: message, environment: environment),
                                  to: subscriptions.subscribers(of: name, in: environment), coalescingKey: "problem:\(name):\(environment.name)")
                    if current { answeredByProblem(name, [environment]) }
                }
            }
            components[name] = entry
            if current { answerWaiting(name, into: &out) }
        case .success(.refused(let message)):
            for environment in environments {
                out.broadcast(ServerMessage.problem(component: name, message: message, environment: environment),
                              to: subscriptions.subscribers(of: name, in: environment), coalescingKey: "problem:\(name):\(environment.name)")
            }
            if current { answeredByProblem(name, environments) }
        case .success(let other):
            environmentCrashed(name, environments, .unavailable("the worker answered a render with \(other)"), into: &out)
        case .failure(let error):
            environmentCrashed(name, environments, error, into: &out)
        }
        // The values moved on meanwhile: what was made is stale, so the newest values go next;
        // environments left for the next turn go then too.
        let tried = triedEnvironments(of: name)
        let left = current && subscriptions.otherEnvironments(of: name).contains { components[name]?.environmentRenders[$0] == nil && !tried.contains($0) }
        if !current || left || awaitingFirstRender[name] != nil { refreshOtherEnvironments(of: name) }
    }

    /// Subscriptions waiting in environments whose render of the current values failed are
    /// answered by the problem: asked again, the same values would fail again, for ever.
    private mutating func answeredByProblem(_ name: String, _ environments: [RenderEnvironment]) {
        awaitingFirstRender[name]?.removeAll { environments.contains($0.environment) }
        if awaitingFirstRender[name]?.isEmpty == true { awaitingFirstRender[name] = nil }
    }

    /// Component code crashed or hung rendering in other environments: the windows there are told,
    /// naming the environment; the standard render and every other window are unaffected.
    private mutating func environmentCrashed(_ name: String, _ environments: [RenderEnvironment], _ error: HostError, into out: inout SessionEffects) {
        for environment in environments {
            let message = CrashReport.describe(error, component: name, with: "its current values in \(environment.name)")
            out.broadcast(ServerMessage.problem(component: name, message: message, environment: environment),
                          to: subscriptions.subscribers(of: name, in: environment), coalescingKey: "problem:\(name):\(environment.name)")
        }
        // Waiting subscriptions in those environments are answered by the problem, not a render.
        awaitingFirstRender[name]?.removeAll { environments.contains($0.environment) }
        if awaitingFirstRender[name]?.isEmpty == true { awaitingFirstRender[name] = nil }
    }

    /// A batch's answer: a revision per accepted change, the new values and render, an error per
    /// refused change, and the answer to a single change kept for next time.
    private mutating func applied(_ batch: BatchResult, of items: [PendingChange], to name: String, baseText: String, into out: inout SessionEffects) {
        guard var entry = components[name] else { return }
        var acks: [(PendingChange, Int, [String])] = []
        for (item, result) in zip(items, batch.results) {
            switch result {
            case .accepted where items.count == 1 && item.origin.isResolvedMove && Self.sameValue(batch.values, entry.values):
                // The step's values, held to the current code's bounds (a range narrowed since),
                // are the current ones: nothing would change, so it is neither acked as a change
                // nor spends the step, which stays for when the values move on.
                histories[name]?.giveBack(item.origin)
                let what = if case .undo = item.origin { "undo" } else { "redo" }
                let message = "\(name): nothing to \(what): the values it would bring back, held to the component's current bounds, are the current values"
                out.send(ServerMessage.error(RequestError(id: item.id, message: message, component: name)), to: item.connection)
            case .accepted(let notes):
                entry.revision = Revision.next(after: entry.revision)
                acks.append((item, entry.revision, notes))
            case .refused(let problem):
                histories[name]?.giveBack(item.origin)
                out.send(ServerMessage.error(RequestError(id: item.id, message: problem.message, component: name, property: problem.property)), to: item.connection)
            }
        }
        guard !acks.isEmpty else {
            components[name] = entry
            return
        }
        let before = entry.values
        entry.setValues(batch.values)
        if let render = batch.render { entry.renderFields = render }
        entry.problem = nil
        components[name] = entry
        for (item, revision, notes) in acks {
            ack(id: item.id, component: name, revision: revision, notes: notes, to: item.connection, into: &out)
        }
        record(name, before: before, after: entry.values, revision: entry.revision, changes: acks.map(\.0),
               notes: acks.filter { $0.0.isTap }.flatMap(\.2), into: &out)
        out.changed()
        if items.count == 1, let render = batch.render {
            let key = RenderCache.key(component: name, baseText: baseText, change: items[0].change)
            scheduler.remember(key, values: entry.values, valuesText: entry.valuesText, notes: acks[0].2, render: render)
        }
        if let fields = entry.renderFields {
            broadcastRender(name, revision: entry.revision, fields: fields, valuesText: entry.valuesText, into: &out)
        }
        refreshOtherEnvironments(of: name)
    }

    /// Component code crashed or hung on a batch: each change gets the error, every subscriber the
    /// problem, and the newest good render stays current.
    private mutating func crashed(_ name: String, _ items: [PendingChange], _ error: HostError, into out: inout SessionEffects) {
        let message = CrashReport.describe(error, component: name, with: CrashReport.summary(of: items))
        components[name]?.problem = message
        for item in items {
            histories[name]?.giveBack(item.origin)
            let error = RequestError(id: item.id, message: message, component: name, property: item.property)
            out.send(ServerMessage.error(error, crashed: true), to: item.connection)
        }
        out.broadcast(ServerMessage.problem(component: name, message: message), to: subscriptions.allSubscribers(of: name), coalescingKey: "problem:" + name)
    }

    private func previewed(_ preview: PendingPreview, _ result: Result<WorkerReply, HostError>, into out: inout SessionEffects) {
        let name = preview.component
        let reply: ServerMessage
        switch result {
        case .success(.preview(.rendered(let values, let render))) where !preview.audit:
            reply = ServerMessage.preview(id: preview.id, component: name, values: values, render: render)
        case .success(.preview(.audited(_, let findings))) where preview.audit:
            reply = ServerMessage.audit(id: preview.id, component: name, revision: preview.revision, environment: preview.environment, findings: findings)
        case .success(.preview(.refused(let problem))):
            reply = ServerMessage.error(RequestError(id: preview.id, message: problem.message, component: name, property: problem.property))
        case .success(.refused(let message)):
            reply = ServerMessage.error(RequestError(id: preview.id, message: message, component: name))
        case .success(let other):
            let message = CrashReport.describe(.unavailable("the worker answered a preview with \(other)"), component: name, with: "preview values \(preview.values)")
            reply = ServerMessage.error(RequestError(id: preview.id, message: message, component: name), crashed: true)
        case .failure(let error):
            let place = preview.environment == .standard ? "" : " in \(preview.environment.name)"
            let message = CrashReport.describe(error, component: name, with: preview.audit ? "its current values\(place)" : "preview values \(preview.values)\(place)")
            reply = ServerMessage.error(RequestError(id: preview.id, message: message, component: name), crashed: true)
        }
        out.send(reply, to: preview.connection)
    }

    // MARK: - Builds and reloads

    /// Tells every client about a build: started, failed (with diagnostics) or done.
    mutating func announceBuild(_ report: ServerMessage.BuildReport, failed: Bool, into out: inout SessionEffects) {
        let frame = OutgoingFrame(text: ServerMessage.build(report).text)
        buildProblem = failed ? frame : nil
        out.broadcast(frame, to: subscriptions.everyone, coalescingKey: "build")
    }

    /// Tells every client that saving values failed (why), or works again (nil).
    mutating func announceSaving(failure message: String?, into out: inout SessionEffects) {
        let frame = OutgoingFrame(text: ServerMessage.saving(failure: message).text)
        savingProblem = message == nil ? nil : frame
        out.broadcast(frame, to: subscriptions.everyone, coalescingKey: "saving")
    }

    /// Holds every change back while new component code is switched in.
    mutating func pause() {
        scheduler.pause()
    }

    /// Whether a pause has taken hold: nothing is out to the worker.
    var isDrained: Bool { scheduler.isPaused && scheduler.inFlight == nil }

    /// Switches to new component code (see HotReload.swift): `restored` holds each component's
    /// values as the new code re-checked them. Connections, subscriptions and values stay;
    /// changes that came meanwhile go to the new code.
    mutating func swap(to catalog: Catalog, restored: [String: ComponentState], into out: inout SessionEffects) {
        var next: [String: ComponentState] = [:]
        for (name, var entry) in restored {
            // A reload is a change: clients must not drop the new render as stale.
            entry.revision = Revision.next(after: components[name]?.revision ?? entry.revision)
            next[name] = entry
        }
        components = next
        // Histories stay for the components still there: their values are checked against the
        // new code when used.
        histories = histories.filter { next[$0.key] != nil }
        historyBodies = historyBodies.filter { next[$0.key] != nil }
        self.catalog = catalog
        buildProblem = nil
        environmentVariants = [:]
        awaitingFirstRender = [:]
        subscriptions.keep(only: Set(next.keys))
        let orphans = scheduler.resume(keeping: Set(next.keys))
        for (name, change) in orphans.changes {
            orphaned(change.id, component: name, to: change.connection, into: &out)
        }
        for preview in orphans.previews {
            orphaned(preview.id, component: preview.component, to: preview.connection, into: &out)
        }
        out.broadcast(catalog.frame, to: subscriptions.everyone)
        for connection in subscriptions.everyone {
            for watch in subscriptions.watches(of: connection) {
                subscribe(connection, to: watch.component, in: watch.environment, id: nil, into: &out)
            }
        }
        out.changed()
        pump(into: &out)
    }

    private func orphaned(_ id: JSONValue?, component: String, to connection: ConnectionID, into out: inout SessionEffects) {
        let message = "\(component): no such component any more (the component code was reloaded)"
        out.send(ServerMessage.error(RequestError(id: id, message: message, component: component)), to: connection)
    }
}

extension JSONValue {
    /// Whether this is a number (an integer or not).
    var isNumber: Bool {
        switch self {
        case .integer, .number: true
        default: false
        }
    }

    var objectMembers: [(String, JSONValue)]? {
        if case .object(let members) = self { return members }
        return nil
    }
}
