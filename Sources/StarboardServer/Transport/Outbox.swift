import CStarboardWebSockets
import StarboardLocking
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The one place other threads hand work to the service thread: per-client
/// output queues and close requests behind a lock, plus the lws wake-up.
///
/// Callers change a queue and, if the service thread has not been told about
/// pending work yet, wake it with `lws_cancel_service` (the only lws call that
/// is safe off the service thread). The service thread collects the news in
/// `LWS_CALLBACK_EVENT_WAIT_CANCELLED` and takes queued frames in
/// `LWS_CALLBACK_SERVER_WRITEABLE`.
final class Outbox: Sendable {
    /// What the service thread should do for a connection it was told about.
    enum Signal: Equatable {
        case write
        case drop
    }

    /// The lws context pointer, used only to call `lws_cancel_service`, and
    /// only while the lock is held, so it cannot be destroyed meanwhile.
    private struct ContextHandle: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// Work for the service thread (``EventLoop/execute(_:)``).
    typealias Task = @Sendable (any DescriptorWatcher) -> Void

    private struct State {
        var context: ContextHandle?
        var queues: [ConnectionID: OutgoingQueue] = [:]
        var signals: [ConnectionID: Signal] = [:]
        var tasks: [Task] = []
        var isStopping = false
    }

    private let state = Locked(State())
    /// The service thread (a pthread_t), 0 before it attaches the context.
    private let serviceThread = Atomic<UInt>(0)
    /// Set when signals or tasks were queued on the service thread itself, which then collects
    /// them after the callback that queued them instead of being woken.
    private let hasNews = Atomic<Bool>(false)
    let maxFrames: Int
    private let maxBytes: Int
    /// Messages refused unread because their client (one that compresses) was past its read
    /// budget or had three quarters of its queue waiting, since the server started.
    let refusedMessages = Atomic<Int>(0)
    /// Times reading from a client stopped because three quarters of its queue waited.
    let queuePauses = Atomic<Int>(0)

    init(maxFrames: Int, maxBytes: Int) {
        self.maxFrames = maxFrames
        self.maxBytes = maxBytes
    }

    // MARK: Any thread

    func enqueue(_ frame: OutgoingFrame, to connections: some Sequence<ConnectionID>, coalescingKey: String?) {
        state.withLock { state in
            for connection in connections {
                guard state.queues[connection] != nil else { continue }
                switch state.queues[connection]!.enqueue(frame, coalescingKey: coalescingKey) {
                case .queued, .replaced:
                    signal(.write, for: connection, in: &state)
                case .overflow:
                    signal(.drop, for: connection, in: &state)
                case .ignored:
                    break
                }
            }
        }
    }

    func requestClose(_ connection: ConnectionID, reason: String) {
        state.withLock { state in
            guard state.queues[connection] != nil else { return }
            state.queues[connection]!.requestClose(reason: reason)
            signal(.write, for: connection, in: &state)
        }
    }

    /// Queues `task` for the service thread.
    func post(_ task: @escaping Task) {
        state.withLock { state in
            guard !state.isStopping else { return }
            let wasIdle = state.signals.isEmpty && state.tasks.isEmpty
            state.tasks.append(task)
            if wasIdle { wake(&state) }
        }
    }

    /// Whether the caller runs on the service thread.
    var onServiceThread: Bool {
        let thread = serviceThread.load(ordering: .relaxed)
        return thread != 0 && pthread_equal(pthread_self(), pthread_t(thread)) != 0
    }

    func requestStop() {
        state.withLock { state in
            state.isStopping = true
            if let context = state.context {
                lws_cancel_service(context.pointer)
            }
        }
    }

    var isStopping: Bool {
        state.withLock { $0.isStopping }
    }

    private func signal(_ signal: Signal, for connection: ConnectionID, in state: inout State) {
        let wasIdle = state.signals.isEmpty && state.tasks.isEmpty
        if state.signals[connection] != .drop {
            state.signals[connection] = signal
        }
        if wasIdle { wake(&state) }
    }

    /// One wake-up covers everything queued until the service thread collects it. On the service
    /// thread itself nothing needs waking: it collects after the current callback.
    private func wake(_ state: inout State) {
        if onServiceThread {
            hasNews.store(true, ordering: .relaxed)
        } else if let context = state.context {
            lws_cancel_service(context.pointer)
        }
    }

    // MARK: Service thread only

    func attach(context: OpaquePointer) {
        state.withLock { $0.context = ContextHandle(pointer: context) }
        serviceThread.store(UInt(pthread_self()), ordering: .relaxed)
    }

    /// Forgets the context before it is destroyed; from now on nobody wakes it.
    func detachContext() {
        state.withLock { state in
            state.context = nil
            state.tasks = []
        }
        serviceThread.store(0, ordering: .relaxed)
    }

    func register(_ connection: ConnectionID) {
        state.withLock { $0.queues[connection] = OutgoingQueue(maxFrames: maxFrames, maxBytes: maxBytes) }
    }

    func unregister(_ connection: ConnectionID) {
        state.withLock { state in
            state.queues[connection] = nil
            state.signals[connection] = nil
        }
    }

    /// Whether the service thread queued something for itself since it last collected.
    func takeNews() -> Bool {
        hasNews.load(ordering: .relaxed) && hasNews.exchange(false, ordering: .relaxed)
    }

    func takeSignals() -> (signals: [ConnectionID: Signal], tasks: [Task]) {
        state.withLock { state in
            defer {
                state.signals = [:]
                state.tasks = []
            }
            return (state.signals, state.tasks)
        }
    }

    /// What to write now (frames whose payloads fit in `budget` bytes, or the close) and whether
    /// more follows.
    func take(for connection: ConnectionID, budget: Int) -> (next: OutgoingQueue.Next, more: Bool) {
        state.withLock { state in
            guard state.queues[connection] != nil else { return (.idle, false) }
            let next = state.queues[connection]!.take(budget: budget)
            return (next, state.queues[connection]!.hasPendingOutput)
        }
    }

    /// Frames waiting for `connection`.
    func queuedFrames(for connection: ConnectionID) -> Int {
        state.withLock { $0.queues[connection]?.frameCount ?? 0 }
    }

    func hasPendingOutput(for connection: ConnectionID) -> Bool {
        state.withLock { $0.queues[connection]?.hasPendingOutput ?? false }
    }
}
