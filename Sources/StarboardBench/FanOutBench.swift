#if canImport(Glibc)
import Glibc
#endif

/// One change broadcast to many subscribers.
public struct FanOutResult: Sendable {
    public let subscribers: Int
    /// `set` sent → the last subscriber has the render, over the trials.
    public let lastServed: LatencySummary
}

/// The fan-out benchmark's results and the server's memory per idle subscriber.
public struct FanOutReport: Sendable {
    public let levels: [FanOutResult]
    /// (RSS with the most subscribers connected and idle − RSS before any) / subscribers.
    public let residentBytesPerIdleSubscriber: Int
    public let baselineResidentBytes: Int
}

enum FanOutBench {
    static func run(_ options: BenchOptions, stateFile: String, log: (String) -> Void) throws(BenchError) -> FanOutReport {
        let server = try ServerUnderTest.live(options, stateFile: stateFile)
        defer { server.process.stop() }
        let controller = try StarboardClient(port: server.port)
        var alternation = Alternation.ratingStars
        // Warm the server up (render caches, allocator) before taking the baseline, with a
        // subscribed client that then leaves; the controller itself never subscribes.
        do {
            let warmUp = try StarboardClient(port: server.port)
            try warmUp.subscribe("RatingControl")
            for _ in 0..<20 { _ = try warmUp.change(alternation.component, valuesJSON: alternation.next()) }
        }
        Clock.sleep(milliseconds: 100)
        let baseline = try server.process.memory().resident
        var idleResident = baseline

        var subscribers: [StarboardClient] = []
        var revision = 0
        var levels: [FanOutResult] = []
        for level in options.subscriberLevels {
            while subscribers.count < level {
                let subscriber = try StarboardClient(port: server.port)
                revision = try subscriber.subscribe("RatingControl")
                subscriber.socket.makeNonBlocking()
                subscribers.append(subscriber)
            }
            Clock.sleep(milliseconds: 100)
            idleResident = try server.process.memory().resident
            var samples: [UInt64] = []
            for _ in 0..<options.fanOutTrials {
                revision += 1
                samples.append(try broadcastOnce(controller: controller, valuesJSON: alternation.next(), to: subscribers, revision: revision))
            }
            let result = FanOutResult(subscribers: level, lastServed: LatencySummary(nanoseconds: samples))
            log("fan-out: \(level) subscribers, last served after \(Int(result.lastServed.medianMicros)) µs (median)")
            levels.append(result)
        }
        let most = max(subscribers.count, 1)
        return FanOutReport(levels: levels, residentBytesPerIdleSubscriber: (idleResident - baseline) / most, baselineResidentBytes: baseline)
    }

    /// Sends one change and returns the nanoseconds until every subscriber has a render of `revision` or newer.
    private static func broadcastOnce(controller: StarboardClient, valuesJSON: String, to subscribers: [StarboardClient], revision: Int) throws(BenchError) -> UInt64 {
        var waiting = Set(subscribers.indices)
        var descriptors = subscribers.map { pollfd(fd: $0.socket.fd, events: Int16(POLLIN), revents: 0) }
        let request = #"{"type":"set","component":"RatingControl","values":\#(valuesJSON)}"#
        let started = Clock.now()
        try controller.socket.send(request)
        let deadline = started + 10_000_000_000
        var finished = started
        while !waiting.isEmpty {
            guard Clock.now() < deadline else {
                throw BenchError("\(waiting.count) of \(subscribers.count) subscribers had no render of revision \(revision) after 10 s")
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), 100)
            if ready < 0 && errno != EINTR { throw BenchError("poll: errno \(errno)") }
            guard ready > 0 else { continue }
            for index in descriptors.indices where descriptors[index].revents != 0 {
                descriptors[index].revents = 0
                let subscriber = subscribers[index]
                var failure: BenchError?
                let open = try subscriber.socket.receiveAvailable { message in
                    do throws(BenchError) { try subscriber.note(message) } catch { failure = error }
                }
                if let failure { throw failure }
                guard open else { throw BenchError("the server closed a subscriber's connection") }
                if subscriber.renderedRevision["RatingControl", default: -1] >= revision, waiting.remove(index) != nil {
                    finished = Clock.now()
                }
            }
        }
        // The controller is not subscribed: it gets only the ack.
        let ack = try controller.socket.receive()
        guard ack.type == "ack", ack.revision == revision else {
            throw BenchError("expected the ack of revision \(revision), got \(ack.text.prefix(120))")
        }
        return finished - started
    }
}
