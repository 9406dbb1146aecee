/// Why a ``WebSocketServer`` could not start.
public enum WebSocketServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another process already listens on the port.
    case portInUse(Int)
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
        case .invalidConfiguration(let detail):
            "invalid server configuration: \(detail)"
        case .alreadyStarted:
            "the server was already started"
        case .libwebsockets(let call, let code):
            "libwebsockets: \(call) failed (\(code))"
        }
    }
}
