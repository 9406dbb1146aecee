import Dispatch
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
public protocol ComponentHost: AnyObject, Sendable {
    /// One request and its reply, waiting for it (see WorkerProtocol.swift). For start-up and
    /// reloads; never called on the server's service thread.
    func call(_ request: WorkerRequest) throws(HostError) -> WorkerReply

    /// Sends one request and returns at once; `completion` is called exactly once, later, never
    /// from within this call (the caller may hold a lock the completion takes again).
    func submit(_ request: WorkerRequest, completion: @escaping @Sendable (Result<WorkerReply, HostError>) -> Void)

    /// From now on, serve ``submit(_:completion:)`` on `loop` where the host can (a worker's pipes
    /// join the server's poll). Hosts that cannot ignore it.
    func attach(to loop: any EventLoop)

    /// Stops any worker.
    func shutdown()
}

/// Where hosts whose calls block run them for ``ComponentHost/submit(_:completion:)``. Serial:
/// the session has one request out at a time anyway.
private let blockingCalls = DispatchQueue(label: "starboard.host", qos: .userInitiated)

extension ComponentHost {
    /// Runs the blocking ``call(_:)`` on a queue of its own.
    public func submit(_ request: WorkerRequest, completion: @escaping @Sendable (Result<WorkerReply, HostError>) -> Void) {
        blockingCalls.async {
            completion(Result { () throws(HostError) in try self.call(request) })
        }
    }

    public func attach(to loop: any EventLoop) {}
}

/// Runs the workbench in this process: no isolation, no worker. For tests, tools and
/// `serve --no-worker`; component code runs on a queue of its own, off the service thread.
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
