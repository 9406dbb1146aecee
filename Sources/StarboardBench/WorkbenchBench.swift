import StarboardInspector
import StarboardServer

/// What the worker does for one change, without the transport: read the request, re-check the
/// values, re-instantiate, render, and write the reply with the render's JSON text.
public struct WorkbenchResult: Sendable {
    public let component: String
    public let timing: LatencySummary
    /// Heap allocations per change.
    public let allocations: Int
}

enum WorkbenchBench {
    /// Times `Workbench.handle` for a batch of one `set`, alternating values as the latency bench does.
    static func run(registry: Registry, iterations: Int) throws(BenchError) -> WorkbenchResult {
        let workbench = Workbench(registry: registry)
        var alternation = Alternation.ratingStars
        var base = JSONValue.object([])
        var samples: [UInt64] = []
        samples.reserveCapacity(iterations)
        let warmUp = max(iterations / 10, 5)
        func setRequest(_ values: String) throws(BenchError) -> JSONValue {
            Workbench.batchRequest(alternation.component, base: base, changes: [.object([("set", try JSONValue.parsingForBench(values))])])
        }
        for index in 0..<(warmUp + iterations) {
            let request = try setRequest(alternation.next())
            let started = Clock.now()
            let reply = workbench.handle(request)
            let text = reply.json.description
            let elapsed = Clock.now() - started
            guard reply.render != nil, !text.isEmpty else { throw BenchError("the workbench did not render: \(text)") }
            base = reply.json["values"] ?? base
            if index >= warmUp { samples.append(elapsed) }
        }
        let request = try setRequest(alternation.next())
        let allocations = try countAllocations { () throws(BenchError) in
            guard workbench.handle(request).render != nil else { throw BenchError("the workbench did not render") }
        }
        return WorkbenchResult(component: alternation.component, timing: LatencySummary(nanoseconds: samples), allocations: allocations)
    }
}

extension JSONValue {
    static func parsingForBench(_ text: String) throws(BenchError) -> JSONValue {
        do { return try JSONValue(parsing: text) } catch { throw BenchError("bad JSON in the bench: \(text)") }
    }
}
