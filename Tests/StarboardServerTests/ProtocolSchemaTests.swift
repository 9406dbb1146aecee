import Foundation
import Testing
@testable import StarboardServer
import StarboardComponents
import StarboardInspector

/// The protocol's schema (Web/protocol.schema.json) against the Swift types on both sides of the
/// wire: what ``ServerMessage`` writes and what ``Envelope/parse(_:)`` reads. The page's own test
/// (Tests/web/messages.test.mjs) holds the page to the same file, with the samples written here.
@Suite("Protocol schema")
struct ProtocolSchemaTests {
    static let regenerate = "UPDATE_PROTOCOL_SCHEMA=1 swift test --filter ProtocolSchemaTests"
    static let samplesPath = "Tests/web/fixtures/server-messages.json"

    let validator = SchemaValidator.file

    /// Writes `text` to `path` when asked to, else says whether the file holds it.
    private func matchesFile(_ text: String, at path: String) -> Bool {
        let url = URL(fileURLWithPath: SchemaValidator.packageRoot + "/" + path)
        if ProcessInfo.processInfo.environment["UPDATE_PROTOCOL_SCHEMA"] == "1" {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try! Data(text.utf8).write(to: url)
            return true
        }
        return (try? String(contentsOf: url, encoding: .utf8)) == text
    }

