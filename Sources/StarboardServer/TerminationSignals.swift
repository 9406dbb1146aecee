import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Catches SIGINT and SIGTERM so a server can stop cleanly (save its values, stop its workers).
///
/// Create it before announcing that the server listens: a signal that comes right after the
/// announcement is then caught rather than ending the process on the spot.
public final class TerminationSignals: @unchecked Sendable {
    private let stopped = DispatchSemaphore(value: 0)
    // Kept alive for as long as the handlers must run; only touched in init.
    private var sources: [any DispatchSourceSignal] = []

    public init() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [stopped] in stopped.signal() }
            source.resume()
            sources.append(source)
        }
    }

    /// Blocks until one of the signals arrives.
    public func wait() {
        stopped.wait()
    }
}
