import CStarboardSystem
import StarboardSystem
#if canImport(Glibc)
import Glibc
#endif

/// One change broadcast to many subscribers.
public struct FanOutResult: Sendable {
    public let subscribers: Int
    /// `set` sent → the last subscriber has the render, over the trials.
    public let lastServed: LatencySummary
}

/// The fan-out benchmark's results and the server's memory per subscriber.
public struct FanOutReport: Sendable {
    public let levels: [FanOutResult]
    /// Whether the subscribers negotiated permessage-deflate, as browsers do.
    public let compressing: Bool
    /// (RSS with the most subscribers connected, subscribed and idle − RSS before any) / subscribers.
    public let residentBytesPerIdleSubscriber: Int
    /// The same once they have all received the renders of the fan-out trials.
    public let residentBytesPerSubscriberAfterRenders: Int
    /// RSS once every subscriber has left − RSS before any came.
    public let residentGrowthAfterLeaving: Int
    public let baselineResidentBytes: Int

    /// The larger of the two per-subscriber figures: what a subscriber costs.
    public var residentBytesPerSubscriber: Int { max(residentBytesPerIdleSubscriber, residentBytesPerSubscriberAfterRenders) }
}

enum FanOutBench {
    static func run(_ options: BenchOptions, stateFile: String, log: (String) -> Void) throws(BenchError) -> FanOutReport {
        let server = try ServerUnderTest.live(options, stateFile: stateFile)
        defer { server.process.stop() }
        let compressing = options.compressingSubscribers
        let controller = try StarboardClient(port: server.port, compressing: compressing)
        var alternation = Alternation.ratingStars
        // Warm the server up (render caches, allocator) before taking the baseline, with a
        // subscribed client that then leaves; the controller itself never subscribes.
        do {
            let warmUp = try StarboardClient(port: server.port, compressing: compressing)
            try warmUp.subscribe("RatingControl")
            for _ in 0..<20 { _ = try warmUp.change(alternation.component, valuesJSON: alternation.next()) }
        }
        let baseline = try settledResident(server)
        var idleResident = baseline

        var subscribers: [StarboardClient] = []
        var revision = 0
        var levels: [FanOutResult] = []
        for level in options.subscriberLevels {
            while subscribers.count < level {
                let subscriber = try StarboardClient(port: server.port, compressing: compressing)
                revision = try subscriber.subscribe("RatingControl")
                try subscriber.socket.makeNonBlocking()
                subscribers.append(subscriber)
            }
            idleResident = try settledResident(server)
            var samples: [UInt64] = []
            for _ in 0..<options.fanOutTrials {
                revision += 1
                samples.append(try broadcastOnce(controller: controller, valuesJSON: alternation.next(), to: subscribers, revision: revision))
            }
            let result = FanOutResult(subscribers: level, lastServed: LatencySummary(nanoseconds: samples))
            log("fan-out: \(level) subscribers\(compressing ? " (compressing)" : ""), last served after \(Int(result.lastServed.medianMicros)) µs (median)")
            levels.append(result)
        }
        let afterRenders = try settledResident(server)
        let most = max(subscribers.count, 1)
        subscribers.removeAll()
        let afterLeaving = try settledResident(server)
        log("fan-out: RSS \(baseline / 1024) KiB before, \(idleResident / 1024) KiB subscribed, \(afterRenders / 1024) KiB after renders, \(afterLeaving / 1024) KiB after they left")
        return FanOutReport(
            levels: levels, compressing: compressing,
            residentBytesPerIdleSubscriber: (idleResident - baseline) / most,
            residentBytesPerSubscriberAfterRenders: (afterRenders - baseline) / most,
            residentGrowthAfterLeaving: afterLeaving - baseline, baselineResidentBytes: baseline
        )
    }

    /// The server's RSS once it stops moving (closing connections and giving memory back take a moment).
    private static func settledResident(_ server: ServerUnderTest) throws(BenchError) -> Int {
        var previous = try server.process.memory().resident
        for _ in 0..<30 {
            Clock.sleep(milliseconds: 100)
            let current = try server.process.memory().resident
            if abs(current - previous) < 64 * 1024 { return current }
            previous = current
        }
        return previous
    }

    /// Sends one change and returns the nanoseconds until every subscriber has a render of `revision` or newer.
    ///
    /// Subscribers receive nothing but renders, so the clock stops when each has a whole message
    /// after the change; the messages are inflated and checked after that (a subscriber whose
    /// message turns out not to be the render is waited for again, with the clock running).
    private static func broadcastOnce(controller: StarboardClient, valuesJSON: String, to subscribers: [StarboardClient], revision: Int) throws(BenchError) -> UInt64 {
        var waiting = Set(subscribers.indices)
        var arrived: [(Int, WebSocketMessage)] = []
        // epoll, not poll: poll would go through all thousand sockets for every few that are
        // ready, and the bench's one thread doing that would be most of what it measured.
        let events = try ReadinessSet(subscribers.map(\.socket.fd))
        let request = #"{"type":"set","component":"RatingControl","values":\#(valuesJSON)}"#
        let started = Clock.now()
        try controller.socket.send(request)
        let deadline = started + 10_000_000_000
        var finished = started
        while !waiting.isEmpty {
            guard Clock.now() < deadline else {
                throw BenchError("\(waiting.count) of \(subscribers.count) subscribers had no render of revision \(revision) after 10 s")
            }
            for index in try events.wait(milliseconds: 100) {
                let open = try subscribers[index].socket.receiveAvailable(inflating: false) { arrived.append((index, $0)) }
                guard open else { throw BenchError("the server closed a subscriber's connection") }
                if waiting.remove(index) != nil { finished = Clock.now() }
            }
            if waiting.isEmpty {
                // Now, with the clock stopped, what came is read as a browser would.
                for (index, message) in arrived {
                    try subscribers[index].note(try subscribers[index].socket.inflated(message))
                }
                arrived.removeAll()
                waiting = Set(subscribers.indices.filter { subscribers[$0].renderedRevision["RatingControl", default: -1] < revision })
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

/// The subscribers' sockets in one epoll set: `wait` returns the indices of those with something
/// to read.
private final class ReadinessSet {
    private let epoll: Int32
    private var events: [epoll_event]

    init(_ descriptors: [Int32]) throws(BenchError) {
        do {
            epoll = try SystemCall.retrying("epoll_create1", { epoll_create1(Int32(EPOLL_CLOEXEC)) })
        } catch {
            throw BenchError("\(error)")
        }
        events = [epoll_event](repeating: epoll_event(), count: max(descriptors.count, 1))
        // A failure from here on throws with self complete, so deinit closes the set.
        for (index, descriptor) in descriptors.enumerated() {
            var event = epoll_event()
            event.events = EPOLLIN.rawValue
            event.data.u64 = UInt64(index)
            do {
                try SystemCall.retrying("epoll_ctl", { epoll_ctl(epoll, EPOLL_CTL_ADD, descriptor, &event) })
            } catch {
                throw BenchError("\(error)")
            }
        }
    }

    deinit {
        SystemCall.close(epoll)
    }

    func wait(milliseconds: Int32) throws(BenchError) -> [Int] {
        let count: Int32
        do {
            count = try SystemCall.retrying("epoll_wait", { epoll_wait(epoll, &events, Int32(events.count), milliseconds) })
        } catch {
            throw BenchError("\(error)")
        }
        return events[..<Int(count)].map { Int($0.data.u64) }
    }
}
