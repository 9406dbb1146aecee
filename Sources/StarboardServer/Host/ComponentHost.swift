import StarboardInspector

/// Why a host could not answer: the component trapped, hung, or the worker could not start.
public enum HostError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The worker died while running component code; the text is what it said (the trap message).
    case crashed(String)
    /// The component ran longer than the host allows.
    case timedOut(seconds: Double)
    /// No worker could be started or spoken to.
    case unavailable(String)

    public var description: String {
        switch self {
        case .crashed(let message): "crashed: \(message)"
        case .timedOut(let seconds): "timed out after \(JSONValue.format(seconds)) s"
        case .unavailable(let message): "worker unavailable: \(message)"
        }
    }
}

/// Runs component code for the server: a ``Workbench`` in a worker process or in-process.
///
/// Calls may block (a worker round trip) and are never made on the socket service thread.
public protocol ComponentHost: AnyObject, Sendable {
    /// One request and its reply (see WorkerProtocol.swift).
    func call(_ request: WorkerRequest) throws(HostError) -> WorkerReply
    /// Stops any worker.
    func shutdown()
}

/// Runs the workbench in this process: no isolation, no overhead. For tests and tools.
public final class InProcessHost: ComponentHost {
    private let workbench: Workbench

    public init(registry: Registry) {
        workbench = Workbench(registry: registry)
    }

    public func call(_ request: WorkerRequest) throws(HostError) -> WorkerReply {
        workbench.handle(request)
    }

    public func shutdown() {}
}
