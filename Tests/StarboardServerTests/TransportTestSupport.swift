import Foundation
import StarboardLocking
import StarboardSystem
import Testing
@testable import StarboardServer
#if canImport(Glibc)
import Glibc
#endif

/// Errors of the test clients.
struct TestClientError: Error, CustomStringConvertible {
    let description: String
}

/// A blocking TCP client with timeouts, enough to speak raw HTTP and websocket frames: the
/// bench's ``LoopbackConnection`` with a buffer for reads of an exact size.
final class TestSocket {
    private let connection: LoopbackConnection
    /// Bytes read past what the last call consumed.
    private var buffered: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

    /// Connects to 127.0.0.1:`port`; `receiveBuffer` shrinks SO_RCVBUF to simulate a slow client.
    init(port: Int, receiveBuffer: Int32? = nil, timeout: Int = 5) throws {
        connection = try LoopbackConnection(port: port, timeoutSeconds: timeout, receiveBuffer: receiveBuffer)
    }

    func send(_ bytes: [UInt8]) throws {
        try connection.send(bytes)
    }

    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// Reads more bytes into the buffer; false on EOF, timeout or reset.
    private func fill() -> Bool {
        let count = chunk.withUnsafeMutableBytes { try? connection.receive(into: $0) }
        guard let count, count > 0 else { return false }
        buffered.append(contentsOf: chunk[0..<count])
        return true
    }

    func read(exactly count: Int) throws -> [UInt8] {
        while buffered.count < count {
            guard fill() else { throw TestClientError(description: "connection ended after \(buffered.count)/\(count) bytes") }
        }
        defer { buffered.removeFirst(count) }
        return Array(buffered[0..<count])
    }

    /// Reads up to and including the blank line that ends an HTTP header block.
    func readHeaderBlock() throws -> String {
        let terminator: [UInt8] = [13, 10, 13, 10]
        while true {
            if let range = buffered.firstRange(of: terminator) {
                let head = Array(buffered[..<range.upperBound])
                buffered.removeFirst(range.upperBound)
                return String(decoding: head, as: UTF8.self)
            }
            guard fill() else { throw TestClientError(description: "connection ended inside headers") }
        }
    }

    /// Whether the peer closed the connection (EOF or reset) within the receive timeout.
    func waitForEOF() -> Bool {
        while true {
            do {
                guard let count = try chunk.withUnsafeMutableBytes({ raw in
                    Result { () throws(SystemError) in try connection.receive(into: raw) }
                }).get() else { return false }
                if count == 0 { return true }
            } catch {
                return error.code == ECONNRESET
            }
        }
    }
}

/// A parsed HTTP response.
struct TestHTTPResponse {
    var status: Int
    /// Header names lowercased.
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    init(head: String, socket: TestSocket) throws {
        var lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw TestClientError(description: "bad status line in \(head)")
        }
        self.status = status
        headers = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        body = status == 101 ? [] : try socket.read(exactly: length)
    }
}

/// Sends one raw HTTP/1.1 GET and reads the response.
func httpGet(port: Int, path: String, host: String? = nil, extraHeaders: [String] = []) throws -> TestHTTPResponse {
    let socket = try TestSocket(port: port)
    var request = "GET \(path) HTTP/1.1\r\n"
    request += "Host: \(host ?? "127.0.0.1:\(port)")\r\n"
    for header in extraHeaders {
        request += header + "\r\n"
    }
    request += "Connection: close\r\n\r\n"
    try socket.send(request)
    return try TestHTTPResponse(head: socket.readHeaderBlock(), socket: socket)
}

/// A minimal RFC 6455 client: handshake, masked frames out, unmasked frames in.
final class TestWebSocket {
    enum Opcode: UInt8 {
        case continuation = 0, text = 1, binary = 2, close = 8, ping = 9, pong = 10
    }

    struct Frame {
        var opcode: Opcode
        var payload: [UInt8]
        /// RSV1: the payload is compressed (permessage-deflate).
        var compressed = false
        var text: String { String(decoding: payload, as: UTF8.self) }
        /// Status code of a close frame.
        var closeCode: Int? {
            opcode == .close && payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : nil
        }
    }

