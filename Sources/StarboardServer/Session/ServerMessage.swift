import StarboardInspector
import StarboardUI

/// Every message the server sends a browser (see docs/protocol.md), one case per kind, and the
/// one encoder that writes them (``text``).
///
/// The members each kind may carry are described next to the encoder, in ``Kind/members``: that
/// description is what `Web/protocol.schema.json` is generated from, and the tests check every
/// case's text against it, so a member renamed here (or there) fails a test until the schema is
/// regenerated, and the page's test then fails wherever the page still reads the old name.
enum ServerMessage: Sendable {
    /// The first message on every connection: the components (``Registry/schema``), and the
    /// devices a window may preview on.
    case catalog(components: JSONValue)
    /// The second message on every connection: the number that names this window in the actions log.
    case welcome(window: UInt64)
    /// A component's current values drawn: the worker's render fields spliced in as they are.
    case render(Render)
    /// The answer to a `preview` request; `render` is the worker's render fields as JSON text.
    case preview(id: JSONValue?, component: String, values: JSONValue, render: String)
    /// A change (or a subscription with an id) accepted, with what was adjusted.
    case ack(id: JSONValue?, component: String, revision: Int, notes: [String])
    /// A request refused, or the component's code crashed or hung (`crashed`) while answering it.
    case error(RequestError, crashed: Bool = false)
    /// Component code crashed or hung: every subscriber shows it until the next good render.
    /// A problem of one environment only names it.
    case problem(component: String, message: String, environment: RenderEnvironment = .standard)
    /// Whether values are being saved: nil when a save worked again, else why it failed.
    case saving(failure: String?)
    /// A `serve --watch` rebuild started a phase, failed or succeeded.
    case build(BuildReport)
    /// How many windows watch a component, sent to them when it changes.
    case presence(component: String, windows: Int)
    /// One new entry of a component's actions log, to every window that watches it.
    case action(component: String, entry: JSONValue, canUndo: Bool, canRedo: Bool)
    /// The answer to `history`: the actions log, written once per state of the log.
    case history(id: JSONValue?, body: HistoryBody)
    /// The answer to an `audit` request: what breaks in the current values' render there.
    case audit(id: JSONValue?, component: String, revision: Int, environment: RenderEnvironment, findings: JSONValue)
    /// Where a component's variants are declared (or why none can be saved).
    case source(id: JSONValue?, component: String, SourceFile)
    /// A variant written into (or, with `written` false, spelled for) the component's source.
    case variantSaved(id: JSONValue?, component: String, name: String, file: String, entry: String, digest: String,
                      written: Bool, rebuilds: Bool)

    /// A `render` message's parts. A render in another environment than the standard one names
    /// it (`"environment":"dark"`), so a window that watches several (a matrix) knows where it goes;
    /// `variants` comes only in the render that answers a `subscribe`.
    struct Render: Sendable {
        var component: String
        var revision: Int
        /// `"svg":…,"size":…,"accessibility":…,"reads":…,"renderMicros":…` as the worker wrote them.
        var fields: String
        /// The values object as JSON text, written once per change.
        var valuesText: String
        /// The variants array as JSON text.
        var variants: String?
        var environment: RenderEnvironment = .standard
    }

    /// A `history` reply's members after its type and id, as JSON text without braces: made
    /// once per state of the log, however many ask for it.
    struct HistoryBody: Sendable {
        let text: String

        init(component: String, entries: [JSONValue], canUndo: Bool, canRedo: Bool) {
            var writer = MessageWriter()
            writer.member("component", string: component)
            writer.member("entries", .array(entries))
            writer.member("limit", integer: History.limit)
            writer.member("canUndo", bool: canUndo)
            writer.member("canRedo", bool: canRedo)
            text = writer.members
        }
    }

    /// What a `source` message says of the file that declares a component's variants.
    enum SourceFile: Sendable {
        /// The file, as a path from the package root, its digest now, and whether a saved
        /// variant appears after a rebuild (`serve --watch`).
        case found(file: String, digest: String, rebuilds: Bool)
        /// No variant can be saved for the component: why.
        case unavailable(String)
    }

    /// A `build` message's parts.
    struct BuildReport: Sendable {
        /// `building`, `failed` or `succeeded`.
        var state: String
        var phase: String?
        var detail: String?
        var diagnostics: [Rebuilder.Diagnostic] = []
        var output: String?
        var buildSeconds: Double?
        var reloadSeconds: Double?
        var how: String?
        var reason: String?
        /// The phases done so far, with their seconds.
        var phases: [Rebuilder.Phase] = []
    }

