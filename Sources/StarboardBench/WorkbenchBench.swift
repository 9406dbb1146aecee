import StarboardInspector
import StarboardServer

/// What the worker does for one change, without the pipes: read the request frame, re-check the
/// values, re-instantiate, render, and write the reply frame with the render's JSON text.
public struct WorkbenchResult: Sendable {
    public let component: String
    public let timing: LatencySummary
    /// Heap allocations per change.
    public let allocations: Int
}

enum WorkbenchBench {
    /// Times the worker's job for a batch of one `set`, alternating values as the latency bench does.
    static func run(registry: Registry, iterations: Int) throws(BenchError) -> WorkbenchResult {
        let workbench = Workbench(registry: registry)
        var alternation = Alternation.ratingStars
        var base = JSONValue.object([])
        var samples: [UInt64] = []
        samples.reserveCapacity(iterations)
        let warmUp = max(iterations / 10, 5)
        func setRequest(_ values: String) throws(BenchError) -> [UInt8] {
            WorkerCodec.encode(.batch(WorkerBatch(component: alternation.component, base: base, changes: [.set(try JSONValue.parsingForBench(values))])))
        }
        /// The worker loop's work for one frame: decode, handle, encode.
        func job(_ frame: [UInt8]) throws(BenchError) -> (reply: [UInt8], values: JSONValue) {
            var reader = WorkerFraming.Reader()
            frame.withUnsafeBytes { reader.append($0) }
            let reply: WorkerReply
            do throws(WorkerProtocolError) {
                guard let body = try reader.next() else { throw WorkerProtocolError("the request frame is incomplete") }
                reply = workbench.handle(try WorkerCodec.decodeRequest(body))
            } catch {
                throw BenchError("the workbench could not read its request: \(error)")
            }
            guard case .batch(let result) = reply, result.render != nil else { throw BenchError("the workbench did not render: \(reply)") }
            return (WorkerCodec.encode(reply), result.values)
        }
        for index in 0..<(warmUp + iterations) {
            let request = try setRequest(alternation.next())
            let started = Clock.now()
            let (reply, values) = try job(request)
            let elapsed = Clock.now() - started
            guard !reply.isEmpty else { throw BenchError("the workbench wrote no reply") }
            base = values
            if index >= warmUp { samples.append(elapsed) }
        }
        let request = try setRequest(alternation.next())
        let allocations = try countAllocations { () throws(BenchError) in _ = try job(request) }
        return WorkbenchResult(component: alternation.component, timing: LatencySummary(nanoseconds: samples), allocations: allocations)
    }
}

extension JSONValue {
    static func parsingForBench(_ text: String) throws(BenchError) -> JSONValue {
        do { return try JSONValue(parsing: text) } catch { throw BenchError("bad JSON in the bench: \(text)") }
    }
}