    let socket: TestSocket
    let handshake: TestHTTPResponse

    /// Performs the upgrade; check ``handshake`` for the status (101 when accepted).
    init(
        port: Int, path: String = "/ws", origin: String?, subprotocol: String? = "starboard.v1",
        host: String? = nil, receiveBuffer: Int32? = nil, extensions: String? = nil, version: String? = "13"
    ) throws {
        socket = try TestSocket(port: port, receiveBuffer: receiveBuffer)
        try socket.send(Self.upgradeRequest(port: port, path: path, origin: origin, subprotocol: subprotocol,
                                            host: host, extensions: extensions, version: version))
        handshake = try TestHTTPResponse(head: socket.readHeaderBlock(), socket: socket)
    }

    /// The upgrade request as a browser sends it, with the given parts.
    static func upgradeRequest(
        port: Int, path: String = "/ws", origin: String?, subprotocol: String? = "starboard.v1",
        host: String? = nil, extensions: String? = nil, version: String? = "13"
    ) -> String {
        var request = "GET \(path) HTTP/1.1\r\n"
        request += "Host: \(host ?? "127.0.0.1:\(port)")\r\n"
        request += "Upgrade: websocket\r\nConnection: Upgrade\r\n"
        request += "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        if let version { request += "Sec-WebSocket-Version: \(version)\r\n" }
        if let subprotocol { request += "Sec-WebSocket-Protocol: \(subprotocol)\r\n" }
        if let origin { request += "Origin: \(origin)\r\n" }
        if let extensions { request += "Sec-WebSocket-Extensions: \(extensions)\r\n" }
        return request + "\r\n"
    }

    func send(_ opcode: Opcode, _ payload: [UInt8], final: Bool = true) throws {
        try socket.send(Self.frame(opcode, payload, final: final))
    }

    /// Several text messages in one TCP write, as a client that sends faster than the server reads.
    func sendTexts(_ texts: [String]) throws {
        try socket.send(texts.flatMap { Self.frame(.text, Array($0.utf8), final: true) })
    }

    /// One masked frame, as clients send them.
    static func frame(_ opcode: Opcode, _ payload: [UInt8], final: Bool) -> [UInt8] {
        var frame: [UInt8] = [(final ? 0x80 : 0) | opcode.rawValue]
        switch payload.count {
        case ..<126:
            frame.append(0x80 | UInt8(payload.count))
        case ..<65536:
            frame.append(0x80 | 126)
            frame += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            frame.append(0x80 | 127)
            frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return frame
    }

    func sendText(_ text: String) throws {
        try send(.text, Array(text.utf8))
    }

    func readFrame() throws -> Frame {
        let head = try socket.read(exactly: 2)
        guard let opcode = Opcode(rawValue: head[0] & 0x0F) else {
            throw TestClientError(description: "unknown opcode \(head[0])")
        }
        var length = Int(head[1] & 0x7F)
        if length == 126 {
            length = try socket.read(exactly: 2).reduce(0) { $0 << 8 | Int($1) }
        } else if length == 127 {
            length = try socket.read(exactly: 8).reduce(0) { $0 << 8 | Int($1) }
        }
        return Frame(opcode: opcode, payload: try socket.read(exactly: length), compressed: head[0] & 0x40 != 0)
    }

    /// Reads frames until a text frame (or close) arrives.
    func readMessage() throws -> Frame {
        while true {
            let frame = try readFrame()
            if frame.opcode == .text || frame.opcode == .close { return frame }
        }
    }
}

/// Records handler events; optionally echoes text back as `echo:<text>`.
final class RecordingHandler: WebSocketHandler {
    private struct State {
        var opened: [ConnectionID] = []
        var closed: [ConnectionID] = []
        var messages: [String] = []
        var notices: [String] = []
        weak var server: WebSocketServer?
    }

