import StarboardInspector

// The protocol between the server and its worker process (`starboard worker`), whole: the
// requests and replies as Swift types, the one encoder and decoder for them, and the one framing
// both ends use. Nothing else builds or reads these messages, so a renamed field is a compile
// error rather than a silent mismatch between the two processes.
//
// On the pipe, each message is a frame:
//
//     u32 LE  length of the rest
//     u32 LE  length of the JSON part
//     JSON    the request or reply (small: names, values, results)
//     text    a reply's render fields as ready-to-send JSON text, or nothing
//
// The render travels beside the JSON, not inside it, so the worker escapes the SVG once and the
// server splices it into its messages without parsing it again.

// MARK: - Requests

/// What the server asks the worker to do.
public enum WorkerRequest: Equatable, Sendable {
    /// The registry's schema and every component's variants, rendered.
    case catalog
    /// Changes applied in order to a component's values, each all or nothing; the final values
    /// are rendered once when any change was accepted.
    case batch(WorkerBatch)
    /// Values on top of a component's current ones, rendered for one client; nothing is kept.
    case preview(WorkerPreview)
    /// A component's current values rendered in other environments than the standard one, and
    /// its variants in some of them (for the render that answers a `subscribe`).
    case render(WorkerRender)
}

/// A ``WorkerRequest/render(_:)``.
public struct WorkerRender: Equatable, Sendable {
    public var component: String
    public var base: JSONValue
    /// Each gets a render of `base`, in this order.
    public var environments: [RenderEnvironment]
    /// Each gets the component's variants rendered in it, in this order.
    public var variants: [RenderEnvironment]

    public init(component: String, base: JSONValue, environments: [RenderEnvironment], variants: [RenderEnvironment] = []) {
        self.component = component
        self.base = base
        self.environments = environments
        self.variants = variants
    }
}

/// A ``WorkerRequest/batch(_:)``: `changes` applied in order to `base`.
public struct WorkerBatch: Equatable, Sendable {
    public var component: String
    /// The component's current values, as the protocol writes them.
    public var base: JSONValue
    public var changes: [WorkerChange]

    public init(component: String, base: JSONValue, changes: [WorkerChange]) {
        self.component = component
        self.base = base
        self.changes = changes
    }
}

/// One change in a batch.
public enum WorkerChange: Hashable, Sendable {
    /// New values for some properties (a JSON object).
    case set(JSONValue)
    /// Those properties back to their defaults; nil for all of them.
    case reset([String]?)
    /// The component's own tap behaviour on a target, where and in the environment it was tapped.
    case tap(WorkerTap)
    /// Re-checks saved values against the current declaration, clamping what no longer fits.
    case restore
    /// All values replaced by these (a JSON object; missing properties take their defaults), as
    /// undo, redo and restoring an entry of the history do. Checked like saved values.
    case replace(JSONValue)
}

/// A tap: its target, where it landed in the render's points (nil: the target's centre, as a
/// keyboard or assistive technology taps) and the environment of the render that was tapped,
/// which decides where the targets are.
public struct WorkerTap: Hashable, Sendable, ExpressibleByStringLiteral {
    public var target: String
    public var location: TapLocation?
    public var environment: RenderEnvironment

    public init(target: String, location: TapLocation? = nil, environment: RenderEnvironment = .standard) {
        self.target = target
        self.location = location
        self.environment = environment
    }

    /// A tap on `target` at its centre in the standard environment.
    public init(stringLiteral target: String) {
        self.init(target: target)
    }
}

/// Where a tap landed, in points from the render's top-left corner.
public struct TapLocation: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A ``WorkerRequest/preview(_:)``.
public struct WorkerPreview: Equatable, Sendable {
    public var component: String
    public var base: JSONValue
    /// The values to show on top of `base` (a JSON object).
    public var values: JSONValue
    public var environment: RenderEnvironment
    /// Audit the render instead of sending it: the reply lists what breaks in `environment`.
    public var audit: Bool

    public init(component: String, base: JSONValue, values: JSONValue, environment: RenderEnvironment = .standard, audit: Bool = false) {
        self.component = component
        self.base = base
        self.values = values
        self.environment = environment
        self.audit = audit
    }
}

// MARK: - Replies

/// What the worker answers.
public enum WorkerReply: Equatable, Sendable {
    case catalog(WorkerCatalog)
    case batch(BatchResult)
    case preview(PreviewResult)
    case render(RenderSet)
    /// The request could not be carried out at all (an unknown component): the message says why.
    case refused(String)
}

