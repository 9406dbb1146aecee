import CStarboardWebSockets

/// A text message encoded once, ready to be written to any number of clients.
///
/// The UTF-8 bytes sit behind the headroom libwebsockets needs for the frame
/// header, so a broadcast writes the same buffer to every client without
/// copying or re-encoding it.
///
/// The class is `@unchecked Sendable` because its buffer is immutable after
/// `init` except for the headroom, which only the server's single service
/// thread touches (lws_write puts the frame header there).
public final class OutgoingFrame: @unchecked Sendable {
    /// Headroom in front of the payload, reserved for lws_write.
    static let headroom = Int(starboard_lws_pre())

    private let storage: UnsafeMutableRawPointer
    /// Size of the UTF-8 payload in bytes.
    public let byteCount: Int

    /// Encodes `text` as UTF-8 once.
    public init(text: String) {
        var text = text
        let count = text.utf8.count
        storage = .allocate(byteCount: Self.headroom + max(count, 1), alignment: 16)
        byteCount = count
        text.withUTF8 { utf8 in
            if let base = utf8.baseAddress {
                (storage + Self.headroom).copyMemory(from: base, byteCount: count)
            }
        }
    }

    deinit {
        storage.deallocate()
    }

    /// The payload, decoded again; for tests and logs.
    public var text: String {
        String(decoding: UnsafeRawBufferPointer(start: storage + Self.headroom, count: byteCount), as: UTF8.self)
    }

    /// Start of the payload; the `headroom` bytes before it belong to lws_write.
    var payload: UnsafeMutablePointer<UInt8> {
        (storage + Self.headroom).assumingMemoryBound(to: UInt8.self)
    }
}
