import Dispatch
import StarboardSystem
import StarboardLocking
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A ``WorkerHost`` attached to the server's event loop: requests are written to the worker, and
/// replies read from it, on the service thread, one at a time in the order they were submitted.
///
/// `@unchecked Sendable`: the entry points (``submit(_:completion:)``, ``adopt(_:)``,
/// ``shutdown()``, ``wait(for:)``) only post work to the loop; everything else, and every mutable
/// property, is touched on the service thread alone.
final class LoopWorker: @unchecked Sendable {
    private struct Call {
        let frame: [UInt8]
        let timeout: Double
        let completion: @Sendable (Result<WorkerReply, HostError>) -> Void
    }

    private let executable: String
    private let timeout: Double
    private let loop: any EventLoop
    /// Set from any thread; the loop then refuses new calls.
    private let isShutDown = Atomic<Bool>(false)
    /// The running child, to kill it from any thread on shutdown (the server may have stopped).
    private let running = Locked<ChildProcess?>(nil)

    // Service thread only.
    private weak var watcher: (any DescriptorWatcher)?
    private var link: WorkerLink?
    private var waiting = ChangeLine<Call>()
    private var current: Call?

    init(executable: String, timeout: Double, loop: any EventLoop) {
        self.executable = executable
        self.timeout = timeout
        self.loop = loop
    }

    /// Sends `request`; `completion` runs on the service thread.
    func submit(_ request: WorkerRequest, completion: @escaping @Sendable (Result<WorkerReply, HostError>) -> Void) {
        let call = Call(frame: WorkerCodec.encode(request), timeout: WorkerHost.limit(for: request, render: timeout), completion: completion)
        // Posted even on the service thread: the completion must not run inside the caller's call.
        loop.execute { [self] watcher in
            self.watcher = watcher
            guard !isShutDown.load(ordering: .acquiring) else {
                call.completion(.failure(.unavailable("the worker was shut down")))
                return
            }
            waiting.append(call)
            startNext()
        }
    }

    /// ``submit(_:completion:)`` for a thread that may wait: never the service thread.
    func wait(for request: WorkerRequest) throws(HostError) -> WorkerReply {
        precondition(!loop.inEventLoop, "a blocking worker call on the service thread would never return")
        let done = DispatchSemaphore(value: 0)
        let outcome = Locked<Result<WorkerReply, HostError>?>(nil)
        submit(request) { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return try outcome.withLock { $0! }.get()
    }

    /// Takes over the child the host started before it was attached.
    func adopt(_ process: ChildProcess?) {
        guard let process else { return }
        running.withLock { $0 = process }
        loop.execute { [self] watcher in
            self.watcher = watcher
            if link == nil, !isShutDown.load(ordering: .acquiring) {
                link = try? WorkerLink(process: process, watcher: watcher, owner: self)
            }
        }
    }

    func shutdown() {
        isShutDown.store(true, ordering: .releasing)
        running.withLock { $0 }?.kill()
        loop.execute { [self] _ in
            link?.stop()
            link = nil
            failAll(.unavailable("the worker was shut down"))
        }
    }

    // MARK: Service thread

    private func startNext() {
        guard current == nil, !waiting.isEmpty, let watcher else { return }
        if link == nil {
            do throws(HostError) {
                let process = try WorkerHost.spawn(executable)
                running.withLock { $0 = process }
                link = try WorkerLink(process: process, watcher: watcher, owner: self)
            } catch {
                let call = waiting.take(1)[0]
                call.completion(.failure(error))
                startNext()
                return
            }
        }
        let call = waiting.take(1)[0]
        current = call
        link!.send(call.frame, timeout: call.timeout)
    }

    private func complete(_ result: Result<WorkerReply, HostError>) {
        guard let call = current else { return }
        current = nil
        call.completion(result)
        startNext()
    }

    private func failAll(_ error: HostError) {
        if let call = current {
            current = nil
            call.completion(.failure(error))
        }
        while !waiting.isEmpty { waiting.take(1)[0].completion(.failure(error)) }
    }

    /// The link's reply to the current call.
    func replied(_ from: WorkerLink, _ reply: WorkerReply) {
        guard from === link else { return }
        complete(.success(reply))
    }

    /// The link's worker is gone (a trap, a malformed reply, or too slow): a fresh one starts
    /// with the next call.
    func failed(_ from: WorkerLink, _ error: HostError) {
        guard from === link else { return }
        link = nil
        running.withLock { $0 = nil }
        complete(.failure(error))
    }
}

/// One worker process whose three pipes the event loop watches.
final class WorkerLink: DescriptorHandler {
    private let process: ChildProcess
    private unowned let owner: LoopWorker
    private var input: DescriptorWatch?
    private var output: DescriptorWatch?
    private var errors: DescriptorWatch?
    private var reader = WorkerFraming.Reader()
    private var sending: [UInt8] = []
    private var sent = 0
    private var stderrText = ""
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    private var isDone = false
    private var timeout = 0.0
    /// A request is out: the timer counts for it. (lws 4.1 cannot cancel a timer, so one that
    /// fires with nothing out is ignored.)
    private var awaiting = false

