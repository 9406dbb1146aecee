#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import StarboardSystem
import StarboardLocking
import Synchronization

/// A websocket and static-file server on one libwebsockets service thread.
///
/// All socket work happens on a dedicated thread that creates, services and
/// destroys the lws context. Every public method is thread-safe: sends are
/// queued per client (latest-wins per coalescing key, bounded) and the
/// service thread is woken to write them. ``WebSocketHandler`` methods run on
/// the service thread and must not block it.
public final class WebSocketServer: Sendable {
    private enum Lifecycle {
        case idle
        case running(thread: pthread_t)
        case stopped
    }

    private let configuration: ServerConfiguration
    private let handler: any WebSocketHandler
    private let outbox: Outbox
    private let lifecycle = Locked(Lifecycle.idle)

    /// Creates a server; nothing is bound until ``start()``.
    public init(configuration: ServerConfiguration, handler: any WebSocketHandler) {
        self.configuration = configuration
        self.handler = handler
        outbox = Outbox(maxFrames: configuration.maxQueuedFrames, maxBytes: configuration.maxQueuedBytes)
    }

    deinit {
        stop()
    }

    /// Binds and starts serving; returns the port actually listened on, once listening.
    ///
    /// - Throws: ``WebSocketServerError/portInUse(_:)`` when the port is taken,
    ///   ``WebSocketServerError/alreadyStarted`` on a second call.
    @discardableResult
    public func start() throws(WebSocketServerError) -> Int {
        try listen().port
    }

    /// Binds and starts serving; returns where it listens and, beyond loopback, the token
    /// clients must present. See ``start()`` for the errors.
    public func listen() throws(WebSocketServerError) -> Listening {
        try validate(configuration)
        let startup = Startup()
        let (configuration, handler, outbox) = (configuration, handler, outbox)
        try lifecycle.withLock { (state) throws(WebSocketServerError) in
            guard case .idle = state else { throw .alreadyStarted }
            let thread = try Self.spawn {
                // This thread writes to a worker's pipe for every change: SIGPIPE stays blocked
                // here (only here), so a worker that died is an EPIPE at no extra cost per write.
                SystemCall.blockSIGPIPEForThisThread()
                // The loop is created, used and released on the service thread only.
                let loop = ServiceLoop(configuration: configuration, handler: handler, outbox: outbox)
                let result: Result<Listening, WebSocketServerError>
                do throws(WebSocketServerError) {
                    result = .success(try loop.open())
                } catch {
                    result = .failure(error)
                }
                startup.report(result)
                guard case .success = result else { return }
                loop.run()
                loop.close()
            }
            state = .running(thread: thread)
        }
        let result = startup.wait()
        if case .failure = result {
            stop()
        }
        return try result.get()
    }

    /// Queues `frame` for one client; a pending frame with the same `coalescingKey` is replaced.
    ///
    /// Without a key frames are written in order. A client whose queue grows
    /// past ``ServerConfiguration/maxQueuedFrames`` or
    /// ``ServerConfiguration/maxQueuedBytes`` is dropped. Unknown or closed
    /// connections are ignored.
    public func send(_ frame: OutgoingFrame, to connection: ConnectionID, coalescingKey: String? = nil) {
        outbox.enqueue(frame, to: CollectionOfOne(connection), coalescingKey: coalescingKey)
    }

    /// Queues the same encoded `frame` for several clients; see ``send(_:to:coalescingKey:)``.
    public func broadcast(_ frame: OutgoingFrame, to connections: [ConnectionID], coalescingKey: String? = nil) {
        outbox.enqueue(frame, to: connections, coalescingKey: coalescingKey)
    }

    /// The service thread, for work that belongs there (a worker's pipes).
    public var eventLoop: any EventLoop { self }

    /// Messages refused unread so far because their client (one that compresses) was past its
    /// read budget (see ``ReadBudget``) or had three quarters of its queue waiting.
    var refusedMessages: Int { outbox.refusedMessages.load(ordering: .relaxed) }

    /// Times so far that reading from a client stopped because three quarters of
    /// ``ServerConfiguration/maxQueuedFrames`` waited for it.
    var queuePauses: Int { outbox.queuePauses.load(ordering: .relaxed) }

    /// Closes a connection with status 1000 and `reason` after the frames already queued for it.
    public func close(_ connection: ConnectionID, reason: String) {
        outbox.requestClose(connection, reason: reason)
    }

    /// Stops serving and waits for the service thread to finish; safe to call repeatedly.
    ///
    /// Open connections are closed and reported to the handler first. Called
    /// from a handler (on the service thread) it only requests the stop.
    public func stop() {
        outbox.requestStop()
        let thread: pthread_t? = lifecycle.withLock { state in
            defer { state = .stopped }
            guard case .running(let thread) = state else { return nil }
            return thread
        }
        guard let thread else { return }
        if pthread_equal(thread, pthread_self()) != 0 {
            pthread_detach(thread)
        } else {
            pthread_join(thread, nil)
        }
    }

    private func validate(_ configuration: ServerConfiguration) throws(WebSocketServerError) {
        if !(0...65535).contains(configuration.port) {
            throw .invalidConfiguration("port \(configuration.port) is outside 0...65535")
        }
        if configuration.maxMessageBytes <= 0 || configuration.stallTimeout <= 0
            || configuration.maxQueuedFrames <= 0 || configuration.maxQueuedBytes <= 0
            || configuration.readBurstBytes <= 0 || configuration.readBytesPerSecond <= 0 {
            throw .invalidConfiguration("limits must be positive")
        }
        if !configuration.websocketPath.hasPrefix("/") || configuration.subprotocol.isEmpty {
            throw .invalidConfiguration("websocket path must start with / and the subprotocol must not be empty")
        }
    }

    /// Starts a joinable thread running `body`.
    private static func spawn(_ body: @escaping @Sendable () -> Void) throws(WebSocketServerError) -> pthread_t {
        final class Box {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { raw in
            Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, box)
        guard result == 0 else {
            Unmanaged<Box>.fromOpaque(box).release()
            throw .libwebsockets(call: "pthread_create", code: Int(result))
        }
        return thread
    }
}

/// The start-up result, passed from the service thread to ``WebSocketServer/start()``.
private final class Startup: Sendable {
    private let result = Locked<Result<Listening, WebSocketServerError>?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    func report(_ outcome: Result<Listening, WebSocketServerError>) {
        result.withLock { $0 = outcome }
        ready.signal()
    }

    func wait() -> Result<Listening, WebSocketServerError> {
        ready.wait()
        return result.withLock { $0! }
    }
}

extension WebSocketServer: EventLoop {
    public var inEventLoop: Bool { outbox.onServiceThread }

    public func execute(_ work: @escaping @Sendable (any DescriptorWatcher) -> Void) {
        outbox.post(work)
    }
}
