#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that threads share, reached only while holding its lock.
///
/// The standard library's `Synchronization.Mutex` would do, but on Linux it waits on a futex
/// that ThreadSanitizer cannot see, so every access through it is reported as a race and a run
/// with `--sanitize=thread` drowns real races in false ones. A pthread mutex is what TSan (and
/// every other tool) understands. Uncontended, a lock and unlock take about 17 ns here against
/// Mutex's 10 ns (release build, 10 million each), which no render or frame notices.
///
/// The mutex lives in memory of its own, since a pthread mutex must never move. It checks for
/// errors, so taking it again on the thread that holds it traps (as `Mutex` does) instead of
/// hanging. As with `Mutex`, the value goes in and results come out as `sending`, so a
/// non-Sendable value cannot stay reachable outside the lock.
public final class Locked<Value: ~Copyable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Unchecked by the runtime's exclusivity enforcement: the mutex already makes every
    /// access exclusive (taking it again traps), and the check cost a call per access.
    @exclusivity(unchecked) private var value: Value

    public init(_ value: consuming sending Value) {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
        let status = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock; what `body` returns or throws is the result.
    @inline(__always)
    public func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        let status = pthread_mutex_lock(mutex)
        precondition(status == 0, status == EDEADLK ? "Locked taken again by the thread that holds it" : "pthread_mutex_lock failed: \(status)")
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
