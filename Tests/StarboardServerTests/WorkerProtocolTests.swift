import Testing
@testable import StarboardServer
import StarboardInspector

@Suite("Worker protocol")
struct WorkerProtocolTests {
    static let values = JSONValue.object([("starCount", .integer(7)), ("name", .string("é \"quoted\" ✓"))])

    static let requests: [WorkerRequest] = [
        .catalog,
        .batch(WorkerBatch(component: "RatingControl", base: values,
                           changes: [.set(values), .reset(nil), .reset(["rating", "spacing"]), .reset([]), .tap("star-3"), .restore])),
        .batch(WorkerBatch(component: "HikeBadge", base: .object([]), changes: [])),
        .preview(WorkerPreview(component: "PageControl", base: .object([]), values: values)),
        .preview(WorkerPreview(component: "PageControl", base: values, values: .object([]),
                               environment: RenderEnvironment(scheme: .dark, textSize: .accessibility3, direction: .rightToLeft, locale: "de_DE"), audit: true)),
        .batch(WorkerBatch(component: "PageControl", base: .object([]), changes: [
            .tap(WorkerTap(target: "page-control", location: TapLocation(x: 70.5, y: 20), environment: .rightToLeft)),
            .tap(WorkerTap(target: "page-control", location: nil, environment: .dark)),
        ])),
        .render(WorkerRender(component: "HikeBadge", base: values, environments: [.dark, .textSize(.xSmall)], variants: [.dark])),
        .render(WorkerRender(component: "HikeBadge", base: .object([]), environments: [], variants: [])),
    ]

    static let replies: [WorkerReply] = [
        .catalog(WorkerCatalog(schema: .array([.object([("name", .string("RatingControl"))])]),
                               variants: ["RatingControl": .array([.object([("name", .string("Compact")), ("svg", .string("<svg/>"))])])])),
        .batch(BatchResult(results: [.accepted(notes: []), .accepted(notes: ["rating lowered"]),
                                     .refused(PropertyProblem(message: "bad", property: "starCount")), .refused(PropertyProblem(message: "no"))],
                           values: values, render: #""svg":"<svg>\"x\"</svg>","size":{"width":1,"height":2}"#)),
        .batch(BatchResult(results: [.refused(PropertyProblem(message: "bad"))], values: values, render: nil)),
        .preview(.rendered(values: values, render: #""svg":"<svg/>""#)),
        .preview(.refused(PropertyProblem(message: "too many", property: "starCount"))),
        .refused("Nope: no such component"),
        .preview(.audited(values: values, findings: .array([.object([("kind", .string("contrast")), ("ratio", .number(1.5))])]))),
        .render(RenderSet(renders: [.success(#""svg":"<svg>é</svg>""#), .failure(PropertyProblem(message: "too deep")), .success(""), .success(#""svg":"✓""#)],
                          variants: [.array([.object([("name", .string("Dark")), ("svg", .string("<svg/>"))])])])),
    ]

    /// Frames fed to a reader in pieces of `piece` bytes, as a pipe may deliver them.
    static func bodies(_ stream: [UInt8], piece: Int) throws -> [WorkerFraming.Body] {
        var reader = WorkerFraming.Reader()
        var bodies: [WorkerFraming.Body] = []
        var offset = 0
        while offset < stream.count {
            let end = min(offset + piece, stream.count)
            stream[offset..<end].withUnsafeBytes { reader.append($0) }
            while let body = try reader.next() { bodies.append(body) }
            offset = end
        }
        #expect(reader.pendingCount == 0)
        return bodies
    }

    @Test(arguments: [1, 7, 4096])
    func requestsRoundTripThroughTheFraming(piece: Int) throws {
        let stream = Self.requests.flatMap(WorkerCodec.encode)
        let decoded = try Self.bodies(stream, piece: piece).map(WorkerCodec.decodeRequest)
        #expect(decoded == Self.requests)
    }

    @Test(arguments: [1, 7, 4096])
    func repliesRoundTripThroughTheFraming(piece: Int) throws {
        let stream = Self.replies.flatMap(WorkerCodec.encode)
        let decoded = try Self.bodies(stream, piece: piece).map(WorkerCodec.decodeReply)
        #expect(decoded == Self.replies)
    }

    @Test func theRenderTravelsBesideTheJSONAsItIs() throws {
        let render = #""svg":"<svg>\"x\"</svg>""#
        let frame = WorkerCodec.encode(.batch(BatchResult(results: [.accepted(notes: [])], values: .object([]), render: render)))
        #expect(Array(frame.suffix(render.utf8.count)) == Array(render.utf8), "not escaped again")
        #expect(Int(frame[0]) | Int(frame[1]) << 8 | Int(frame[2]) << 16 | Int(frame[3]) << 24 == frame.count - 4)
    }

    @Test func corruptStreamsAreRefused() throws {
        var reader = WorkerFraming.Reader()
        let huge: [UInt8] = [0xFF, 0xFF, 0xFF, 0x7F, 0, 0, 0, 0]
        huge.withUnsafeBytes { reader.append($0) }
        #expect(throws: WorkerProtocolError.self) { try reader.next() }

        let notJSON = WorkerFraming.frame(json: "{nope", text: "")
        let body = try #require(try Self.bodies(notJSON, piece: 100).first)
        #expect(throws: WorkerProtocolError.self) { try WorkerCodec.decodeRequest(body) }

        let unknown = try #require(try Self.bodies(WorkerFraming.frame(json: #"{"kind":"dance"}"#, text: ""), piece: 100).first)
        #expect(throws: WorkerProtocolError("unknown request \"dance\"")) { try WorkerCodec.decodeRequest(unknown) }
    }
}
