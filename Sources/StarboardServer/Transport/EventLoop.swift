import CStarboardWebSockets

/// The server's service thread, lent to the rest of the server: work can run there, and file
/// descriptors (a worker's pipes) are watched in the same poll as the sockets. What such a
/// descriptor delivers is handled where the replies to clients are written, with no hop between
/// threads on the way.
public protocol EventLoop: AnyObject, Sendable {
    /// Whether the caller runs on the service thread.
    var inEventLoop: Bool { get }
    /// Runs `work` on the service thread: right after the current callback when called there,
    /// otherwise once the thread has been woken. Work posted after the server stopped never runs.
    func execute(_ work: @escaping @Sendable (any DescriptorWatcher) -> Void)
}

/// Watches descriptors in the service thread's poll; used on that thread only.
public protocol DescriptorWatcher: AnyObject {
    /// Starts watching `descriptor`, which the loop owns from now on (it closes it when the watch
    /// ends); nil when it cannot be watched, and then it is closed already.
    func watch(_ descriptor: Int32, _ handler: any DescriptorHandler) -> DescriptorWatch?
}

/// What happens to a watched descriptor; called on the service thread.
public protocol DescriptorHandler: AnyObject {
    /// There is something to read (or the end of the stream).
    func readable(_ watch: DescriptorWatch)
    /// Asked for with ``DescriptorWatch/wantWritable()``: a write would not block now.
    func writable(_ watch: DescriptorWatch)
    /// The timer set with ``DescriptorWatch/setTimer(microseconds:)`` ran out (it may no longer be wanted).
    func timerFired(_ watch: DescriptorWatch)
    /// The watch ended (``DescriptorWatch/stop()``, a hang-up, or the server stopping) and the
    /// descriptor is closed.
    func closed(_ watch: DescriptorWatch)
}

/// One watched descriptor; its methods are for the service thread only.
public final class DescriptorWatch {
    public let descriptor: Int32
    /// Held weakly: the handler owns its watches, not the other way round.
    weak var handler: (any DescriptorHandler)?
    /// The lws handle, until the watch is closed.
    var wsi: OpaquePointer?

    init(descriptor: Int32, handler: any DescriptorHandler) {
        self.descriptor = descriptor
        self.handler = handler
    }

    /// Whether the watch still runs.
    public var isActive: Bool { wsi != nil }

    /// Inside this watch's ``DescriptorHandler/writable(_:)`` callback.
    var inWritableCallback = false
    /// Asked for another writable callback from inside one: lws 4.1 clears a raw descriptor's
    /// POLLOUT after that callback returns, so the request is made once it has (by the loop).
    var wantsWritableAgain = false

    /// Asks for one ``DescriptorHandler/writable(_:)`` callback.
    public func wantWritable() {
        guard let wsi else { return }
        if inWritableCallback {
            wantsWritableAgain = true
            return
        }
        _ = lws_callback_on_writable(wsi)
    }

    /// Schedules ``DescriptorHandler/timerFired(_:)`` after `microseconds`, replacing the time
    /// set before. There is no cancelling: libwebsockets 4.1 treats its "cancel" value as a time
    /// already past and fires at once, so a handler ignores a timer it no longer needs.
    public func setTimer(microseconds: Int) {
        guard let wsi else { return }
        lws_set_timer_usecs(wsi, lws_usec_t(microseconds))
    }

    /// Ends the watch: the descriptor is closed, and ``DescriptorHandler/closed(_:)`` follows.
    public func stop() {
        guard let wsi else { return }
        lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, starboard_lws_to_kill_async())
    }
}
