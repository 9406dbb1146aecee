import CStarboardAllocationCounter
import StarboardInspector

/// The cost of one render: re-instantiating the component from values, laying it out and
/// writing SVG — what the server does for every change.
public struct RenderResult: Sendable {
    public let component: String
    /// ``defaultsName`` or the variant's name.
    public let variant: String
    /// The `variant` of the render of the component's default values.
    public static let defaultsName = "(defaults)"
    public let timing: LatencySummary
    /// Bytes of UTF-8 SVG.
    public let svgBytes: Int
    /// Heap allocations (malloc, calloc, realloc and the aligned entry points) per render.
    public let allocations: Int
}

enum RenderBench {
    /// Times `render(values)` for each component's defaults and each declared variant.
    static func run(registry: Registry, iterations: Int, log: (String) -> Void) throws(BenchError) -> [RenderResult] {
        var results: [RenderResult] = []
        for component in registry.components {
            let cases = [(RenderResult.defaultsName, component.defaults)] + component.variants.map { ($0.name, $0.values) }
            for (name, values) in cases {
                results.append(try measure(component, variant: name, values: values, iterations: iterations))
            }
            log("render: \(component.name) done")
        }
        return results
    }

    static func measure(_ component: ComponentDefinition, variant: String, values: PropertyValues, iterations: Int) throws(BenchError) -> RenderResult {
        var svgBytes = 0
        var samples: [UInt64] = []
        samples.reserveCapacity(iterations)
        let warmUp = max(iterations / 10, 5)
        for index in 0..<(warmUp + iterations) {
            let started = Clock.now()
            let result: ComponentRendering
            do {
                result = try component.render(values)
            } catch {
                throw BenchError("\(component.name) (\(variant)) does not render: \(error)")
            }
            let elapsed = Clock.now() - started
            if index >= warmUp { samples.append(elapsed) }
            svgBytes = result.rendering.svg.utf8.count
        }
        let allocations = try countAllocations { () throws(BenchError) in
            do { _ = try component.render(values) } catch { throw BenchError("\(component.name) (\(variant)) does not render: \(error)") }
        }
        return RenderResult(component: component.name, variant: variant, timing: LatencySummary(nanoseconds: samples),
                            svgBytes: svgBytes, allocations: allocations)
    }
}

/// Heap allocations one call of `body` makes on this thread, averaged over a few calls (counted
/// apart from the timed runs, so the count costs them nothing).
func countAllocations(_ body: () throws(BenchError) -> Void) throws(BenchError) -> Int {
    let calls = 10
    starboard_allocation_counting(1)
    defer { starboard_allocation_counting(0) }
    let before = starboard_allocation_count()
    for _ in 0..<calls { try body() }
    let counted = starboard_allocation_count() - before
    return Int((counted + UInt64(calls) / 2) / UInt64(calls))
}
