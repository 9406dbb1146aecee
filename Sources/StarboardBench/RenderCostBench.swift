import CStarboardAllocationCounter
import Foundation
import StarboardInspector
import StarboardServer
import StarboardSystem

/// What one warm render of a seed component costs in instructions and allocations, against the
/// minimal writer of the same bytes, and what compressing its render message costs
/// (`starboard-bench --render-cost`, issue 28).
public struct RenderCostRow: Sendable {
    public let component: String
    public let svgBytes: Int
    /// Numbers in the SVG (what the minimal writer formats).
    public let numbers: Int
    /// The render message's bytes and what the server sends a client that negotiated deflate.
    public let messageBytes: Int
    public let sentBytes: Int
    /// Instructions per warm call, from callgrind; nil without valgrind.
    public let render: Int?
    public let minimal: Int?
    /// zlib on the render message (the compressor messages under 16 KiB use).
    public let deflate: Int?
    /// What the server itself does for the message on a deflate connection.
    public let served: Int?
    /// Allocations per warm render (an average over ``RenderCostBench/allocationRenders``).
    public let allocations: Double
    /// The issue's ceiling in instructions for this component.
    public let target: Int

    public var ratio: Double? { render.flatMap { render in minimal.map { Double(render) / Double(max($0, 1)) } } }
    func share(_ part: Int?) -> Double? { part.flatMap { part in render.map { Double(part) / Double(max($0, 1)) } } }
}

/// The rows and the checks against issue 28's targets.
public struct RenderCostReport: Sendable {
    public let rows: [RenderCostRow]
    /// Why instructions were not counted (no valgrind), else nil.
    public let missing: String?

    public var targets: [TargetCheck] {
        var checks: [TargetCheck] = []
        for row in rows {
            if let render = row.render, let ratio = row.ratio {
                checks.append(TargetCheck(
                    name: "\(row.component) instructions per render", target: "≤ \(row.target / 1000) k",
                    measured: RenderCostReport.thousands(render), met: render <= row.target))
                checks.append(TargetCheck(
                    name: "\(row.component) render vs minimal writer", target: "≤ 2.5×",
                    measured: String(format: "%.2f×", ratio), met: ratio <= 2.5))
            }
            checks.append(TargetCheck(
                name: "\(row.component) allocations per warm render", target: "0",
                measured: String(format: "%.1f", row.allocations), met: row.allocations == 0))
            if let share = row.share(row.served), row.messageBytes < 16 * 1024 {
                checks.append(TargetCheck(
                    name: "\(row.component) deflate per message vs render", target: "≤ 0.25×",
                    measured: String(format: "%.2f×", share), met: share <= 0.25))
            }
        }
        return checks
    }

    static func thousands(_ count: Int?) -> String {
        guard let count else { return "–" }
        return count >= 10_000 ? "\(Int((Double(count) / 1000).rounded())) k" : String(format: "%.1f k", Double(count) / 1000)
    }

    public var table: String {
        var out = "Instructions per warm render (callgrind, \(RenderCostBench.countedCalls) calls each) and allocations\n\n"
        if let missing { out += "Instructions not counted: \(missing)\n\n" }
        out += "| component | SVG bytes | numbers | render | minimal writer | ratio | target | allocations |\n"
        out += "|---|---:|---:|---:|---:|---:|---:|---:|\n"
        for row in rows {
            let ratio = row.ratio.map { String(format: "%.2f×", $0) } ?? "–"
            out += "| \(row.component) | \(row.svgBytes) | \(row.numbers) | \(Self.thousands(row.render)) | \(Self.thousands(row.minimal)) | \(ratio) | "
            out += "≤ \(row.target / 1000) k | " + String(format: "%.1f", row.allocations) + " |\n"
        }
        out += "\nDeflate per render message (values, SVG, size and accessibility, as the server sends it; zlib level 1, the server's MessageDeflater), in instructions\n\n"
        out += "| component | message bytes | zlib | vs render | server sends | bytes sent | vs render |\n"
        out += "|---|---:|---:|---:|---:|---:|---:|\n"
        for row in rows {
            let zlib = row.share(row.deflate).map { String(format: "%.2f×", $0) } ?? "–"
            let served = row.share(row.served).map { String(format: "%.2f×", $0) } ?? "–"
            out += "| \(row.component) | \(row.messageBytes) | \(Self.thousands(row.deflate)) | \(zlib) | \(Self.thousands(row.served)) | \(row.sentBytes) | \(served) |\n"
        }
        out += "\nRender cost targets\n\n| target | goal | measured | |\n|---|---|---:|---|\n"
        for check in targets {
            out += "| \(check.name) | \(check.target) | \(check.measured) | \(check.met ? "PASS" : "**MISS**") |\n"
        }
        return out
    }
}

