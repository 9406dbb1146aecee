#if canImport(Glibc)
import Glibc
#endif

/// The processes below one process, read from /proc: what has to be stopped with a build, as
/// `swift build` starts each compiler in a process group of its own (so a group signal to the
/// build does not reach them).
public enum ProcessTree {
    /// Every living descendant of `root` (children, their children, …), parents before children.
    public static func descendants(of root: pid_t) -> [pid_t] {
        var children: [pid_t: [pid_t]] = [:]
        guard let folder = opendir("/proc") else { return [] }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = pid_t(name), let parent = parent(of: pid) else { continue }
            children[parent, default: []].append(pid)
        }
        var found: [pid_t] = []
        var pending = [root]
        while let next = pending.first {
            pending.removeFirst()
            for child in children[next] ?? [] where !found.contains(child) {
                found.append(child)
                pending.append(child)
            }
        }
        return found
    }

    /// The parent's pid from /proc/PID/stat ("pid (name) state ppid …"; the name may hold spaces
    /// and parentheses, so the fields are read after the last ')').
    static func parent(of pid: pid_t) -> pid_t? {
        guard let file = fopen("/proc/\(pid)/stat", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 512)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let close = line.lastIndex(of: ")") else { return nil }
        let fields = line[line.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }
}

extension ProcessTree {
    /// Whether `pid` exists and has not ended (a zombie, ended but not yet reaped, has).
    public static func isRunning(_ pid: pid_t) -> Bool {
        guard let file = fopen("/proc/\(pid)/stat", "r") else { return false }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 512)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return false }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let close = line.lastIndex(of: ")") else { return false }
        return line[line.index(after: close)...].split(separator: " ").first != "Z"
    }
}
