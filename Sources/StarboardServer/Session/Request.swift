import StarboardInspector

/// One request from a client, read from a text frame (see docs/protocol.md).
///
/// `subscribe`, `unsubscribe`, `tap`, `preview` and `audit` carry the environment the client
/// previews in (the standard one when the request has none): it is a view setting of a window,
/// never shared state.
enum Request: Equatable {
    case subscribe(component: String, environment: RenderEnvironment = .standard)
    case unsubscribe(component: String, environment: RenderEnvironment = .standard)
    case set(component: String, values: JSONValue)
    case reset(component: String, properties: [String]?)
    case tap(component: String, tap: WorkerTap)
    case preview(component: String, values: JSONValue, environment: RenderEnvironment = .standard)
    /// What breaks in the current values' render in an environment (contrast, clipping, …).
    case audit(component: String, environment: RenderEnvironment = .standard)
    /// Takes back the newest change of the shared history, whoever made it.
    case undo(component: String)
    /// Does the newest taken-back change again.
    case redo(component: String)
    /// The actions log: the newest changes, with who made them and what they changed.
    case history(component: String)
    /// Brings back the values after the change at `revision` of the actions log.
    case restore(component: String, revision: Int)
    /// Which file declares the component's variants, and its digest (for ``saveVariant``).
    case source(component: String)
    /// Writes the current values (those that differ from the defaults) into the component's
    /// source as a variant named `name`, if the values are still those of `revision` and the file
    /// still has `digest`; with `dryRun`, only says what it would write.
    case saveVariant(component: String, name: String, revision: Int, digest: String, dryRun: Bool)

    var component: String {
        switch self {
        case .subscribe(let c, _), .unsubscribe(let c, _), .set(let c, _), .reset(let c, _), .tap(let c, _), .preview(let c, _, _), .audit(let c, _),
             .undo(let c), .redo(let c), .history(let c), .restore(let c, _), .source(let c), .saveVariant(let c, _, _, _, _): c
        }
    }
}

/// A request and the id the client gave it, echoed in the reply.
struct Envelope: Equatable {
    var id: JSONValue?
    var request: Request
}

/// Why a frame is not a valid request; sent back as an `error` message.
struct RequestError: Error, Equatable {
    var id: JSONValue?
    var message: String
    var component: String?
    var property: String?
}

extension Envelope {
    static let types = ["subscribe", "unsubscribe", "set", "reset", "tap", "preview", "audit", "undo", "redo", "history", "restore", "source", "saveVariant"]

    /// The deepest nesting a request may have. The server forwards values to its worker wrapped
    /// in a few more levels (a batch, its list of changes, the change), and the worker reads
    /// them with ``JSONValue/maxDepth``: what the edge accepts, the whole path must carry, so the
    /// edge is far stricter. (No property value nests deeper than 3.)
    static let maxDepth = JSONValue.maxDepth / 2

    /// The largest `values` of a `set` or `preview`, written out as the server writes it to the
    /// worker. A message is at most 256 KiB, but numbers can grow when written again (`9e14` is
    /// `900000000000000`); bounding the written size keeps a whole batch
    /// (``ChangeScheduler/maxBatch`` of them) far below ``WorkerFraming/maxFrameBytes``.
    static let maxValuesBytes = 256 * 1024

    /// The longest variant name, in characters and in UTF-8 bytes: a name is a label on a card
    /// and a string in code.
    static let maxVariantNameLength = 80
    static let maxVariantNameBytes = 320

