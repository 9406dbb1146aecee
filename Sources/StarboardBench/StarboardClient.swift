/// A Starboard protocol client on top of ``WebSocketClient``: the catalog, subscriptions, and
/// timed change round trips (`set` → `ack` → `render` with a revision at least the ack's).
final class StarboardClient: @unchecked Sendable {
    let socket: WebSocketClient
    /// Newest render revision seen, per component.
    private(set) var renderedRevision: [String: Int] = [:]
    /// Newest render seen, per component (the raw message), for checking final values.
    private(set) var latestRender: [String: WebSocketMessage] = [:]
    private var nextID = 1

    /// Connects (offering permessage-deflate as a browser does, with `compressing`) and reads the
    /// catalog, which the server sends first, and the window's number, which comes next.
    init(port: Int, compressing: Bool = false, timeoutSeconds: Int = 10) throws(BenchError) {
        socket = try WebSocketClient(port: port, compressing: compressing, timeoutSeconds: timeoutSeconds)
        let first = try socket.receive()
        guard first.type == "catalog" else { throw BenchError("expected the catalog first, got \(first.type ?? "?")") }
        let second = try socket.receive()
        guard second.type == "welcome" else { throw BenchError("expected the window's number after the catalog, got \(second.type ?? "?")") }
    }

    /// Subscribes and waits for the current render; returns its revision.
    @discardableResult
    func subscribe(_ component: String) throws(BenchError) -> Int {
        try socket.send(#"{"type":"subscribe","component":"\#(component)"}"#)
        try socket.receive { (message) throws(BenchError) in
            try self.note(message)
            return message.type == "render" && message.component == component
        }
        return renderedRevision[component] ?? 0
    }

    /// Records a render; throws on an error message.
    func note(_ message: WebSocketMessage) throws(BenchError) {
        switch message.type {
        case "render":
            guard let component = message.component, let revision = message.revision else {
                throw BenchError("a render without component or revision")
            }
            if revision >= renderedRevision[component, default: -1] {
                renderedRevision[component] = revision
                latestRender[component] = message
            }
        case "error":
            throw BenchError("the server answered with an error: \(message.text)")
        default:
            break
        }
    }

    /// Sends a `set` of `valuesJSON` (a JSON object) and waits for the render that shows it.
    /// Returns the nanoseconds from just before the send to the arrival of that render and of the
    /// ack, and the render's size.
    func change(_ component: String, valuesJSON: String) throws(BenchError) -> (nanoseconds: UInt64, ackNanoseconds: UInt64, renderBytes: Int) {
        let id = nextID
        nextID += 1
        let request = Array(#"{"type":"set","id":\#(id),"component":"\#(component)","values":\#(valuesJSON)}"#.utf8)
        var target: Int?
        var renderBytes = 0
        var acked: UInt64 = 0
        let started = Clock.now()
        try socket.send(bytes: request)
        while true {
            let message = try socket.receive()
            try note(message)
            if message.type == "ack", message.id == id {
                target = message.revision
                acked = Clock.now()
            } else if message.type == "render", message.component == component {
                renderBytes = message.payload.count
            }
            if let target, renderedRevision[component, default: -1] >= target { break }
        }
        let finished = Clock.now()
        return (finished - started, acked - started, renderBytes)
    }
}

/// Two JSON values that alternate so that every `set` really changes something.
struct Alternation {
    let component: String
    private let values: [String]
    private var index = 0

    init(component: String, values: [String]) {
        self.component = component
        self.values = values
    }

    /// RatingControl's star count 6, 5, 6, … (the default is 5).
    static let ratingStars = Alternation(component: "RatingControl", values: [#"{"starCount":6}"#, #"{"starCount":5}"#])
    /// PageControl's current page 1, 0, 1, … (the default is 0).
    static let pageDots = Alternation(component: "PageControl", values: [#"{"currentPage":1}"#, #"{"currentPage":0}"#])

    mutating func next() -> String {
        defer { index = (index + 1) % values.count }
        return values[index]
    }
}
