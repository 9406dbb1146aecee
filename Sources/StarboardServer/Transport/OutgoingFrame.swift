import CStarboardWebSockets

/// A text message encoded and framed once, ready to be written to any number of clients.
///
/// The buffer holds the websocket frame as it goes on the wire (RFC 6455: FIN, text opcode, the
/// length, no mask since servers do not mask) right in front of the UTF-8 payload, behind the
/// headroom libwebsockets wants before anything it is given. So a broadcast writes the same bytes
/// to every client, and several frames for one client can be written with one `lws_write`.
///
/// A client that negotiated permessage-deflate gets its ``deflation``: the same message compressed on
/// its own (no reference to earlier messages), so it too is made once and written to every such
/// client.
///
/// The class is `@unchecked Sendable` because its buffer is immutable after `init`; ``deflation``
/// is set and read only by the server's single service thread.
public final class OutgoingFrame: @unchecked Sendable {
    /// Headroom libwebsockets may use in front of any buffer given to `lws_write`.
    static let lwsHeadroom = Int(starboard_lws_pre())
    /// Bytes in front of the payload: lws's headroom and room for the longest header.
    static let headroom = lwsHeadroom + WireHeader.maxCount

    private let storage: UnsafeMutableRawPointer
    /// Size of the UTF-8 payload in bytes.
    public let byteCount: Int
    private let headerCount: Int

    /// The compressed form, made the first time a client that compresses needs it (service thread only).
    var deflation = Deflation.untried

    /// Whether the message was compressed for permessage-deflate clients, and how it came out.
    enum Deflation {
        case untried
        /// Too short, or not smaller compressed: such clients get it as it is.
        case uncompressed
        case compressed(DeflatedFrame)
    }

    /// Encodes `text` as UTF-8 once and frames it as one text message.
    public init(text: String) {
        var text = text
        let count = text.utf8.count
        let storage = UnsafeMutableRawPointer.allocate(byteCount: Self.headroom + max(count, 1), alignment: 16)
        text.withUTF8 { utf8 in
            if let base = utf8.baseAddress {
                (storage + Self.headroom).copyMemory(from: base, byteCount: count)
            }
        }
        self.storage = storage
        byteCount = count
        headerCount = WireHeader.write(payloadCount: count, compressed: false, endingAt: storage + Self.headroom)
    }

    deinit {
        storage.deallocate()
    }

    /// The payload, decoded again; for tests and logs.
    public var text: String {
        String(decoding: payloadBytes, as: UTF8.self)
    }

    /// The UTF-8 payload.
    var payloadBytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: storage + Self.headroom, count: byteCount)
    }

    /// Header and payload as they go on the wire; lws's headroom lies in front.
    var wire: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: storage + Self.headroom - headerCount, count: headerCount + byteCount)
    }
}

/// A message compressed for permessage-deflate (RFC 7692), framed with RSV1 set.
final class DeflatedFrame {
    private let storage: UnsafeMutableRawPointer
    private let headerCount: Int
    /// Compressed payload bytes.
    let byteCount: Int

    /// Copies `compressed` (the deflate output without its final empty block) behind a header.
    init(compressed: [UInt8]) {
        let storage = UnsafeMutableRawPointer.allocate(byteCount: OutgoingFrame.headroom + max(compressed.count, 1), alignment: 16)
        compressed.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress {
                (storage + OutgoingFrame.headroom).copyMemory(from: base, byteCount: bytes.count)
            }
        }
        self.storage = storage
        byteCount = compressed.count
        headerCount = WireHeader.write(payloadCount: compressed.count, compressed: true, endingAt: storage + OutgoingFrame.headroom)
    }

    deinit {
        storage.deallocate()
    }

    /// Header and compressed payload as they go on the wire; lws's headroom lies in front.
    var wire: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: storage + OutgoingFrame.headroom - headerCount, count: headerCount + byteCount)
    }
}

/// The header of a final, unmasked text frame (RFC 6455 section 5.2), as a server writes it.
enum WireHeader {
    /// Two bytes and a 64-bit length.
    static let maxCount = 10

    /// Writes the header so that it ends at `end` and returns its length.
    static func write(payloadCount count: Int, compressed: Bool, endingAt end: UnsafeMutableRawPointer) -> Int {
        let length = count < 126 ? 0 : count < 65536 ? 2 : 8
        let start = (end - 2 - length).assumingMemoryBound(to: UInt8.self)
        // FIN, RSV1 when the payload is deflated, opcode 1 (text).
        start[0] = 0x80 | (compressed ? 0x40 : 0) | 0x01
        switch length {
        case 0:
            start[1] = UInt8(count)
        case 2:
            start[1] = 126
            start[2] = UInt8(count >> 8)
            start[3] = UInt8(count & 0xFF)
        default:
            start[1] = 127
            for index in 0..<8 { start[2 + index] = UInt8((count >> (56 - 8 * index)) & 0xFF) }
        }
        return 2 + length
    }
}