/// The registry as the worker sees it.
public struct WorkerCatalog: Equatable, Sendable {
    /// Every component's schema, as the `catalog` message lists them.
    public var schema: JSONValue
    /// Each component's variants (`[{"name","values","svg"}…]`), by component name.
    public var variants: [String: JSONValue]

    public init(schema: JSONValue, variants: [String: JSONValue]) {
        self.schema = schema
        self.variants = variants
    }

    /// Component names in registry order.
    public var names: [String] {
        guard case .array(let components) = schema else { return [] }
        return components.compactMap { $0["name"]?.stringValue }
    }
}

/// Why a change or a preview was refused, and the property it is about when there is one.
public struct PropertyProblem: Hashable, Sendable {
    public var message: String
    public var property: String?

    public init(message: String, property: String? = nil) {
        self.message = message
        self.property = property
    }
}

/// What became of one change of a batch.
public enum ChangeResult: Hashable, Sendable {
    /// Applied; the notes say what was adjusted instead of refused.
    case accepted(notes: [String])
    case refused(PropertyProblem)

    public var isAccepted: Bool {
        if case .accepted = self { return true }
        return false
    }
}

/// A batch's outcome.
public struct BatchResult: Equatable, Sendable {
    /// One per change, in order.
    public var results: [ChangeResult]
    /// The values after every accepted change (the base when none was).
    public var values: JSONValue
    /// The render's fields as JSON text (`"svg":…,"size":…,"accessibility":…,"renderMicros":…`),
    /// when any change was accepted and the render succeeded.
    public var render: String?

    public init(results: [ChangeResult], values: JSONValue, render: String?) {
        self.results = results
        self.values = values
        self.render = render
    }
}

/// A preview's outcome.
public enum PreviewResult: Equatable, Sendable {
    /// The values shown and the render's fields as JSON text.
    case rendered(values: JSONValue, render: String)
    /// What the audit of the render found (`[{"kind","subject","message","frame",…}]`).
    case audited(values: JSONValue, findings: JSONValue)
    case refused(PropertyProblem)
}

/// A ``WorkerRequest/render(_:)``'s outcome.
public struct RenderSet: Equatable, Sendable {
    /// One per environment asked for, in order: the render's fields as JSON text, or why there is
    /// none.
    public var renders: [Result<String, PropertyProblem>]
    /// One per variants environment asked for: `[{"name","values","svg"}…]`.
    public var variants: [JSONValue]

    public init(renders: [Result<String, PropertyProblem>], variants: [JSONValue]) {
        self.renders = renders
        self.variants = variants
    }
}

extension PropertyProblem: Error {}

// MARK: - Encoding

/// A frame that does not follow the worker protocol.
public struct WorkerProtocolError: Error, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// The one encoder and decoder of worker messages.
public enum WorkerCodec {
    /// Every key used on the pipe, in one place.
    private enum Key {
        static let kind = "kind"
        static let component = "component"
        static let base = "base"
        static let changes = "changes"
        static let values = "values"
        static let components = "components"
        static let variants = "variants"
        static let results = "results"
        static let notes = "notes"
        static let error = "error"
        static let property = "property"
        static let message = "message"
        static let set = "set"
        static let reset = "reset"
        static let tap = "tap"
        static let restore = "restore"
        static let replace = "replace"
        static let target = "target"
        static let location = "location"
        static let environment = "environment"
        static let environments = "environments"
        static let audit = "audit"
        static let findings = "findings"
        static let lengths = "lengths"
        static let failures = "failures"
        static let x = "x"
        static let y = "y"
    }

    private enum Kind {
        static let catalog = "catalog"
        static let batch = "batch"
        static let preview = "preview"
        static let refused = "refused"
        static let render = "render"
    }

