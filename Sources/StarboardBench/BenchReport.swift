import Foundation
import StarboardInspector

/// One target from the issue, checked against a measurement.
public struct TargetCheck: Sendable {
    public let name: String
    public let target: String
    public let measured: String
    public let met: Bool
}

/// Everything one `starboard-bench` run measured, with the targets checked.
public struct BenchReport: Sendable {
    public let machine: MachineDescription
    public let options: BenchOptions
    public let renders: [RenderResult]
    /// The worker's whole job for one change, in-process.
    public let workbench: WorkbenchResult
    public let latency: LatencyResult
    public let fanOut: FanOutReport
    public let burst: BurstResult
    public let startup: StartupResult
    /// Input → painted in headless Chromium; nil where there is none.
    public var browser: BrowserResult? = nil
    /// Deflating a render message against rendering it, per component.
    public var deflate: [DeflateResult] = []

    /// The issue's targets, PASS or MISS.
    public var targets: [TargetCheck] {
        var checks: [TargetCheck] = []
        for (component, limit) in [("RatingControl", 20.0), ("HikeBadge", 100.0)] {
            if let result = renders.first(where: { $0.component == component && $0.variant == RenderResult.defaultsName }) {
                checks.append(TargetCheck(
                    name: "\(component) render median", target: "≤ \(Int(limit)) µs",
                    measured: Self.micros(result.timing.medianMicros), met: result.timing.medianMicros <= limit))
            }
        }
        checks.append(TargetCheck(
            name: "new values: change→render median vs floor", target: "≤ 1.5× floor",
            measured: String(format: "%.2f×", latency.uncachedMedianRatio), met: latency.uncachedMedianRatio <= 1.5))
        checks.append(TargetCheck(
            name: "new values: change→render p99", target: "≤ 1 ms",
            measured: Self.micros(latency.uncachedChangeToRender.p99Micros), met: latency.uncachedChangeToRender.p99Micros <= 1000))
        checks.append(TargetCheck(
            name: "seen values: change→render median vs floor", target: "≤ 2.0× floor",
            measured: String(format: "%.2f×", latency.medianRatio), met: latency.medianRatio <= 2))
        checks.append(TargetCheck(
            name: "seen values: change→render p99", target: "≤ 1 ms",
            measured: Self.micros(latency.changeToRender.p99Micros), met: latency.changeToRender.p99Micros <= 1000))
        let clients = fanOut.compressing ? " (deflate)" : ""
        if let most = fanOut.levels.last {
            checks.append(TargetCheck(
                name: "\(most.subscribers) subscribers\(clients), last served (median)", target: "≤ 50 ms",
                measured: Self.millis(most.lastServed.medianMicros), met: most.lastServed.medianMicros <= 50_000))
        }
        checks.append(TargetCheck(
            name: "RSS per subscriber\(clients)", target: "≤ 64 KiB",
            measured: Self.kibibytes(fanOut.residentBytesPerSubscriber), met: fanOut.residentBytesPerSubscriber <= 64 * 1024))
        checks.append(TargetCheck(
            name: "RSS after every subscriber left", target: "≤ baseline + 10 MB",
            measured: String(format: "%+.1f MB", Double(fanOut.residentGrowthAfterLeaving) / 1e6),
            met: fanOut.residentGrowthAfterLeaving <= 10_000_000))
        checks.append(TargetCheck(
            name: "burst: other client's p99", target: "≤ 5 ms",
            measured: Self.micros(burst.otherClient.p99Micros), met: burst.otherClient.count > 0 && burst.otherClient.p99Micros <= 5000))
        let growth = max(burst.peakResidentGrowth, burst.peakHighWaterGrowth)
        checks.append(TargetCheck(
            name: "burst: peak RSS growth", target: "< 50 MB",
            measured: String(format: "%.1f MB", Double(growth) / 1e6), met: growth < 50_000_000))
        let delivered = burst.finalDeliveredToSender && burst.finalDeliveredToOther
        checks.append(TargetCheck(
            name: "burst: final state delivered", target: "to both clients",
            measured: "sender \(burst.finalDeliveredToSender ? "yes" : "no"), other \(burst.finalDeliveredToOther ? "yes" : "no")",
            met: delivered))
        for result in deflate where result.messageBytes < 16 * 1024 {
            checks.append(TargetCheck(
                name: "\(result.component): deflate vs render (median)", target: "≤ 0.25×",
                measured: String(format: "%.2f×", result.currentRatio), met: result.currentRatio <= 0.25))
        }
        if let browser { checks += Self.browserTargets(browser).checks }
        checks.append(TargetCheck(
            name: "start-up to catalog (median)", target: "≤ 200 ms",
            measured: Self.millis(startup.catalogReceived.medianMicros), met: startup.catalogReceived.medianMicros <= 200_000))
        return checks
    }