    @Test func theSchemaFileIsTheOneTheTypesDescribe() {
        #expect(matchesFile(ProtocolSchema.text, at: ProtocolSchema.path),
                "\(ProtocolSchema.path) is not what ServerMessage.swift and ProtocolSchema.swift describe; regenerate it with `\(Self.regenerate)`")
    }

    // MARK: - Server → client

    /// A real render's fields, as the worker writes them for the seed RatingControl.
    static let renderFields: (fields: String, values: JSONValue) = {
        let host = InProcessHost(registry: try! makeRegistry())
        guard case .batch(let result)? = try? host.call(.batch(WorkerBatch(component: "RatingControl", base: .object([]), changes: [.restore]))),
              let render = result.render else { return ("", .null) }
        return (render, result.values)
    }()

    /// A small render for the samples file, which must not change with the renderer or the clock.
    static let fixedFields = #""svg":"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"44\" height=\"44\"/>","size":{"width":44,"height":44},"#
        + #""accessibility":[{"id":"star-1","label":"Set 1 star rating","value":"3 stars set.","hint":null,"#
        + #""frame":{"x":0,"y":0,"width":44,"height":44},"tappable":true,"traits":["button"]}],"renderMicros":180"#

    static let entry = History.Entry(revision: 12, time: 1796100886017, windows: [1, 2], kind: "tap", target: "star-3", to: nil,
                                     notes: ["rating lowered from 7 to 3 because starCount is now 3"],
                                     before: .object([("rating", .integer(0))]), after: .object([("rating", .integer(3)), ("spacing", .number(8.5))]))

    /// One message of every kind, with every member it can carry, and the lean forms too.
    static func samples(fields: String, values: JSONValue, components: JSONValue) -> [ServerMessage] {
        let dark = RenderEnvironment.dark
        let finding = JSONValue.object([
            ("kind", .string("contrast")), ("subject", .string("Trail closed")), ("message", .string("1:1, under 4.5:1")),
            ("frame", .object([("x", .integer(0)), ("y", .integer(0)), ("width", .integer(96)), ("height", .integer(37))])),
            ("ratio", .integer(1)), ("requiredRatio", .number(4.5)),
        ])
        let variants = #"[{"name":"Three stars","values":{"rating":3},"svg":"<svg/>"}]"#
        return [
            .catalog(components: components),
            .welcome(window: 3),
            .render(.init(component: "RatingControl", revision: 3, fields: fields, valuesText: values.description, variants: variants)),
            .render(.init(component: "RatingControl", revision: 4, fields: fields, valuesText: values.description, environment: dark)),
            .preview(id: .integer(7), component: "RatingControl", values: values, render: fields),
            .preview(id: nil, component: "RatingControl", values: values, render: ""),
            .ack(id: .integer(12), component: "RatingControl", revision: 4, notes: ["rating lowered from 7 to 3 because starCount is now 3"]),
            .ack(id: nil, component: "RatingControl", revision: 5, notes: []),
            .error(RequestError(id: .string("a"), message: "RatingControl.starCount: expected an integer in 1...20, got -3",
                                component: "RatingControl", property: "starCount"), crashed: true),
            .error(RequestError(message: "unknown message type \"hello\"")),
            .problem(component: "RatingControl", message: "RatingControl crashed while rendering with starCount=13", environment: dark),
            .problem(component: "RatingControl", message: "RatingControl timed out after 2 s"),
            .saving(failure: "could not save the values to .starboard/state.json: No space left on device"),
            .saving(failure: nil),
            .build(Rebuilder.message(state: "building", phase: "compiling", detail: "TagKit", how: "direct",
                                     phases: [Rebuilder.Phase(name: "planning", seconds: 0.0041)])),
            .build(Rebuilder.message(state: "failed", diagnostics: [Rebuilder.Diagnostic(file: "Components/RatingControl.swift", line: 12, column: 22,
                                                                                         message: "cannot convert value of type 'String' to specified type 'Int'")],
                                     output: "error: …", how: "swift build", reason: "a new file", phases: [Rebuilder.Phase(name: "building", seconds: 3.2)])),
            .build(Rebuilder.message(state: "succeeded", buildSeconds: 1.05, reloadSeconds: 0.02, how: "direct")),
            .presence(component: "RatingControl", windows: 2),
            .action(component: "RatingControl", entry: entry.json, canUndo: true, canRedo: false),
            .history(id: .integer(9), body: .init(component: "RatingControl", entries: [entry.json], canUndo: true, canRedo: false)),
            .history(id: nil, body: .init(component: "RatingControl", entries: [], canUndo: false, canRedo: false)),
            .audit(id: .integer(4), component: "RatingControl", revision: 3, environment: dark, findings: .array([finding])),
            .source(id: .integer(5), component: "RatingControl", .found(file: "Components/RatingControl.swift", digest: "df01632aa4c488d4-4258", rebuilds: true)),
            .source(id: nil, component: "RatingControl", .unavailable("the server runs outside a package")),
            .variantSaved(id: .integer(6), component: "RatingControl", name: "Evening", file: "Components/RatingControl.swift",
                          entry: #"Variant("Evening") { $0.starCount = 7; $0.rating = 2 },"#, digest: "0a1b", written: true, rebuilds: false),
        ]
    }

    static let realSamples = samples(fields: renderFields.fields, values: renderFields.values, components: try! makeRegistry().schema)

    @Test func everyKindOfServerMessageHasASample() {
        #expect(Set(Self.realSamples.map(\.kind)) == Set(ServerMessage.Kind.allCases))
    }

    @Test func everyServerMessageIsValidByTheSchema() throws {
        #expect(!Self.renderFields.fields.isEmpty, "the worker rendered nothing for RatingControl")
        for message in Self.realSamples {
            let json = try JSONValue(parsing: message.text)
            let problems = validator.problems(json, as: "serverMessage")
            #expect(problems.isEmpty, "\(message.kind) breaks the schema (\(Self.regenerate) after changing a message): \(problems.prefix(5).joined(separator: "; "))")
        }
    }

    /// The other direction: a member the schema lists that no message writes is a stale name.
    @Test func everyMemberTheSchemaListsIsWritten() throws {
        var written: [ServerMessage.Kind: Set<String>] = [:]
        for message in Self.realSamples {
            guard case .object(let members) = try JSONValue(parsing: message.text) else { continue }
            written[message.kind, default: []].formUnion(members.map(\.0))
        }
        for kind in ServerMessage.Kind.allCases {
            let listed = Set(["type"] + kind.members.map(\.name))
            #expect(listed == written[kind], "\(kind): the schema lists \(listed.subtracting(written[kind] ?? []).sorted()), the samples write \((written[kind] ?? []).subtracting(listed).sorted()) besides")
        }
    }

    @Test func theSchemaRefusesARenamedOrMissingMember() throws {
        var render = try JSONValue(parsing: Self.realSamples[2].text)
        guard case .object(var members) = render else { Issue.record("a render is an object"); return }
        members[members.firstIndex { $0.0 == "revision" }!].0 = "revison"
        render = .object(members)
        let problems = validator.problems(render, as: "serverMessage")
        #expect(problems.contains("render: missing member \"revision\""))
        #expect(problems.contains("render: member \"revison\" is not in the schema"))
        #expect(validator.problems(.object([("type", .string("renders"))]), as: "serverMessage") == ["renders: matches 0 of the alternatives, not one"])
    }

    /// The page's test reads these: one message of every kind as the encoder writes it.
    @Test func theSamplesForThePageAreTheEncodersOwn() throws {
        let components = try makeRegistry().schema
        guard case .array(let all) = components else { Issue.record("the catalog's components are an array"); return }
        // The first component and the first preview of a plain view, to keep the file short.
        let some = JSONValue.array(Array(all.prefix(1)) + all.filter { $0["preview"] != nil }.prefix(1))
        let messages = Self.samples(fields: Self.fixedFields, values: .object([("starCount", .integer(5)), ("rating", .integer(3))]), components: some)
        let text = "[\n" + messages.map(\.text).joined(separator: ",\n") + "\n]\n"
        for message in messages {
            #expect(validator.problems(try JSONValue(parsing: message.text), as: "serverMessage").isEmpty, "\(message.kind)")
        }
        #expect(matchesFile(text, at: Self.samplesPath), "\(Self.samplesPath) is not what the encoder writes; regenerate it with `\(Self.regenerate)`")
    }

    // MARK: - Client → server

    @Test func theSchemaListsTheRequestsTheParserReads() {
        #expect(ProtocolSchema.requests.map(\.type) == Envelope.types)
    }

    /// A value for a member, by name where the parser checks the value itself.
    private func sample(_ member: SchemaMember) -> JSONValue {
        switch member.name {
        case "component": return .string("RatingControl")
        case "locale": return .string("en_US")
        case "canvas": return .string("fit")
        default: return sample(member.shape)
        }
    }

    private func sample(_ shape: SchemaShape) -> JSONValue {
        switch shape {
        case .string, .anyValue: .string("x")
        case .integer: .integer(3)
        case .number: .number(1.5)
        case .boolean: .bool(true)
        case .null: .null
        case .constant(let text): .string(text)
        case .oneOf(let texts): .string(texts[0])
        case .array(let items): .array([sample(items)])
        case .object(let members): .object(members.map { ($0.name, sample($0)) })
        case .map: .object([("starCount", .integer(3))])
        case .either(let shapes): sample(shapes[0])
        case .named(let name): sample(ProtocolSchema.shared.first { $0.name == name }!.shape)
        }
    }

    private func text(_ members: [(String, JSONValue)]) -> String { JSONValue.object(members).description }

    @Test func aRequestWithEveryMemberTheSchemaListsParses() throws {
        for request in ProtocolSchema.requests {
            for members in [request.members.filter(\.required), request.members] {
                let json = JSONValue.object([("type", .string(request.type))] + members.map { ($0.name, sample($0)) })
                #expect(validator.problems(json, as: "request").isEmpty, "\(request.type): \(validator.problems(json, as: "request"))")
                switch Envelope.parse(json.description) {
                case .success(let envelope): #expect(Self.type(of: envelope.request) == request.type)
                case .failure(let error): Issue.record("\(request.type): \(json) is refused: \(error.message)")
                }
            }
        }
    }

    /// A member the schema lists but the parser does not read would pass with any value:
    /// each one given a value of the wrong kind must be refused, naming it.
    @Test func everyMemberTheSchemaListsIsReadByTheParser() {
        for request in ProtocolSchema.requests {
            let full = [("type", JSONValue.string(request.type))] + request.members.map { ($0.name, sample($0)) }
            for (index, member) in request.members.enumerated() {
                var members = full
                let wrong: JSONValue = if case .string = member.shape { .array([.integer(1)]) } else { .array([.array([])]) }
                members[index + 1].1 = wrong
                guard case .failure(let error) = Envelope.parse(text(members)) else {
                    Issue.record("\(request.type): \"\(member.name)\" set to \(wrong) is accepted; does the parser read it?")
                    continue
                }
                #expect(error.message.contains("\"\(member.name)\""), "\(request.type).\(member.name): \(error.message)")
                #expect(!validator.problems(.object(members), as: "request").isEmpty, "\(request.type).\(member.name): the schema takes \(wrong)")
                if member.required {
                    members.remove(at: index + 1)
                    guard case .failure(let missing) = Envelope.parse(text(members)) else {
                        Issue.record("\(request.type): accepted without \"\(member.name)\", which the schema requires")
                        continue
                    }
                    #expect(missing.message.contains("\"\(member.name)\""), "\(request.type) without \(member.name): \(missing.message)")
                }
            }
        }
    }

    @Test func everyEnvironmentValueTheSchemaListsIsRead() {
        guard case .object(let keys)? = ProtocolSchema.shared.first(where: { $0.name == "environment" })?.shape else {
            Issue.record("the schema describes the environment as an object")
            return
        }
        for key in keys {
            let environment = JSONValue.object([(key.name, .integer(1))])
            let request = text([("type", .string("subscribe")), ("component", .string("RatingControl")), ("environment", environment)])
            guard case .failure(let error) = Envelope.parse(request) else {
                Issue.record("environment \(key.name) set to 1 is accepted")
                continue
            }
            #expect(error.message.contains("\"\(key.name)\""), "\(key.name): \(error.message)")
            if case .oneOf(let allowed) = key.shape {
                for value in allowed {
                    let request = text([("type", .string("subscribe")), ("component", .string("RatingControl")),
                                        ("environment", .object([(key.name, .string(value))]))])
                    if case .failure(let error) = Envelope.parse(request) { Issue.record("\(key.name) \(value): \(error.message)") }
                }
            }
        }
    }

    static func type(of request: Request) -> String {
        switch request {
        case .subscribe: "subscribe"
        case .unsubscribe: "unsubscribe"
        case .set: "set"
        case .reset: "reset"
        case .tap: "tap"
        case .preview: "preview"
        case .audit: "audit"
        case .undo: "undo"
        case .redo: "redo"
        case .history: "history"
        case .restore: "restore"
        case .source: "source"
        case .saveVariant: "saveVariant"
        }
    }
}