    /// The whole frame for `request`.
    public static func encode(_ request: WorkerRequest) -> [UInt8] {
        let json: JSONValue
        switch request {
        case .catalog:
            json = .object([(Key.kind, .string(Kind.catalog))])
        case .batch(let batch):
            json = .object([
                (Key.kind, .string(Kind.batch)), (Key.component, .string(batch.component)), (Key.base, batch.base),
                (Key.changes, .array(batch.changes.map(encode))),
            ])
        case .preview(let preview):
            var members: [(String, JSONValue)] = [
                (Key.kind, .string(Kind.preview)), (Key.component, .string(preview.component)),
                (Key.base, preview.base), (Key.values, preview.values),
            ]
            if preview.environment != .standard { members.append((Key.environment, preview.environment.json)) }
            if preview.audit { members.append((Key.audit, .bool(true))) }
            json = .object(members)
        case .render(let render):
            json = .object([
                (Key.kind, .string(Kind.render)), (Key.component, .string(render.component)), (Key.base, render.base),
                (Key.environments, .array(render.environments.map(\.json))), (Key.variants, .array(render.variants.map(\.json))),
            ])
        }
        return WorkerFraming.frame(json: json.description, text: "")
    }

    public static func decodeRequest(_ body: WorkerFraming.Body) throws(WorkerProtocolError) -> WorkerRequest {
        let json = try body.json()
        switch try kind(of: json) {
        case Kind.catalog:
            return .catalog
        case Kind.batch:
            guard case .array(let changes)? = json[Key.changes] else { throw WorkerProtocolError("a batch without changes") }
            var decoded: [WorkerChange] = []
            for change in changes { decoded.append(try decodeChange(change)) }
            return .batch(WorkerBatch(component: try string(Key.component, in: json), base: json[Key.base] ?? .object([]), changes: decoded))
        case Kind.preview:
            return .preview(WorkerPreview(component: try string(Key.component, in: json), base: json[Key.base] ?? .object([]),
                                          values: json[Key.values] ?? .object([]), environment: try environment(json[Key.environment]),
                                          audit: json[Key.audit] == .bool(true)))
        case Kind.render:
            var environments: [RenderEnvironment] = []
            for item in json[Key.environments]?.arrayValue ?? [] { environments.append(try environment(item)) }
            var variants: [RenderEnvironment] = []
            for item in json[Key.variants]?.arrayValue ?? [] { variants.append(try environment(item)) }
            return .render(WorkerRender(component: try string(Key.component, in: json), base: json[Key.base] ?? .object([]),
                                        environments: environments, variants: variants))
        case let other:
            throw WorkerProtocolError("unknown request \"\(other)\"")
        }
    }

    /// The whole frame for `reply`.
    public static func encode(_ reply: WorkerReply) -> [UInt8] {
        switch reply {
        case .catalog(let catalog):
            let variants = catalog.names.compactMap { name in catalog.variants[name].map { (name, $0) } }
            let json = JSONValue.object([(Key.kind, .string(Kind.catalog)), (Key.components, catalog.schema), (Key.variants, .object(variants))])
            return WorkerFraming.frame(json: json.description, text: "")
        case .batch(let batch):
            let json = JSONValue.object([
                (Key.kind, .string(Kind.batch)), (Key.results, .array(batch.results.map(encode))), (Key.values, batch.values),
            ])
            return WorkerFraming.frame(json: json.description, text: batch.render ?? "")
        case .preview(.rendered(let values, let render)):
            return WorkerFraming.frame(json: JSONValue.object([(Key.kind, .string(Kind.preview)), (Key.values, values)]).description, text: render)
        case .preview(.audited(let values, let findings)):
            return WorkerFraming.frame(json: JSONValue.object([(Key.kind, .string(Kind.preview)), (Key.values, values), (Key.findings, findings)]).description, text: "")
        case .preview(.refused(let problem)):
            return WorkerFraming.frame(json: JSONValue.object([(Key.kind, .string(Kind.preview))] + encode(problem)).description, text: "")
        case .render(let set):
            // The renders travel one after another in the text part; the JSON gives their lengths.
            var text = ""
            var lengths: [JSONValue] = []
            var failures: [JSONValue] = []
            for render in set.renders {
                switch render {
                case .success(let fields):
                    text += fields
                    lengths.append(.integer(fields.utf8.count))
                    failures.append(.null)
                case .failure(let problem):
                    lengths.append(.integer(0))
                    failures.append(.object(encode(problem)))
                }
            }
            let json = JSONValue.object([
                (Key.kind, .string(Kind.render)), (Key.lengths, .array(lengths)), (Key.failures, .array(failures)),
                (Key.variants, .array(set.variants)),
            ])
            return WorkerFraming.frame(json: json.description, text: text)
        case .refused(let message):
            return WorkerFraming.frame(json: JSONValue.object([(Key.kind, .string(Kind.refused)), (Key.message, .string(message))]).description, text: "")
        }
    }

