import Dispatch
import Foundation
import StarboardSystem
import StarboardLocking
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Watches folders (recursively, with inotify) for changed Swift files and calls back once a
/// burst of changes has settled.
///
/// Editors save in many ways: in place, or to a temporary file that is then renamed over the
/// original, sometimes with backup files on the side. Every event for a `.swift` file counts, temp
/// and backup names do not, and events closer together than `settle` make one call.
public final class FileWatcher: Sendable {
    private let roots: [String]
    private let settle: Double
    private let onChange: @Sendable ([String]) -> Void
    private let descriptor: Int32
    private let watches = Locked<[Int32: String]>([:])
    private let running = Atomic<Bool>(true)

    /// Watches `roots` and every folder under them; a root that cannot be watched throws.
    public init(roots: [String], settle: Double = 0.15, onChange: @escaping @Sendable ([String]) -> Void) throws(SystemError) {
        self.roots = roots
        self.settle = settle
        self.onChange = onChange
        descriptor = try SystemCall.retrying("inotify_init1", { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) })
        // A root that cannot be watched throws with self complete, so deinit closes the descriptor.
        for root in roots { try addTree(root) }
    }

    deinit {
        stop()
        SystemCall.close(descriptor)
    }

    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF)

    private func addTree(_ folder: String) throws(SystemError) {
        let wd = try SystemCall.retrying("watch \(folder)", { inotify_add_watch(descriptor, folder, Self.mask) })
        watches.withLock { $0[wd] = folder }
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !entry.hasPrefix(".") {
            var isFolder: ObjCBool = false
            let path = folder + "/" + entry
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { try? addTree(path) }
        }
    }

    /// Whether a changed name is source an author edits (not an editor's temp or backup file).
    static func isSource(_ name: String) -> Bool {
        name.hasSuffix(".swift") && !name.hasPrefix(".") && !name.hasPrefix("#") && !name.hasSuffix("~")
    }

    public func start() {
        let worker = Thread { [self] in loop() }
        worker.name = "starboard.watch"
        worker.start()
    }

    public func stop() {
        running.store(false, ordering: .relaxed)
    }

    private func loop() {
        var changed: Set<String> = []
        var lastEvent = DispatchTime.now().uptimeNanoseconds
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while running.load(ordering: .relaxed) {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = (try? SystemCall.retrying("poll inotify", { poll(&poller, 1, 50) })) ?? 0
            if ready > 0 {
                let read = buffer.withUnsafeMutableBytes { raw in
                    Result { () throws(SystemError) in try SystemCall.readSome(descriptor, into: raw, "read inotify events") }
                }
                if let count = (try? read.get()) ?? nil, count > 0 {
                    for path in events(in: buffer, count: count) where Self.isSource((path as NSString).lastPathComponent) {
                        changed.insert(path)
                    }
                    lastEvent = DispatchTime.now().uptimeNanoseconds
                }
            }
            if !changed.isEmpty, DispatchTime.now().uptimeNanoseconds - lastEvent > UInt64(settle * 1e9) {
                let paths = changed.sorted()
                changed.removeAll()
                onChange(paths)
            }
        }
    }

    /// The paths named by the inotify events in `buffer`; new folders are watched too.
    private func events(in buffer: [UInt8], count: Int) -> [String] {
        var paths: [String] = []
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let (wd, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                return (event.wd, event.mask, Int(event.len))
            }
            let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            offset += header + length
            guard let folder = watches.withLock({ $0[wd] }) else { continue }
            let path = name.isEmpty ? folder : folder + "/" + name
            if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                try? addTree(path)
                // Files written into the folder before the watch was added still count.
                for entry in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] { paths.append(path + "/" + entry) }
            }
            paths.append(path)
        }
        return paths
    }
}
