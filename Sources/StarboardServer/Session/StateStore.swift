import Dispatch
import Foundation
import StarboardInspector
import StarboardSystem
import StarboardLocking

/// Keeps current values in a JSON file so a restart, even after `kill -9`, comes back with them.
///
/// Saves happen once changes settle (a short quiet period after the last one) with an atomic
/// write: a temporary file in the same folder, fsync, rename, fsync of the folder. A file that
/// is not ours or not JSON is moved aside with a warning, never overwritten; a file that exists
/// but cannot be read is an error (``load()`` throws), never taken for a missing one, so values
/// that could not be read are never replaced by defaults.
///
/// Every save reports how it went (``init(path:settleDelay:status:)``): a failure is said where
/// it happened and to the pages, and a later success clears it.
public final class StateStore: Sendable {
    public static let format = "starboard.state.v1"

    public let path: String
    private let settleDelay: Double
    private let queue = DispatchQueue(label: "starboard.state")
    private let pending = Locked(false)
    private let source = Locked<(@Sendable () -> [String: SavedComponent])?>(nil)
    /// Why the newest save failed; nil after one that succeeded.
    private let failure = Locked<String?>(nil)

    /// Told when saving starts failing (the reason) or works again (nil); once per change, not
    /// per save, so a disk that stays full is not reported every 150 ms.
    private let status: @Sendable (String?) -> Void

    public init(path: String, settleDelay: Double = 0.15, status: @escaping @Sendable (String?) -> Void = { _ in }) {
        self.path = path
        self.settleDelay = settleDelay
        self.status = status
    }

    /// Whether values can be saved at all: false when the path is a device, a folder or a pipe
    /// (`--state /dev/null` to keep nothing), which is never replaced.
    public var keepsValues: Bool { !Self.isSpecialFile(path) }

    // MARK: - Loading

    /// Reads saved values. They are re-checked against the components by the session (through
    /// its host, since only component code knows its constraints); here only the file is checked.
    /// Throws when the file is there but cannot be read (permissions, an I/O error).
    public func load() throws(StateStoreError) -> (components: [String: SavedComponent], warnings: [String]) {
        if Self.isSpecialFile(path) {
            return ([:], ["\(path) is not a regular file; values start from defaults and are NOT saved"])
        }
        guard let data = try Self.read(path) else { return ([:], []) }
        guard let text = String(validating: data, as: UTF8.self), let json = try? JSONValue(parsing: text),
              json["format"]?.stringValue == Self.format, case .object(let saved)? = json["components"] else {
            let aside = try moveAside()
            return ([:], ["\(path) is not a Starboard state file; moved it to \(aside) and started from defaults"])
        }
        var components: [String: SavedComponent] = [:]
        var warnings: [String] = []
        for (name, entry) in saved {
            guard let values = entry["values"], case .object = values else {
                warnings.append("dropped saved values of \(name): no values")
                continue
            }
            let bounded = Self.bounded(values, of: name, warnings: &warnings)
            var revision = 0
            switch entry["revision"] {
            case .integer(let r)? where r > Revision.max:
                warnings.append("\(name): saved revision \(r) is beyond \(Revision.max), the largest a client counts exactly; counting from there")
                revision = Revision.max
            case .number(let r)? where r > 0:
                warnings.append("\(name): saved revision \(entry["revision"]!) is beyond \(Revision.max), the largest a client counts exactly; counting from there")
                revision = Revision.max
            case .integer(let r)?:
                revision = max(0, r)
            default:
                break
            }
            components[name] = SavedComponent(values: bounded, revision: revision)
        }
        return (components, warnings)
    }