    public static func decodeReply(_ body: WorkerFraming.Body) throws(WorkerProtocolError) -> WorkerReply {
        let json = try body.json()
        let text = body.text
        switch try kind(of: json) {
        case Kind.catalog:
            var variants: [String: JSONValue] = [:]
            if case .object(let members)? = json[Key.variants] {
                for (name, list) in members { variants[name] = list }
            }
            guard let schema = json[Key.components], case .array = schema else { throw WorkerProtocolError("a catalog without components") }
            return .catalog(WorkerCatalog(schema: schema, variants: variants))
        case Kind.batch:
            guard case .array(let results)? = json[Key.results], let values = json[Key.values] else {
                throw WorkerProtocolError("a batch reply without results or values")
            }
            var decoded: [ChangeResult] = []
            for result in results {
                if let problem = decodeProblem(result) {
                    decoded.append(.refused(problem))
                } else {
                    decoded.append(.accepted(notes: (result[Key.notes]?.arrayValue ?? []).compactMap(\.stringValue)))
                }
            }
            return .batch(BatchResult(results: decoded, values: values, render: text.isEmpty ? nil : text))
        case Kind.preview:
            if let problem = decodeProblem(json) { return .preview(.refused(problem)) }
            if let findings = json[Key.findings], let values = json[Key.values] { return .preview(.audited(values: values, findings: findings)) }
            guard let values = json[Key.values], !text.isEmpty else { throw WorkerProtocolError("a preview reply without values or render") }
            return .preview(.rendered(values: values, render: text))
        case Kind.render:
            guard let lengths = json[Key.lengths]?.arrayValue, let failures = json[Key.failures]?.arrayValue, lengths.count == failures.count else {
                throw WorkerProtocolError("a render reply without lengths or failures")
            }
            let bytes = Array(text.utf8)
            var offset = 0
            var renders: [Result<String, PropertyProblem>] = []
            for (length, failure) in zip(lengths, failures) {
                if let problem = decodeProblem(failure) {
                    renders.append(.failure(problem))
                    continue
                }
                guard case .integer(let count) = length, count >= 0, offset + count <= bytes.count else {
                    throw WorkerProtocolError("a render reply whose lengths do not match its text")
                }
                renders.append(.success(String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)))
                offset += count
            }
            guard offset == bytes.count else { throw WorkerProtocolError("a render reply with text left over") }
            return .render(RenderSet(renders: renders, variants: json[Key.variants]?.arrayValue ?? []))
        case Kind.refused:
            return .refused(json[Key.message]?.stringValue ?? "refused")
        case let other:
            throw WorkerProtocolError("unknown reply \"\(other)\"")
        }
    }

    private static func encode(_ change: WorkerChange) -> JSONValue {
        switch change {
        case .set(let values): .object([(Key.set, values)])
        case .reset(let names): .object([(Key.reset, names.map { .array($0.map(JSONValue.string)) } ?? .null)])
        case .tap(let tap):
            if tap.location == nil && tap.environment == .standard {
                .object([(Key.tap, .string(tap.target))])
            } else {
                .object([(Key.tap, .object([
                    (Key.target, .string(tap.target)),
                    (Key.location, tap.location.map { .object([(Key.x, .number($0.x)), (Key.y, .number($0.y))]) } ?? .null),
                    (Key.environment, tap.environment.json),
                ]))])
            }
        case .restore: .object([(Key.restore, .bool(true))])
        case .replace(let values): .object([(Key.replace, values)])
        }
    }

    private static func decodeChange(_ json: JSONValue) throws(WorkerProtocolError) -> WorkerChange {
        if let values = json[Key.set] { return .set(values) }
        if let target = json[Key.tap]?.stringValue { return .tap(WorkerTap(target: target)) }
        if let tap = json[Key.tap], case .object = tap, let target = tap[Key.target]?.stringValue {
            var location: TapLocation?
            if let point = tap[Key.location], case .object = point {
                guard let x = point[Key.x]?.doubleValue, let y = point[Key.y]?.doubleValue else { throw WorkerProtocolError("a tap location without x and y") }
                location = TapLocation(x: x, y: y)
            }
            return .tap(WorkerTap(target: target, location: location, environment: try environment(tap[Key.environment])))
        }
        if json[Key.restore] != nil { return .restore }
        if let values = json[Key.replace] { return .replace(values) }
        switch json[Key.reset] {
        case .null?: return .reset(nil)
        case .array(let names)?: return .reset(names.compactMap(\.stringValue))
        default: throw WorkerProtocolError("unknown change \(json)")
        }
    }

    private static func encode(_ result: ChangeResult) -> JSONValue {
        switch result {
        case .accepted(let notes): .object([(Key.notes, .array(notes.map(JSONValue.string)))])
        case .refused(let problem): .object(encode(problem))
        }
    }

    private static func encode(_ problem: PropertyProblem) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [(Key.error, .string(problem.message))]
        if let property = problem.property { members.append((Key.property, .string(property))) }
        return members
    }

    private static func decodeProblem(_ json: JSONValue) -> PropertyProblem? {
        guard let message = json[Key.error]?.stringValue else { return nil }
        return PropertyProblem(message: message, property: json[Key.property]?.stringValue)
    }

    /// An environment as the pipe carries it; absent is the standard one.
    private static func environment(_ json: JSONValue?) throws(WorkerProtocolError) -> RenderEnvironment {
        guard let json, json != .null else { return .standard }
        do {
            return try RenderEnvironment(json: json)
        } catch {
            throw WorkerProtocolError("an environment that does not read: \(error)")
        }
    }

    private static func kind(of json: JSONValue) throws(WorkerProtocolError) -> String {
        guard let kind = json[Key.kind]?.stringValue else { throw WorkerProtocolError("a message without a kind") }
        return kind
    }

    private static func string(_ key: String, in json: JSONValue) throws(WorkerProtocolError) -> String {
        guard let value = json[key]?.stringValue else { throw WorkerProtocolError("missing \"\(key)\"") }
        return value
    }
}

