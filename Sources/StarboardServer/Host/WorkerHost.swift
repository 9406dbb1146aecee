import Dispatch
import Foundation
import StarboardInspector
import StarboardSystem
import StarboardLocking
#if canImport(Glibc)
import Glibc
#endif

/// Runs the workbench in a child process (`starboard worker`), like Interface Builder's
/// designables agent, but one that recovers by itself.
///
/// Requests and replies go over the child's stdin and stdout as WorkerProtocol.swift frames them.
/// If the child dies (a trap in component code) or does not answer within the time limit, the
/// call fails, the child is killed, and the next call starts a fresh one. What the child wrote on
/// stderr (Swift prints "Fatal error: …" there) becomes the message.
///
/// Until ``attach(to:)`` calls block on the pipes (start-up, and a reload's new code before it
/// takes over). Once attached, the worker's pipes are watched by the server's event loop: a
/// request is written and its reply read on the service thread, where the reply's frames are then
/// queued, with no other thread in between.
public final class WorkerHost: ComponentHost {
    public let executable: String
    public let timeout: Double

    private enum Mode {
        case direct(DirectWorker?)
        case loop(LoopWorker)
        case shutDown
    }

    private let mode = Locked(Mode.direct(nil))

    /// `executable` is a `starboard` binary; it is started as `executable worker`.
    public init(executable: String, timeout: Double = 2) {
        self.executable = executable
        self.timeout = timeout
    }

    deinit {
        shutdown()
    }

    /// How long the worker may take to describe the package: it loads and lists every component
    /// and preview, which grows with the package (a 500-component catalogue took over 2 s on this
    /// 2-core machine under load), so the limit of one render does not apply to it.
    public static let catalogLimit: Double = 60

    /// The time limit of `request`: the catalog's, or `render` for everything else.
    static func limit(for request: WorkerRequest, render: Double) -> Double {
        if case .catalog = request { return max(render, catalogLimit) }
        return render
    }

    /// Starts the child now rather than on the first call, so start-up errors show early.
    public func start() throws(HostError) {
        try mode.withLock { (mode) throws(HostError) in
            if case .direct(nil) = mode { mode = .direct(try DirectWorker(executable: executable)) }
        }
    }

    public func call(_ request: WorkerRequest) throws(HostError) -> WorkerReply {
        let direct: Result<WorkerReply, HostError>? = mode.withLock { mode in
            switch mode {
            case .shutDown:
                return .failure(.unavailable("the worker was shut down"))
            case .loop:
                return nil
            case .direct(let current):
                // In the lock for the whole exchange: one request at a time on the pipes.
                let worker: DirectWorker
                do throws(HostError) {
                    if let current { worker = current } else { worker = try DirectWorker(executable: executable) }
                } catch {
                    return .failure(error)
                }
                do throws(HostError) {
                    let reply = try worker.exchange(request, timeout: Self.limit(for: request, render: timeout))
                    mode = .direct(worker)
                    return .success(reply)
                } catch {
                    // A dead or stuck worker is replaced on the next call.
                    worker.kill()
                    mode = .direct(nil)
                    return .failure(error)
                }
            }
        }
        if let direct { return try direct.get() }
        guard case .loop(let driver) = mode.withLock({ $0 }) else { throw .unavailable("the worker was shut down") }
        return try driver.wait(for: request)
    }

    public func submit(_ request: WorkerRequest, completion: @escaping @Sendable (Result<WorkerReply, HostError>) -> Void) {
        let driver = mode.withLock { mode -> LoopWorker? in
            if case .loop(let driver) = mode { return driver }
            return nil
        }
        if let driver {
            driver.submit(request, completion: completion)
        } else {
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                completion(Result { () throws(HostError) in try call(request) })
            }
        }
    }

    public func attach(to loop: any EventLoop) {
        mode.withLock { mode in
            guard case .direct(let current) = mode else { return }
            let driver = LoopWorker(executable: executable, timeout: timeout, loop: loop)
            driver.adopt(current?.process)
            mode = .loop(driver)
        }
    }

    public func shutdown() {
        let previous = mode.withLock { mode -> Mode in
            defer { mode = .shutDown }
            return mode
        }
        switch previous {
        case .direct(let worker): worker?.kill()
        case .loop(let driver): driver.shutdown()
        case .shutDown: break
        }
    }

    /// What Swift prints for each kind of trap: `fatalError`, `preconditionFailure`,
    /// `assertionFailure`, a force unwrap of nil and an index out of range print "Fatal error";
    /// a failed `precondition` and `assert` print their own words.
    static let trapKinds = ["Fatal error", "Precondition failed", "Assertion failed"]

    /// The line a Swift trap prints ("file:line: Fatal error: message"), as "message (file:line)";
    /// a failed precondition or assertion keeps its kind ("Precondition failed: message
    /// (file:line)"). Otherwise the last line written that is not the backtracer's.
    public static func trapMessage(in text: String) -> String? {
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for line in lines.reversed() {
            for kind in trapKinds {
                guard let range = line.range(of: kind) else { continue }
                let location = line[..<range.lowerBound].trimmingCharacters(in: CharacterSet(charactersIn: ": "))
                var message = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
                if message.hasPrefix(":") { message = message.dropFirst().trimmingCharacters(in: .whitespaces) }
                if kind != "Fatal error" || message.isEmpty { message = message.isEmpty ? kind : "\(kind): \(message)" }
                return location.isEmpty ? message : "\(message) (\(location))"
            }
        }
        return lines.last(where: { line in
            !line.hasPrefix("Current stack trace") && !line.hasPrefix("#") && !line.contains("💣") && !line.hasPrefix("***")
                && !line.hasPrefix("Backtrace took") && !(line.first?.isNumber ?? false)
        })
    }

    /// The worker's environment: this process's, with Swift's backtracer off. On a trap it
    /// symbolicates every frame, which takes 1.2–1.5 s, close to the time limit (under load past
    /// it, so a trap read as a hang); the trap's message is printed before it either way.
    static func workerEnvironment(_ base: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var environment = base
        environment["SWIFT_BACKTRACE"] = "enable=no"
        return environment
    }

    /// Starts `executable worker` with its three streams as pipes, which do not block.
    static func spawn(_ executable: String) throws(HostError) -> ChildProcess {
        var options = ChildProcess.Options(stdin: .pipe, stdout: .pipe, stderr: .pipe)
        options.environment = workerEnvironment()
        do {
            let process = try ChildProcess(executable, arguments: ["worker"], options: options)
            for descriptor in [process.stdin, process.stdout, process.stderr] { try SystemCall.setNonBlocking(descriptor) }
            return process
        } catch {
            throw .unavailable("cannot start \(executable) worker: \(error)")
        }
    }

    /// What the child said on stderr, kept bounded: the end of it is what matters.
    static func keep(_ bytes: ArraySlice<UInt8>, in text: inout String) {
        text += String(decoding: bytes, as: UTF8.self)
        if text.utf8.count > 65536 { text = String(text.suffix(16384)) }
    }
}

