/// Where a ``Session`` sends frames: the ``WebSocketServer`` in production, a recorder in tests.
public protocol MessageSink: AnyObject, Sendable {
    func send(_ frame: OutgoingFrame, to connection: ConnectionID, coalescingKey: String?)
    func broadcast(_ frame: OutgoingFrame, to connections: [ConnectionID], coalescingKey: String?)
}

extension WebSocketServer: MessageSink {}