    /// The kinds of message, by the `type` each carries.
    enum Kind: String, CaseIterable {
        case catalog, welcome, render, preview, ack, error, problem, saving, build, presence, action, history, audit, source, variantSaved
    }

    var kind: Kind {
        switch self {
        case .catalog: .catalog
        case .welcome: .welcome
        case .render: .render
        case .preview: .preview
        case .ack: .ack
        case .error: .error
        case .problem: .problem
        case .saving: .saving
        case .build: .build
        case .presence: .presence
        case .action: .action
        case .history: .history
        case .audit: .audit
        case .source: .source
        case .variantSaved: .variantSaved
        }
    }

    /// ``Device/all`` as the catalog lists them, written once.
    private static let devices = JSONValue.array(Device.all.map(\.json))

    /// The bytes to reserve: a render is built in one buffer sized for its SVG (it is the hot
    /// message, built once per change however many clients watch).
    private var capacity: Int {
        switch self {
        case .render(let render):
            render.fields.utf8.count + render.valuesText.utf8.count + (render.variants?.utf8.count ?? 0) + render.component.utf8.count + 96
        case .preview(_, _, _, let render): render.utf8.count + 256
        case .history(_, let body): body.text.utf8.count + 64
        default: 128
        }
    }

    /// The message as the JSON text sent in one frame: compact, members in the order listed in
    /// ``Kind/members``, byte for byte what clients have always been sent.
    var text: String {
        var writer = MessageWriter(type: kind.rawValue, capacity: capacity)
        switch self {
        case .catalog(let components):
            writer.member("components", components)
            writer.member("devices", Self.devices)
        case .welcome(let window):
            writer.member("window", integer: Int(truncatingIfNeeded: window))
        case .render(let render):
            writer.member("component", string: render.component)
            if render.environment != .standard { writer.member("environment", string: render.environment.name) }
            writer.member("revision", integer: render.revision)
            writer.splice(render.fields)
            writer.member("values", json: render.valuesText)
            if let variants = render.variants { writer.member("variants", json: variants) }
        case .preview(let id, let component, let values, let render):
            writer.member("id", id)
            writer.member("component", string: component)
            writer.member("values", values)
            if !render.isEmpty { writer.splice(render) }
        case .ack(let id, let component, let revision, let notes):
            writer.member("id", id)
            writer.member("component", string: component)
            writer.member("revision", integer: revision)
            writer.member("notes", .array(notes.map(JSONValue.string)))
        case .error(let error, let crashed):
            writer.member("id", error.id)
            writer.member("message", string: error.message)
            if let component = error.component { writer.member("component", string: component) }
            if let property = error.property { writer.member("property", string: property) }
            if crashed { writer.member("crashed", bool: true) }
        case .problem(let component, let message, let environment):
            writer.member("component", string: component)
            if environment != .standard { writer.member("environment", string: environment.name) }
            writer.member("message", string: message)
        case .saving(let failure):
            writer.member("state", string: failure == nil ? "ok" : "failed")
            if let failure { writer.member("message", string: failure) }
        case .build(let report):
            writer.member("state", string: report.state)
            if let phase = report.phase { writer.member("phase", string: phase) }
            if let detail = report.detail { writer.member("detail", string: detail) }
            if !report.diagnostics.isEmpty || report.state == "failed" {
                writer.member("diagnostics", .array(report.diagnostics.map {
                    .object([("file", .string($0.file)), ("line", .integer($0.line)), ("column", .integer($0.column)), ("message", .string($0.message))])
                }))
            }
            if let output = report.output { writer.member("output", string: output) }
            if let seconds = report.buildSeconds { writer.member("buildSeconds", .number(seconds)) }
            if let seconds = report.reloadSeconds { writer.member("reloadSeconds", .number(seconds)) }
            if let how = report.how { writer.member("how", string: how) }
            if let reason = report.reason { writer.member("reason", string: reason) }
            if !report.phases.isEmpty {
                writer.member("phases", .array(report.phases.map {
                    .object([("name", .string($0.name)), ("seconds", .number(($0.seconds * 1000).rounded() / 1000))])
                }))
            }
        case .presence(let component, let windows):
            writer.member("component", string: component)
            writer.member("windows", integer: windows)
        case .action(let component, let entry, let canUndo, let canRedo):
            writer.member("component", string: component)
            writer.member("action", entry)
            writer.member("canUndo", bool: canUndo)
            writer.member("canRedo", bool: canRedo)
        case .history(let id, let body):
            writer.member("id", id)
            writer.splice(body.text)
        case .audit(let id, let component, let revision, let environment, let findings):
            writer.member("id", id)
            writer.member("component", string: component)
            writer.member("revision", integer: revision)
            writer.member("environment", string: environment.name)
            writer.member("findings", findings)
        case .source(let id, let component, let file):
            writer.member("id", id)
            writer.member("component", string: component)
            switch file {
            case .found(let file, let digest, let rebuilds):
                writer.member("file", string: file)
                writer.member("digest", string: digest)
                writer.member("rebuilds", bool: rebuilds)
            case .unavailable(let reason):
                writer.member("unavailable", string: reason)
            }
        case .variantSaved(let id, let component, let name, let file, let entry, let digest, let written, let rebuilds):
            writer.member("id", id)
            writer.member("component", string: component)
            writer.member("name", string: name)
            writer.member("file", string: file)
            writer.member("entry", string: entry)
            writer.member("digest", string: digest)
            writer.member("written", bool: written)
            writer.member("rebuilds", bool: rebuilds)
        }
        return writer.finish()
    }
}