    init(process: ChildProcess, watcher: any DescriptorWatcher, owner: LoopWorker) throws(HostError) {
        self.process = process
        self.owner = owner
        let (stdin, stdout, stderr) = process.takeStreams()
        // From here the loop owns the descriptors and closes them when the watches end.
        input = watcher.watch(stdin, self)
        output = watcher.watch(stdout, self)
        errors = watcher.watch(stderr, self)
        guard input != nil, output != nil, errors != nil else {
            stop()
            process.kill()
            throw .unavailable("cannot watch the worker's pipes")
        }
    }

    /// Writes a request frame (what the pipe does not take now, once it can) and starts the clock.
    func send(_ frame: [UInt8], timeout: Double) {
        sending = frame
        sent = 0
        awaiting = true
        self.timeout = timeout
        output?.setTimer(microseconds: Int(timeout * 1_000_000))
        writeMore()
    }

    /// Ends the watches (the descriptors close) without reporting anything.
    func stop() {
        isDone = true
        for watch in [input, output, errors] { watch?.stop() }
    }

    private func writeMore() {
        guard let input, input.isActive, sent < sending.count else { return }
        do {
            sent += try sending.withUnsafeBytes { raw in
                Result { () throws(SystemError) in try SystemCall.writeSome(input.descriptor, UnsafeRawBufferPointer(rebasing: raw[sent...]), "write to the worker") }
            }.get()
        } catch {
            fail(.crashed(diedMessage()))
            return
        }
        if sent < sending.count {
            input.wantWritable()
        } else {
            sending = []
            sent = 0
        }
    }

    // MARK: DescriptorHandler

    func readable(_ watch: DescriptorWatch) {
        if watch === errors {
            drainErrors()
        } else if watch === output {
            readReplies()
        }
    }

    func writable(_ watch: DescriptorWatch) {
        if watch === input { writeMore() }
    }

    func timerFired(_ watch: DescriptorWatch) {
        guard !isDone, awaiting else { return }
        process.kill()
        fail(.timedOut(seconds: timeout))
    }

    func closed(_ watch: DescriptorWatch) {
        // A pipe hung up while the worker should be there: it died (or the server is stopping).
        guard !isDone else { return }
        fail(.crashed(diedMessage()))
    }

    // MARK: Reading

    private func readReplies() {
        guard let output, output.isActive, !isDone else { return }
        while true {
            let count: Int?
            do {
                count = try chunk.withUnsafeMutableBytes { raw in
                    Result { () throws(SystemError) in try SystemCall.readSome(output.descriptor, into: raw, "read from the worker") }
                }.get()
            } catch {
                fail(.crashed(diedMessage()))
                return
            }
            guard let count else { break }
            if count == 0 {
                fail(.crashed(diedMessage()))
                return
            }
            chunk.withUnsafeBytes { reader.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
        do {
            while let body = try reader.next() {
                let reply = try WorkerCodec.decodeReply(body)
                awaiting = false
                owner.replied(self, reply)
                if isDone { return }
            }
        } catch {
            process.kill()
            fail(.crashed("the worker sent a malformed reply: \(error)"))
        }
    }

    private func drainErrors() {
        // A closed watch's descriptor number may already belong to something else.
        guard let errors, errors.isActive else { return }
        while true {
            let read = chunk.withUnsafeMutableBytes { raw in
                Result { () throws(SystemError) in try SystemCall.readSome(errors.descriptor, into: raw, "read the worker's errors") }
            }
            switch read {
            case .success(let count?) where count > 0:
                WorkerHost.keep(chunk[..<count], in: &stderrText)
            case .success(0?):
                errors.stop()
                return
            default:
                // Nothing more for now, or the pipe failed: either way, nothing to keep.
                return
            }
        }
    }

    /// The worker is gone: reaps it and returns what it said last (a Swift trap's message).
    private func diedMessage() -> String {
        process.kill()
        drainErrors()
        return WorkerHost.trapMessage(in: stderrText) ?? "the worker exited"
    }

    private func fail(_ error: HostError) {
        guard !isDone else { return }
        stop()
        owner.failed(self, error)
    }
}
