/// Identifies one websocket connection for as long as the server runs.
///
/// Identifiers are never reused by a server, so a stale identifier simply
/// addresses nobody: sends to it are dropped.
public struct ConnectionID: Hashable, Sendable, CustomStringConvertible {
    /// The server-assigned sequence number, starting at 1.
    public let rawValue: UInt64

    /// Wraps a sequence number; the server creates these, tests may too.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// `#` followed by the sequence number, for logs.
    public var description: String { "#\(rawValue)" }
}
