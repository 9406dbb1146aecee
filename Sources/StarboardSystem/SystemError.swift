#if canImport(Glibc)
import Glibc
#endif

/// A failed system call: what was being done and the errno it failed with.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was being done, e.g. "write to the worker" or "fsync .starboard/state.json".
    public let operation: String
    /// The errno value.
    public let code: Int32

    public init(_ operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    /// The system's words for ``code``: "No space left on device".
    public var reason: String {
        String(cString: strerror(code))
    }

    /// "fsync state.json: No space left on device (errno 28)".
    public var description: String {
        "\(operation): \(reason) (errno \(code))"
    }
}
