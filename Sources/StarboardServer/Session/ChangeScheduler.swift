import StarboardInspector

/// Decides when each change and preview goes to the worker: admission (answered on the spot from
/// the ``RenderCache``, or queued), batching, and which work comes next.
///
/// Changes for one component queue up while the worker is busy and then go as one batch,
/// rendered once: a burst of changes renders the newest values and skips the rest. Components
/// take turns, so a client that floods one cannot starve another's changes. Previews wait in a
/// ``PreviewQueue`` (bounded per client, round robin across clients) and take turns with the
/// changes, so a flood of previews delays a change by one preview at most. Each client's
/// changes waiting are bounded in bytes (``maxQueuedChangeBytes``). One request is out to the
/// worker at a time.
///
/// A change is answered from the cache only when nothing of its component is ahead of it, so a
/// cached answer never overtakes a change the worker is still working on.
struct ChangeScheduler {
    /// Most changes sent to the worker in one batch.
    static let maxBatch = 128
    /// Most bytes of changes in one batch (at least one change goes): a batch is one turn of
    /// the worker that everyone else waits for, so 128 changes of 250 KB must not be one.
    static let maxBatchBytes = 1 << 20

    /// Most bytes of changes one client may have waiting (their values as written, plus 256 per
    /// change for the bookkeeping); beyond, a change is refused until the worker catches up.
    /// 4,000 sets of 250 KB once grew the server by a gigabyte.
    static let maxQueuedChangeBytes = 16 << 20

    /// Most undos and redos one client may have waiting. Each goes to the worker alone (it is
    /// resolved against the history the changes ahead of it made), so the byte bound would let
    /// one client queue ~65,000 worker round trips ahead of everyone else's changes: 20,000 once
    /// held another client's `set` back for 118 s. A page sends one per key press.
    static let maxQueuedMoves = 16

    /// Work waiting its turn.
    enum Work {
        case component(String)
        /// Renders of a component's current values in the environments windows preview it in.
        case refresh(String)
    }

    /// What became of a change offered to the scheduler.
    enum Admission {
        /// The cache answered it: apply and deliver now.
        case answered(CachedAnswer)
        case queued
        /// Its client has too much waiting; the text says so.
        case refused(String)
    }

    /// What the worker is doing.
    struct InFlight {
        let number: UInt64
        let work: Kind

        enum Kind {
            /// Changes of a component, applied to the values whose text is `baseText`.
            case batch(component: String, items: [PendingChange], baseText: String)
            case preview(PendingPreview)
            /// The component's values at `revision` rendered in `environments`, and its variants in
            /// `variants`.
            case refresh(component: String, revision: Int, environments: [RenderEnvironment], variants: [RenderEnvironment])
        }

        var component: String {
            switch work {
            case .batch(let component, _, _): component
            case .preview(let preview): preview.component
            case .refresh(let component, _, _, _): component
            }
        }
    }

    /// What to do next while the worker is idle.
    enum Step {
        /// Changes at the front of a component's line the cache answered.
        case answered(component: String, [CachedAnswer])
        /// Changes to send as one batch.
        case batch(component: String, [PendingChange])
        case preview(PendingPreview)
        case refresh(component: String)
    }

    private var lines: [String: ChangeLine<PendingChange>] = [:]
    private var order = ChangeLine<Work>()
    private var previews = PreviewQueue()
    /// Whether a preview goes before the next change: previews and changes take turns.
    private var previewsTurn = false
    /// Bytes of changes waiting, per client.
    private var queuedBytes: [ConnectionID: Int] = [:]
    /// Undos and redos waiting, per client.
    private var queuedMoves: [ConnectionID: Int] = [:]
    /// Components that have an entry in `order`.
    private var queued: Set<String> = []
    /// Components that have a refresh in `order`: one at a time each, as it renders what is
    /// current when it goes out.
    private var refreshing: Set<String> = []
    private(set) var inFlight: InFlight?
    /// While new component code is switched in, nothing goes out and nothing is answered from
    /// the cache: the values read for the switch stay the newest.
    private(set) var isPaused = false
    private(set) var cache = RenderCache()
    private var calls: UInt64 = 0

    /// Whether the worker can be given work.
    var isIdle: Bool { inFlight == nil && !isPaused }

    /// Answers `change` from the cache when it can go now; otherwise queues it, unless its
    /// client has too much waiting.
    mutating func admit(_ change: PendingChange, to component: String, state: inout ComponentState) -> Admission {
        if !isPaused, lines[component]?.isEmpty ?? true, inFlight?.component != component,
           let answer = state.applyCached(change, component: component, cache: &cache) {
            return .answered(answer)
        }
        let waiting = queuedBytes[change.connection, default: 0]
        guard waiting + change.cost <= Self.maxQueuedChangeBytes else {
            return .refused("\(component): this connection has \(waiting / 1024) KiB of changes waiting for the worker, "
                            + "the most one connection may; wait for their acks and send it again")
        }
        let moves = queuedMoves[change.connection, default: 0]
        if change.origin.isUnresolvedMove {
            guard moves < Self.maxQueuedMoves else {
                return .refused("\(component): this connection has \(moves) undos and redos waiting for the worker, "
                                + "the most one connection may (\(Self.maxQueuedMoves)); wait for their acks and send it again")
            }
            queuedMoves[change.connection] = moves + 1
        }
        queuedBytes[change.connection] = waiting + change.cost
        lines[component, default: ChangeLine()].append(change)
        if queued.insert(component).inserted { order.append(.component(component)) }
        return .queued
    }

