/// Who is connected, and who watches which component.
struct Subscriptions {
    private(set) var connections: Set<ConnectionID> = []
    private var watching: [ConnectionID: Set<String>] = [:]
    private var watchers: [String: Set<ConnectionID>] = [:]

    mutating func open(_ connection: ConnectionID) {
        connections.insert(connection)
    }

    mutating func close(_ connection: ConnectionID) {
        connections.remove(connection)
        for name in watching.removeValue(forKey: connection) ?? [] {
            watchers[name]?.remove(connection)
        }
    }

    mutating func subscribe(_ connection: ConnectionID, to component: String) {
        guard connections.contains(connection) else { return }
        watching[connection, default: []].insert(component)
        watchers[component, default: []].insert(connection)
    }

    mutating func unsubscribe(_ connection: ConnectionID, from component: String) {
        watching[connection]?.remove(component)
        watchers[component]?.remove(connection)
    }

    /// The component's watchers, in connection order (so what they are sent is reproducible).
    func subscribers(of component: String) -> [ConnectionID] {
        (watchers[component] ?? []).sorted { $0.rawValue < $1.rawValue }
    }

    /// Every connection, in order.
    var everyone: [ConnectionID] {
        connections.sorted { $0.rawValue < $1.rawValue }
    }

    /// Forgets subscriptions to components that no longer exist (after a reload).
    mutating func keep(only components: Set<String>) {
        for name in watchers.keys where !components.contains(name) {
            for connection in watchers.removeValue(forKey: name) ?? [] {
                watching[connection]?.remove(name)
            }
        }
    }
}
