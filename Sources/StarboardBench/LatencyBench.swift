import Foundation

/// Change → render received over loopback, against the floor of the same transport echoing a
/// message of the render's size.
public struct LatencyResult: Sendable {
    /// `set` sent → matching `render` received.
    public let changeToRender: LatencySummary
    /// `set` sent → its `ack` received (the ack goes out just before the render).
    public let changeToAck: LatencySummary
    /// `set` of values never sent before → render: what the server's render cache cannot answer,
    /// so every change goes through the worker (validate, re-instantiate, lay out, write SVG).
    public let uncachedChangeToRender: LatencySummary
    /// Echo of a payload the size of that render, through a `WebSocketServer` with an echo handler.
    public let echoFloor: LatencySummary
    /// Bytes of the render message (and of the echoed payload).
    public let renderBytes: Int

    /// Median change→render of values seen before (answered from the cache) over median echo.
    public var medianRatio: Double { echoFloor.medianMicros > 0 ? changeToRender.medianMicros / echoFloor.medianMicros : 0 }
    /// Median uncached change→render over median echo: the headline figure.
    public var uncachedMedianRatio: Double { echoFloor.medianMicros > 0 ? uncachedChangeToRender.medianMicros / echoFloor.medianMicros : 0 }
    /// p99 change→render over p99 echo.
    public var p99Ratio: Double { echoFloor.p99Micros > 0 ? changeToRender.p99Micros / echoFloor.p99Micros : 0 }
    /// p99 uncached change→render over p99 echo.
    public var uncachedP99Ratio: Double { echoFloor.p99Micros > 0 ? uncachedChangeToRender.p99Micros / echoFloor.p99Micros : 0 }
}

enum LatencyBench {
    /// Runs both in interleaved blocks, so that noise from the rest of the machine hits both alike.
    static func run(_ options: BenchOptions, stateFile: String, log: (String) -> Void) throws(BenchError) -> LatencyResult {
        try options.placement.pinToClientCore()
        defer { options.placement.release() }
        let live = try ServerUnderTest.live(options, stateFile: stateFile)
        defer { live.process.stop() }
        let echo = try ServerUnderTest.echo(options)
        defer { echo.process.stop() }

        let client = try StarboardClient(port: live.port)
        try client.subscribe("RatingControl")
        var alternation = Alternation.ratingStars
        var fresh = FreshValues()
        var renderBytes = 0
        for _ in 0..<options.warmUpRoundTrips {
            renderBytes = try client.change(alternation.component, valuesJSON: alternation.next()).renderBytes
        }
        if renderBytes == 0 { renderBytes = try client.change(alternation.component, valuesJSON: alternation.next()).renderBytes }

        let echoClient = try WebSocketClient(port: echo.port)
        // A JSON-looking payload of exactly the render's size (ASCII, so bytes = characters).
        let filler = String(repeating: "x", count: max(renderBytes - 11, 0))
        let payload = Array(#"{"echo":"\#(filler)"}"#.utf8)
        func echoOnce() throws(BenchError) -> UInt64 {
            let started = Clock.now()
            try echoClient.send(bytes: payload)
            let reply = try echoClient.receive()
            let elapsed = Clock.now() - started
            guard reply.payload.count == payload.count else {
                throw BenchError("the echo came back with \(reply.payload.count) bytes instead of \(payload.count)")
            }
            return elapsed
        }
        for _ in 0..<options.warmUpRoundTrips { _ = try echoOnce() }

        var changeSamples: [UInt64] = []
        var ackSamples: [UInt64] = []
        var uncachedSamples: [UInt64] = []
        var echoSamples: [UInt64] = []
        changeSamples.reserveCapacity(options.roundTrips)
        echoSamples.reserveCapacity(options.roundTrips)
        let block = max(min(100, options.roundTrips / 10), 1)
        while changeSamples.count < options.roundTrips {
            let count = min(block, options.roundTrips - changeSamples.count)
            for _ in 0..<count {
                let timing = try client.change(alternation.component, valuesJSON: alternation.next())
                changeSamples.append(timing.nanoseconds)
                ackSamples.append(timing.ackNanoseconds)
            }
            for _ in 0..<count {
                uncachedSamples.append(try client.change(fresh.component, valuesJSON: fresh.next()).nanoseconds)
            }
            for _ in 0..<count { echoSamples.append(try echoOnce()) }
        }
        log("round trips: \(changeSamples.count) changes, \(uncachedSamples.count) uncached changes and \(echoSamples.count) echoes of \(payload.count) bytes")
        return LatencyResult(
            changeToRender: LatencySummary(nanoseconds: changeSamples),
            changeToAck: LatencySummary(nanoseconds: ackSamples),
            uncachedChangeToRender: LatencySummary(nanoseconds: uncachedSamples),
            echoFloor: LatencySummary(nanoseconds: echoSamples),
            renderBytes: renderBytes
        )
    }
}

/// RatingControl star sizes that never repeat within a run, so the server's render cache never
/// has the answer: whole points, as the page's size fields step them, width and height each
/// 8...200 (37,249 pairs). (Until 2026-12 these were thousandths, 30.001, 30.002, …, which no
/// control sends and which made every render two and a half times as long.)
struct FreshValues {
    let component = "RatingControl"
    private var count = 0

    mutating func next() -> String {
        count += 1
        let width = 8 + count % 193
        let height = 8 + (count / 193) % 193
        return #"{"starSize":{"width":\#(width),"height":\#(height)}}"#
    }
}
