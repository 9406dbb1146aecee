import Foundation
import Testing
@testable import StarboardServer
#if canImport(Glibc)
import Glibc
#endif

@Suite("Transport: websocket connections")
struct TransportWebSocketTests {
    @Test(arguments: ["http://127.0.0.1:PORT", "http://localhost:PORT"])
    func ownOriginIsAcceptedAndEchoRoundTrips(origin: String) async throws {
        try await withServer { _, port, handler in
            let client = try TestWebSocket(port: port, origin: origin.replacingOccurrences(of: "PORT", with: "\(port)"))
            #expect(client.handshake.status == 101)
            #expect(client.handshake.headers["sec-websocket-protocol"] == "starboard.v1")
            try client.sendText("hello")
            #expect(try client.readMessage().text == "echo:hello")
            #expect(handler.opened.count == 1)
            #expect(handler.messages == ["hello"])
        }
    }

    @Test func fragmentedMessageIsReassembled() async throws {
        try await withServer { _, port, handler in
            let client = try TestWebSocket(port: port, origin: "http://127.0.0.1:\(port)")
            try client.send(.text, Array("frag".utf8), final: false)
            try client.send(.continuation, Array("men".utf8), final: false)
            try client.send(.continuation, Array("ted".utf8))
            #expect(try client.readMessage().text == "echo:fragmented")
            #expect(handler.messages == ["fragmented"])
        }
    }

    @Test(arguments: [
        ("http://evil.example", "/ws", "starboard.v1"),
        ("http://127.0.0.1:1", "/ws", "starboard.v1"),
        ("null", "/ws", "starboard.v1"),
        (nil, "/ws", "starboard.v1"),
        ("http://127.0.0.1:PORT", "/other", "starboard.v1"),
        ("http://127.0.0.1:PORT", "/ws", nil),
        // lws closed these two without a word: it found no subprotocol of its own (issue 11, 13).
        ("http://127.0.0.1:PORT", "/ws", "chat"),
        ("http://127.0.0.1:PORT", "/ws", "chat, superchat"),
        // The name of the server's plain HTTP protocol, offered first, would be picked by lws.
        ("http://127.0.0.1:PORT", "/ws", "http, starboard.v1"),
    ] as [(String?, String, String?)])
    func foreignUpgradesAreRefusedWith403(origin: String?, path: String, subprotocol: String?) async throws {
        try await withServer { _, port, handler in
            let client = try TestWebSocket(
                port: port, path: path, origin: origin?.replacingOccurrences(of: "PORT", with: "\(port)"),
                subprotocol: subprotocol
            )
            #expect(client.handshake.status == 403)
            #expect(client.handshake.headers["x-content-type-options"] == "nosniff")
            #expect(client.handshake.headers["content-security-policy"]?.hasPrefix("default-src 'self'") == true)
            #expect(client.socket.waitForEOF())
            #expect(handler.opened.isEmpty)
        }
    }

