import CStarboardSystem
import StarboardLocking
#if canImport(Glibc)
import Glibc
#endif

/// A child process: the one way Starboard starts programs (the worker, `swift build`,
/// `rsvg-convert`, `xdg-open`, the bench's servers).
///
/// Its standard streams are inherited, pipes to this process, or /dev/null; no other descriptor
/// of this process reaches it. The parent's ends of the pipes belong to the child object and
/// are closed with it unless taken over (``takeStreams()``).
public final class ChildProcess: Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable, Equatable {
        /// The same as this process's.
        case inherit
        /// A pipe whose other end this process holds.
        case pipe
        /// /dev/null.
        case null
        /// stderr only: into the same pipe or place as stdout.
        case stdout
    }

    /// How a child ended.
    public enum Termination: Sendable, Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        public var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signalled(let signal): "ended by signal \(signal)"
            }
        }
    }

    public struct Options: Sendable {
        public var stdin = Stream.inherit
        public var stdout = Stream.inherit
        public var stderr = Stream.inherit
        /// The child's environment; nil for this process's.
        public var environment: [String: String]?
        /// The child's working folder; nil for this process's.
        public var workingDirectory: String?
        /// SIGTERM to the child when the thread that started it ends (a bench killed mid-run
        /// leaves no server behind).
        public var dieWithParent = false
        /// A session of its own (so also a process group of its own): ``ProcessTree/living(inSession:orBelow:)``
        /// with the child's pid finds whatever it started, in whichever group and under whichever
        /// parent (`swift build`'s compilers and linkers), and a terminal's Ctrl-C does not reach it.
        public var ownSession = false

        public init(stdin: Stream = .inherit, stdout: Stream = .inherit, stderr: Stream = .inherit) {
            self.stdin = stdin
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// The child's pid.
    public let pid: pid_t
    /// This process's ends of the pipes, -1 where there is none.
    public let stdin: Int32
    public let stdout: Int32
    public let stderr: Int32

    private struct State {
        /// Which of `stdin`, `stdout`, `stderr` this object still has to close: closing one twice
        /// would close whatever descriptor took its number meanwhile.
        var open: [Bool]
        var termination: Termination?
    }

    private let state: Locked<State>

    /// Starts `executable` (a path; see ``find(_:)``) with `arguments` after argv[0].
    public init(_ executable: String, arguments: [String] = [], options: Options = Options()) throws(SystemError) {
        var opened: [Int32] = []
        func close(_ descriptors: [Int32]) { descriptors.forEach(SystemCall.close) }
        do throws(SystemError) {
            var childEnds: [Int32] = [-1, -1, -1]
            var parentEnds: [Int32] = [-1, -1, -1]
            for (index, stream) in [options.stdin, options.stdout, options.stderr].enumerated() {
                switch stream {
                case .inherit:
                    break
                case .null:
                    let null = try SystemCall.retrying("open /dev/null", { open("/dev/null", O_RDWR | O_CLOEXEC) })
                    opened.append(null)
                    childEnds[index] = null
                case .pipe:
                    let ends = try SystemCall.pipe("pipe for \(executable)")
                    opened += [ends.read, ends.write]
                    childEnds[index] = index == 0 ? ends.read : ends.write
                    parentEnds[index] = index == 0 ? ends.write : ends.read
                case .stdout:
                    childEnds[index] = index == 2 ? (childEnds[1] >= 0 ? childEnds[1] : 1) : -1
                }
            }
            let argv = ([executable] + arguments).map { strdup($0) } + [nil]
            let environment = options.environment.map { $0.map { "\($0.key)=\($0.value)" } }
            let envp = environment.map { $0.map { strdup($0) } + [nil] }
            defer {
                argv.forEach { free($0) }
                envp?.forEach { free($0) }
            }
            let started: pid_t = childEnds.withUnsafeBufferPointer { fds in
                argv.withUnsafeBufferPointer { argvPointer in
                    let flags = (options.dieWithParent ? STARBOARD_SPAWN_DIE_WITH_PARENT : 0) | (options.ownSession ? STARBOARD_SPAWN_OWN_SESSION : 0)
                    let run = { (envpPointer: UnsafePointer<UnsafeMutablePointer<CChar>?>) in
                        if let folder = options.workingDirectory {
                            return starboard_spawn(executable, argvPointer.baseAddress, envpPointer, folder, fds.baseAddress, flags)
                        }
                        return starboard_spawn(executable, argvPointer.baseAddress, envpPointer, nil, fds.baseAddress, flags)
                    }
                    if let envp { return envp.withUnsafeBufferPointer { run($0.baseAddress!) } }
                    return run(UnsafePointer(environ))
                }
            }
            guard started > 0 else { throw SystemError("start \(executable)", code: -started) }
            // The child has its copies; this process keeps only its own ends.
            close(opened.filter { !parentEnds.contains($0) })
            pid = started
            stdin = parentEnds[0]
            stdout = parentEnds[1]
            stderr = parentEnds[2]
            state = Locked(State(open: parentEnds.map { $0 >= 0 }, termination: nil))
        } catch {
            close(opened)
            throw error
        }
    }

    deinit {
        closeStreams()
    }

    /// The full path of `name` on PATH, if it is there and executable.
    public static func find(_ name: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Closes this process's ends of the pipes it still holds (the child then reads end-of-file
    /// on stdin). Each is closed once, however often this is called.
    public func closeStreams() {
        for index in 0..<3 { close(stream: index) }
    }

    /// Closes the pipe to the child's stdin: it reads end-of-file.
    public func closeStdin() {
        close(stream: 0)
    }

    private func close(stream index: Int) {
        let descriptor = [stdin, stdout, stderr][index]
        let wasOpen = state.withLock { state in
            defer { state.open[index] = false }
            return state.open[index]
        }
        if wasOpen { SystemCall.close(descriptor) }
    }

    /// Hands the pipes' ends over to the caller, who closes them from now on.
    public func takeStreams() -> (stdin: Int32, stdout: Int32, stderr: Int32) {
        state.withLock { $0.open = [false, false, false] }
        return (stdin, stdout, stderr)
    }

    /// Sends `signal`; nothing happens once the child has been waited for.
    public func signal(_ signal: Int32) {
        state.withLock { state in
            if state.termination == nil { _ = Glibc.kill(pid, signal) }
        }
    }

    /// Sends `signal` to the child's process group (see ``Options/ownSession``): the child and
    /// all it started that is still in the group, even once the child itself has been reaped.
    public func signalGroup(_ signal: Int32) {
        _ = Glibc.kill(-pid, signal)
    }

    /// Whether the child's end has been seen and it was reaped: its pid may be another process's now.
    public var hasBeenReaped: Bool {
        state.withLock { $0.termination != nil }
    }

    /// Waits for the child to end.
    @discardableResult
    public func wait() -> Termination {
        if let done = state.withLock({ $0.termination }) { return done }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            // ECHILD: someone else reaped it; there is nothing more to know.
            if errno != EINTR { return record(.exited(-1)) }
        }
        return record(Self.termination(status))
    }

    /// The termination if the child has ended, without waiting.
    public func poll() -> Termination? {
        if let done = state.withLock({ $0.termination }) { return done }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid { return record(Self.termination(status)) }
        if result < 0 && errno == ECHILD { return record(.exited(-1)) }
        return nil
    }

    /// SIGKILL, then waits.
    @discardableResult
    public func kill() -> Termination {
        signal(SIGKILL)
        return wait()
    }

    private func record(_ termination: Termination) -> Termination {
        state.withLock { $0.termination = termination }
        return termination
    }

    private static func termination(_ status: Int32) -> Termination {
        // The W* macros are not imported: status & 0x7f is the signal, 0 meaning a normal exit.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }
}

extension ChildProcess {
    /// What a finished child wrote and how it ended.
    public struct Output: Sendable {
        public var termination: Termination
        public var stdout: [UInt8]
        public var stderr: [UInt8]

        public var succeeded: Bool { termination == .exited(0) }
        public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// Runs `executable` to its end, feeding it `input` while reading its stdout and stderr at the
    /// same time, so that a child writing much (or chattering on stderr) never blocks on a full
    /// pipe while this process waits for something else. stderr may be `.stdout` to merge them.
    /// `started` gets the child as soon as it runs (to stop it from another thread).
    public static func run(_ executable: String, arguments: [String] = [], input: [UInt8]? = nil,
                           stderr: Stream = .pipe, environment: [String: String]? = nil,
                           workingDirectory: String? = nil, ownSession: Bool = false,
                           started: (ChildProcess) -> Void = { _ in }) throws(SystemError) -> Output {
        var options = Options(stdin: input == nil ? .null : .pipe, stdout: .pipe, stderr: stderr)
        options.environment = environment
        options.workingDirectory = workingDirectory
        options.ownSession = ownSession
        let child = try ChildProcess(executable, arguments: arguments, options: options)
        started(child)
        var output = Output(termination: .exited(0), stdout: [], stderr: [])
        do throws(SystemError) {
            try child.pump(input: input ?? [], into: &output)
        } catch {
            child.closeStreams()
            child.kill()
            throw error
        }
        child.closeStreams()
        output.termination = child.wait()
        return output
    }

    /// Writes `input` and reads both outputs until they end, in one poll loop.
    private func pump(input: [UInt8], into output: inout Output) throws(SystemError) {
        var writing = stdin >= 0
        var written = 0
        var open = [stdout, stderr].filter { $0 >= 0 }
        for descriptor in open + (writing ? [stdin] : []) { try SystemCall.setNonBlocking(descriptor) }
        if writing && input.isEmpty {
            closeStdin()
            writing = false
        }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while writing || !open.isEmpty {
            var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if writing { descriptors.append(pollfd(fd: stdin, events: Int16(POLLOUT), revents: 0)) }
            try SystemCall.retrying("poll the child's streams", { Int32(Glibc.poll(&descriptors, nfds_t(descriptors.count), -1)) })
            for entry in descriptors where entry.revents != 0 {
                if entry.fd == stdin && writing {
                    let result = input.withUnsafeBytes { bytes in
                        Result { () throws(SystemError) in
                            try SystemCall.writeSome(stdin, UnsafeRawBufferPointer(rebasing: bytes[written...]), "write to the child")
                        }
                    }
                    do throws(SystemError) {
                        written += try result.get()
                    } catch where error.code == EPIPE {
                        // It stopped reading (it may have failed); what it said comes on its outputs.
                        written = input.count
                    }
                    if written == input.count {
                        closeStdin()
                        writing = false
                    }
                    continue
                }
                let read = chunk.withUnsafeMutableBytes { buffer in
                    Result { () throws(SystemError) in try SystemCall.readSome(entry.fd, into: buffer, "read from the child") }
                }
                guard let count = try read.get() else { continue }
                if count == 0 {
                    open.removeAll { $0 == entry.fd }
                } else if entry.fd == stdout {
                    output.stdout += chunk[..<count]
                } else {
                    output.stderr += chunk[..<count]
                }
            }
        }
    }
}
