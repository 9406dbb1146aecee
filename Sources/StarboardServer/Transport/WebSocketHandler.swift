/// Receives the events of a ``WebSocketServer``.
///
/// Every method is called on the server's single service thread, in order.
/// They must return quickly and never block: while one runs, no other client
/// is read from or written to. Do expensive work (rendering) elsewhere and
/// hand the results back with ``WebSocketServer/send(_:to:coalescingKey:)``,
/// which is safe to call from any thread, including this one.
public protocol WebSocketHandler: AnyObject, Sendable {
    /// A client finished the websocket handshake; sends to it are accepted from now on.
    func connectionOpened(_ connection: ConnectionID)
    /// The connection is gone (closed by either side, dropped, or the server stopped).
    func connectionClosed(_ connection: ConnectionID)
    /// One complete, UTF-8 validated text message, reassembled from its fragments.
    func received(_ text: String, from connection: ConnectionID)
    /// The client is held to one of its bounds: it sent more than its share
    /// (``ServerConfiguration/readBytesPerSecond``), so reading from it pauses for a while or, for
    /// a client that compresses, what it sends past its share is refused unread; or (a client that
    /// compresses) it left so many replies unread that what it sends is refused until it reads
    /// them. Called once per episode; `notice` says what it did, the bound and what happens to
    /// what it sends now, for the client to be told.
    func heldBack(_ connection: ConnectionID, notice: String)
}

extension WebSocketHandler {
    /// Handlers with no one to tell ignore it.
    public func heldBack(_ connection: ConnectionID, notice: String) {}
}
