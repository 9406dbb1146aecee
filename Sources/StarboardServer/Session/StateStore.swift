import Dispatch
import Foundation
import StarboardInspector
import StarboardSystem
import Synchronization

/// Keeps current values in a JSON file so a restart, even after `kill -9`, comes back with them.
///
/// Saves happen once changes settle (a short quiet period after the last one) with an atomic
/// write: a temporary file in the same folder, fsync, rename, fsync of the folder. A file that
/// is not ours or not JSON is moved aside with a warning, never overwritten.
public final class StateStore: Sendable {
    public static let format = "starboard.state.v1"

    public let path: String
    private let settleDelay: Double
    private let queue = DispatchQueue(label: "starboard.state")
    private let pending = Mutex(false)
    private let source = Mutex<(@Sendable () -> [String: SavedComponent])?>(nil)

    /// Told about saves that failed once changes settled (nobody waits for those to return).
    private let saveFailed: @Sendable (String) -> Void

    public init(path: String, settleDelay: Double = 0.15, saveFailed: @escaping @Sendable (String) -> Void = { _ in }) {
        self.path = path
        self.settleDelay = settleDelay
        self.saveFailed = saveFailed
    }

    // MARK: - Loading

    /// Reads saved values. They are re-checked against the components by the session (through
    /// its host, since only component code knows its constraints); here only the file is checked.
    public func load() -> (components: [String: SavedComponent], warnings: [String]) {
        if Self.isSpecialFile(path) {
            return ([:], ["\(path) is not a regular file; values start from defaults and are not saved"])
        }
        guard let data = FileManager.default.contents(atPath: path) else { return ([:], []) }
        guard let text = String(data: data, encoding: .utf8), let json = try? JSONValue(parsing: text),
              json["format"]?.stringValue == Self.format, case .object(let saved)? = json["components"] else {
            let aside = moveAside()
            return ([:], ["\(path) is not a Starboard state file; moved it to \(aside) and started from defaults"])
        }
        var components: [String: SavedComponent] = [:]
        var warnings: [String] = []
        for (name, entry) in saved {
            guard let values = entry["values"], case .object = values else {
                warnings.append("dropped saved values of \(name): no values")
                continue
            }
            let revision = entry["revision"].flatMap { if case .integer(let r) = $0 { r } else { nil } } ?? 0
            components[name] = SavedComponent(values: values, revision: max(0, revision))
        }
        return (components, warnings)
    }

    private func moveAside() -> String {
        let stamp = Int(Date().timeIntervalSince1970)
        var aside = "\(path).corrupt-\(stamp)"
        var suffix = 1
        while FileManager.default.fileExists(atPath: aside) {
            aside = "\(path).corrupt-\(stamp)-\(suffix)"
            suffix += 1
        }
        _ = rename(path, aside)
        return aside
    }

    // MARK: - Saving

    /// Where values come from when it is time to save.
    public func observe(_ snapshot: @escaping @Sendable () -> [String: SavedComponent]) {
        source.withLock { $0 = snapshot }
    }

    /// Notes a change; the values are written once no change has come for the settle delay.
    public func changed() {
        let schedule = pending.withLock { busy -> Bool in
            defer { busy = true }
            return !busy
        }
        guard schedule else { return }
        queue.asyncAfter(deadline: .now() + settleDelay) { [self] in
            pending.withLock { $0 = false }
            do {
                try save()
            } catch {
                saveFailed("could not save the values to \(path): \(error)")
            }
        }
    }

    /// Writes the current values now (on shutdown).
    public func flush() throws {
        try queue.sync { try save() }
    }

    /// Whether `path` is something other than a regular file (a device such as /dev/null, a
    /// folder, a pipe): such a path is never read as state, moved aside or replaced.
    static func isSpecialFile(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) != S_IFREG
    }

    private func save() throws {
        // Renaming a file over /dev/null (or a folder) would replace it for the whole machine.
        guard !Self.isSpecialFile(path) else { return }
        guard let snapshot = source.withLock({ $0 })?() else { return }
        let components = JSONValue.object(snapshot.keys.sorted().map { name in
            let saved = snapshot[name]!
            return (name, .object([("revision", .integer(saved.revision)), ("values", saved.values)]))
        })
        let text = JSONValue.object([("format", .string(Self.format)), ("components", components)]).description + "\n"
        try Self.atomicWrite(text, to: path)
    }

    /// Temp file, fsync, rename, fsync of the folder: a crash leaves the old file or the new one,
    /// never half of one. Every step's failure throws, with its errno: a save that did not reach
    /// the disk must not look like one that did.
    static func atomicWrite(_ text: String, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let temporary = path + ".tmp-\(getpid())"
        do throws(SystemError) {
            let fd = try SystemCall.retrying("create \(temporary)", { open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) })
            do throws(SystemError) {
                let bytes = Array(text.utf8)
                let written = bytes.withUnsafeBytes { raw in Result { () throws(SystemError) in try SystemCall.writeAll(fd, raw, "write \(temporary)") } }
                try written.get()
                try SystemCall.fsync(fd, "fsync \(temporary)")
                SystemCall.close(fd)
            } catch {
                SystemCall.close(fd)
                throw error
            }
            try SystemCall.retrying("replace \(path)", { rename(temporary, path) })
        } catch {
            unlink(temporary)
            throw StateStoreError(error.description)
        }
        // The rename itself is durable once the folder is flushed.
        do throws(SystemError) {
            let dir = try SystemCall.retrying("open \(folder.isEmpty ? "." : folder)", { open(folder.isEmpty ? "." : folder, O_RDONLY | O_CLOEXEC) })
            defer { SystemCall.close(dir) }
            try SystemCall.fsync(dir, "fsync \(folder.isEmpty ? "." : folder)")
        } catch {
            throw StateStoreError(error.description)
        }
    }
}

/// Why the state file could not be written.
public struct StateStoreError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
