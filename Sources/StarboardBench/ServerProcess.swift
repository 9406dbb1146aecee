import StarboardSystem
import StarboardLocking
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A server under test running as a child process, its stdout and stderr coming back through one
/// pipe.
///
/// Children never outlive the bench: each is stopped when its owner is done with it (also when a
/// benchmark throws), every live one is killed at exit, and each is told by the kernel
/// (``ChildProcess/Options/dieWithParent``) to terminate if the bench dies without cleaning up.
final class ServerProcess {
    private let child: ChildProcess
    private var pending: [UInt8] = []
    private var stopped = false
    /// Lines read while waiting for something else, for error messages.
    private(set) var transcript: [String] = []

    /// The process id.
    var pid: pid_t { child.pid }

    /// Starts `executable` with `arguments` (argv[1...]), in `workingDirectory` or this process's.
    init(executable: String, arguments: [String], workingDirectory: String? = nil) throws(BenchError) {
        ServerRegistry.installExitHandler()
        var options = ChildProcess.Options(stdin: .null, stdout: .pipe, stderr: .stdout)
        options.dieWithParent = true
        options.workingDirectory = workingDirectory
        do {
            child = try ChildProcess(executable, arguments: arguments, options: options)
        } catch {
            throw BenchError("\(error)")
        }
        ServerRegistry.add(child.pid)
    }

    deinit {
        stop()
    }

    /// Reads output lines until one contains `marker`, for at most `timeoutSeconds`.
    func waitForLine(containing marker: String, timeoutSeconds: Double) throws(BenchError) -> String {
        let deadline = Clock.now() + UInt64(timeoutSeconds * 1e9)
        while true {
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                if line.contains(marker) { return line }
                transcript.append(line)
            }
            let now = Clock.now()
            guard now < deadline else {
                throw BenchError("no \"\(marker)\" from the child within \(timeoutSeconds) s; it said: \(transcript.joined(separator: " | "))")
            }
            guard try waitForOutput(milliseconds: Int32(max(1, (deadline - now) / 1_000_000))) else { continue }
            guard try readOutput() else {
                throw BenchError("the child exited before printing \"\(marker)\"; it said: \(transcript.joined(separator: " | "))")
            }
        }
    }

    /// Whether output is there to read within `milliseconds`.
    private func waitForOutput(milliseconds: Int32) throws(BenchError) -> Bool {
        var descriptor = pollfd(fd: child.stdout, events: Int16(POLLIN), revents: 0)
        do {
            return try SystemCall.retrying("poll the server's output", { poll(&descriptor, 1, milliseconds) }) > 0
        } catch {
            throw BenchError("\(error)")
        }
    }

    /// Reads what the child wrote; false at its end.
    private func readOutput() throws(BenchError) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let read = chunk.withUnsafeMutableBytes { buffer in
            Result { () throws(SystemError) in try SystemCall.readSome(child.stdout, into: buffer, "read the server's output") }
        }
        do {
            guard let count = try read.get(), count > 0 else { return false }
            pending.append(contentsOf: chunk[0..<count])
            return true
        } catch {
            throw BenchError("\(error)")
        }
    }

    /// Sends SIGTERM, waits up to ten seconds (a profiler may be writing its data), then SIGKILL; reaps the child. Safe to call twice.
    func stop() {
        guard !stopped else { return }
        stopped = true
        child.signal(SIGTERM)
        for _ in 0..<1000 {
            if child.poll() != nil {
                ServerRegistry.remove(child.pid)
                return
            }
            // Keep the pipe drained so the child's farewell line cannot block it.
            if (try? waitForOutput(milliseconds: 10)) == true { _ = try? readOutput() }
        }
        child.kill()
        ServerRegistry.remove(child.pid)
    }

    /// Resident and peak resident memory of the child, from /proc/PID/status.
    func memory() throws(BenchError) -> ProcessMemory {
        try ProcessMemory(pid: child.pid)
    }
}

/// The resident set of a process, in bytes.
struct ProcessMemory: Sendable {
    /// VmRSS.
    var resident: Int
    /// VmHWM: the peak resident set since the process started.
    var peakResident: Int

    init(pid: pid_t) throws(BenchError) {
        guard let file = fopen("/proc/\(pid)/status", "r") else { throw BenchError("cannot read /proc/\(pid)/status") }
        defer { fclose(file) }
        var resident: Int?
        var peak: Int?
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            func kibibytes() -> Int? { text.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 } }
            if text.hasPrefix("VmRSS:") { resident = kibibytes() }
            if text.hasPrefix("VmHWM:") { peak = kibibytes() }
        }
        guard let resident, let peak else { throw BenchError("no VmRSS/VmHWM in /proc/\(pid)/status") }
        self.resident = resident
        self.peakResident = peak
    }
}

/// Every live server, so that an exit that skips the owners' clean-up still stops them.
enum ServerRegistry {
    private static let live = Locked<Set<pid_t>>([])
    private static let installed = Atomic<Bool>(false)

    static func add(_ pid: pid_t) { live.withLock { _ = $0.insert(pid) } }
    static func remove(_ pid: pid_t) { live.withLock { _ = $0.remove(pid) } }

    static func installExitHandler() {
        guard !installed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        atexit {
            for pid in ServerRegistry.live.withLock({ $0 }) {
                kill(pid, SIGKILL)
                var status: Int32 = 0
                waitpid(pid, &status, 0)
            }
        }
    }
}