public enum RenderCostBench {
    /// The seed components and issue 28's ceilings (2.5× its measured minimal writer).
    static let seeds: [(name: String, target: Int)] = [
        ("RatingControl", 46_000), ("HikeBadge", 140_000), ("ProfileSummary", 450_000), ("PageControl", 38_000),
    ]
    /// What a child measures.
    enum Kind: String, CaseIterable {
        case render, minimal, deflate, served
    }
    /// Calls counted per measurement, after warm-up calls that are not.
    static let countedCalls = 20
    static let warmUpCalls = 5
    /// Renders the allocation count is averaged over.
    public static let allocationRenders = 100

    /// Counts every seed component's costs; each instruction count is a child of this bench under
    /// callgrind. `profiles`, when given, keeps callgrind's files there (for `callgrind_annotate`).
    static func run(registry: Registry, profiles: String?, log: (String) -> Void) throws(BenchError) -> RenderCostReport {
        let valgrind = findExecutable("valgrind")
        let measured = valgrind == nil ? nil : try measuredBinary()
        defer { if let measured, measured.temporary { try? FileManager.default.removeItem(atPath: measured.path) } }
        var rows: [RenderCostRow] = []
        for seed in seeds {
            guard let component = registry.component(named: seed.name) else { throw BenchError("no seed component \(seed.name)") }
            let svg = try Array(render(component).utf8)
            let message = try renderMessage(component)
            let sent = message.withUnsafeBytes { MessageDeflater().compressedForClients($0) }?.count ?? message.count
            let allocations = try allocationsPerWarmRender(component, renders: allocationRenders)
            var counts: [Kind: Int] = [:]
            if let valgrind, let measured {
                for kind in Kind.allCases {
                    counts[kind] = try count(kind, of: component.name, valgrind: valgrind, binary: measured.path, profiles: profiles)
                }
            }
            rows.append(RenderCostRow(
                component: component.name, svgBytes: svg.count, numbers: MinimalSVGWriter(svg: svg).numberCount,
                messageBytes: message.count, sentBytes: sent,
                render: counts[.render], minimal: counts[.minimal], deflate: counts[.deflate], served: counts[.served],
                allocations: allocations, target: seed.target))
            log("render cost: \(component.name) done")
        }
        return RenderCostReport(rows: rows, missing: valgrind == nil ? "valgrind is not installed (apt-get install -y valgrind)" : nil)
    }

    /// Allocations of `renders` warm renders of the component's defaults on this thread, per render.
    public static func allocationsPerWarmRender(_ component: ComponentDefinition, renders: Int) throws(BenchError) -> Double {
        for _ in 0..<warmUpCalls { _ = try render(component) }
        starboard_allocation_counting(1)
        defer { starboard_allocation_counting(0) }
        let before = starboard_allocation_count()
        for _ in 0..<renders { _ = try render(component) }
        return Double(starboard_allocation_count() - before) / Double(renders)
    }

    static func render(_ component: ComponentDefinition) throws(BenchError) -> String {
        do { return try component.render(component.defaults).rendering.svg } catch {
            throw BenchError("\(component.name) does not render: \(error)")
        }
    }

