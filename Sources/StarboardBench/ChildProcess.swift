#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A child process (a server under test) whose stdout and stderr come back through a pipe.
///
/// Children never outlive the bench: each is stopped when its owner is done with it (also when a
/// benchmark throws), every live one is killed at exit, and each is told by the kernel
/// (PR_SET_PDEATHSIG) to terminate if the bench dies without cleaning up.
final class ChildProcess {
    /// The process id.
    let pid: pid_t
    private let output: Int32
    private var pending: [UInt8] = []
    private var stopped = false
    /// Lines read while waiting for something else, for error messages.
    private(set) var transcript: [String] = []

    /// Starts `executable` with `arguments` (argv[1...]).
    init(executable: String, arguments: [String]) throws(BenchError) {
        ChildRegistry.installExitHandler()
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw BenchError("pipe: errno \(errno)") }
        // Close-on-exec, so that no other child holds this pipe open (dup2 clears it on 1 and 2).
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // Everything the child needs is prepared before fork: between fork and exec only
        // async-signal-safe calls run.
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let setDeathSignal = ChildRegistry.prctl
        let parent = getpid()
        let writeEnd = pipeEnds[1]
        let child = fork()
        if child == 0 {
            if let setDeathSignal { _ = setDeathSignal(1 /* PR_SET_PDEATHSIG */, UInt(SIGTERM), 0, 0, 0) }
            if getppid() != parent { _exit(127) }
            dup2(writeEnd, 1)
            dup2(writeEnd, 2)
            argv.withUnsafeBufferPointer { _ = execv($0[0]!, $0.baseAddress!) }
            _exit(127)
        }
        close(pipeEnds[1])
        guard child > 0 else {
            close(pipeEnds[0])
            throw BenchError("fork: errno \(errno)")
        }
        pid = child
        output = pipeEnds[0]
        ChildRegistry.add(child)
    }

    deinit {
        stop()
        close(output)
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
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(max(1, (deadline - now) / 1_000_000)))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw BenchError("the child exited before printing \"\(marker)\"; it said: \(transcript.joined(separator: " | "))")
            }
            pending.append(contentsOf: chunk[0..<count])
        }
    }

    /// Sends SIGTERM, waits up to ten seconds (a profiler may be writing its data), then SIGKILL; reaps the child. Safe to call twice.
    func stop() {
        guard !stopped else { return }
        stopped = true
        kill(pid, SIGTERM)
        var status: Int32 = 0
        for _ in 0..<1000 {
            if waitpid(pid, &status, WNOHANG) == pid {
                ChildRegistry.remove(pid)
                return
            }
            // Keep the pipe drained so the child's farewell line cannot block it.
            var chunk = [UInt8](repeating: 0, count: 4096)
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 10) > 0 {
                _ = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            }
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        ChildRegistry.remove(pid)
    }

    /// Resident and peak resident memory of the child, from /proc/PID/status.
    func memory() throws(BenchError) -> ProcessMemory {
        try ProcessMemory(pid: pid)
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

/// Every live child, so that an exit that skips the owners' clean-up still stops them.
enum ChildRegistry {
    typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32

    private static let live = Mutex<Set<pid_t>>([])
    private static let installed = Atomic<Bool>(false)

    /// glibc's prctl, looked up at run time because the Glibc module does not export it.
    static let prctl: Prctl? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl").map { unsafeBitCast($0, to: Prctl.self) }

    static func add(_ pid: pid_t) { live.withLock { _ = $0.insert(pid) } }
    static func remove(_ pid: pid_t) { live.withLock { _ = $0.remove(pid) } }

    static func installExitHandler() {
        guard !installed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        atexit {
            for pid in ChildRegistry.live.withLock({ $0 }) {
                kill(pid, SIGKILL)
                var status: Int32 = 0
                waitpid(pid, &status, 0)
            }
        }
    }
}
