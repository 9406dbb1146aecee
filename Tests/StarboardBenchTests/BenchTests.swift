import StarboardBench
import StarboardComponents
import Foundation
import StarboardInspector
import Testing

/// The bench end to end with tiny counts, against the debug `starboard` that
/// `swift build --build-tests` builds. Timing targets are not asserted here: only that every
/// benchmark ran, measured something, and that the burst's final state arrived.
@Suite struct BenchTests {
    /// The package root, from this file's path (Tests/StarboardBenchTests/BenchTests.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// STARBOARD_BIN, else the debug build beside this package.
    static var binary: String {
        ProcessInfo.processInfo.environment["STARBOARD_BIN"] ?? packageRoot + "/.build/debug/starboard"
    }

    static func quickOptions() -> BenchOptions {
        var options = BenchOptions.quick(starboardBinary: binary, webRoot: packageRoot + "/Web")
        options.renderIterations = 20
        options.roundTrips = 50
        options.subscriberLevels = [1, 5]
        options.burst = 100
        return options
    }

    @Test func benchRunsEndToEndWithTinyCounts() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary), "build the starboard product first (swift build --build-tests)")
        let registry = try makeRegistry()
        var lines: [String] = []
        let report = try Bench.run(Self.quickOptions(), registry: registry) { lines.append($0) }

        // Render: every component's defaults and every variant, each timed.
        let expectedCases = registry.components.reduce(0) { $0 + 1 + $1.variants.count }
        #expect(report.renders.count == expectedCases)
        for result in report.renders {
            #expect(result.timing.count == 20)
            #expect(result.timing.medianMicros > 0)
            #expect(result.timing.p99Micros >= result.timing.medianMicros)
            #expect(result.svgBytes > 0)
            // Counted through the malloc interposer: zero would mean it is not in place (sanitized
            // builds leave malloc to the sanitizer and count nothing).
            #expect(Bench.countsAllocations ? result.allocations > 0 : result.allocations == 0)
        }

        // Change → render and the echo floor, with the floor's payload the render's size.
        #expect(report.latency.changeToRender.count == 50)
        #expect(report.latency.echoFloor.count == 50)
        #expect(report.latency.uncachedChangeToRender.count == 50)
        #expect(report.latency.uncachedChangeToRender.medianMicros > 0)
        #expect(report.workbench.timing.count == 20)
        #expect(report.workbench.timing.medianMicros > 0)
        if Bench.countsAllocations {
            #expect(report.workbench.allocations > report.renders.first { $0.component == "RatingControl" }!.allocations)
        }
        #expect(report.latency.changeToRender.medianMicros > 0)
        #expect(report.latency.echoFloor.medianMicros > 0)
        #expect(report.latency.renderBytes > 1000)
        #expect(report.latency.medianRatio > 0)

        // Fan-out at each level, and a memory figure for the idle subscribers.
        #expect(report.fanOut.levels.map(\.subscribers) == [1, 5])
        for level in report.fanOut.levels {
            #expect(level.lastServed.count == 3)
            #expect(level.lastServed.medianMicros > 0)
        }
        #expect(report.fanOut.baselineResidentBytes > 0)
        #expect(report.fanOut.compressing, "subscribers offer permessage-deflate as browsers do")
        #expect(report.table.contains("| RSS after every subscriber left, over the baseline |"))

        // Burst: the newest values reached both clients; the server's memory was sampled.
        #expect(report.burst.sets == 100)
        #expect(report.burst.finalRevision >= 100)
        #expect(report.burst.finalDeliveredToSender)
        #expect(report.burst.finalDeliveredToOther)
        #expect(report.burst.otherClient.count > 0)
        #expect(report.burst.settledMillis > 0)

        #expect(report.startup.catalogReceived.count == 2)
        #expect(report.startup.catalogReceived.medianMicros >= report.startup.announced.medianMicros)

        // Deflate against render, per component: the compressed message is smaller, both timed.
        #expect(report.deflate.map(\.component) == registry.components.map(\.name))
        for result in report.deflate {
            #expect(result.render.count == 20 && result.current.count == 20 && result.standard.count == 20)
            #expect(result.currentBytes < result.messageBytes && result.standardBytes < result.messageBytes)
            #expect(result.current.medianMicros > 0)
        }
        #expect(report.table.contains("Deflate per render message"))

        // Input → painted in Chromium, where there is one: both rhythms for every component,
        // and each render reaches the DOM before it is painted.
        if let browser = report.browser {
            #expect(browser.rows.count == 2 * registry.components.count)
            for row in browser.rows {
                #expect(row.painted.count > 0, "\(row.component), \(row.rhythm): no render was painted")
                #expect(row.painted.medianMicros >= row.inDOM.medianMicros)
                #expect(row.inDOM.medianMicros >= row.arrived.medianMicros)
            }
            #expect(report.table.contains("Input → painted in headless Chromium"))
        }

        #expect(report.targets.count >= 13)
        #expect(report.targets.contains { $0.name == "new values: change→render median vs floor" })
        #expect(report.table.contains("| RatingControl | (defaults) |"))
        #expect(report.options.placement == .split)
        #expect(report.table.contains("its floor: split") || report.table.contains("its floor: shared"))
        #expect(!lines.isEmpty)

        // The JSON written to a file parses back with the same figures.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(getpid()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(report.json.description.utf8).write(to: URL(fileURLWithPath: path))
        let parsed = try JSONValue(parsing: String(contentsOfFile: path, encoding: .utf8))
        #expect(parsed["burst"]?["finalDeliveredToSender"] == .bool(true))
        #expect(parsed["render"].map { if case .array(let items) = $0 { items.count } else { 0 } } == expectedCases)
        #expect(parsed["changeToRender"]?["roundTrip"]?["medianMicros"]?.doubleValue ?? 0 > 0)
        #expect(parsed["fanOut"]?["levels"] != nil)
    }

    @Test func summaryTakesMedianAndNearestRankP99() {
        let summary = LatencySummary(nanoseconds: (1...100).map { UInt64($0) * 1000 }.shuffled())
        #expect(summary.count == 100)
        #expect(summary.medianMicros == 50.5)
        #expect(summary.p99Micros == 99)
        #expect(summary.maxMicros == 100)
        #expect(LatencySummary(nanoseconds: []).count == 0)
    }

    @Test func subscriberLevelsStopAtTheRequestedCount() {
        #expect(BenchOptions.subscriberLevels(upTo: 1000) == [1, 100, 1000])
        #expect(BenchOptions.subscriberLevels(upTo: 5) == [1, 5])
        #expect(BenchOptions.subscriberLevels(upTo: 1) == [1])
    }

    @Test func missingBinaryIsAnErrorNotAHang() throws {
        var options = Self.quickOptions()
        options.starboardBinary = "/nonexistent/starboard"
        #expect(throws: BenchError.self) { try Bench.run(options, registry: try makeRegistry()) }
    }

    @Test func badOptionsExitTwoNamingTheProblem() {
        let output = BenchCommandLine.run(["--placement", "anywhere"], registry: makeRegistry)
        #expect(output.exitCode == 2)
        let inputs = BenchCommandLine.run(["--browser-inputs", "-1"], registry: makeRegistry)
        #expect(inputs.exitCode == 2)
        #expect(inputs.stderr.contains("--browser-inputs needs a positive number"))
        #expect(output.stderr.contains("starboard-bench: --placement needs one of split, shared, free"))
        #expect(BenchCommandLine.run(["--help"], registry: makeRegistry).stdout.contains("USAGE: starboard-bench"))
    }

    @Test func theShippedStarboardLinksGlibcsAllocatorUntouched() throws {
        // The allocation counter replaces malloc; it belongs to starboard-bench alone.
        let defined = { (binary: String) -> Bool in
            let nm = Process()
            nm.executableURL = URL(fileURLWithPath: "/usr/bin/nm")
            nm.arguments = [binary]
            let pipe = Pipe()
            nm.standardOutput = pipe
            try? nm.run()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            nm.waitUntilExit()
            return text.split(separator: "\n").contains { $0.hasSuffix(" T malloc") }
        }
        #expect(!defined(Self.binary), "\(Self.binary) defines malloc")
        #expect(defined(Self.packageRoot + "/.build/debug/starboard-bench"), "starboard-bench should count allocations")
    }
}
