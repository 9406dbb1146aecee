/// Why a ``WebSocketServer`` could not start.
public enum WebSocketServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another process already listens on the port.
    case portInUse(Int)
    /// `--host` names no address (the resolver's reason).
    case unknownHost(String, reason: String)
    /// The address cannot be listened on here (not an address of this machine, a port that
    /// needs privileges); the text says which and why.
    case cannotListen(String)
    /// A configuration value is out of range; the text names it.
    case invalidConfiguration(String)
    /// ``WebSocketServer/start()`` was called twice, or after ``WebSocketServer/stop()``.
    case alreadyStarted
    /// libwebsockets refused; `call` is the failing function, `code` its result.
    case libwebsockets(call: String, code: Int)

    /// A sentence fit for a command-line error message.
    public var description: String {
        switch self {
        case .portInUse(let port):
            "port \(port) is already in use; pick another with --port"
        case .unknownHost(let host, let reason):
            "cannot listen on \(host): the name does not resolve (\(reason))"
        case .cannotListen(let detail):
            "cannot listen on \(detail)"
        case .invalidConfiguration(let detail):
            "invalid server configuration: \(detail)"
        case .alreadyStarted:
            "the server was already started"
        case .libwebsockets(let call, let code):
            "libwebsockets: \(call) failed (\(code))"
        }
    }
}