/// A worker spoken to by blocking on its pipes, before the host is attached to an event loop.
final class DirectWorker {
    let process: ChildProcess
    private var stderrText = ""

    init(executable: String) throws(HostError) {
        process = try WorkerHost.spawn(executable)
    }

    func kill() {
        process.kill()
        process.closeStreams()
    }

    /// Writes the request and waits for the reply, reading stderr meanwhile so the child never
    /// blocks on it.
    func exchange(_ request: WorkerRequest, timeout: Double) throws(HostError) -> WorkerReply {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
        let frame = WorkerCodec.encode(request)
        var written = 0
        var reader = WorkerFraming.Reader()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            if written == frame.count, let body = try decoded(&reader) {
                return try reply(body)
            }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { throw .timedOut(seconds: timeout) }
            var descriptors = [pollfd(fd: process.stdout, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: process.stderr, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: process.stdin, events: written < frame.count ? Int16(POLLOUT) : 0, revents: 0)]
            let milliseconds = Int32(max(1, (deadline - now) / 1_000_000))
            _ = try io { () throws(SystemError) in try SystemCall.retrying("poll the worker", { poll(&descriptors, 3, milliseconds) }) }
            if descriptors[2].revents != 0 && written < frame.count {
                written += try io { () throws(SystemError) in
                    try frame.withUnsafeBytes { raw in
                        Result { () throws(SystemError) in try SystemCall.writeSome(process.stdin, UnsafeRawBufferPointer(rebasing: raw[written...]), "write to the worker") }
                    }.get()
                }
            }
            if descriptors[1].revents != 0 { try io { () throws(SystemError) in try drainErrors(&chunk) } }
            if descriptors[0].revents != 0 {
                let count = try io { () throws(SystemError) in
                    try chunk.withUnsafeMutableBytes { raw in
                        Result { () throws(SystemError) in try SystemCall.readSome(process.stdout, into: raw, "read from the worker") }
                    }.get()
                }
                if count == 0 { throw .crashed(died()) }
                if let count { chunk.withUnsafeBytes { reader.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) } }
            }
        }
    }

    /// A failed write or read means the worker went away: its trap message is the error.
    private func io<T>(_ body: () throws(SystemError) -> T) throws(HostError) -> T {
        do {
            return try body()
        } catch {
            throw .crashed(died())
        }
    }

    private func decoded(_ reader: inout WorkerFraming.Reader) throws(HostError) -> WorkerFraming.Body? {
        do {
            return try reader.next()
        } catch {
            throw .crashed("the worker sent a malformed reply: \(error)")
        }
    }

    private func reply(_ body: WorkerFraming.Body) throws(HostError) -> WorkerReply {
        do {
            return try WorkerCodec.decodeReply(body)
        } catch {
            throw .crashed("the worker sent a malformed reply: \(error)")
        }
    }

    /// The trap message once the child is gone: everything it wrote on stderr is there to read.
    private func died() -> String {
        process.kill()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        try? drainErrors(&chunk)
        return WorkerHost.trapMessage(in: stderrText) ?? "the worker exited"
    }

    private func drainErrors(_ chunk: inout [UInt8]) throws(SystemError) {
        while let count = try chunk.withUnsafeMutableBytes({ raw in
            Result { () throws(SystemError) in try SystemCall.readSome(process.stderr, into: raw, "read the worker's errors") }
        }).get(), count > 0 {
            WorkerHost.keep(chunk[..<count], in: &stderrText)
        }
    }
}
