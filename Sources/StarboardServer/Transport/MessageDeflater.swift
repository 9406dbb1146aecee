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
/// Used on the service thread only.
final class MessageDeflater {
    /// Messages shorter than this go uncompressed: the saving would not pay for the work.
    static let minimumBytes = 256

    /// At a fixed address: zlib's state points back at its stream and refuses a moved one.
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private var output: [UInt8] = []
    private let ready: Bool

    /// `level` 1 is zlib's fastest; a render of a few kilobytes shrinks to about a fifth anyway.
    init(level: Int32 = 1) {
        stream.initialize(to: z_stream())
        ready = starboard_deflate_init(stream, level, -15, 8) == Z_OK
    }

    deinit {
        if ready { deflateEnd(stream) }
        stream.deallocate()
    }

    /// The frame compressed and framed, made on first use; nil when it stays uncompressed (too
    /// short, not smaller compressed, or zlib failed).
    func deflated(_ frame: OutgoingFrame) -> DeflatedFrame? {
        switch frame.deflation {
        case .compressed(let done): return done
        case .uncompressed: return nil
        case .untried:
            let made = frame.byteCount < Self.minimumBytes ? nil : compress(frame.payloadBytes).map(DeflatedFrame.init(compressed:))
            frame.deflation = made.map { .compressed($0) } ?? .uncompressed
            return made
        }
    }

    /// Raw deflate of `input` ended by a sync flush, without the flush's trailing 00 00 FF FF
    /// (RFC 7692 section 7.2.1); nil when that is not smaller than the input.
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