    /// Reads one request; every problem becomes a ``RequestError`` that names the field at fault.
    static func parse(_ text: String) -> Result<Envelope, RequestError> {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: text)
        } catch {
            return .failure(RequestError(message: error.description))
        }
        guard case .object = json else {
            return .failure(RequestError(message: "expected a JSON object with a \"type\", got \(json.typeName)"))
        }
        let id = json["id"]
        if let id, !Self.isValidID(id) {
            return .failure(RequestError(message: "\"id\" must be a string or a number, got \(id.typeName)"))
        }
        // Read whole first (the parser's own limit is the pipe's), so the error can carry the id.
        guard json.depth <= maxDepth else {
            return .failure(RequestError(id: id, message: "the request is nested deeper than \(maxDepth) levels", component: json["component"]?.stringValue))
        }
        func fail(_ message: String, component: String? = nil) -> Result<Envelope, RequestError> {
            .failure(RequestError(id: id, message: message, component: component))
        }
        guard let typeValue = json["type"] else { return fail("missing field \"type\"") }
        guard let type = typeValue.stringValue else { return fail("\"type\" must be a string, got \(typeValue.typeName)") }
        guard types.contains(type) else {
            return fail("unknown message type \"\(type)\"; expected one of \(types.joined(separator: ", "))")
        }
        guard let componentValue = json["component"] else { return fail("missing field \"component\" in \(type)") }
        guard let component = componentValue.stringValue else {
            return fail("\"component\" must be a string, got \(componentValue.typeName)")
        }
        func values() -> Result<JSONValue, RequestError> {
            guard let values = json["values"] else {
                return .failure(RequestError(id: id, message: "missing field \"values\" in \(type)", component: component))
            }
            guard case .object = values else {
                return .failure(RequestError(id: id, message: "\"values\" must be an object of property values, got \(values.typeName)", component: component))
            }
            var written: [UInt8] = []
            values.write(into: &written)
            guard written.count <= maxValuesBytes else {
                return .failure(RequestError(id: id, message: "\"values\" are \(written.count) bytes written out; at most \(maxValuesBytes) are accepted", component: component))
            }
            return .success(values)
        }
        func environment() -> Result<RenderEnvironment, RequestError> {
            guard let value = json["environment"], value != .null else { return .success(.standard) }
            do {
                return .success(try RenderEnvironment(json: value))
            } catch {
                return .failure(RequestError(id: id, message: "\"environment\": \(error.description)", component: component))
            }
        }
        let request: Request
        switch type {
        case "subscribe", "unsubscribe", "audit":
            switch environment() {
            case .success(let environment):
                request = type == "subscribe" ? .subscribe(component: component, environment: environment)
                    : type == "unsubscribe" ? .unsubscribe(component: component, environment: environment)
                    : .audit(component: component, environment: environment)
            case .failure(let error): return .failure(error)
            }
        case "undo":
            request = .undo(component: component)
        case "redo":
            request = .redo(component: component)
        case "history":
            request = .history(component: component)
        case "restore":
            guard let revisionValue = json["revision"] else { return fail("missing field \"revision\" in restore", component: component) }
            guard case .integer(let revision) = revisionValue else {
                return fail("\"revision\" must be an integer revision from the history, got \(revisionValue.typeName)", component: component)
            }
            request = .restore(component: component, revision: revision)
        case "source":
            request = .source(component: component)
        case "saveVariant":
            guard let nameValue = json["name"] else { return fail("missing field \"name\" in saveVariant", component: component) }
            guard let name = nameValue.stringValue else { return fail("\"name\" must be a string, got \(nameValue.typeName)", component: component) }
            if let problem = Self.variantNameProblem(name) { return fail("\"name\": \(problem)", component: component) }
            guard case .integer(let revision)? = json["revision"] else {
                return fail("\"revision\" must be the integer revision of the values to save (from their render), got \(json["revision"]?.typeName ?? "nothing")", component: component)
            }
            guard let digest = json["digest"]?.stringValue, !digest.isEmpty, digest.utf8.count <= 64 else {
                let got = json["digest"].map { $0.stringValue.map { $0.isEmpty ? "an empty string" : "a string of \($0.utf8.count) bytes" } ?? $0.typeName } ?? "nothing"
                return fail("\"digest\" must be the digest of the source file from a `source` reply (at most 64 bytes), got \(got)", component: component)
            }
            var dryRun = false
            switch json["dryRun"] {
            case nil, .null?: break
            case .bool(let flag)?: dryRun = flag
            case let other?: return fail("\"dryRun\" must be true or false, got \(other.typeName)", component: component)
            }
            request = .saveVariant(component: component, name: name, revision: revision, digest: digest, dryRun: dryRun)
        case "set":
            switch values() {
            case .success(let v): request = .set(component: component, values: v)
            case .failure(let e): return .failure(e)
            }
        case "preview":
            switch (values(), environment()) {
            case (.success(let v), .success(let environment)): request = .preview(component: component, values: v, environment: environment)
            case (.failure(let e), _), (_, .failure(let e)): return .failure(e)
            }
        case "reset":
            switch json["properties"] {
            case nil, .null?:
                request = .reset(component: component, properties: nil)
            case .array(let items)?:
                let names = items.compactMap(\.stringValue)
                guard names.count == items.count else { return fail("\"properties\" must be an array of property names", component: component) }
                request = .reset(component: component, properties: names)
            case let other?:
                return fail("\"properties\" must be an array of property names, got \(other.typeName)", component: component)
            }
        default:
            guard let targetValue = json["target"] else { return fail("missing field \"target\" in tap", component: component) }
            guard let target = targetValue.stringValue else {
                return fail("\"target\" must be a string, got \(targetValue.typeName)", component: component)
            }
            var location: TapLocation?
            switch json["location"] {
            case nil, .null?:
                break
            case let point?:
                guard case .object = point, let x = point["x"]?.doubleValue, let y = point["y"]?.doubleValue, x.isFinite, y.isFinite else {
                    let got = point.objectMembers != nil ? "an object without finite numbers x and y" : point.typeName
                    return fail("\"location\" must be an object {\"x\": number, \"y\": number} in points, got \(got)", component: component)
                }
                location = TapLocation(x: x, y: y)
            }
            switch environment() {
            case .success(let environment):
                request = .tap(component: component, tap: WorkerTap(target: target, location: location, environment: environment))
            case .failure(let error): return .failure(error)
            }
        }
        return .success(Envelope(id: id, request: request))
    }

    /// Why `name` cannot name a variant, or nil when it can.
    static func variantNameProblem(_ name: String) -> String? {
        if name.allSatisfy(\.isWhitespace) { return "a variant needs a name" }
        if name.utf8.count > maxVariantNameBytes { return "expected at most \(maxVariantNameBytes) bytes of UTF-8, got \(name.utf8.count)" }
        if name.count > maxVariantNameLength { return "expected at most \(maxVariantNameLength) characters, got \(name.count)" }
        let invisible: Set<Unicode.GeneralCategory> = [.control, .format, .lineSeparator, .paragraphSeparator]
        // A joiner inside an emoji sequence is part of what the name shows.
        if name.unicodeScalars.contains(where: { invisible.contains($0.properties.generalCategory) && $0.value != 0x200D }) {
            return "expected a name without control characters, line breaks or invisible formatting characters"
        }
        if name.first?.isWhitespace == true || name.last?.isWhitespace == true { return "expected no spaces at the start or end" }
        return nil
    }

    private static func isValidID(_ id: JSONValue) -> Bool {
        switch id {
        case .string, .integer, .number: true
        default: false
        }
    }
}
