import CStarboardZlib

/// permessage-deflate (RFC 7692) as a browser does it: what Chrome offers in the handshake, its own
/// messages compressed with a 32 KiB window kept from message to message, and the server's
/// inflated with one inflater kept for the connection (so it works whether or not the server
/// takes context over).
final class MessageCompression {
    /// The offer Chrome sends.
    static let browserOffer = "permessage-deflate; client_max_window_bits"

    // zlib's state points back at its stream, so both stay where they were made.
    private let deflater = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private let inflater = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private var output = [UInt8](repeating: 0, count: 64 * 1024)

    init() throws(BenchError) {
        deflater.initialize(to: z_stream())
        inflater.initialize(to: z_stream())
        guard starboard_deflate_init(deflater, 6, -15, 8) == Z_OK, starboard_inflate_init(inflater, -15) == Z_OK else {
            throw BenchError("zlib could not start")
        }
    }

    deinit {
        deflateEnd(deflater)
        inflateEnd(inflater)
        deflater.deallocate()
        inflater.deallocate()
    }

    /// A message's compressed payload, without the final 00 00 FF FF the receiver puts back.
    func compress(_ message: UnsafeRawBufferPointer) throws(BenchError) -> [UInt8] {
        var result: [UInt8] = []
        deflater.pointee.next_in = UnsafeMutablePointer(mutating: message.baseAddress?.assumingMemoryBound(to: Bytef.self))
        deflater.pointee.avail_in = uInt(message.count)
        repeat {
            let produced = output.withUnsafeMutableBufferPointer { buffer in
                deflater.pointee.next_out = buffer.baseAddress
                deflater.pointee.avail_out = uInt(buffer.count)
                _ = deflate(deflater, Z_SYNC_FLUSH)
                return buffer.count - Int(deflater.pointee.avail_out)
            }
            result += output[..<produced]
        } while deflater.pointee.avail_out == 0
        guard result.count >= 4, result.suffix(4).elementsEqual([0, 0, 0xFF, 0xFF]) else { throw BenchError("deflate did not end in a sync flush") }
        return Array(result.dropLast(4))
    }

    /// A compressed message from the server, inflated.
    func decompress(_ payload: [UInt8]) throws(BenchError) -> [UInt8] {
        var input = payload + [0, 0, 0xFF, 0xFF]
        var result: [UInt8] = []
        var status: Int32 = Z_OK
        input.withUnsafeMutableBufferPointer { inBuffer in
            inflater.pointee.next_in = inBuffer.baseAddress
            inflater.pointee.avail_in = uInt(inBuffer.count)
            repeat {
                let produced = output.withUnsafeMutableBufferPointer { buffer in
                    inflater.pointee.next_out = buffer.baseAddress
                    inflater.pointee.avail_out = uInt(buffer.count)
                    status = inflate(inflater, Z_SYNC_FLUSH)
                    return buffer.count - Int(inflater.pointee.avail_out)
                }
                result += output[..<produced]
            } while status == Z_OK && (inflater.pointee.avail_in > 0 || inflater.pointee.avail_out == 0)
        }
        guard status == Z_OK || status == Z_BUF_ERROR else { throw BenchError("the server sent a message that does not inflate (zlib \(status))") }
        return result
    }
}