    // MARK: - Table

    /// The report as Markdown tables, for the terminal and the README.
    public var table: String {
        var out = "Machine: \(machine.cpuModel), \(machine.cores) cores, \(machine.kernel); \(machine.date)\n"
        out += "Placement for change → render and its floor: \(options.placement.summary)\n\n"
        out += "Render (re-instantiate, lay out, write SVG; \(options.renderIterations) renders each)\n\n"
        out += "| component | variant | median | p99 | SVG bytes | allocations |\n|---|---|---:|---:|---:|---:|\n"
        for result in renders {
            out += "| \(result.component) | \(result.variant) | \(Self.micros(result.timing.medianMicros)) | \(Self.micros(result.timing.p99Micros)) | \(result.svgBytes) | \(result.allocations) |\n"
        }
        out += "\n" + DeflateBench.table(deflate)
        out += "\nWhole worker job for one change (Workbench, in-process: read the request, check values, "
        out += "re-instantiate, render, write the reply): \(workbench.component) median \(Self.micros(workbench.timing.medianMicros)), "
        out += "p99 \(Self.micros(workbench.timing.p99Micros)), \(workbench.allocations) allocations\n"
        out += "\nChange → render received over loopback (\(latency.changeToRender.count) round trips each; render of seen values \(latency.renderBytes) bytes)\n\n"
        out += "| measurement | median | p99 | max |\n|---|---:|---:|---:|\n"
        out += "| **set → render, values never sent before (the worker renders)** | **\(Self.micros(latency.uncachedChangeToRender.medianMicros))** | \(Self.micros(latency.uncachedChangeToRender.p99Micros)) | \(Self.micros(latency.uncachedChangeToRender.maxMicros)) |\n"
        out += "| set → render, values seen before (answered from the cache) | \(Self.micros(latency.changeToRender.medianMicros)) | \(Self.micros(latency.changeToRender.p99Micros)) | \(Self.micros(latency.changeToRender.maxMicros)) |\n"
        out += "| set → ack (seen values, same round trips) | \(Self.micros(latency.changeToAck.medianMicros)) | \(Self.micros(latency.changeToAck.p99Micros)) | \(Self.micros(latency.changeToAck.maxMicros)) |\n"
        out += "| floor: lws echo, same size | \(Self.micros(latency.echoFloor.medianMicros)) | \(Self.micros(latency.echoFloor.p99Micros)) | \(Self.micros(latency.echoFloor.maxMicros)) |\n"
        out += String(format: "| **ratio, new values** | **%.2f×** | %.2f× | |\n", latency.uncachedMedianRatio, latency.uncachedP99Ratio)
        out += String(format: "| ratio, seen values | %.2f× | %.2f× | |\n", latency.medianRatio, latency.p99Ratio)
        let clients = fanOut.compressing ? "subscribers that negotiated permessage-deflate as browsers do" : "subscribers without compression"
        out += "\nFan-out: one change, time until the last subscriber has the render (\(options.fanOutTrials) changes each; \(clients))\n\n"
        out += "| subscribers | median | p99 | max |\n|---:|---:|---:|---:|\n"
        for level in fanOut.levels {
            out += "| \(level.subscribers) | \(Self.millis(level.lastServed.medianMicros)) | \(Self.millis(level.lastServed.p99Micros)) | \(Self.millis(level.lastServed.maxMicros)) |\n"
        }
        out += "\nServer memory with \(fanOut.levels.last?.subscribers ?? 0) such subscribers (baseline RSS \(Self.kibibytes(fanOut.baselineResidentBytes)))\n\n"
        out += "| measurement | value |\n|---|---:|\n"
        out += "| RSS per subscriber, subscribed and idle | \(Self.kibibytes(fanOut.residentBytesPerIdleSubscriber)) |\n"
        out += "| RSS per subscriber, after the fan-out's renders | \(Self.kibibytes(fanOut.residentBytesPerSubscriberAfterRenders)) |\n"
        out += String(format: "| RSS after every subscriber left, over the baseline | %+.1f MB |\n", Double(fanOut.residentGrowthAfterLeaving) / 1e6)
        out += "\nBurst: \(burst.sets) sets from one client, settled in \(String(format: "%.0f ms", burst.settledMillis))\n\n"
        out += "| measurement | value |\n|---|---:|\n"
        out += "| other client's round trips during the burst | \(burst.otherClient.count) |\n"
        out += "| other client's median / p99 / max | \(Self.micros(burst.otherClient.medianMicros)) / \(Self.micros(burst.otherClient.p99Micros)) / \(Self.micros(burst.otherClient.maxMicros)) |\n"
        out += String(format: "| server peak RSS growth (sampled / VmHWM) | %.1f MB / %.1f MB |\n", Double(burst.peakResidentGrowth) / 1e6, Double(burst.peakHighWaterGrowth) / 1e6)
        out += "| final state (revision \(burst.finalRevision)) at sender / other | \(burst.finalDeliveredToSender ? "yes" : "no") / \(burst.finalDeliveredToOther ? "yes" : "no") |\n"
        out += "\nStart-up (\(startup.catalogReceived.count) starts): listening line after \(Self.millis(startup.announced.medianMicros)), catalog received after \(Self.millis(startup.catalogReceived.medianMicros)) (medians)\n"
        if let browser { out += "\n" + browser.table }
        out += "\nTargets\n\n| target | goal | measured | |\n|---|---|---:|---|\n"
        for check in targets {
            out += "| \(check.name) | \(check.target) | \(check.measured) | \(check.met ? "PASS" : "**MISS**") |\n"
        }
        return out
    }

