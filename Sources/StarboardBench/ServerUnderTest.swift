#if canImport(Glibc)
import Glibc
#endif

/// A server child process and the port it listens on.
struct ServerUnderTest {
    /// The child; stopping it (or dropping the last reference) stops the server.
    let process: ServerProcess
    let port: Int
    /// Nanoseconds from just before fork to the "listening" line.
    let announcedAfter: UInt64

    /// Starts `starboard serve` on a free loopback port with a fresh state file.
    static func live(_ options: BenchOptions, stateFile: String) throws(BenchError) -> ServerUnderTest {
        try start(options, arguments: [
            "serve", "--port", "0", "--no-origin-check", "--state", stateFile, "--web", options.webRoot,
        ] + options.serveArguments)
    }

    /// Starts `starboard-bench --echo-server`: the same transport with an echo handler.
    static func echo(_ options: BenchOptions) throws(BenchError) -> ServerUnderTest {
        try start(options, executable: options.echoBinary, arguments: ["--echo-server", "--web", options.webRoot])
    }

    private static func start(_ options: BenchOptions, executable: String? = nil, arguments: [String]) throws(BenchError) -> ServerUnderTest {
        let started = Clock.now()
        // The child (and the worker it starts) inherits the core it is started from.
        let process = try options.placement.startingServer { () throws(BenchError) in
            try ServerProcess(executable: executable ?? options.starboardBinary, arguments: arguments)
        }
        let line = try process.waitForLine(containing: "is listening on http://", timeoutSeconds: 20)
        let announced = Clock.now() - started
        guard let port = port(in: line) else {
            throw BenchError("cannot find the port in \"\(line)\"")
        }
        return ServerUnderTest(process: process, port: port, announcedAfter: announced)
    }

    /// The port of "… is listening on http://127.0.0.1:PORT/".
    static func port(in line: String) -> Int? {
        guard let range = line.range(of: "http://127.0.0.1:") else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }
}
