import Foundation
import StarboardInspector
import StarboardSystem
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs the workbench in a child process (`starboard worker`), like Interface Builder's
/// designables agent, but one that recovers by itself.
///
/// Requests and replies go over the child's stdin and stdout as WorkerProtocol.swift frames them.
/// If the child dies (a trap in component code) or does not answer
/// within the time limit, the call throws, the child is killed, and the next call starts a fresh
/// one. What the child wrote on stderr (Swift prints "Fatal error: …" there) becomes the message.
public final class WorkerHost: ComponentHost {
    /// One running child.
    private final class Worker {
        let process: ChildProcess
        var stderrText = ""

        init(process: ChildProcess) {
            self.process = process
        }

        var input: Int32 { process.stdin }
        var output: Int32 { process.stdout }
        var errors: Int32 { process.stderr }

        func kill() {
            process.kill()
            process.closeStreams()
        }
    }

    public let executable: String
    public let timeout: Double
    private let worker = Mutex<Worker?>(nil)

    /// `executable` is a `starboard` binary; it is started as `executable worker`.
    public init(executable: String, timeout: Double = 2) {
        self.executable = executable
        self.timeout = timeout
    }

    deinit {
        shutdown()
    }

    public func shutdown() {
        worker.withLock { current in
            current?.kill()
            current = nil
        }
    }

    /// Starts the child now rather than on the first call, so start-up errors show early.
    public func start() throws(HostError) {
        try worker.withLock { (current) throws(HostError) in
            if current == nil { current = try spawn() }
        }
    }

    public func call(_ request: WorkerRequest) throws(HostError) -> WorkerReply {
        try worker.withLock { (current) throws(HostError) -> WorkerReply in
            let child: Worker
            if let running = current {
                child = running
            } else {
                child = try spawn()
                current = child
            }
            do throws(HostError) {
                try send(request, to: child)
                return try receive(from: child)
            } catch {
                // A dead or stuck worker is replaced on the next call.
                drainErrors(child)
                child.kill()
                current = nil
                if case .crashed = error {
                    throw .crashed(Self.trapMessage(in: child.stderrText) ?? "the worker exited")
                }
                throw error
            }
        }
    }

    /// The line a Swift trap prints ("…: Fatal error: message"), or the last line written.
    static func trapMessage(in text: String) -> String? {
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if let fatal = lines.last(where: { $0.contains("Fatal error") }) {
            if let range = fatal.range(of: "Fatal error: ") {
                let message = String(fatal[range.upperBound...])
                let location = fatal[..<range.lowerBound].trimmingCharacters(in: CharacterSet(charactersIn: ": "))
                return location.isEmpty ? message : "\(message) (\(location))"
            }
            return fatal
        }
        return lines.last(where: { !$0.hasPrefix("Current stack trace") && !$0.hasPrefix("#") && !$0.contains("💣") })
    }

    // MARK: - The child process

    private func spawn() throws(HostError) -> Worker {
        do {
            let process = try ChildProcess(executable, arguments: ["worker"], options: ChildProcess.Options(stdin: .pipe, stdout: .pipe, stderr: .pipe))
            try SystemCall.setNonBlocking(process.stderr)
            return Worker(process: process)
        } catch {
            throw .unavailable("cannot start \(executable) worker: \(error)")
        }
    }

    private func send(_ request: WorkerRequest, to child: Worker) throws(HostError) {
        let payload = WorkerCodec.encode(request)
        let written = payload.withUnsafeBytes { raw in Result { () throws(SystemError) in try SystemCall.writeAll(child.input, raw, "write to the worker") } }
        do {
            try written.get()
        } catch {
            throw .crashed("the worker stopped reading (\(error))")
        }
    }

    private func receive(from child: Worker) throws(HostError) -> WorkerReply {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
        var reader = WorkerFraming.Reader()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            do throws(WorkerProtocolError) {
                if let body = try reader.next() { return try WorkerCodec.decodeReply(body) }
            } catch {
                throw .crashed("the worker sent a malformed reply: \(error)")
            }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { throw .timedOut(seconds: timeout) }
            var poller = [pollfd(fd: child.output, events: Int16(POLLIN), revents: 0), pollfd(fd: child.errors, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&poller, 2, Int32(max(1, (deadline - now) / 1_000_000)))
            if ready < 0 && errno == EINTR { continue }
            if poller[1].revents & Int16(POLLIN) != 0 { drainErrors(child) }
            guard poller[0].revents != 0 else { continue }
            let n = chunk.withUnsafeMutableBytes { Glibc.read(child.output, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw .crashed("the worker exited") }
            chunk.withUnsafeBytes { reader.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
        }
    }

    /// Keeps what the child says on stderr (bounded), for the crash message.
    private func drainErrors(_ child: Worker) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(child.errors, $0.baseAddress!, 4096) }
            guard n > 0 else { break }
            child.stderrText += String(decoding: buffer.prefix(n), as: UTF8.self)
            if child.stderrText.utf8.count > 65536 { child.stderrText = String(child.stderrText.suffix(16384)) }
        }
    }
}

/// The worker side: reads framed requests on stdin, answers each with the workbench on stdout.
public enum WorkerLoop {
    public static func run(registry: Registry) -> Int32 {
        let workbench = Workbench(registry: registry)
        // Frames go to a private copy of stdout; whatever component code prints goes to stderr
        // instead of corrupting the protocol.
        let frames = dup(1)
        dup2(2, 1)
        var reader = WorkerFraming.Reader()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let body: WorkerFraming.Body
            do throws(WorkerProtocolError) {
                guard let next = try reader.next() else {
                    let n = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress!, $0.count) }
                    if n < 0 && errno == EINTR { continue }
                    // The server closed the pipe: it is done with this worker.
                    guard n > 0 else { return 0 }
                    chunk.withUnsafeBytes { reader.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
                    continue
                }
                body = next
            } catch {
                FileHandle.standardError.write(Data("starboard worker: \(error)\n".utf8))
                return 1
            }
            let reply: WorkerReply
            do throws(WorkerProtocolError) {
                reply = workbench.handle(try WorkerCodec.decodeRequest(body))
            } catch {
                reply = .refused("the worker could not read the request: \(error)")
            }
            let bytes = WorkerCodec.encode(reply)
            var written = 0
            while written < bytes.count {
                let n = bytes.withUnsafeBytes { write(frames, $0.baseAddress! + written, $0.count - written) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return 1 }
                written += n
            }
        }
    }
}
