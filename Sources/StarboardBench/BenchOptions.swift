import Foundation

/// What `starboard-bench` runs, and how often.
public struct BenchOptions: Sendable {
    /// The `starboard` executable started as the server under test.
    public var starboardBinary: String
    /// The `starboard-bench` executable started as the echo server (`--echo-server`); by default
    /// the one beside ``starboardBinary``.
    public var echoBinary: String
    /// The Web folder passed to `serve --web`.
    public var webRoot: String
    /// Timed renders per component and variant.
    public var renderIterations = 2000
    /// Change-to-render round trips (and as many echo round trips).
    public var roundTrips = 5000
    /// Untimed round trips first, on each server.
    public var warmUpRoundTrips = 500
    /// Subscriber counts for the fan-out benchmark, ascending.
    public var subscriberLevels = [1, 100, 1000]
    /// Changes timed at each subscriber count.
    public var fanOutTrials = 20
    /// Whether fan-out subscribers negotiate permessage-deflate, as browsers do.
    public var compressingSubscribers = true
    /// `set`s in the burst.
    public var burst = 10_000
    /// Server starts timed.
    public var startups = 10
    /// Which cores the change → render client, the server and the echo server run on.
    public var placement = Placement.split
    /// Slider inputs per component and rhythm in the browser bench (0 skips it).
    public var browserInputs = 40
    /// Only the browser bench (`--browser-only`).
    public var browserOnly = false
    /// Extra `serve` arguments for the server under test (e.g. `--no-worker` to measure without the worker process).
    public var serveArguments: [String] = []

    /// Full counts.
    public init(starboardBinary: String, webRoot: String) {
        self.starboardBinary = starboardBinary
        self.echoBinary = (starboardBinary as NSString).deletingLastPathComponent + "/starboard-bench"
        self.webRoot = webRoot
    }

    /// Tiny counts: checks that everything runs, in a few seconds.
    public static func quick(starboardBinary: String, webRoot: String) -> BenchOptions {
        var options = BenchOptions(starboardBinary: starboardBinary, webRoot: webRoot)
        options.renderIterations = 20
        options.roundTrips = 50
        options.warmUpRoundTrips = 10
        options.subscriberLevels = [1, 5]
        options.fanOutTrials = 3
        options.burst = 100
        options.startups = 2
        options.browserInputs = 8
        return options
    }

    /// Fan-out levels up to `count`: 1, 100 and `count` when they are below it.
    public static func subscriberLevels(upTo count: Int) -> [Int] {
        var levels = [1, 100].filter { $0 < count }
        levels.append(max(count, 1))
        return levels
    }
}
