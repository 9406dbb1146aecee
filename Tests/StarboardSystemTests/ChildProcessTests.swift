import Foundation
import Testing
import StarboardSystem
import StarboardLocking
#if canImport(Glibc)
import Glibc
#endif

@Suite("Child processes")
struct ChildProcessTests {
    @Test func inputOutputAndErrorsFlowAtOnceWithoutBlocking() throws {
        // More than a pipe holds in each direction: reading only after writing would deadlock.
        let input = [UInt8]((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let script = "cat; head -c 300000 /dev/zero >&2; echo done >&2; exit 3"
        let output = try ChildProcess.run("/bin/sh", arguments: ["-c", script], input: input)
        #expect(output.stdout == input)
        #expect(output.stderr.count == 300_005)
        #expect(output.stderrText.hasSuffix("done\n"))
        #expect(output.termination == .exited(3))
        #expect(!output.succeeded)
    }

    @Test func mergedStderrWorkingFolderAndEnvironment() throws {
        let output = try ChildProcess.run("/bin/sh", arguments: ["-c", "pwd; echo \"$GREETING\" >&2"], stderr: .stdout,
                                          environment: ["GREETING": "hello"], workingDirectory: "/tmp")
        #expect(output.stdoutText == "/tmp\nhello\n")
        #expect(output.stderr.isEmpty)
    }

    @Test func aMissingProgramIsAnErrorWithItsErrno() {
        #expect(throws: SystemError("start /no/such/program", code: ENOENT)) {
            try ChildProcess.run("/no/such/program")
        }
        #expect(ChildProcess.find("sh") != nil)
        #expect(ChildProcess.find("no-such-program-anywhere") == nil)
    }

    @Test func theChildGetsNoOtherDescriptorOfThisProcess() throws {
        // Opened without close-on-exec, as a library might; moved above 3, the number `ls` gives
        // its own directory, or the two could not be told apart when 3 happens to be free here.
        let opened = open("/dev/null", O_RDONLY)
        let stray = fcntl(opened, F_DUPFD, 64)
        close(opened)
        defer { close(stray) }
        #expect(stray >= 64)
        let output = try ChildProcess.run("/bin/ls", arguments: ["/proc/self/fd"])
        let listed = Set(output.stdoutText.split(separator: "\n").compactMap { Int32($0) })
        #expect(!listed.contains(stray))
        #expect(listed.isSubset(of: [0, 1, 2, 3]), "0-2 and ls's own directory: \(listed)")
    }

    @Test func eachPipeIsClosedOnceWhateverTakesItsNumberNext() throws {
        let child = try ChildProcess("/bin/cat", options: ChildProcess.Options(stdin: .pipe, stdout: .pipe, stderr: .pipe))
        child.closeStdin()
        // The lowest free number: most likely the one stdin's pipe had.
        let bystander = open("/dev/null", O_RDONLY)
        defer { close(bystander) }
        child.closeStreams()
        child.closeStreams()
        #expect(fcntl(bystander, F_GETFD) >= 0, "a descriptor opened meanwhile was closed in the child's name")
        child.kill()
    }

    @Test func signalsAndTermination() throws {
        let child = try ChildProcess("/bin/sleep", arguments: ["30"])
        #expect(child.poll() == nil)
        #expect(child.kill() == .signalled(SIGKILL))
        #expect(child.poll() == .signalled(SIGKILL))
    }
}

@Suite("System calls")
struct SystemCallTests {
    @Test func writingToAPipeWithNoReaderIsEPIPENotASignal() throws {
        let ends = try SystemCall.pipe()
        SystemCall.close(ends.read)
        defer { SystemCall.close(ends.write) }
        // With the default action, a SIGPIPE reaching this process would end it (and the test run).
        let previous = signal(SIGPIPE, SIG_DFL)
        defer { signal(SIGPIPE, previous) }
        let bytes: [UInt8] = [1, 2, 3]
        let result = bytes.withUnsafeBytes { raw in Result { try SystemCall.writeAll(ends.write, raw, "write to a closed pipe") } }
        #expect(throws: SystemError("write to a closed pipe", code: EPIPE)) { try result.get() }
        var pending = sigset_t()
        sigpending(&pending)
        #expect(sigismember(&pending, SIGPIPE) == 0, "the signal raised by the write was taken back")
    }

    @Test func aThreadCanKeepSIGPIPEBlockedForItselfAlone() throws {
        let ends = try SystemCall.pipe()
        SystemCall.close(ends.read)
        defer { SystemCall.close(ends.write) }
        let previous = signal(SIGPIPE, SIG_DFL)
        defer { signal(SIGPIPE, previous) }
        let outcome = Locked<Outcome?>(nil)
        let descriptor = ends.write
        let thread = Thread {
            SystemCall.blockSIGPIPEForThisThread()
            let code = Self.writeErrno(descriptor)
            var mask = sigset_t()
            pthread_sigmask(SIG_BLOCK, nil, &mask)
            outcome.withLock { $0 = Outcome(code: code, blocked: sigismember(&mask, SIGPIPE) == 1) }
        }
        thread.start()
        while outcome.withLock({ $0 == nil }) { sched_yield() }
        let seen = try #require(outcome.withLock { $0 })
        #expect(seen.code == EPIPE)
        #expect(seen.blocked)
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        #expect(sigismember(&mask, SIGPIPE) == 0, "other threads are not affected")
    }

    struct Outcome {
        var code: Int32?
        var blocked: Bool
    }

    /// The errno of writing one byte to `descriptor`, nil if it worked.
    static func writeErrno(_ descriptor: Int32) -> Int32? {
        let bytes: [UInt8] = [1]
        do {
            _ = try bytes.withUnsafeBytes { raw in try SystemCall.writeSome(descriptor, raw, "write") }
            return nil
        } catch let error as SystemError {
            return error.code
        } catch {
            return -1
        }
    }

    @Test func aFullPipeWouldBlockAndAnEmptyOneHasNothing() throws {
        let ends = try SystemCall.pipe()
        defer {
            SystemCall.close(ends.read)
            SystemCall.close(ends.write)
        }
        try SystemCall.setNonBlocking(ends.read)
        try SystemCall.setNonBlocking(ends.write)
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect(try buffer.withUnsafeMutableBytes { try SystemCall.readSome(ends.read, into: $0, "read") } == nil)
        let block = [UInt8](repeating: 7, count: 1 << 20)
        let written = try block.withUnsafeBytes { try SystemCall.writeSome(ends.write, $0, "write") }
        #expect(written > 0 && written < block.count)
        #expect(try block.withUnsafeBytes { try SystemCall.writeSome(ends.write, $0, "write") } == 0)
    }

    @Test func errorsNameTheOperationAndKeepTheErrno() {
        #expect(throws: SystemError("fsync a closed descriptor", code: EBADF)) {
            try SystemCall.fsync(-1, "fsync a closed descriptor")
        }
        #expect(SystemError("fsync state.json", code: ENOSPC).description == "fsync state.json: No space left on device (errno 28)")
    }
}

