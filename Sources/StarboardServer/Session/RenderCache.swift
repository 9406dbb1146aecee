import StarboardInspector

/// Replies to single changes the host has already answered, so that a change it has seen
/// before (a designer toggling a value back and forth, a tap undone, a burst cycling through
/// the same few values) is answered on the spot, without a trip to the worker.
///
/// Component code is deterministic by contract: it is re-instantiated from values and must draw
/// the same SVG for the same values (the golden snapshots rely on it too). So a change applied to
/// the same starting values always ends in the same values, notes and render. The key is the
/// component, its values before the change and the change, as JSON text. Only accepted changes
/// are kept; the cache is emptied when the component code is reloaded.
///
/// Bounded by entries and by bytes of render text; the least recently used entries go first.
struct RenderCache {
    /// What the host answered for one change.
    struct Entry {
        let values: JSONValue
        let valuesText: String
        let notes: [String]
        /// The render's fields as JSON text, as ``BatchResult/render`` carries them.
        let render: String
        /// Bytes it holds, roughly: what the budget counts.
        let cost: Int
        var lastUse: UInt64
    }

    let maxEntries: Int
    let maxBytes: Int
    private var entries: [String: Entry] = [:]
    private var bytes = 0
    private var clock: UInt64 = 0

    init(maxEntries: Int = 512, maxBytes: Int = 32 << 20) {
        self.maxEntries = maxEntries
        self.maxBytes = maxBytes
    }

    var count: Int { entries.count }

    /// `baseText` is the JSON text of the values before the change.
    static func key(component: String, baseText: String, change: WorkerChange) -> String {
        var key = component
        key += "\u{0}"
        key += baseText
        key += "\u{0}"
        switch change {
        case .set(let values):
            key += "set:"
            values.write(into: &key)
        case .reset(let names):
            key += "reset:" + (names.map { $0.joined(separator: "\u{0}") } ?? "*")
        case .tap(let tap):
            // Where a tap lands, and so what it does, depends on the location and the layout.
            key += "tap:" + tap.target + "\u{0}" + tap.environment.name
            if let location = tap.location { key += "@\(location.x),\(location.y)" }
        case .restore:
            key += "restore"
        case .replace(let values):
            key += "replace:"
            values.write(into: &key)
        }
        return key
    }

    mutating func lookup(_ key: String) -> Entry? {
        // One hash of the (long) key: the entry is marked used in place.
        guard let index = entries.index(forKey: key) else { return nil }
        clock += 1
        entries.values[index].lastUse = clock
        return entries.values[index]
    }

    mutating func insert(_ key: String, values: JSONValue, valuesText: String, notes: [String], render: String) {
        // The values are held twice (as JSON and as its text), like the key's share of them.
        let size = key.utf8.count + render.utf8.count + 2 * valuesText.utf8.count + notes.reduce(0) { $0 + $1.utf8.count } + 128
        guard size <= maxBytes / 4 else { return }
        clock += 1
        let entry = Entry(values: values, valuesText: valuesText, notes: notes, render: render, cost: size, lastUse: clock)
        if let old = entries.updateValue(entry, forKey: key) {
            bytes -= old.cost
        }
        bytes += size
        if entries.count > maxEntries || bytes > maxBytes { evict() }
    }

    mutating func removeAll() {
        entries = [:]
        bytes = 0
    }

    /// Drops the least recently used quarter (and more while still over the byte budget), so
    /// the sort is paid once per many insertions rather than on each.
    private mutating func evict() {
        let oldestFirst = entries.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, entry) in oldestFirst {
            let overCount = entries.count > maxEntries * 3 / 4
            let overBytes = bytes > maxBytes * 3 / 4
            guard overCount || overBytes else { break }
            entries[key] = nil
            bytes -= entry.cost
        }
    }
}
