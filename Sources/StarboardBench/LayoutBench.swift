import StarboardComponents
import StarboardInspector

/// Render cost against the size of the view, for the stress components: a nest of stacks, a
/// chain of containers, a long list and a long text, each at growing sizes. Time per view that
/// stays flat as views multiply is what linear layout looks like.
public struct GrowthRow: Sendable {
    /// The stress component and the values that size it (`depth=10`).
    public let family: String
    public let setting: String
    /// Nodes in the laid-out tree: views, stacks and modifiers.
    public let views: Int
    /// Sizes computed and texts measured in one render.
    public let sizings: Int
    public let textMeasurements: Int
    public let timing: LatencySummary
    public let allocations: Int

    /// Median time per view, in nanoseconds.
    public var nanosecondsPerView: Double { views > 0 ? timing.medianMicros * 1000 / Double(views) : 0 }
}

/// The layout section of a bench run: the shipped components and the growth rows.
public struct LayoutReport: Sendable {
    public let renders: [RenderResult]
    public let growth: [GrowthRow]
    /// Deflating each component's render message against rendering it.
    public var deflate: [DeflateResult] = []

    /// The layout issue's targets, PASS or MISS.
    public var targets: [TargetCheck] {
        var checks: [TargetCheck] = []
        func render(_ component: String, micros: Double, allocations: Int?) {
            guard let result = renders.first(where: { $0.component == component && $0.variant == RenderResult.defaultsName }) else { return }
            checks.append(TargetCheck(
                name: "\(component) render median", target: "≤ \(Int(micros)) µs",
                measured: BenchReport.micros(result.timing.medianMicros), met: result.timing.medianMicros <= micros))
            if let allocations {
                checks.append(TargetCheck(
                    name: "\(component) allocations per render", target: "≤ \(allocations)",
                    measured: "\(result.allocations)", met: result.allocations <= allocations))
            }
        }
        render("RatingControl", micros: 8, allocations: 60)
        render("HikeBadge", micros: 15, allocations: nil)
        render("ProfileSummary", micros: 60, allocations: 300)
        func growth(_ family: String, _ setting: String, millis: Double) {
            guard let row = self.growth.first(where: { $0.family == family && $0.setting == setting }) else { return }
            checks.append(TargetCheck(
                name: "\(family) \(setting) (\(row.views) views)", target: "≤ \(millis) ms",
                measured: BenchReport.micros(row.timing.medianMicros), met: row.timing.medianMicros <= millis * 1000))
        }
        growth("NestedStacks", "depth=10", millis: 5)
        growth("NestedStacks", "depth=12", millis: 25)
        growth("StackChain", "length=64", millis: 0.5)
        return checks
    }

    public var table: String {
        var out = "Render (re-instantiate, lay out, write SVG)\n\n"
        out += "| component | variant | median | p99 | SVG bytes | allocations |\n|---|---|---:|---:|---:|---:|\n"
        for result in renders {
            out += "| \(result.component) | \(result.variant) | \(BenchReport.micros(result.timing.medianMicros)) | \(BenchReport.micros(result.timing.p99Micros)) | \(result.svgBytes) | \(result.allocations) |\n"
        }
        out += "\nLayout against size (stress components; per view = median / views)\n\n"
        out += "| component | setting | views | sizings | texts measured | median | per view | allocations |\n|---|---|---:|---:|---:|---:|---:|---:|\n"
        for row in growth {
            out += "| \(row.family) | \(row.setting) | \(row.views) | \(row.sizings) | \(row.textMeasurements) | \(BenchReport.micros(row.timing.medianMicros)) | "
            out += String(format: "%.0f ns", row.nanosecondsPerView) + " | \(row.allocations) |\n"
        }
        if !deflate.isEmpty { out += "\n" + DeflateBench.table(deflate) }
        out += "\nLayout targets\n\n| target | goal | measured | |\n|---|---|---:|---|\n"
        for check in targets {
            out += "| \(check.name) | \(check.target) | \(check.measured) | \(check.met ? "PASS" : "**MISS**") |\n"
        }
        return out
    }