    /// Upgrades lws would close in silence, each answered with its reason (issue 11, item 13).
    @Test(arguments: [
        ("Connection: keep-alive", "Connection: Upgrade"),
        ("", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"),
        ("Sec-WebSocket-Key: not-a-nonce\r\n", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"),
        ("Sec-WebSocket-Protocol: \(String(repeating: "x", count: 120)), starboard.v1", "Sec-WebSocket-Protocol: starboard.v1"),
    ])
    func malformedUpgradesGet400WithTheReason(replacement: String, original: String) async throws {
        try await withServer { _, port, handler in
            let socket = try TestSocket(port: port)
            let request = Self.upgradeRequest(port: port).replacingOccurrences(of: original, with: replacement)
            #expect(request != Self.upgradeRequest(port: port))
            try socket.send(request)
            let response = try TestHTTPResponse(head: socket.readHeaderBlock(), socket: socket)
            #expect(response.status == 400)
            #expect(!response.text.isEmpty)
            #expect(response.headers["x-content-type-options"] == "nosniff")
            #expect(socket.waitForEOF())
            #expect(handler.opened.isEmpty)
            // The same request as browsers send it is upgraded.
            let fine = try TestSocket(port: port)
            try fine.send(Self.upgradeRequest(port: port))
            #expect(try TestHTTPResponse(head: fine.readHeaderBlock(), socket: fine).status == 101)
        }
    }

    static func upgradeRequest(port: Int) -> String {
        TestWebSocket.upgradeRequest(port: port, origin: "http://127.0.0.1:\(port)")
    }

    /// lws answers an upgrade to a protocol it does not speak with its own 403 and, on a
    /// keep-alive connection, frees the request's headers before it asks the server to confirm
    /// the upgrade (CVE-2025-11677): the server must not read them. (AddressSanitizer, `scripts/
    /// sanitize address`, reported the read while the server did.) `h2c`, which lws lets through,
    /// is refused by the server itself.
    @Test(arguments: ["h3", "h2c"])
    func anUpgradeToAnotherProtocolOnAKeptAliveConnectionIsRefused(upgrade: String) async throws {
        try await withServer { _, port, handler in
            let socket = try TestSocket(port: port)
            try socket.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            #expect(try TestHTTPResponse(head: socket.readHeaderBlock(), socket: socket).status == 200)
            try socket.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: \(upgrade)\r\nConnection: Upgrade\r\n\r\n")
            let refused = try TestHTTPResponse(head: socket.readHeaderBlock(), socket: socket)
            #expect(refused.status == 403)
            #expect(refused.headers["x-frame-options"] == "DENY")
            #expect(socket.waitForEOF())
            #expect(try httpGet(port: port, path: "/").status == 200)
            #expect(handler.opened.isEmpty)
        }
    }

    /// RFC 6455, 4.4: a version the server does not speak gets 426 and the version it does.
    /// lws took any version for 13.
    @Test(arguments: ["8", "14", nil] as [String?])
    func anotherWebSocketVersionIsToldTheOneSpokenHere(version: String?) async throws {
        try await withServer { _, port, handler in
            let client = try TestWebSocket(port: port, origin: "http://127.0.0.1:\(port)", version: version)
            #expect(client.handshake.status == 426)
            #expect(client.handshake.headers["sec-websocket-version"] == "13")
            #expect(client.socket.waitForEOF())
            #expect(handler.opened.isEmpty)
        }
    }

    @Test func foreignHostUpgradeIsRefused() async throws {
        try await withServer { _, port, _ in
            let client = try TestWebSocket(port: port, origin: "http://evil.example:\(port)", host: "evil.example:\(port)")
            #expect(client.handshake.status == 403)
        }
    }

    @Test func disabledOriginCheckAcceptsMissingOrigin() async throws {
        try await withServer(configure: { $0.originCheck = false }) { _, port, _ in
            let client = try TestWebSocket(port: port, origin: nil)
            #expect(client.handshake.status == 101)
            try client.sendText("tool")
            #expect(try client.readMessage().text == "echo:tool")
        }
    }

    @Test(arguments: [1, 4])
    func oversizeMessageClosesWith1009(fragments: Int) async throws {
        try await withServer { _, port, handler in
            let client = try TestWebSocket(port: port, origin: "http://127.0.0.1:\(port)")
            let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 300 * 1024 / fragments)
            for index in 0..<fragments {
                // The server may hang up before the last bytes arrive.
                try? client.send(index == 0 ? .text : .continuation, piece, final: index == fragments - 1)
            }
            let frame = try client.readMessage()
            #expect(frame.opcode == .close)
            #expect(frame.closeCode == 1009)
            try? client.send(.close, frame.payload)
            #expect(await eventually { handler.closed.count == 1 })
            #expect(handler.messages.isEmpty)
        }
    }

    @Test func binaryMessagesAreRefused() async throws {
        try await withServer { _, port, _ in
            let client = try TestWebSocket(port: port, origin: "http://127.0.0.1:\(port)")
            try client.send(.binary, [1, 2, 3])
            #expect(try client.readMessage().closeCode == 1003)
        }
    }

    @Test func sendFromAnotherThreadAndBroadcastReachClients() async throws {
        try await withServer { server, port, handler in
            let first = try TestWebSocket(port: port, origin: "http://127.0.0.1:\(port)")
            let second = try TestWebSocket(port: port, origin: "http://localhost:\(port)")
            #expect(await eventually { handler.opened.count == 2 })
            let ids = handler.opened
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                server.send(OutgoingFrame(text: "only-first"), to: ids[0], coalescingKey: nil)
                server.broadcast(OutgoingFrame(text: "everyone"), to: ids, coalescingKey: nil)
                done.signal()
            }
            done.wait()
            #expect(try first.readMessage().text == "only-first")
            #expect(try first.readMessage().text == "everyone")
            #expect(try second.readMessage().text == "everyone")
        }
    }

