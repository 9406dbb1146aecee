import StarboardInspector
import StarboardLocking

/// One client floods the server with changes while another keeps measuring its own round trips.
public struct BurstResult: Sendable {
    /// `set`s the burst sender sent.
    public let sets: Int
    /// The other client's change→render round trips (on another component) while the burst ran.
    public let otherClient: LatencySummary
    /// Largest sampled VmRSS during the burst minus VmRSS before it.
    public let peakResidentGrowth: Int
    /// VmHWM after the burst minus VmRSS before it (catches peaks between samples).
    public let peakHighWaterGrowth: Int
    /// Milliseconds from the first `set` sent until the sender had the render of its last change.
    public let settledMillis: Double
    /// The revision the last `set` was acknowledged with.
    public let finalRevision: Int
    /// The sender received a render of the final revision showing the final values.
    public let finalDeliveredToSender: Bool
    /// So did the other client, which watches the same component.
    public let finalDeliveredToOther: Bool
}

/// State shared between the burst's threads.
private final class Shared<Value: Sendable>: Sendable {
    let value: Locked<Value>
    init(_ value: Value) { self.value = Locked(value) }
}

enum BurstBench {
    static func run(_ options: BenchOptions, stateFile: String, log: (String) -> Void) throws(BenchError) -> BurstResult {
        let server = try ServerUnderTest.live(options, stateFile: stateFile)
        defer { server.process.stop() }
        let burst = max(options.burst, 1)
        let sender = try StarboardClient(port: server.port, timeoutSeconds: 30)
        try sender.subscribe("RatingControl")
        let other = try StarboardClient(port: server.port, timeoutSeconds: 30)
        try other.subscribe("PageControl")
        try other.subscribe("RatingControl")
        var dots = Alternation.pageDots
        for _ in 0..<min(options.warmUpRoundTrips, 100) { _ = try other.change(dots.component, valuesJSON: dots.next()) }
        Clock.sleep(milliseconds: 50)
        let baseline = try server.process.memory().resident

        // Star counts cycle through 1...20; the last one sent is the final state.
        @Sendable func starCount(_ index: Int) -> Int { 1 + index % 20 }
        let finalStars = starCount(burst - 1)
        let settled = Flag()
        let failure = Shared<BenchError?>(nil)
        let peak = Shared(baseline)
        let finalAck = Shared<Int?>(nil)
        let pid = server.process.pid
        let started = Clock.now()
        let settledAt = Shared<UInt64>(0)

        let sampler = try JoinableThread {
            while !settled.isRaised {
                if let memory = try? ProcessMemory(pid: pid) {
                    peak.value.withLock { $0 = max($0, memory.resident) }
                }
                Clock.sleep(milliseconds: 5)
            }
        }
        let reader = try JoinableThread {
            do throws(BenchError) {
                var ackRevision: Int?
                while true {
                    let message = try sender.socket.receive()
                    try sender.note(message)
                    if message.type == "ack", message.id == burst - 1 { ackRevision = message.revision }
                    if let ackRevision, sender.renderedRevision["RatingControl", default: -1] >= ackRevision {
                        settledAt.value.withLock { $0 = Clock.now() }
                        finalAck.value.withLock { $0 = ackRevision }
                        break
                    }
                }
            } catch {
                failure.value.withLock { $0 = error }
            }
            settled.raise()
        }
        let writer = try JoinableThread {
            do throws(BenchError) {
                for index in 0..<burst {
                    try sender.socket.send(#"{"type":"set","id":\#(index),"component":"RatingControl","values":{"starCount":\#(starCount(index))}}"#)
                }
            } catch {
                failure.value.withLock { $0 = $0 ?? error }
                settled.raise()
            }
        }

        var samples: [UInt64] = []
        var otherFailure: BenchError?
        while !settled.isRaised {
            do throws(BenchError) {
                samples.append(try other.change(dots.component, valuesJSON: dots.next()).nanoseconds)
            } catch {
                otherFailure = error
                settled.raise()
            }
        }
        writer.join()
        reader.join()
        sampler.join()
        if let error = failure.value.withLock({ $0 }) ?? otherFailure { throw error }
        guard let finalRevision = finalAck.value.withLock({ $0 }) else { throw BenchError("the burst's last ack never came") }
        let highWater = try server.process.memory().peakResident

        // The other client watches RatingControl too: the newest values must reach it as well.
        while other.renderedRevision["RatingControl", default: -1] < finalRevision {
            try other.note(try other.socket.receive())
        }
        let result = BurstResult(
            sets: burst,
            otherClient: LatencySummary(nanoseconds: samples),
            peakResidentGrowth: peak.value.withLock { $0 } - baseline,
            peakHighWaterGrowth: highWater - baseline,
            settledMillis: Double(settledAt.value.withLock { $0 } - started) / 1e6,
            finalRevision: finalRevision,
            finalDeliveredToSender: shows(sender.latestRender["RatingControl"], starCount: finalStars, revision: finalRevision),
            finalDeliveredToOther: shows(other.latestRender["RatingControl"], starCount: finalStars, revision: finalRevision)
        )
        log("burst: \(burst) sets settled in \(Int(result.settledMillis)) ms; other client made \(samples.count) round trips")
        return result
    }

    /// Whether `render` is of `revision` or newer and shows `starCount`, read as JSON.
    static func shows(_ render: WebSocketMessage?, starCount: Int, revision: Int) -> Bool {
        guard let render, let json = try? JSONValue(parsing: render.text) else { return false }
        guard case .integer(let shown)? = json["revision"], shown >= revision else { return false }
        return json["values"]?["starCount"] == .integer(starCount)
    }
}