    var json: JSONValue {
        .array(growth.map { row in
            .object([
                ("component", .string(row.family)), ("setting", .string(row.setting)), ("views", .integer(row.views)),
                ("sizings", .integer(row.sizings)), ("textMeasurements", .integer(row.textMeasurements)),
                ("medianMicros", .number(row.timing.medianMicros)), ("p99Micros", .number(row.timing.p99Micros)),
                ("allocations", .integer(row.allocations)),
            ])
        })
    }
}

enum LayoutBench {
    /// The sizes measured, smallest first; each family grows by a factor of 4 per row.
    static let cases: [(family: String, settings: [[String]])] = [
        ("NestedStacks", [["depth=4"], ["depth=6"], ["depth=8"], ["depth=10"], ["depth=12"]]),
        ("StackChain", [["length=16"], ["length=64"], ["length=256"], ["length=16", "link=paddings"], ["length=256", "link=paddings"],
                        ["length=16", "link=frames"], ["length=256", "link=frames"]]),
        ("WideList", [["count=10"], ["count=100"], ["count=1000"], ["count=10000"]]),
        ("LongText", [["words=100"], ["words=1000"], ["words=10000"]]),
    ]

    /// Renders each case until about `budget` seconds have passed (at least `minimum` times).
    static func run(iterations: Int, log: (String) -> Void) throws(BenchError) -> [GrowthRow] {
        let registry: Registry
        do {
            registry = try Registry(layoutStressComponents)
        } catch {
            throw BenchError("the stress components do not register: \(error)")
        }
        var rows: [GrowthRow] = []
        for (family, settings) in cases {
            guard let component = registry.component(named: family) else { throw BenchError("no stress component \(family)") }
            for assignments in settings {
                let values: PropertyValues
                do {
                    values = try component.resolve(changes: component.values(fromAssignments: assignments), over: component.defaults).values
                } catch {
                    throw BenchError("\(family) \(assignments): \(error)")
                }
                let first: ComponentRendering
                do { first = try component.render(values) } catch { throw BenchError("\(family) \(assignments) does not render: \(error)") }
                let statistics = first.rendering.statistics
                // Big cases get fewer renders: each row takes about as long as a small one's.
                let repeats = max(5, min(iterations, iterations * 50 / max(statistics.nodes, 50)))
                var samples: [UInt64] = []
                samples.reserveCapacity(repeats)
                for _ in 0..<repeats {
                    let started = Clock.now()
                    do { _ = try component.render(values) } catch { throw BenchError("\(family) does not render: \(error)") }
                    samples.append(Clock.now() - started)
                }
                let allocations = try countAllocations { () throws(BenchError) in
                    do { _ = try component.render(values) } catch { throw BenchError("\(family) does not render: \(error)") }
                }
                rows.append(GrowthRow(
                    family: family, setting: assignments.joined(separator: " "), views: statistics.nodes,
                    sizings: statistics.sizings, textMeasurements: statistics.textMeasurements,
                    timing: LatencySummary(nanoseconds: samples), allocations: allocations
                ))
            }
            log("layout: \(family) done")
        }
        return rows
    }
}

extension Bench {
    /// Only the render and layout benchmarks: no servers, a few seconds.
    public static func runLayout(_ options: BenchOptions, registry: Registry, log: (String) -> Void = { _ in }) throws(BenchError) -> LayoutReport {
        let renders = try RenderBench.run(registry: registry, iterations: max(options.renderIterations, 1), log: log)
        let growth = try LayoutBench.run(iterations: max(options.renderIterations, 1), log: log)
        let deflate = try DeflateBench.run(registry: registry, iterations: max(options.renderIterations, 1), log: log)
        return LayoutReport(renders: renders, growth: growth, deflate: deflate)
    }
}