/// Writes one JSON object member by member: the only place protocol messages are spelled out.
/// Members are written in the order given, without spaces, as ``JSONValue`` writes.
///
/// Built as UTF-8 bytes and made a `String` once: each append to a `String` costs a few hundred
/// instructions, and a render message is a dozen pieces around the SVG.
struct MessageWriter {
    private var out: [UInt8] = []
    private var empty: Bool

    /// An object that starts with its `type` member, in a buffer of `capacity` bytes.
    init(type: String, capacity: Int = 128) {
        out.reserveCapacity(capacity)
        empty = false
        raw(#"{"type":""#)
        append(type)
        out.append(UInt8(ascii: "\""))
    }

    /// No member yet and no braces, for members made ahead (``ServerMessage/HistoryBody``) to
    /// be spliced into a message later.
    init() {
        empty = true
    }

    /// Through `withUTF8`, which hands over a small string's bytes at once (`utf8` walks them).
    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    private mutating func raw(_ text: StaticString) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func name(_ name: StaticString) {
        if !empty { out.append(UInt8(ascii: ",")) }
        empty = false
        out.append(UInt8(ascii: "\""))
        raw(name)
        raw(#"":"#)
    }

    /// A member whose value is written out; nil leaves the member out.
    mutating func member(_ name: StaticString, _ value: JSONValue?) {
        guard let value else { return }
        self.name(name)
        value.write(into: &out)
    }

    mutating func member(_ name: StaticString, string: String) {
        self.name(name)
        JSONValue.writeString(string, into: &out)
    }

    mutating func member(_ name: StaticString, integer: Int) {
        self.name(name)
        append(String(integer))
    }

    mutating func member(_ name: StaticString, bool: Bool) {
        self.name(name)
        bool ? raw("true") : raw("false")
    }

    /// A member whose value is JSON text written before (the values, the variants).
    mutating func member(_ name: StaticString, json text: String) {
        self.name(name)
        append(text)
    }

    /// Members written before, as JSON text without braces (`"svg":…,"size":…`).
    mutating func splice(_ members: String) {
        guard !members.isEmpty else { return }
        if !empty { out.append(UInt8(ascii: ",")) }
        empty = false
        append(members)
    }

    /// The members written so far, without braces, for a writer made with ``init()``.
    var members: String { String(decoding: out, as: UTF8.self) }

    /// The object's text, closed.
    mutating func finish() -> String {
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }
}

extension ServerMessage.Kind {
    /// What the message is for, as the schema describes it.
    var summary: String {
        switch self {
        case .catalog: "The first message on every connection: the components, and the devices a window may preview on."
        case .welcome: "The second message on every connection: the number that names this window in the actions log."
        case .render: "A component's current values drawn, to every subscriber after each change."
        case .preview: "The answer to a `preview` request: those values drawn for this client only."
        case .ack: "A `set`, `reset`, `tap`, `undo`, `redo` or `restore` accepted (or a `subscribe` with an id), before its render."
        case .error: "A request refused, or component code that crashed or hung while answering it; nothing changed."
        case .problem: "Component code crashed or hung: shown by every subscriber until the next good render."
        case .saving: "Saving the values failed, or works again."
        case .build: "A `serve --watch` rebuild started a phase, failed or succeeded."
        case .presence: "How many windows watch the component."
        case .action: "One new entry of the component's actions log."
        case .history: "The answer to a `history` request: the actions log, oldest first."
        case .audit: "The answer to an `audit` request: what breaks in the current values' render there."
        case .source: "Where a component's variants are declared and the file's digest, or why no variant can be saved."
        case .variantSaved: "The answer to a `saveVariant` request: the line written (or, with `dryRun`, that would be)."
        }
    }

    /// The members each kind may carry besides `type`, in the order ``ServerMessage/text`` writes
    /// them: the schema is generated from this, and the tests hold every case's text to it.
    var members: [SchemaMember] {
        let id = SchemaMember.optional("id", .named("id"), "The id of the request this answers.")
        let component = SchemaMember.required("component", .string, "The component's name.")
        let revision = SchemaMember.required("revision", .integer, "Grows by one with every accepted change of the component.")
        let environmentName = "The environment's name (`dark`, `dark-accessibility3-rtl`, …)"
        let renderFields: [SchemaMember] = [
            .required("svg", .string, "The render, with its view tree in `<metadata>`."),
            .required("size", .named("size"), ""),
            .required("accessibility", .array(.named("accessibilityElement")), ""),
            .optional("reads", .map(.array(.string)),
                      "By entry of the SVG's view outline, the inspectable properties its views read while they were built, in declaration order; absent when no view read any."),
            .required("renderMicros", .integer, "How long the component code took to draw."),
        ]
        switch self {
        case .catalog:
            return [
                .required("components", .array(.named("component")), ""),
                .required("devices", .array(.named("device")), "The screens a window may preview on."),
            ]
        case .welcome:
            return [.required("window", .integer, "Never reused while the server runs.")]
        case .render:
            return [component, .optional("environment", .string, environmentName + "; absent for the standard one."), revision]
                + renderFields
                + [.required("values", .named("values"), "Every property's current value."),
                   .optional("variants", .array(.named("variantRender")), "Only in the render that answers `subscribe`.")]
        case .preview:
            return [id, component, .required("values", .named("values"), "The values drawn.")]
                + renderFields.map { SchemaMember.optional($0.name, $0.shape, $0.summary) }
        case .ack:
            return [id, component, revision, .required("notes", .array(.string), "What was adjusted instead of refused.")]
        case .error:
            return [
                id, .required("message", .string, ""),
                .optional("component", .string, "When known."), .optional("property", .string, "When known."),
                .optional("crashed", .boolean, "The component's own code trapped or ran too long."),
            ]
        case .problem:
            return [component, .optional("environment", .string, environmentName + ", when only there."), .required("message", .string, "")]
        case .saving:
            return [.required("state", .oneOf(["ok", "failed"]), ""), .optional("message", .string, "Why saving failed.")]
        case .build:
            return [
                .required("state", .oneOf(["building", "failed", "succeeded"]), ""),
                .optional("phase", .oneOf(["planning", "waiting", "compiling", "linking", "building", "restarting"]), "The phase starting."),
                .optional("detail", .string, "The module compiled, the file linked, …"),
                .optional("diagnostics", .array(.object([
                    .required("file", .string, ""), .required("line", .integer, ""), .required("column", .integer, ""), .required("message", .string, ""),
                ])), "The compiler's errors."),
                .optional("output", .string, "The end of the build's output."),
                .optional("buildSeconds", .number, ""),
                .optional("reloadSeconds", .number, ""),
                .optional("how", .string, "`direct` or `swift build`."),
                .optional("reason", .string, "Why not `direct`."),
                .optional("phases", .array(.object([.required("name", .string, ""), .required("seconds", .number, "")])), "The phases done so far."),
            ]
        case .presence:
            return [component, .required("windows", .integer, "How many connections watch it, in any environment.")]
        case .action:
            return [
                component, .required("action", .named("historyEntry"), ""),
                .required("canUndo", .boolean, ""), .required("canRedo", .boolean, ""),
            ]
        case .history:
            return [
                id, component, .required("entries", .array(.named("historyEntry")), "Oldest first."),
                .required("limit", .integer, "How many entries the log keeps."),
                .required("canUndo", .boolean, ""), .required("canRedo", .boolean, ""),
            ]
        case .audit:
            return [
                id, component, revision, .required("environment", .string, environmentName + "; `standard` for the standard one."),
                .required("findings", .array(.named("auditFinding")), ""),
            ]
        case .source:
            return [
                id, component,
                .optional("file", .string, "A path from the package root."), .optional("digest", .string, "The file's digest now."),
                .optional("rebuilds", .boolean, "Whether a saved variant appears after a rebuild (`serve --watch`)."),
                .optional("unavailable", .string, "Why no variant can be saved (then no file or digest)."),
            ]
        case .variantSaved:
            return [
                id, component, .required("name", .string, ""), .required("file", .string, ""),
                .required("entry", .string, "The line as it stands (or would stand) in the file."),
                .required("digest", .string, "The file's digest after the edit."),
                .required("written", .boolean, "False for a `dryRun`."), .required("rebuilds", .boolean, ""),
            ]
        }
    }
}
