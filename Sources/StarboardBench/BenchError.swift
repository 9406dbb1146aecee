/// Why a benchmark could not finish: a server that did not start, a socket that failed, a reply
/// that never came. Timing targets that are missed are not errors; they are reported.
public struct BenchError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, for the command line.
    public let description: String

    /// Wraps a message.
    public init(_ description: String) {
        self.description = description
    }
}