    /// Queues a preview; returns those it pushed out of its client's bound (answered as superseded).
    mutating func admit(_ preview: PendingPreview) -> [PendingPreview] {
        previews.admit(preview)
    }

    /// A client left: its previews go (nobody would read them); its changes stay, as shared state.
    mutating func forget(_ connection: ConnectionID) {
        previews.remove(connection)
    }

    private mutating func dequeued(_ changes: some Sequence<PendingChange>) {
        for change in changes {
            let left = queuedBytes[change.connection, default: 0] - change.cost
            queuedBytes[change.connection] = left > 0 ? left : nil
            if change.origin.isUnresolvedMove {
                let moves = queuedMoves[change.connection, default: 0] - 1
                queuedMoves[change.connection] = moves > 0 ? moves : nil
            }
        }
    }

    /// Asks for the component's renders in other environments (once, however often it is asked
    /// before it goes out).
    mutating func refresh(_ component: String) {
        if refreshing.insert(component).inserted { order.append(.refresh(component)) }
    }

    /// The next step, or nil when the worker is busy, the session paused, or nothing waits.
    /// `components` has each component's current state; cached answers are applied to it.
    mutating func next(_ components: inout [String: ComponentState]) -> Step? {
        guard isIdle else { return nil }
        if previewsTurn || order.isEmpty, let preview = previews.next() {
            previewsTurn = false
            return .preview(preview)
        }
        previewsTurn = !previews.isEmpty
        while let work = order.popFirst() {
            switch work {
            case .refresh(let name):
                refreshing.remove(name)
                guard components[name] != nil else { continue }
                return .refresh(component: name)
            case .component(let name):
                queued.remove(name)
                // Taken out while it changes, so a long line is not copied.
                guard var line = lines.removeValue(forKey: name), !line.isEmpty, components[name] != nil else { continue }
                var answered: [CachedAnswer] = []
                while answered.count < Self.maxBatch, !line.isEmpty,
                      let answer = components[name]!.applyCached(line[0], component: name, cache: &cache) {
                    answered.append(answer)
                    line.drop(1)
                }
                let step: Step
                if answered.isEmpty {
                    let batch = line.take(Self.batchLength(line))
                    dequeued(batch)
                    step = .batch(component: name, batch)
                } else {
                    dequeued(answered.map(\.change))
                    step = .answered(component: name, answered)
                }
                // The rest goes to the back: other components get their turn first.
                if !line.isEmpty {
                    lines[name] = line
                    queued.insert(name)
                    order.append(.component(name))
                }
                return step
            }
        }
        if let preview = previews.next() {
            previewsTurn = false
            return .preview(preview)
        }
        return nil
    }

    /// How many changes from the front of `line` go in one batch: an undo or redo goes alone, and
    /// ends the batch before it, as it is resolved against the history the changes ahead made.
    /// A batch also stops before ``maxBatchBytes`` (at least one change goes).
    private static func batchLength(_ line: ChangeLine<PendingChange>) -> Int {
        if line[0].origin.isUnresolvedMove { return 1 }
        var length = 1
        var bytes = line[0].cost
        while length < min(maxBatch, line.count), !line[length].origin.isUnresolvedMove, bytes + line[length].cost <= maxBatchBytes {
            bytes += line[length].cost
            length += 1
        }
        return length
    }

    /// Marks work as sent; returns its number, which the reply must carry.
    mutating func started(_ work: InFlight.Kind) -> UInt64 {
        calls += 1
        inFlight = InFlight(number: calls, work: work)
        return calls
    }

    /// The work a reply answers, or nil if the reply is not for the work in flight.
    mutating func finish(_ number: UInt64) -> InFlight? {
        guard let current = inFlight, current.number == number else { return nil }
        inFlight = nil
        return current
    }

    /// Keeps the answer to a single change for next time.
    mutating func remember(_ key: String, values: JSONValue, valuesText: String, notes: [String], render: String) {
        cache.insert(key, values: values, valuesText: valuesText, notes: notes, render: render)
    }

    mutating func pause() {
        isPaused = true
    }

    /// After new component code came in: changes of components that are gone are returned (they
    /// get an error); the cache, which answered for the old code, is emptied.
    mutating func resume(keeping components: Set<String>) -> (changes: [(component: String, change: PendingChange)], previews: [PendingPreview]) {
        isPaused = false
        cache.removeAll()
        var changes: [(component: String, change: PendingChange)] = []
        for name in lines.keys.sorted() where !components.contains(name) {
            var line = lines.removeValue(forKey: name)!
            let taken = line.take(line.count)
            dequeued(taken)
            changes += taken.map { (name, $0) }
        }
        let previews = self.previews.remove { !components.contains($0.component) }
        var kept = ChangeLine<Work>()
        while let work = order.popFirst() {
            switch work {
            case .component(let name) where !components.contains(name):
                queued.remove(name)
            case .refresh(let name) where !components.contains(name):
                refreshing.remove(name)
            default:
                kept.append(work)
            }
        }
        order = kept
        return (changes, previews)
    }
}