    /// The render message of the component's defaults as the server writes one (Workbench's
    /// render fields): values, SVG, size and accessibility elements.
    static func renderMessage(_ component: ComponentDefinition) throws(BenchError) -> [UInt8] {
        let result: ComponentRendering
        do { result = try component.render(component.defaults) } catch { throw BenchError("\(component.name) does not render: \(error)") }
        var out = Array(#"{"type":"render","component":"#.utf8)
        JSONValue.writeString(component.name, into: &out)
        out.append(contentsOf: #","revision":1,"values":"#.utf8)
        component.json(result.values).write(into: &out)
        out.append(contentsOf: #","svg":"#.utf8)
        JSONValue.writeString(result.rendering.svg, into: &out)
        out.append(contentsOf: #","size":"#.utf8)
        result.rendering.size.json.write(into: &out)
        out.append(contentsOf: #","accessibility":"#.utf8)
        result.rendering.accessibility.writeJSON(into: &out)
        out.append(contentsOf: #","renderMicros":100}"#.utf8)
        return out
    }

    /// The bench itself with its debug information stripped (valgrind cannot read what
    /// cross-module optimization writes), or the bench as it is when `strip` is missing.
    static func measuredBinary() throws(BenchError) -> (path: String, temporary: Bool) {
        guard let bench = Bench.currentExecutable() else { throw BenchError("cannot find this executable (/proc/self/exe)") }
        guard let strip = findExecutable("strip") else { return (bench, false) }
        let copy = NSTemporaryDirectory() + "/starboard-bench-cost-\(getpid())"
        do {
            try? FileManager.default.removeItem(atPath: copy)
            try FileManager.default.copyItem(atPath: bench, toPath: copy)
            let result = try ChildProcess.run(strip, arguments: ["--strip-debug", copy])
            guard result.succeeded else { return (bench, false) }
        } catch {
            return (bench, false)
        }
        return (copy, true)
    }

    /// Instructions per call of `kind` for the component, counted by callgrind in a child that
    /// collects only inside ``starboard_cost_measured``.
    static func count(_ kind: Kind, of component: String, valgrind: String, binary: String, profiles: String?) throws(BenchError) -> Int {
        let outFile = profiles.map { "\($0)/callgrind.\(component).\(kind.rawValue)" } ?? "/dev/null"
        let arguments = [
            "--tool=callgrind", "--callgrind-out-file=\(outFile)", "--collect-atstart=no",
            "--toggle-collect=starboard_cost_measured", binary, "--render-cost-child", component, kind.rawValue, "\(countedCalls)",
        ]
        // Hashing seeded the same in every child: a random seed moves dictionary and set work
        // by a few hundred instructions a render between runs, which hid differences that size.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        let output: ChildProcess.Output
        do { output = try ChildProcess.run(valgrind, arguments: arguments, environment: environment) } catch {
            throw BenchError("valgrind did not run: \(error)")
        }
        guard output.succeeded else {
            throw BenchError("callgrind of \(component) (\(kind.rawValue)) failed: \(output.stderrText.suffix(2000))")
        }
        // "==123== Collected : 4567890"
        guard let line = output.stderrText.split(separator: "\n").last(where: { $0.contains("Collected :") }),
              let total = line.split(separator: " ").last.flatMap({ Int($0) }) else {
            throw BenchError("callgrind of \(component) (\(kind.rawValue)) printed no count")
        }
        return total / countedCalls
    }

    static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    /// The box ``starboard_cost_measured`` calls back into.
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// `--render-cost-child COMPONENT KIND COUNT` (hidden, run under callgrind by ``count``): warms
    /// up, then does COUNT calls of KIND inside ``starboard_cost_measured``. The exit status.
    public static func child(_ arguments: [String], registry: Registry) -> Int32 {
        func fail(_ message: String) -> Int32 {
            FileHandle.standardError.write(Data("starboard-bench: \(message)\n".utf8))
            return 1
        }
        guard arguments.count == 3, let kind = Kind(rawValue: arguments[1]), let calls = Int(arguments[2]), calls > 0 else {
            return fail("usage: --render-cost-child COMPONENT render|minimal|deflate|served COUNT")
        }
        guard let component = registry.component(named: arguments[0]) else { return fail("no component \(arguments[0])") }
        let svg: String
        do { svg = try render(component) } catch { return fail(error.description) }
        let step: () -> Void
        var failure: String?
        switch kind {
        case .render:
            step = {
                do { _ = try component.render(component.defaults) } catch { failure = "\(error)" }
            }
        case .minimal:
            var writer = MinimalSVGWriter(svg: Array(svg.utf8))
            guard Array(writer.write()) == Array(svg.utf8) else { return fail("the minimal writer does not write \(component.name)'s bytes") }
            step = { _ = writer.write() }
        case .deflate, .served:
            let message: [UInt8]
            do { message = try renderMessage(component) } catch { return fail(error.description) }
            let deflater = MessageDeflater()
            step = kind == .deflate
                ? { _ = message.withUnsafeBytes { deflater.compress($0) } }
                : { _ = message.withUnsafeBytes { deflater.compressedForClients($0) } }
        }
        for _ in 0..<warmUpCalls { step() }
        let body = Body {
            for _ in 0..<calls { step() }
        }
        starboard_cost_measured({ context in
            Unmanaged<Body>.fromOpaque(context!).takeUnretainedValue().run()
        }, Unmanaged.passUnretained(body).toOpaque())
        withExtendedLifetime(body) {}
        if let failure { return fail("\(component.name) does not render: \(failure)") }
        return 0
    }
}
