/// Start-up of `starboard serve`: fork → listening line, and fork → catalog received.
public struct StartupResult: Sendable {
    /// Until the server printed its URL.
    public let announced: LatencySummary
    /// Until a client connected and received the catalog: accepting connections for real.
    public let catalogReceived: LatencySummary
}

enum StartupBench {
    static func run(_ options: BenchOptions, stateFile: String, log: (String) -> Void) throws(BenchError) -> StartupResult {
        var announced: [UInt64] = []
        var catalog: [UInt64] = []
        for _ in 0..<max(options.startups, 1) {
            let started = Clock.now()
            let server = try ServerUnderTest.live(options, stateFile: stateFile)
            defer { server.process.stop() }
            _ = try StarboardClient(port: server.port)
            catalog.append(Clock.now() - started)
            announced.append(server.announcedAfter)
        }
        let result = StartupResult(announced: LatencySummary(nanoseconds: announced), catalogReceived: LatencySummary(nanoseconds: catalog))
        log("start-up: catalog after \(Int(result.catalogReceived.medianMicros / 1000)) ms (median of \(catalog.count))")
        return result
    }
}