    private let state = Locked(State())
    private let echoes: Bool

    init(echoes: Bool = true) {
        self.echoes = echoes
    }

    func attach(_ server: WebSocketServer) {
        state.withLock { $0.server = server }
    }

    var opened: [ConnectionID] { state.withLock { $0.opened } }
    var closed: [ConnectionID] { state.withLock { $0.closed } }
    var messages: [String] { state.withLock { $0.messages } }
    /// What the server would have told clients it held back (``WebSocketHandler/heldBack(_:notice:)``).
    var notices: [String] { state.withLock { $0.notices } }

    func connectionOpened(_ connection: ConnectionID) {
        state.withLock { $0.opened.append(connection) }
    }

    func connectionClosed(_ connection: ConnectionID) {
        state.withLock { $0.closed.append(connection) }
    }

    func received(_ text: String, from connection: ConnectionID) {
        let server = state.withLock { state in
            state.messages.append(text)
            return state.server
        }
        if echoes {
            server?.send(OutgoingFrame(text: "echo:" + text), to: connection, coalescingKey: nil)
        }
    }

    func heldBack(_ connection: ConnectionID, notice: String) {
        state.withLock { $0.notices.append(notice) }
    }
}

/// Waits on this thread until `condition` holds or `timeout` seconds pass, for tests that must
/// not suspend: a test waiting for a child process's output holds its thread anyway, and one that
/// suspended meanwhile could wait long for a free thread of the small cooperative pool when the
/// other tests running in parallel hold both (it did: a 20 s wait of a client timed out).
func waitUntil(timeout: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        sched_yield()
        usleep(1000)
    }
    return condition()
}

/// Polls `condition` until it holds or `timeout` seconds pass.
func eventually(timeout: Double = 5, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 10_000_000)
    }
    return condition()
}

/// A temporary site: `base/web` is the web root, `base/secret.txt` lies outside it.
struct TestSite {
    let base: URL
    var webRoot: String { base.appendingPathComponent("web").path }
    static let secret = "TOP-SECRET-OUTSIDE-ROOT"
    static let index = "<!doctype html><title>Starboard</title>"

    init() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("starboard-transport-\(UUID().uuidString)")
        let web = base.appendingPathComponent("web")
        let files = FileManager.default
        try files.createDirectory(at: web.appendingPathComponent("js"), withIntermediateDirectories: true)
        try Self.secret.write(to: base.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        try Self.index.write(to: web.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        try "export const answer = 42;\n".write(to: web.appendingPathComponent("js/app.js"), atomically: true, encoding: .utf8)
        try "export {};\n".write(to: web.appendingPathComponent("js/module.mjs"), atomically: true, encoding: .utf8)
        try "body { margin: 0 }\n".write(to: web.appendingPathComponent("style.css"), atomically: true, encoding: .utf8)
        try files.createSymbolicLink(atPath: web.appendingPathComponent("escape.txt").path, withDestinationPath: "../secret.txt")
        try files.createSymbolicLink(atPath: web.appendingPathComponent("home.html").path, withDestinationPath: "index.html")
    }

    var secretPath: String { base.appendingPathComponent("secret.txt").path }

    func remove() {
        try? FileManager.default.removeItem(at: base)
    }
}

/// Starts a server on an ephemeral loopback port for the duration of `body`.
func withServer<Result>(
    site: TestSite? = nil,
    handler: RecordingHandler = RecordingHandler(),
    configure: (inout ServerConfiguration) -> Void = { _ in },
    _ body: (WebSocketServer, Int, RecordingHandler) async throws -> Result
) async throws -> Result {
    let ownSite = site == nil ? try TestSite() : nil
    defer { ownSite?.remove() }
    var configuration = ServerConfiguration(port: 0, webRoot: (site ?? ownSite)!.webRoot)
    configure(&configuration)
    let server = WebSocketServer(configuration: configuration, handler: handler)
    handler.attach(server)
    let port = try server.start()
    defer { server.stop() }
    return try await body(server, port, handler)
}
