import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Work spread over threads with the results in the order of the items, so output made from
/// them is byte for byte what one thread makes: `snapshot` and `export` render one component per
/// item on every core.
enum ParallelWork {
    /// The number of threads to use by default: one per core this process may run on.
    static var defaultThreads: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Each thread's stack: the main thread's usual 8 MiB, as deep view trees recurse on it.
    static let stackSize = 8 << 20

    /// `body` of every item, on up to `threads` threads (on the calling thread alone when one is
    /// enough); each thread takes the next item not yet taken, so a slow item holds up no other.
    static func map<Item: Sendable, Output: Sendable>(_ items: [Item], threads: Int,
                                                      _ body: @escaping @Sendable (Item) -> Output) -> [Output] {
        let count = min(threads, items.count)
        guard count > 1 else { return items.map(body) }
        let shared = Shared<Output>(count: items.count)
        let work: @Sendable () -> Void = {
            while true {
                let index = shared.next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < items.count else { return }
                let output = body(items[index])
                shared.outputs.withLock { $0[index] = output }
            }
        }
        // The calling thread works too; the others are joined before the results are read.
        var started: [pthread_t] = []
        for _ in 1..<count {
            if let thread = start(work) { started.append(thread) }
        }
        work()
        for thread in started { pthread_join(thread, nil) }
        return shared.outputs.withLock { $0.map { $0! } }
    }

    /// The next item to take and the results so far, shared by the threads.
    private final class Shared<Output: Sendable>: Sendable {
        let next = Atomic<Int>(0)
        let outputs: Mutex<[Output?]>
        init(count: Int) { outputs = Mutex(Array(repeating: nil, count: count)) }
    }

    /// A thread running `body`, or nil when none could be made (the calling thread then does all).
    private static func start(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
        final class Box {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, &attributes, { raw in
            Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, box)
        guard result == 0 else {
            Unmanaged<Box>.fromOpaque(box).release()
            return nil
        }
        return thread
    }
}
