import CStarboardZlib

/// Compresses outgoing messages for permessage-deflate (RFC 7692), each on its own.
///
/// Every message starts from an empty window, so its compressed form does not depend on what a
/// client received before: it is made once and written to every client that negotiated the
/// extension, and this one compressor is all the server keeps. (lws's own extension would keep
/// a compressor of 256 KiB per connection, and compress a broadcast once per subscriber.) This is
/// what a server that promised `server_no_context_takeover` does, and a client that did not ask
/// for it decodes it all the same.
///
/// Messages under ``uncompressedBelow`` bytes (every render of the seed components) go
/// uncompressed, each a frame without RSV1 as RFC 7692 allows on a deflate connection: zlib's
/// fixed work per message cost 0.31-1.0× the render itself there (callgrind, `starboard-bench
/// --render-cost`), and 16 KiB take about a millisecond on a 100 Mbit/s link. Longer messages
/// are compressed with zlib's standard tables. ``compress(_:)`` still compresses any size, for
/// the bench: under ``Settings/smallLimit`` with a 16 KiB window and an 8 KiB hash table, made
/// on first use (the server never uses it).
///
/// Used on the service thread only.
public final class MessageDeflater {
    /// Messages shorter than this go uncompressed: the bytes saved cost more than they are worth.
    public static let uncompressedBelow = 16 * 1024

    /// zlib's window and hash-table sizes for one compressor.
    public struct Settings: Sendable, Equatable {
        /// log2 of the window (9...15).
        public var windowBits: Int32
        /// zlib's memLevel (1...9): the hash table has 2^(memLevel + 7) two-byte entries.
        public var memoryLevel: Int32

        public init(windowBits: Int32, memoryLevel: Int32) {
            self.windowBits = windowBits
            self.memoryLevel = memoryLevel
        }

        /// zlib's defaults: a 32 KiB window and a 64 KiB hash table (what every message used before).
        public static let standard = Settings(windowBits: 15, memoryLevel: 8)
        /// For messages under ``smallLimit``.
        public static let small = Settings(windowBits: 14, memoryLevel: 5)
        /// Messages of this many bytes and more use ``standard``.
        public static let smallLimit = 16 * 1024
    }

    private let level: Int32
    private let smallSettings: Settings
    private lazy var small = Compressor(level: level, settings: smallSettings)
    private let large: Compressor

    /// `level` 1 is zlib's fastest; a render of a few kilobytes shrinks to about a fifth anyway.
    /// `small` is for messages under ``Settings/smallLimit``, `large` for the rest.
    public init(level: Int32 = 1, small: Settings = .small, large: Settings = .standard) {
        self.level = level
        self.smallSettings = small
        self.large = Compressor(level: level, settings: large)
    }

    /// The frame compressed and framed, made on first use; nil when it stays uncompressed (too
    /// short, not smaller compressed, or zlib failed).
    func deflated(_ frame: OutgoingFrame) -> DeflatedFrame? {
        switch frame.deflation {
        case .compressed(let done): return done
        case .uncompressed: return nil
        case .untried:
            let made = compressedForClients(frame.payloadBytes).map(DeflatedFrame.init(compressed:))
            frame.deflation = made.map { .compressed($0) } ?? .uncompressed
            return made
        }
    }

    /// What the server sends a client that negotiated permessage-deflate for the message `input`:
    /// its compressed form, or nil when it goes uncompressed (shorter than ``uncompressedBelow``,
    /// not smaller compressed, or zlib failed).
    public func compressedForClients(_ input: UnsafeRawBufferPointer) -> [UInt8]? {
        input.count < Self.uncompressedBelow ? nil : compress(input)
    }

    /// Raw deflate of `input` ended by a sync flush, without the flush's trailing 00 00 FF FF
    /// (RFC 7692 section 7.2.1); nil when that is not smaller than the input.
    public func compress(_ input: UnsafeRawBufferPointer) -> [UInt8]? {
        (input.count < Settings.smallLimit ? small : large).compress(input)
    }
}

/// One zlib stream, reset for every message.
private final class Compressor {
    /// At a fixed address: zlib's state points back at its stream and refuses a moved one.
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private var output: [UInt8] = []
    private let ready: Bool

    init(level: Int32, settings: MessageDeflater.Settings) {
        stream.initialize(to: z_stream())
        // Negative window bits: raw deflate, as permessage-deflate carries it.
        ready = starboard_deflate_init(stream, level, -settings.windowBits, settings.memoryLevel) == Z_OK
    }

    deinit {
        if ready { deflateEnd(stream) }
        stream.deallocate()
    }

    func compress(_ input: UnsafeRawBufferPointer) -> [UInt8]? {
        guard ready, let base = input.baseAddress, deflateReset(stream) == Z_OK else { return nil }
        let bound = Int(deflateBound(stream, uLong(input.count))) + 16
        if output.count < bound { output = [UInt8](repeating: 0, count: bound) }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        let produced: Int? = output.withUnsafeMutableBufferPointer { buffer in
            stream.pointee.next_out = buffer.baseAddress
            stream.pointee.avail_out = uInt(buffer.count)
            let result = deflate(stream, Z_SYNC_FLUSH)
            guard result == Z_OK, stream.pointee.avail_in == 0, stream.pointee.avail_out > 0 else { return nil }
            return buffer.count - Int(stream.pointee.avail_out)
        }
        stream.pointee.next_in = nil
        stream.pointee.next_out = nil
        guard let produced, produced >= 4, Array(output[(produced - 4)..<produced]) == [0, 0, 0xFF, 0xFF],
              produced - 4 < input.count else { return nil }
        return Array(output[..<(produced - 4)])
    }
}
