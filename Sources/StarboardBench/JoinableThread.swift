#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A plain thread that can be joined: the benchmarks need a sender, a reader and a sampler
/// running at once, outside Swift's cooperative pool (they block on sockets).
final class JoinableThread {
    private var thread = pthread_t()
    private var joined = false

    /// Starts `body` on a new thread.
    init(_ body: @escaping @Sendable () -> Void) throws(BenchError) {
        final class Box {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        let result = pthread_create(&thread, nil, { raw in
            Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, box)
        guard result == 0 else {
            Unmanaged<Box>.fromOpaque(box).release()
            throw BenchError("pthread_create failed: \(result)")
        }
    }

    /// Waits for the thread to finish; safe to call twice.
    func join() {
        guard !joined else { return }
        joined = true
        pthread_join(thread, nil)
    }

    deinit {
        join()
    }
}

/// A flag one thread raises and others watch.
final class Flag: Sendable {
    private let value = Atomic<Bool>(false)

    var isRaised: Bool { value.load(ordering: .acquiring) }

    func raise() {
        value.store(true, ordering: .releasing)
    }
}
