import StarboardSystem

/// A small RFC 6455 client over a raw loopback TCP socket: the handshake, masked text frames out,
/// whole messages in. Blocking with timeouts by default; ``makeNonBlocking()`` switches it to the
/// poll-driven ``receiveAvailable(_:)`` used for many subscribers at once.
///
/// `@unchecked Sendable`: the burst benchmark sends on one thread while another receives. Sending
/// touches only the send buffer and receiving only the reader, so the two never share state.
final class WebSocketClient: @unchecked Sendable {
    /// The socket, for `poll`.
    var fd: Int32 { connection.descriptor }
    private let connection: LoopbackConnection
    private var reader = FrameReader()
    private var sendBuffer: [UInt8] = []
    private var maskState: UInt32
    private var scratch = [UInt8](repeating: 0, count: 64 * 1024)
    /// Set when permessage-deflate was negotiated: messages go out compressed and compressed ones
    /// come back inflated, as a browser's do.
    private(set) var compression: MessageCompression?

    /// Connects to 127.0.0.1:`port` and upgrades `path`, offering `subprotocol` (no Origin header)
    /// and, with `compressing`, permessage-deflate as Chrome offers it.
    init(port: Int, path: String = "/ws", subprotocol: String? = "starboard.v1", compressing: Bool = false, timeoutSeconds: Int = 10) throws(BenchError) {
        // Latency is the point: do not hold small frames back (the server sets the same).
        do {
            connection = try LoopbackConnection(port: port, timeoutSeconds: timeoutSeconds, noDelay: true)
        } catch {
            throw BenchError("\(error)")
        }
        maskState = UInt32(truncatingIfNeeded: Clock.now()) | 1
        try handshake(port: port, path: path, subprotocol: subprotocol, compressing: compressing)
    }

    private func handshake(port: Int, path: String, subprotocol: String?, compressing: Bool) throws(BenchError) {
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        request += "Upgrade: websocket\r\nConnection: Upgrade\r\n"
        request += "Sec-WebSocket-Key: c3RhcmJvYXJkLWJlbmNoIQ==\r\nSec-WebSocket-Version: 13\r\n"
        if let subprotocol { request += "Sec-WebSocket-Protocol: \(subprotocol)\r\n" }
        if compressing { request += "Sec-WebSocket-Extensions: \(MessageCompression.browserOffer)\r\n" }
        request += "\r\n"
        try write(Array(request.utf8))
        while true {
            if let head = reader.takeHeaderBlock() {
                guard head.hasPrefix("HTTP/1.1 101") else {
                    throw BenchError("websocket upgrade refused: \(head.split(separator: "\r\n").first ?? "")")
                }
                let accepted = head.split(separator: "\r\n").contains {
                    $0.lowercased().hasPrefix("sec-websocket-extensions:") && $0.contains("permessage-deflate")
                }
                if compressing {
                    guard accepted else { throw BenchError("the server did not take permessage-deflate") }
                    compression = try MessageCompression()
                }
                return
            }
            guard try fill() else { throw BenchError("connection closed during the websocket handshake") }
        }
    }

    /// Sends `text` as one masked text frame.
    func send(_ text: String) throws(BenchError) {
        try send(bytes: Array(text.utf8))
    }

    /// Sends `bytes` (valid UTF-8) as one masked text frame, compressed when that was negotiated.
    func send(bytes: [UInt8]) throws(BenchError) {
        if let compression {
            let compressed = try bytes.withUnsafeBytes { raw in Result { () throws(BenchError) in try compression.compress(raw) } }.get()
            compressed.withUnsafeBytes { sendFrame(payload: $0, compressed: true) }
        } else {
            bytes.withUnsafeBytes { sendFrame(payload: $0, compressed: false) }
        }
        try write(sendBuffer)
    }

