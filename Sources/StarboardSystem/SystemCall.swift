import CStarboardSystem
#if canImport(Glibc)
import Glibc
#endif

/// The one place where system calls are retried after signals and turned into errors that keep
/// their errno.
public enum SystemCall {
    /// Runs `body` again while it fails with EINTR; a result of -1 throws with the errno.
    @discardableResult
    public static func retrying(_ operation: @autoclosure () -> String, _ body: () -> Int32) throws(SystemError) -> Int32 {
        while true {
            let result = body()
            if result != -1 { return result }
            let code = errno
            if code != EINTR { throw SystemError(operation(), code: code) }
        }
    }

    /// ``retrying(_:_:)`` for the calls that return a byte count.
    @discardableResult
    public static func retrying(_ operation: @autoclosure () -> String, _ body: () -> Int) throws(SystemError) -> Int {
        while true {
            let result = body()
            if result != -1 { return result }
            let code = errno
            if code != EINTR { throw SystemError(operation(), code: code) }
        }
    }

    /// A pipe whose ends close on exec (a child gets only what it is given).
    public static func pipe(_ operation: @autoclosure () -> String = "pipe") throws(SystemError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        try retrying(operation(), { starboard_pipe_cloexec(&ends) })
        return (ends[0], ends[1])
    }

    /// Makes reads and writes on `descriptor` return at once instead of waiting.
    public static func setNonBlocking(_ descriptor: Int32) throws(SystemError) {
        let flags = try retrying("fcntl F_GETFL", { fcntl(descriptor, F_GETFL) })
        try retrying("fcntl F_SETFL", { fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) })
    }

    /// Closes `descriptor`. Not retried: on Linux the descriptor is gone even when close reports
    /// EINTR, and a retry could close one opened meanwhile by another thread.
    public static func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }

    /// Writes every byte to a descriptor that blocks. A reader that went away is EPIPE, not a
    /// SIGPIPE that would end the process: SIGPIPE is held on this thread for the write.
    public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, _ operation: @autoclosure () -> String) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = try withoutSIGPIPE { () throws(SystemError) in
                try retrying(operation(), { Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset) })
            }
            offset += written
        }
    }

    /// Writes what a descriptor that does not block takes now: the bytes written, 0 when it would
    /// block. EPIPE (the reader went away) throws, without a SIGPIPE.
    public static func writeSome(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, _ operation: @autoclosure () -> String) throws(SystemError) -> Int {
        guard !bytes.isEmpty else { return 0 }
        do {
            return try withoutSIGPIPE { () throws(SystemError) in
                try retrying(operation(), { Glibc.write(descriptor, bytes.baseAddress!, bytes.count) })
            }
        } catch where error.code == EAGAIN || error.code == EWOULDBLOCK {
            return 0
        }
    }

    /// Reads what is there into `buffer`: the bytes read, 0 at the end of the stream, nil when a
    /// descriptor that does not block has nothing now.
    public static func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, _ operation: @autoclosure () -> String) throws(SystemError) -> Int? {
        do {
            return try retrying(operation(), { Glibc.read(descriptor, buffer.baseAddress!, buffer.count) })
        } catch where error.code == EAGAIN || error.code == EWOULDBLOCK {
            return nil
        }
    }

    /// Flushes a file's data to the disk; a failure (the disk is full, an I/O error) throws.
    public static func fsync(_ descriptor: Int32, _ operation: @autoclosure () -> String) throws(SystemError) {
        try retrying(operation(), { Glibc.fsync(descriptor) })
    }

    /// Set on threads that keep SIGPIPE blocked for good (``blockSIGPIPEForThisThread()``).
    private static let blockedThreads = ThreadFlag()

    /// Blocks SIGPIPE on the calling thread for as long as it runs, for a thread that writes to
    /// pipes all the time (the server's service thread): its writes then skip the two system
    /// calls ``withoutSIGPIPE(_:)`` costs. A SIGPIPE raised on it stays pending and blocked there,
    /// harming nothing; no other thread is affected.
    public static func blockSIGPIPEForThisThread() {
        var previous = sigset_t()
        if starboard_block_sigpipe(&previous) == 0 { blockedThreads.set() }
    }

    /// Runs `body` with SIGPIPE blocked on this thread only; one raised meanwhile is taken back.
    /// (A process-wide SIG_IGN set by a library would change every other part of the program.)
    public static func withoutSIGPIPE<T>(_ body: () throws(SystemError) -> T) throws(SystemError) -> T {
        if blockedThreads.isSet { return try body() }
        var previous = sigset_t()
        guard starboard_block_sigpipe(&previous) == 0 else { return try body() }
        do {
            let result = try body()
            starboard_restore_sigpipe(&previous, 0)
            return result
        } catch {
            starboard_restore_sigpipe(&previous, error.code == EPIPE ? 1 : 0)
            throw error
        }
    }
}

/// A flag per thread, in thread-local storage.
final class ThreadFlag: Sendable {
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        self.key = key
    }

    var isSet: Bool { pthread_getspecific(key) != nil }

    func set() {
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
    }
}
