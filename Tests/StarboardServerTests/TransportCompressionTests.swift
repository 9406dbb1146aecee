import CStarboardZlib
import Foundation
import Testing
@testable import StarboardServer

/// permessage-deflate as the server does it: each message compressed once, on its own, for every
/// client that negotiated the extension.
@Suite("Transport: compressing once for every client")
struct TransportCompressionTests {
    /// What Chrome offers.
    static let browserOffer = "permessage-deflate; client_max_window_bits"

    @Test func aBroadcastIsCompressedOnceAndEveryClientInflatesIt() async throws {
        try await withServer { server, port, handler in
            let first = try TestWebSocket(port: port, origin: "http://127.0.0.1:\(port)", extensions: Self.browserOffer)
            let second = try TestWebSocket(port: port, origin: "http://127.0.0.1:\(port)", extensions: Self.browserOffer)
            let plain = try TestWebSocket(port: port, origin: "http://127.0.0.1:\(port)")
            #expect(first.handshake.headers["sec-websocket-extensions"] == "permessage-deflate")
            #expect(plain.handshake.headers["sec-websocket-extensions"] == nil)
            #expect(waitUntil { handler.opened.count == 3 })
            let render = "{\"type\":\"render\",\"svg\":\"" + String(repeating: "<rect x=\\\"1\\\" y=\\\"2\\\"/>", count: 900) + "\"}"
            #expect(render.utf8.count >= MessageDeflater.uncompressedBelow)
            let frame = OutgoingFrame(text: render)
            server.broadcast(frame, to: handler.opened, coalescingKey: nil)
            let seedSized = "{\"type\":\"render\",\"svg\":\"" + String(repeating: "<rect/>", count: 400) + "\"}"
            #expect(seedSized.utf8.count < MessageDeflater.uncompressedBelow)
            server.broadcast(OutgoingFrame(text: seedSized), to: handler.opened, coalescingKey: nil)

            let one = try first.readFrame(), two = try second.readFrame(), three = try plain.readFrame()
            #expect(one.compressed && two.compressed && !three.compressed)
            #expect(one.payload == two.payload, "the same compressed bytes for both")
            #expect(one.payload.count < render.utf8.count / 4)
            let inflater = try TestInflater()
            #expect(try inflater.inflate(one.payload) == render)
            #expect(three.text == render)
            // Messages under 16 KiB (a seed component's render) are not worth compressing; they come as they are.
            let short = try first.readFrame()
            #expect(!short.compressed && short.text == seedSized)
        }
    }

    @Test func messagesTheClientCompressesAreInflated() async throws {
        try await withServer { _, port, handler in
            let client = try TestWebSocket(port: port, origin: "http://127.0.0.1:\(port)", extensions: Self.browserOffer)
            let deflater = try TestDeflater()
            for text in ["hello hello hello", "hello again, hello again"] {
                // Context takeover, as browsers do: the second refers back into the first.
                var frame = TestWebSocket.frame(.text, try deflater.deflate(text), final: true)
                frame[0] |= 0x40
                try client.socket.send(frame)
            }
            #expect(try client.readMessage().text == "echo:hello hello hello")
            #expect(try client.readMessage().text == "echo:hello again, hello again")
            #expect(handler.messages == ["hello hello hello", "hello again, hello again"])
        }
    }
}

/// A client's raw-deflate compressor with context takeover (RFC 7692 section 7.2.1).
final class TestDeflater {
    /// zlib's state points back at its stream, so the stream stays where it was made.
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)

    init() throws {
        stream.initialize(to: z_stream())
        guard starboard_deflate_init(stream, 6, -15, 8) == Z_OK else { throw TestClientError(description: "deflateInit2 failed") }
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
    }

    func deflate(_ text: String) throws -> [UInt8] {
        var input = Array(text.utf8)
        var output = [UInt8](repeating: 0, count: input.count + 64)
        let produced = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.pointee.next_in = inBuffer.baseAddress
                stream.pointee.avail_in = uInt(inBuffer.count)
                stream.pointee.next_out = outBuffer.baseAddress
                stream.pointee.avail_out = uInt(outBuffer.count)
                _ = CStarboardZlib.deflate(stream, Z_SYNC_FLUSH)
                return outBuffer.count - Int(stream.pointee.avail_out)
            }
        }
        guard produced >= 4 else { throw TestClientError(description: "deflate produced \(produced) bytes") }
        return Array(output[..<(produced - 4)])
    }
}

/// A client's raw-deflate decompressor: appends the empty block the sender left out.
final class TestInflater {
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)

    init() throws {
        stream.initialize(to: z_stream())
        guard starboard_inflate_init(stream, -15) == Z_OK else { throw TestClientError(description: "inflateInit2 failed") }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    func inflate(_ payload: [UInt8]) throws -> String {
        var input = payload + [0, 0, 0xFF, 0xFF]
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        try input.withUnsafeMutableBufferPointer { inBuffer in
            stream.pointee.next_in = inBuffer.baseAddress
            stream.pointee.avail_in = uInt(inBuffer.count)
            repeat {
                let produced = try chunk.withUnsafeMutableBufferPointer { outBuffer -> Int in
                    stream.pointee.next_out = outBuffer.baseAddress
                    stream.pointee.avail_out = uInt(outBuffer.count)
                    let result = CStarboardZlib.inflate(stream, Z_SYNC_FLUSH)
                    guard result == Z_OK || result == Z_BUF_ERROR else { throw TestClientError(description: "inflate failed: \(result)") }
                    return outBuffer.count - Int(stream.pointee.avail_out)
                }
                output += chunk[..<produced]
            } while stream.pointee.avail_in > 0 || stream.pointee.avail_out == 0
        }
        return String(decoding: output, as: UTF8.self)
    }
}