    @Test func manyQueuedFramesArriveWholeAndInOrder() async throws {
        try await withServer { server, port, handler in
            let client = try TestWebSocket(port: port, origin: "http://127.0.0.1:\(port)")
            #expect(await eventually { handler.opened.count == 1 })
            // Small and large mixed, so turns gather several frames and large ones go alone.
            let texts = (0..<200).map { index in index % 50 == 7 ? String(repeating: "L\(index)", count: 30_000) : "frame-\(index)" }
            for text in texts { server.send(OutgoingFrame(text: text), to: handler.opened[0], coalescingKey: nil) }
            for text in texts { #expect(try client.readMessage().text == text) }
        }
    }

    @Test func closeSendsReasonAfterQueuedFrames() async throws {
        try await withServer { server, port, handler in
            let client = try TestWebSocket(port: port, origin: "http://127.0.0.1:\(port)")
            #expect(await eventually { handler.opened.count == 1 })
            server.send(OutgoingFrame(text: "last words"), to: handler.opened[0], coalescingKey: nil)
            server.close(handler.opened[0], reason: "bye")
            #expect(try client.readMessage().text == "last words")
            let close = try client.readMessage()
            #expect(close.closeCode == 1000)
            #expect(close.payload.dropFirst(2).elementsEqual("bye".utf8))
            #expect(await eventually { handler.closed == handler.opened })
        }
    }

    @Test func coalescedFramesDeliverOnlyTheLatestToASlowClient() async throws {
        try await withServer { server, port, handler in
            // A tiny receive window keeps the client from taking the big frame quickly.
            let client = try TestWebSocket(port: port, origin: "http://127.0.0.1:\(port)", receiveBuffer: 4096)
            #expect(await eventually { handler.opened.count == 1 })
            let id = handler.opened[0]
            let big = String(repeating: "B", count: 6 * 1024 * 1024)
            server.send(OutgoingFrame(text: big), to: id, coalescingKey: nil)
            for index in 1...100 {
                server.send(OutgoingFrame(text: "state-\(index)"), to: id, coalescingKey: "state")
            }
            server.send(OutgoingFrame(text: "tail"), to: id, coalescingKey: nil)
            #expect(try client.readMessage().payload.count == big.utf8.count)
            #expect(try client.readMessage().text == "state-100")
            #expect(try client.readMessage().text == "tail")
        }
    }

    @Test func stalledClientIsDropped() async throws {
        try await withServer(configure: { $0.stallTimeout = 1 }) { server, port, handler in
            let client = try TestWebSocket(port: port, origin: "http://127.0.0.1:\(port)", receiveBuffer: 4096)
            #expect(await eventually { handler.opened.count == 1 })
            let started = Date()
            server.send(OutgoingFrame(text: String(repeating: "S", count: 6 * 1024 * 1024)), to: handler.opened[0], coalescingKey: nil)
            #expect(await eventually(timeout: 6) { handler.closed.count == 1 })
            #expect(Date().timeIntervalSince(started) > 0.9)
            _ = client
        }
    }

    @Test func clientOverflowingItsQueueIsDropped() async throws {
        try await withServer(configure: { $0.maxQueuedFrames = 4 }) { server, port, handler in
            let client = try TestWebSocket(port: port, origin: "http://127.0.0.1:\(port)", receiveBuffer: 4096)
            #expect(await eventually { handler.opened.count == 1 })
            let id = handler.opened[0]
            server.send(OutgoingFrame(text: String(repeating: "O", count: 6 * 1024 * 1024)), to: id, coalescingKey: nil)
            for index in 0..<10 {
                server.send(OutgoingFrame(text: "n\(index)"), to: id, coalescingKey: nil)
            }
            #expect(await eventually { handler.closed == [id] })
            _ = client
        }
    }

    @Test func stopClosesConnectionsAndFreesThePort() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let handler = RecordingHandler()
        let server = WebSocketServer(configuration: ServerConfiguration(port: 0, webRoot: site.webRoot), handler: handler)
        let port = try server.start()
        let client = try TestWebSocket(port: port, origin: "http://127.0.0.1:\(port)")
        #expect(await eventually { handler.opened.count == 1 })
        server.stop()
        server.stop()
        #expect(handler.closed == handler.opened)
        #expect(client.socket.waitForEOF())
        let again = WebSocketServer(configuration: ServerConfiguration(port: port, webRoot: site.webRoot), handler: RecordingHandler())
        #expect(try again.start() == port)
        again.stop()
        #expect(throws: WebSocketServerError.alreadyStarted) { try server.start() }
    }
}

@Suite("Transport: binding")
struct TransportBindingTests {
    @Test func portZeroReturnsTheRealPortOnLoopbackOnly() async throws {
        try await withServer { _, port, _ in
            #expect(port > 0 && port != 8080)
            let hexPort = String(format: ":%04X", port)
            let listening = Self.listeningAddresses(file: "/proc/net/tcp", portSuffix: hexPort)
                + Self.listeningAddresses(file: "/proc/net/tcp6", portSuffix: hexPort)
            #expect(listening == ["0100007F" + hexPort])
        }
    }

    @Test func portInUseThrowsPortInUse() async throws {
        try await withServer { _, port, _ in
            let site = try TestSite()
            defer { site.remove() }
            let second = WebSocketServer(configuration: ServerConfiguration(port: port, webRoot: site.webRoot), handler: RecordingHandler())
            #expect(throws: WebSocketServerError.portInUse(port)) { try second.start() }
            second.stop()
        }
    }

    @Test func invalidPortIsRejected() {
        let server = WebSocketServer(configuration: ServerConfiguration(port: 70000, webRoot: "/tmp"), handler: RecordingHandler())
        #expect(throws: WebSocketServerError.self) { try server.start() }
    }

    /// Local addresses (`HEXADDR:HEXPORT`) of sockets in LISTEN state (`0A`) on the port.
    static func listeningAddresses(file: String, portSuffix: String) -> [String] {
        guard let table = try? String(contentsOfFile: file, encoding: .utf8) else { return [] }
        return table.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count > 3, fields[1].hasSuffix(portSuffix), fields[3] == "0A" else { return nil }
            return String(fields[1])
        }
    }
}
