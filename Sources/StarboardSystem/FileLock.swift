#if canImport(Glibc)
import Glibc
#endif

/// An exclusive flock(2) on a file, made if missing: the lock SwiftPM takes on a build folder,
/// taken by `serve --watch` while it compiles there itself.
public final class FileLock: Sendable {
    private let descriptor: Int32

    /// Opens (or creates) the file; nil when that is not possible.
    public init?(path: String) {
        let opened = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o666)
        guard opened >= 0 else { return nil }
        descriptor = opened
    }

    deinit {
        close(descriptor)
    }

    /// Takes the lock if nobody holds it.
    public func tryLock() -> Bool {
        flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }

    /// Waits for the lock.
    public func lock() {
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    }

    public func unlock() {
        _ = flock(descriptor, LOCK_UN)
    }
}