// MARK: - Framing

/// The length-prefixed framing both ends use, and the reader that takes frames out of a byte stream.
public enum WorkerFraming {
    /// Largest frame either end accepts; a longer length means the stream is corrupt.
    public static let maxFrameBytes = 64 << 20

    /// One frame's content after its length.
    public struct Body: Sendable {
        let bytes: [UInt8]
        let jsonCount: Int

        func json() throws(WorkerProtocolError) -> JSONValue {
            do {
                // Parsed from the bytes, which checks their UTF-8 as it goes: no copy as a String first.
                return try JSONValue(parsingUTF8: bytes[4..<(4 + jsonCount)])
            } catch {
                throw WorkerProtocolError("a frame that is not JSON: \(error)")
            }
        }

        /// The text part; empty when there is none.
        var text: String {
            String(decoding: bytes[(4 + jsonCount)...], as: UTF8.self)
        }
    }

    /// A whole frame: lengths, the JSON text and the text part.
    static func frame(json: String, text: String) -> [UInt8] {
        let jsonCount = json.utf8.count
        let rest = 4 + jsonCount + text.utf8.count
        var frame: [UInt8] = []
        frame.reserveCapacity(4 + rest)
        append(UInt32(rest), to: &frame)
        append(UInt32(jsonCount), to: &frame)
        frame.append(contentsOf: json.utf8)
        frame.append(contentsOf: text.utf8)
        return frame
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Collects bytes as they come (in any pieces) and hands out whole frames.
    public struct Reader: Sendable {
        private var buffer: [UInt8] = []
        private var start = 0

        public init() {}

        /// Bytes received but not yet part of a frame handed out.
        public var pendingCount: Int { buffer.count - start }

        public mutating func append(_ bytes: UnsafeRawBufferPointer) {
            if start == buffer.count {
                buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
                start = 0
            }
            buffer.append(contentsOf: bytes)
        }

        /// The next whole frame, or nil until more bytes come.
        public mutating func next() throws(WorkerProtocolError) -> Body? {
            guard pendingCount >= 4 else { return nil }
            let length = Int(Self.uint32(buffer, at: start))
            guard length >= 4, length <= WorkerFraming.maxFrameBytes else {
                throw WorkerProtocolError("a frame of \(length) bytes")
            }
            guard pendingCount >= 4 + length else { return nil }
            let bytes = Array(buffer[(start + 4)..<(start + 4 + length)])
            start += 4 + length
            let jsonCount = Int(Self.uint32(bytes, at: 0))
            guard jsonCount <= length - 4 else { throw WorkerProtocolError("a JSON part longer than its frame") }
            return Body(bytes: bytes, jsonCount: jsonCount)
        }

        private static func uint32(_ bytes: [UInt8], at index: Int) -> UInt32 {
            UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24
        }
    }
}
