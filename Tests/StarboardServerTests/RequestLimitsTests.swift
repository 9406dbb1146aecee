import Testing
@testable import StarboardServer
import StarboardInspector

/// What the edge accepts, the whole path to the worker carries: a request is refused on its own
/// at the edge, or it reaches the worker intact (issue 11, item 1).
@Suite("Request limits")
struct RequestLimitsTests {
    /// `depth` levels of arrays around a number.
    static func nested(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
    }

    /// A set whose one value nests so that the whole message is `depth` levels deep.
    static func set(depth: Int) -> String {
        #"{"type":"set","component":"RatingControl","id":1,"values":{"starCount":"# + nested(depth - 2) + "}}"
    }

    static func preview(depth: Int) -> String {
        #"{"type":"preview","component":"RatingControl","id":1,"values":{"starCount":"# + nested(depth - 2) + "}}"
    }

    /// Through the worker codec, both ways, as the server sends it and the worker reads it.
    static func carried(_ request: WorkerRequest) throws -> WorkerRequest {
        var reader = WorkerFraming.Reader()
        let frame = WorkerCodec.encode(request)
        frame.withUnsafeBytes { reader.append($0) }
        return try WorkerCodec.decodeRequest(try #require(try reader.next()))
    }

    @Test func theDeepestSetTheEdgeAcceptsReachesTheWorkerIntact() throws {
        let envelope = try Envelope.parse(Self.set(depth: Envelope.maxDepth)).get()
        guard case .set(_, let values) = envelope.request else { Issue.record("not a set"); return }
        let batch = WorkerRequest.batch(WorkerBatch(component: "RatingControl", base: .object([]), changes: [.set(values), .set(values)]))
        #expect(try Self.carried(batch) == batch)
    }

    @Test func theDeepestPreviewTheEdgeAcceptsReachesTheWorkerIntact() throws {
        let envelope = try Envelope.parse(Self.preview(depth: Envelope.maxDepth)).get()
        guard case .preview(_, let values, _) = envelope.request else { Issue.record("not a preview"); return }
        let preview = WorkerRequest.preview(WorkerPreview(component: "RatingControl", base: values, values: values, environment: .dark))
        #expect(try Self.carried(preview) == preview)
    }

    /// The 187-byte message of the report: 61 arrays deep passed the parser's own limit and broke
    /// the worker's read of the whole batch.
    @Test(arguments: [Envelope.maxDepth + 1, 61, 62, 63, 64])
    func aDeeperRequestIsThatRequestsErrorWithItsID(depth: Int) {
        guard case .failure(let error) = Envelope.parse(Self.set(depth: depth)) else {
            Issue.record("a set \(depth) levels deep was accepted")
            return
        }
        #expect(error.message == "the request is nested deeper than \(Envelope.maxDepth) levels")
        #expect(error.id == .integer(1) && error.component == "RatingControl")
    }

    /// Deeper than the parser reads at all: still an error, only without the id it never read.
    @Test(arguments: [65, 200, 100_000])
    func aRequestDeeperThanTheParserReadsIsAMalformedJSONError(depth: Int) {
        guard case .failure(let error) = Envelope.parse(Self.set(depth: depth)) else {
            Issue.record("a set \(depth) levels deep was accepted")
            return
        }
        #expect(error.message.contains("nested deeper than \(JSONValue.maxDepth) levels"))
    }

    @Test func valuesThatGrowWhenWrittenOutAreRefusedAtTheEdge() {
        // 9e14 is written back as 900000000000000: 4 bytes become 15.
        let numbers = Array(repeating: "9e14", count: 50_000).joined(separator: ",")
        let text = #"{"type":"set","component":"RatingControl","id":"big","values":{"starCount":["# + numbers + "]}}"
        #expect(text.utf8.count <= ServerConfiguration(webRoot: "/").maxMessageBytes)
        guard case .failure(let error) = Envelope.parse(text) else {
            Issue.record("values of more than \(Envelope.maxValuesBytes) bytes written out were accepted")
            return
        }
        #expect(error.id == .string("big"))
        #expect(error.message.contains("at most \(Envelope.maxValuesBytes)"))
    }

    /// A full batch of the largest values the edge accepts fits one worker frame, with room for
    /// the base values (no larger than one request's) and each change's own fields.
    @Test func aFullBatchOfTheLargestValuesFitsOneWorkerFrame() {
        #expect((ChangeScheduler.maxBatch + 1) * (Envelope.maxValuesBytes + 256) <= WorkerFraming.maxFrameBytes)
    }
}
