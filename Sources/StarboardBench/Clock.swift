#if canImport(Glibc)
import Glibc
#endif

/// The monotonic clock the benchmarks time with, in nanoseconds.
enum Clock {
    /// Now, from CLOCK_MONOTONIC: not changed by NTP steps, shared by every thread.
    @inline(__always)
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Sleeps for `milliseconds`.
    static func sleep(milliseconds: Int) {
        var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
