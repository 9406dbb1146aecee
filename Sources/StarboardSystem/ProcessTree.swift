#if canImport(Glibc)
import Glibc
#endif

/// The processes below one process, read from /proc: what has to be stopped with a build, as
/// `swift build` starts each compiler in a process group of its own (so a group signal to the
/// build does not reach them), and a compiler whose parent has died is no longer below it (it
/// has been handed to init) but is still in the build's session.
public enum ProcessTree {
    /// Every living descendant of `root` (children, their children, …), parents before children.
    public static func descendants(of root: pid_t) -> [pid_t] {
        var children: [pid_t: [pid_t]] = [:]
        forEachProcess { pid, status in children[status.parent, default: []].append(pid) }
        return descendants(of: root, in: children)
    }

    private static func descendants(of root: pid_t, in children: [pid_t: [pid_t]]) -> [pid_t] {
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

    /// The processes of session `session` (a child started with ``ChildProcess/Options/ownSession``
    /// and everything it started, whoever their parents are now, unless they left with a `setsid`
    /// of their own) and those below `root` (with `root` itself) that have not ended, from one
    /// read of /proc: what stopping a build looks for, every 20 ms. `root` is nil once its
    /// process has been reaped, as its pid may be another's by then.
    public static func living(inSession session: pid_t, orBelow root: pid_t?) -> [pid_t] {
        var children: [pid_t: [pid_t]] = [:]
        var alive: Set<pid_t> = []
        var found: [pid_t] = []
        forEachProcess { pid, status in
            children[status.parent, default: []].append(pid)
            guard !status.ended else { return }
            alive.insert(pid)
            if status.session == session { found.append(pid) }
        }
        guard let root else { return found }
        for pid in [root] + descendants(of: root, in: children) where alive.contains(pid) && !found.contains(pid) { found.append(pid) }
        return found
    }

    /// Whether `pid` exists and has not ended (a zombie, ended but not yet reaped, has).
    public static func isRunning(_ pid: pid_t) -> Bool {
        status(of: pid).map { !$0.ended } ?? false
    }

    /// What /proc/PID/stat says of one process: "pid (name) state ppid pgrp session …".
    struct Status {
        var ended: Bool
        var parent: pid_t
        var session: pid_t
    }

    /// The name may hold spaces and parentheses, so the fields are read after the last ')'.
    static func status(of pid: pid_t) -> Status? {
        guard let file = fopen("/proc/\(pid)/stat", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 512)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let close = line.lastIndex(of: ")") else { return nil }
        let fields = line[line.index(after: close)...].split(separator: " ")
        guard fields.count > 3, let parent = pid_t(fields[1]), let session = pid_t(fields[3]) else { return nil }
        return Status(ended: fields[0] == "Z", parent: parent, session: session)
    }

    /// Calls `body` with every process in /proc that could be read.
    private static func forEachProcess(_ body: (pid_t, Status) -> Void) {
        guard let folder = opendir("/proc") else { return }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = pid_t(name), let status = status(of: pid) else { continue }
            body(pid, status)
        }
    }
}