    static func micros(_ value: Double) -> String {
        value >= 1000 ? String(format: "%.2f ms", value / 1000) : String(format: "%.1f µs", value)
    }

    static func millis(_ micros: Double) -> String {
        String(format: "%.2f ms", micros / 1000)
    }

    static func kibibytes(_ bytes: Int) -> String {
        String(format: "%.1f KiB", Double(bytes) / 1024)
    }

    // MARK: - JSON

    /// The report as JSON (times in microseconds, sizes in bytes).
    public var json: JSONValue {
        func summary(_ s: LatencySummary) -> JSONValue {
            .object([("count", .integer(s.count)), ("medianMicros", .number(s.medianMicros)),
                     ("p99Micros", .number(s.p99Micros)), ("maxMicros", .number(s.maxMicros))])
        }
        return .object([
            ("machine", .object([
                ("cpuModel", .string(machine.cpuModel)), ("cores", .integer(machine.cores)),
                ("kernel", .string(machine.kernel)), ("date", .string(machine.date)),
            ])),
            ("options", .object([
                ("renderIterations", .integer(options.renderIterations)), ("roundTrips", .integer(options.roundTrips)),
                ("warmUpRoundTrips", .integer(options.warmUpRoundTrips)),
                ("subscriberLevels", .array(options.subscriberLevels.map(JSONValue.integer))),
                ("fanOutTrials", .integer(options.fanOutTrials)), ("burst", .integer(options.burst)),
                ("startups", .integer(options.startups)), ("placement", .string(options.placement.rawValue)),
            ])),
            ("render", .array(renders.map { result in
                .object([("component", .string(result.component)), ("variant", .string(result.variant)),
                         ("timing", summary(result.timing)), ("svgBytes", .integer(result.svgBytes)),
                         ("allocations", .integer(result.allocations))])
            })),
            ("workbench", .object([("component", .string(workbench.component)), ("timing", summary(workbench.timing)),
                                   ("allocations", .integer(workbench.allocations))])),
            ("changeToRender", .object([
                ("roundTrip", summary(latency.changeToRender)), ("ack", summary(latency.changeToAck)),
                ("uncachedRoundTrip", summary(latency.uncachedChangeToRender)), ("echoFloor", summary(latency.echoFloor)),
                ("renderBytes", .integer(latency.renderBytes)),
                ("medianRatio", .number(latency.medianRatio)), ("p99Ratio", .number(latency.p99Ratio)),
                ("uncachedMedianRatio", .number(latency.uncachedMedianRatio)), ("uncachedP99Ratio", .number(latency.uncachedP99Ratio)),
            ])),
            ("fanOut", .object([
                ("levels", .array(fanOut.levels.map { .object([("subscribers", .integer($0.subscribers)), ("lastServed", summary($0.lastServed))]) })),
                ("compressing", .bool(fanOut.compressing)),
                ("residentBytesPerIdleSubscriber", .integer(fanOut.residentBytesPerIdleSubscriber)),
                ("residentBytesPerSubscriberAfterRenders", .integer(fanOut.residentBytesPerSubscriberAfterRenders)),
                ("residentGrowthAfterLeaving", .integer(fanOut.residentGrowthAfterLeaving)),
                ("baselineResidentBytes", .integer(fanOut.baselineResidentBytes)),
            ])),
            ("burst", .object([
                ("sets", .integer(burst.sets)), ("otherClient", summary(burst.otherClient)),
                ("peakResidentGrowth", .integer(burst.peakResidentGrowth)),
                ("peakHighWaterGrowth", .integer(burst.peakHighWaterGrowth)),
                ("settledMillis", .number(burst.settledMillis)), ("finalRevision", .integer(burst.finalRevision)),
                ("finalDeliveredToSender", .bool(burst.finalDeliveredToSender)),
                ("finalDeliveredToOther", .bool(burst.finalDeliveredToOther)),
            ])),
            ("startup", .object([("announced", summary(startup.announced)), ("catalogReceived", summary(startup.catalogReceived))])),
            ("deflate", .array(deflate.map {
                .object([
                    ("component", .string($0.component)), ("messageBytes", .integer($0.messageBytes)), ("render", summary($0.render)),
                    ("standard", summary($0.standard)), ("standardBytes", .integer($0.standardBytes)),
                    ("current", summary($0.current)), ("currentBytes", .integer($0.currentBytes)),
                ])
            })),
            ("browser", .array((browser?.rows ?? []).map {
                .object([
                    ("component", .string($0.component)), ("property", .string($0.property)), ("rhythm", .string($0.rhythm)),
                    ("inputs", .integer($0.inputs)), ("renders", .integer($0.renders)), ("arrived", summary($0.arrived)),
                    ("inDOM", summary($0.inDOM)), ("painted", summary($0.painted)), ("paintedP90Micros", .number($0.p90PaintedMicros)),
                ])
            })),
            ("targets", .array(targets.map {
                .object([("name", .string($0.name)), ("target", .string($0.target)), ("measured", .string($0.measured)), ("met", .bool($0.met))])
            })),
        ])
    }

    /// The issue's browser targets: painted within a frame at the median, two at p90.
    static func browserTargets(_ browser: BrowserResult) -> (checks: [TargetCheck], table: String) {
        var checks: [TargetCheck] = []
        for row in browser.rows {
            checks.append(TargetCheck(
                name: "\(row.component), \(row.rhythm): input → painted median", target: "≤ 16.7 ms",
                measured: millis(row.painted.medianMicros), met: row.painted.count > 0 && row.painted.medianMicros <= 16_700))
            checks.append(TargetCheck(
                name: "\(row.component), \(row.rhythm): input → painted p90", target: "≤ 33 ms",
                measured: millis(row.p90PaintedMicros), met: row.painted.count > 0 && row.p90PaintedMicros <= 33_000))
        }
        var table = "Targets\n\n| target | goal | measured | |\n|---|---|---:|---|\n"
        for check in checks { table += "| \(check.name) | \(check.target) | \(check.measured) | \(check.met ? "PASS" : "**MISS**") |\n" }
        return (checks, table)
    }
}
