/// What the session core asks to be done, in order: frames to queue, worker requests to send, and
/// a note that values changed. The core only lists them, so it runs without threads or sockets;
/// ``Session`` carries them out.
struct SessionEffects {
    enum Effect {
        case send(OutgoingFrame, to: ConnectionID, coalescingKey: String?)
        case broadcast(OutgoingFrame, to: [ConnectionID], coalescingKey: String?)
        /// A request for the worker; its reply goes to ``SessionCore/replied(_:_:into:)`` with `number`.
        case call(number: UInt64, WorkerRequest)
        /// Values changed: time to save them once changes settle.
        case changed
        /// File work for "Save as variant", done off the service thread; its answer goes to the client.
        case source(SourceJob)
        /// Call ``SessionCore/wake(into:)`` after this many seconds (presence waits for it).
        case wake(after: Double)
    }

    private(set) var all: [Effect] = []

    mutating func send(_ message: ServerMessage, to connection: ConnectionID, coalescingKey: String? = nil) {
        all.append(.send(OutgoingFrame(text: message.text), to: connection, coalescingKey: coalescingKey))
    }

    mutating func send(_ frame: OutgoingFrame, to connection: ConnectionID, coalescingKey: String? = nil) {
        all.append(.send(frame, to: connection, coalescingKey: coalescingKey))
    }

    mutating func broadcast(_ message: ServerMessage, to connections: [ConnectionID], coalescingKey: String? = nil) {
        guard !connections.isEmpty else { return }
        all.append(.broadcast(OutgoingFrame(text: message.text), to: connections, coalescingKey: coalescingKey))
    }

    mutating func broadcast(_ frame: OutgoingFrame, to connections: [ConnectionID], coalescingKey: String? = nil) {
        guard !connections.isEmpty else { return }
        all.append(.broadcast(frame, to: connections, coalescingKey: coalescingKey))
    }

    mutating func call(_ number: UInt64, _ request: WorkerRequest) {
        all.append(.call(number: number, request))
    }

    mutating func source(_ job: SourceJob) {
        all.append(.source(job))
    }

    mutating func wake(after seconds: Double) {
        all.append(.wake(after: seconds))
    }

    mutating func changed() {
        all.append(.changed)
    }
}
