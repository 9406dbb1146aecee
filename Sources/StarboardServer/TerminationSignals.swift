import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Catches SIGINT and SIGTERM so a server can stop cleanly (save its values, stop its workers).
///
/// Create it before announcing that the server listens: a signal that comes right after the
/// announcement is then caught rather than ending the process on the spot.
///
/// `@unchecked Sendable` only because Dispatch does not mark its sources Sendable: they are kept
/// here solely to stay alive, and never touched after `init`.
public final class TerminationSignals: @unchecked Sendable {
    private let stopped = DispatchSemaphore(value: 0)
    /// Kept alive for as long as the handlers must run.
    private let sources: [any DispatchSourceSignal]

    public init() {
        sources = [SIGINT, SIGTERM].map { [stopped] signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { stopped.signal() }
            source.resume()
            return source
        }
    }

    /// Blocks until one of the signals arrives.
    public func wait() {
        stopped.wait()
    }
}
