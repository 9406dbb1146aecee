/// Reassembles server frames (RFC 6455, unmasked) from bytes as they arrive, and splits off the
/// HTTP response that precedes them.
struct FrameReader {
    private var buffer: [UInt8] = []
    private var start = 0
    private var fragments: [UInt8] = []
    private var fragmentOpcode: WebSocketMessage.Opcode?
    private var fragmentCompressed = false

    /// Bytes received but not yet consumed.
    var pendingCount: Int { buffer.count - start }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 1 << 16 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The HTTP header block up to its blank line, once it is complete.
    mutating func takeHeaderBlock() -> String? {
        guard buffer.count - start >= 4 else { return nil }
        var index = start
        while index + 3 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                let head = String(decoding: buffer[start..<index], as: UTF8.self)
                start = index + 4
                return head
            }
            index += 1
        }
        return nil
    }

    /// The next complete message (fragments joined), or nil until more bytes arrive.
    mutating func nextMessage() throws(BenchError) -> WebSocketMessage? {
        while true {
            let available = buffer.count - start
            guard available >= 2 else { return nil }
            let first = buffer[start]
            let second = buffer[start + 1]
            guard second & 0x80 == 0 else { throw BenchError("the server sent a masked frame") }
            var length = Int(second & 0x7F)
            var headerLength = 2
            if length == 126 {
                guard available >= 4 else { return nil }
                length = Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
                headerLength = 4
            } else if length == 127 {
                guard available >= 10 else { return nil }
                length = 0
                for offset in 2..<10 { length = length << 8 | Int(buffer[start + offset]) }
                headerLength = 10
            }
            guard available >= headerLength + length else { return nil }
            let payload = buffer[(start + headerLength)..<(start + headerLength + length)]
            start += headerLength + length
            guard let opcode = WebSocketMessage.Opcode(rawValue: first & 0x0F) else {
                throw BenchError("unknown websocket opcode \(first & 0x0F)")
            }
            let final = first & 0x80 != 0
            let compressed = first & 0x40 != 0
            switch opcode {
            case .continuation:
                guard let kind = fragmentOpcode else { throw BenchError("continuation frame without a first fragment") }
                fragments.append(contentsOf: payload)
                if final {
                    defer { fragments = []; fragmentOpcode = nil }
                    return WebSocketMessage(opcode: kind, payload: fragments, compressed: fragmentCompressed)
                }
            case .text, .binary:
                if final { return WebSocketMessage(opcode: opcode, payload: Array(payload), compressed: compressed) }
                fragmentOpcode = opcode
                fragmentCompressed = compressed
                fragments = Array(payload)
            case .close, .ping, .pong:
                return WebSocketMessage(opcode: opcode, payload: Array(payload))
            }
        }
    }
}
