import StarboardInspector

/// Loading component code: its catalog, and every component's values re-checked and rendered
/// by it, at start-up and when ``Session/reload(to:)`` swaps new code in (the swap itself is
/// ``SessionCore/swap(to:restored:into:)``). These calls wait for the host, off the service thread.
enum HotReload {
    static func fetchCatalog(from host: any ComponentHost) throws(HostError) -> SessionCore.Catalog {
        guard case .catalog(let catalog) = try host.call(.catalog) else {
            throw .unavailable("the worker sent no catalog")
        }
        return SessionCore.Catalog(catalog)
    }

    /// Each component's values re-checked by the host (a property may be gone or a range
    /// narrowed) and rendered; `warnings` says what was clamped or dropped.
    static func restore(_ names: [String], saved: [String: SavedComponent], host: any ComponentHost,
                        warnings: inout [String]) -> [String: ComponentState] {
        var components: [String: ComponentState] = [:]
        for (name, entry) in saved.sorted(by: { $0.key < $1.key }) where !names.contains(name) {
            warnings.append("dropped saved values of \(name): no such component any more (\(entry.values.abbreviated()))")
        }
        for name in names {
            let base = saved[name]?.values ?? .object([])
            var entry = ComponentState(values: base, revision: saved[name]?.revision ?? 0)
            do throws(HostError) {
                guard case .batch(let result) = try host.call(.batch(WorkerBatch(component: name, base: base, changes: [.restore]))) else {
                    throw .unavailable("the worker does not know \(name)")
                }
                entry.setValues(result.values)
                if case .accepted(let notes)? = result.results.first { warnings += notes }
                entry.renderFields = result.render
            } catch {
                let problem = CrashReport.describe(error, component: name, with: "its saved values \(base.abbreviated())")
                entry.problem = problem
                warnings.append(problem)
            }
            components[name] = entry
        }
        return components
    }
}