    /// Saved values within what a request may carry (``Envelope/maxDepth`` and
    /// ``Envelope/maxValuesBytes``), property by property: a property no `set` could have carried
    /// on its own is a damaged or foreign file, and handing it to the worker would cost a render's
    /// whole time limit. Such a property is dropped with a warning that shows its start, never all
    /// of it; the others stay. (The whole may be larger than one request: it is every set merged.)
    static func bounded(_ values: JSONValue, of name: String, warnings: inout [String]) -> JSONValue {
        guard case .object(let members) = values else { return values }
        var kept: [(String, JSONValue)] = []
        for (property, value) in members {
            var written: [UInt8] = []
            value.write(into: &written)
            // What `{"property":value}` alone costs, as the request's `values` would be written.
            let alone = written.count + property.utf8.count + 5
            if value.depth > Envelope.maxDepth - 2 {
                warnings.append("dropped saved \(name).\(property): nested deeper than a request may be (\(value.abbreviated()))")
            } else if alone > Envelope.maxValuesBytes {
                warnings.append("dropped saved \(name).\(property): \(written.count) bytes written out, more than the \(Envelope.maxValuesBytes) a request may carry (\(value.abbreviated()))")
            } else {
                kept.append((property, value))
            }
        }
        return kept.count == members.count ? values : .object(kept)
    }

    /// The whole file, nil when there is none; any other failure to read it throws.
    private static func read(_ path: String) throws(StateStoreError) -> [UInt8]? {
        do throws(SystemError) {
            let fd: Int32
            do {
                fd = try SystemCall.retrying("read \(path)", { open(path, O_RDONLY | O_CLOEXEC) })
            } catch where error.code == ENOENT {
                return nil
            }
            defer { SystemCall.close(fd) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = try chunk.withUnsafeMutableBytes { raw in
                    Result { () throws(SystemError) in try SystemCall.readSome(fd, into: raw, "read \(path)") }
                }.get() ?? 0
                if count == 0 { return bytes }
                bytes.append(contentsOf: chunk[..<count])
            }
        } catch {
            throw StateStoreError("cannot read the saved values: \(error)")
        }
    }

    private func moveAside() throws(StateStoreError) -> String {
        let stamp = Int(Date().timeIntervalSince1970)
        var aside = "\(path).corrupt-\(stamp)"
        var suffix = 1
        while FileManager.default.fileExists(atPath: aside) {
            aside = "\(path).corrupt-\(stamp)-\(suffix)"
            suffix += 1
        }
        // If it cannot be moved, it must not be replaced by the next save either.
        do {
            try SystemCall.retrying("rename to \(aside)", { rename(path, aside) })
        } catch {
            throw StateStoreError("\(path) is not a Starboard state file, and moving it aside failed: \(error)")
        }
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
            _ = try? saveReporting()
        }
    }

    /// Writes the current values now, waiting for the disk; throws when that failed. Returns
    /// false when nothing is kept (``keepsValues``).
    @discardableResult
    public func flush() throws(StateStoreError) -> Bool {
        try queue.sync { Result { () throws(StateStoreError) -> Bool in try saveReporting() } }.get()
    }

    /// Whether `path` is something other than a regular file (a device such as /dev/null, a
    /// folder, a pipe): such a path is never read as state, moved aside or replaced.
    static func isSpecialFile(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) != S_IFREG
    }

    /// Saves, and reports a change between failing and working.
    private func saveReporting() throws(StateStoreError) -> Bool {
        let message: String?
        let result: Result<Bool, StateStoreError>
        do {
            result = .success(try save())
            message = nil
        } catch {
            result = .failure(error)
            message = "could not save the values to \(path): \(error)"
        }
        let changed = failure.withLock { old -> Bool in
            defer { old = message }
            return old != message
        }
        if changed { status(message) }
        return try result.get()
    }

    private func save() throws(StateStoreError) -> Bool {
        // Renaming a file over /dev/null (or a folder) would replace it for the whole machine.
        guard !Self.isSpecialFile(path) else { return false }
        guard let snapshot = source.withLock({ $0 })?() else { return false }
        let components = JSONValue.object(snapshot.keys.sorted().map { name in
            let saved = snapshot[name]!
            return (name, .object([("revision", .integer(saved.revision)), ("values", saved.values)]))
        })
        let text = JSONValue.object([("format", .string(Self.format)), ("components", components)]).description + "\n"
        try Self.atomicWrite(text, to: path)
        return true
    }

    /// Temp file, fsync, rename, fsync of the folder: a crash leaves the old file or the new one,
    /// never half of one. Every step's failure throws, with its errno: a save that did not reach
    /// the disk must not look like one that did.
    static func atomicWrite(_ text: String, to path: String) throws(StateStoreError) {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw StateStoreError("cannot create the folder \(folder): \((error as NSError).localizedDescription)")
            }
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
public struct StateStoreError: Error, Equatable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
