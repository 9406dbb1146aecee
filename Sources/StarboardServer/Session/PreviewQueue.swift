/// Previews and audits waiting for the worker: bounded per client, newest first to survive,
/// and served round robin across clients.
///
/// A preview is one client's view and changes nothing, so a client that asks for thousands
/// (or asks and leaves) must not hold anyone else's work back or grow the server's memory:
/// each client keeps at most ``maxPerComponent`` waiting for one component and ``maxPerClient``
/// in all (the page's variant grid asks for up to 24 at once), the oldest giving way to the
/// newest; a client that leaves takes its previews with it; and the next preview comes from
/// the next client in turn.
struct PreviewQueue {
    static let maxPerComponent = 32
    static let maxPerClient = 64

    private var waiting: [ConnectionID: [PendingPreview]] = [:]
    /// Clients with previews waiting, in the order they get their turn.
    private var turns: [ConnectionID] = []

    var isEmpty: Bool { turns.isEmpty }
    var count: Int { waiting.values.reduce(0) { $0 + $1.count } }

    /// Queues `preview`; returns the previews it pushed out (to be answered as superseded).
    mutating func admit(_ preview: PendingPreview) -> [PendingPreview] {
        var list = waiting[preview.connection] ?? []
        if list.isEmpty { turns.append(preview.connection) }
        list.append(preview)
        var pushedOut: [PendingPreview] = []
        if list.count(where: { $0.component == preview.component }) > Self.maxPerComponent,
           let oldest = list.firstIndex(where: { $0.component == preview.component }) {
            pushedOut.append(list.remove(at: oldest))
        }
        if list.count > Self.maxPerClient {
            pushedOut.append(list.removeFirst())
        }
        waiting[preview.connection] = list
        return pushedOut
    }

    /// The oldest preview of the client whose turn it is.
    mutating func next() -> PendingPreview? {
        guard !turns.isEmpty else { return nil }
        let connection = turns.removeFirst()
        guard var list = waiting[connection], !list.isEmpty else {
            waiting[connection] = nil
            return next()
        }
        let preview = list.removeFirst()
        if list.isEmpty {
            waiting[connection] = nil
        } else {
            waiting[connection] = list
            turns.append(connection)
        }
        return preview
    }

    /// Forgets a client's previews: it has gone, and nobody would read the answers.
    mutating func remove(_ connection: ConnectionID) {
        waiting[connection] = nil
        turns.removeAll { $0 == connection }
    }

    /// Takes out the previews that `keep` refuses, in the order they came per client.
    mutating func remove(where refused: (PendingPreview) -> Bool) -> [PendingPreview] {
        var removed: [PendingPreview] = []
        for connection in turns {
            guard var list = waiting[connection] else { continue }
            removed += list.filter(refused)
            list.removeAll(where: refused)
            waiting[connection] = list.isEmpty ? nil : list
        }
        turns.removeAll { waiting[$0] == nil }
        return removed
    }
}
