import StarboardInspector

/// Who is connected, and who watches which component in which environment.
///
/// A window watches a component in the environment it previews in (light, dark, a text size, …);
/// a window showing a matrix watches one component in several. Renders go to the watchers of
/// their environment only.
struct Subscriptions {
    /// One component seen in one environment.
    struct Watch: Hashable {
        var component: String
        var environment: RenderEnvironment

        /// A connection's subscription in an environment, waiting for its first render.
        struct Waiting: Hashable {
            var connection: ConnectionID
            var environment: RenderEnvironment
        }
    }

    /// Most components and environments one connection may watch in all, counted in pairs (a
    /// component in light and in dark is two); ``SessionCore/maximumEnvironmentsPerComponent``
    /// bounds those of one component, and so the renders one client adds to a change. One
    /// client once watched a component in 1,920 environments, and another's `set` took 3.2 s.
    /// The page watches one component at a time, in at most nine.
    static let maxWatchesPerConnection = 32

    private(set) var connections: Set<ConnectionID> = []
    private var watching: [ConnectionID: Set<Watch>] = [:]
    private var watchers: [String: [RenderEnvironment: Set<ConnectionID>]] = [:]

    mutating func open(_ connection: ConnectionID) {
        connections.insert(connection)
    }

    mutating func close(_ connection: ConnectionID) {
        connections.remove(connection)
        for watch in watching.removeValue(forKey: connection) ?? [] {
            remove(connection, from: watch)
        }
    }

    /// Adds a watch; false (and nothing changed) when the connection already has
    /// ``maxWatchesPerConnection`` others.
    @discardableResult
    mutating func subscribe(_ connection: ConnectionID, to component: String, in environment: RenderEnvironment = .standard) -> Bool {
        guard connections.contains(connection) else { return true }
        let watch = Watch(component: component, environment: environment)
        let current = watching[connection] ?? []
        guard current.contains(watch) || current.count < Self.maxWatchesPerConnection else { return false }
        watching[connection, default: []].insert(watch)
        watchers[component, default: [:]][environment, default: []].insert(connection)
        return true
    }

    mutating func unsubscribe(_ connection: ConnectionID, from component: String, in environment: RenderEnvironment = .standard) {
        let watch = Watch(component: component, environment: environment)
        guard watching[connection]?.remove(watch) != nil else { return }
        remove(connection, from: watch)
    }

    private mutating func remove(_ connection: ConnectionID, from watch: Watch) {
        watchers[watch.component]?[watch.environment]?.remove(connection)
        if watchers[watch.component]?[watch.environment]?.isEmpty == true {
            watchers[watch.component]?[watch.environment] = nil
        }
        if watchers[watch.component]?.isEmpty == true { watchers[watch.component] = nil }
    }

    /// The component's watchers in `environment`, in connection order (so what they are sent is
    /// reproducible).
    func subscribers(of component: String, in environment: RenderEnvironment = .standard) -> [ConnectionID] {
        (watchers[component]?[environment] ?? []).sorted { $0.rawValue < $1.rawValue }
    }

    /// Everyone who watches the component in any environment, each once, in order.
    func allSubscribers(of component: String) -> [ConnectionID] {
        var all = Set<ConnectionID>()
        for connections in (watchers[component] ?? [:]).values { all.formUnion(connections) }
        return all.sorted { $0.rawValue < $1.rawValue }
    }

    /// The environments other than the standard one that someone watches the component in, in
    /// a fixed order (by name).
    func otherEnvironments(of component: String) -> [RenderEnvironment] {
        (watchers[component] ?? [:]).keys.filter { $0 != .standard }.sorted { $0.name < $1.name }
    }

    /// What a connection watches, in a fixed order.
    func watches(of connection: ConnectionID) -> [Watch] {
        (watching[connection] ?? []).sorted { ($0.component, $0.environment.name) < ($1.component, $1.environment.name) }
    }

    /// Whether anyone watches the component in `environment`.
    func isWatched(_ component: String, in environment: RenderEnvironment) -> Bool {
        !(watchers[component]?[environment]?.isEmpty ?? true)
    }

    /// Every connection, in order.
    var everyone: [ConnectionID] {
        connections.sorted { $0.rawValue < $1.rawValue }
    }

    /// Forgets subscriptions to components that no longer exist (after a reload).
    mutating func keep(only components: Set<String>) {
        for name in watchers.keys where !components.contains(name) {
            for (environment, connections) in watchers.removeValue(forKey: name) ?? [:] {
                for connection in connections {
                    watching[connection]?.remove(Watch(component: name, environment: environment))
                }
            }
        }
    }
}