    /// Encodes a final text frame into `sendBuffer`, masked as RFC 6455 requires of clients.
    private func sendFrame(payload: UnsafeRawBufferPointer, compressed: Bool) {
        sendBuffer.removeAll(keepingCapacity: true)
        sendBuffer.append(compressed ? 0xC1 : 0x81)
        let count = payload.count
        if count < 126 {
            sendBuffer.append(0x80 | UInt8(count))
        } else if count < 65536 {
            sendBuffer.append(0x80 | 126)
            sendBuffer.append(UInt8(count >> 8))
            sendBuffer.append(UInt8(count & 0xFF))
        } else {
            sendBuffer.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { sendBuffer.append(UInt8((count >> shift) & 0xFF)) }
        }
        // xorshift32: a fresh, unpredictable-enough key per frame without a syscall.
        maskState ^= maskState << 13
        maskState ^= maskState >> 17
        maskState ^= maskState << 5
        let mask = [UInt8(maskState >> 24), UInt8((maskState >> 16) & 0xFF), UInt8((maskState >> 8) & 0xFF), UInt8(maskState & 0xFF)]
        sendBuffer.append(contentsOf: mask)
        let base = sendBuffer.count
        sendBuffer.append(contentsOf: payload)
        sendBuffer.withUnsafeMutableBufferPointer { frame in
            for index in 0..<count { frame[base + index] ^= mask[index & 3] }
        }
    }

    private func write(_ bytes: [UInt8]) throws(BenchError) {
        do {
            try connection.send(bytes)
        } catch {
            throw BenchError("\(error)")
        }
    }

    /// Reads what is there (blocking per the socket mode); false on EOF. Throws on timeout or reset.
    private func fill() throws(BenchError) -> Bool {
        guard let count = try readAvailable() else { throw BenchError("no reply within the receive timeout") }
        return count > 0
    }

    /// One read into the reader: the byte count, 0 at the end, nil when nothing came (in time).
    private func readAvailable() throws(BenchError) -> Int? {
        let result = scratch.withUnsafeMutableBytes { buffer in
            Result { () throws(SystemError) in try connection.receive(into: buffer) }
        }
        do {
            guard let count = try result.get() else { return nil }
            scratch.withUnsafeBytes { reader.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            return count
        } catch {
            throw BenchError("\(error)")
        }
    }

    /// The next text message, waiting for it (up to the socket's timeout). Pings and pongs are skipped;
    /// a close frame or EOF throws.
    func receive() throws(BenchError) -> WebSocketMessage {
        while true {
            while let message = try reader.nextMessage() {
                switch message.opcode {
                case .text, .binary: return try inflated(message)
                case .close: throw BenchError("the server closed the connection: \(message.closeDescription)")
                default: continue
                }
            }
            guard try fill() else { throw BenchError("the server closed the connection") }
        }
    }

    /// Receives text messages until `done` returns true for one.
    @discardableResult
    func receive(until done: (WebSocketMessage) throws(BenchError) -> Bool) throws(BenchError) -> WebSocketMessage {
        while true {
            let message = try receive()
            if try done(message) { return message }
        }
    }

    /// Switches the socket to nonblocking, for ``receiveAvailable(_:)``.
    func makeNonBlocking() throws(BenchError) {
        do {
            try connection.makeNonBlocking()
        } catch {
            throw BenchError("\(error)")
        }
    }

    /// Reads everything available without waiting and hands over each complete text message;
    /// false when the server closed the connection.
    ///
    /// With `inflating` false, compressed messages are handed over as they came (see
    /// ``inflated(_:)``): the fan-out times delivery, not this one thread inflating a thousand
    /// renders that a thousand browsers would each inflate on their own.
    func receiveAvailable(inflating: Bool = true, _ handle: (WebSocketMessage) -> Void) throws(BenchError) -> Bool {
        while let count = try readAvailable() {
            if count == 0 { return false }
        }
        while let message = try reader.nextMessage() {
            switch message.opcode {
            case .text, .binary: handle(inflating ? try inflated(message) : message)
            case .close: return false
            default: continue
            }
        }
        return true
    }
}

extension WebSocketClient {
    /// The message as the application sees it: inflated when it came compressed. Messages must
    /// be inflated in the order they came.
    func inflated(_ message: WebSocketMessage) throws(BenchError) -> WebSocketMessage {
        guard message.compressed else { return message }
        guard let compression else { throw BenchError("a compressed message without permessage-deflate") }
        return WebSocketMessage(opcode: message.opcode, payload: try compression.decompress(message.payload))
    }
}

extension WebSocketMessage {
    /// A close frame's status code and reason.
    var closeDescription: String {
        guard payload.count >= 2 else { return "no status" }
        let code = Int(payload[0]) << 8 | Int(payload[1])
        return "\(code) \(String(decoding: payload.dropFirst(2), as: UTF8.self))"
    }
}
