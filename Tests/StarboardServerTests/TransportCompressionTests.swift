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

    /// A client that sends faster than it reads is held back while three quarters of its queue
    /// wait. One that does not compress is not read from meanwhile; but lws 4.1, reading a client
    /// that compresses again after such a pause, aborts on its assertion `priv->rx.avail_out`
    /// (it did here, as for the read budget's pause). So such a client is never paused: what it
    /// sends while its queue is that full is refused unread, it is told once, and once it has
    /// read its replies it is read again.
    @Test func aClientThatCompressesAndDoesNotReadIsRefusedNotPausedThenReadAgain() async throws {
        try await withServer(configure: {
            // Held back at 48 waiting replies, read again at 16; no read budget in the way.
            $0.maxQueuedFrames = 64
            $0.readBurstBytes = 1 << 40
            $0.readBytesPerSecond = 1 << 40
        }) { server, port, handler in
            let client = try TestWebSocket(port: port, origin: "http://127.0.0.1:\(port)", receiveBuffer: 4096,
                                           extensions: Self.browserOffer)
            #expect(waitUntil { handler.opened.count == 1 })
            // 64 KiB of white space each, as the flood of issue 27 (well under 1 KiB on the wire):
            // lws inflates each in many pieces.
            let deflater = try TestDeflater()
            let texts = (0..<600).map { "m\($0)" + String(repeating: " ", count: 64 * 1024) }
            var wire: [UInt8] = []
            for text in texts {
                var frame = TestWebSocket.frame(.text, try deflater.deflate(text), final: true)
                frame[0] |= 0x40
                wire += frame
            }
            try client.socket.send(wire)
            // Every message is read or refused; some were refused, none paused.
            #expect(waitUntil { handler.messages.count + server.refusedMessages == texts.count })
            let read = handler.messages
            #expect(server.refusedMessages > 0 && server.queuePauses == 0)
            // Told once each time its queue filled (the kernel's buffers take some replies now and
            // then, so it may fill more than once), never once per refusal.
            let notices = handler.notices
            #expect(!notices.isEmpty && notices.count < server.refusedMessages)
            #expect(Set(notices) == ["this connection left 48 replies unread (at most 64 may wait for a client): each "
                                     + "message it sends is refused unread and gets no reply, until it has read all but 16"])
            // The ones read were read in order, and each has its reply.
            let heads = read.map { String($0.prefix(6)) }
            let sentHeads = texts.map { String($0.prefix(6)) }
            var rest = sentHeads[...]
            #expect(heads.allSatisfy { head in rest.firstIndex(of: head).map { rest = rest[($0 + 1)...]; return true } ?? false })
            let inflater = try TestInflater()
            var replies: [String] = []
            for _ in read {
                let frame = try client.readMessage()
                try #require(frame.opcode == .text, "closed after \(replies.count) replies")
                replies.append(frame.compressed ? try inflater.inflate(frame.payload) : frame.text)
            }
            let echoed = replies == read.map { "echo:" + $0 }
            #expect(echoed, "the replies are the echoes of what was read, in order")
            // Its replies read, it is read again.
            var frame = TestWebSocket.frame(.text, try deflater.deflate("again"), final: true)
            frame[0] |= 0x40
            try client.socket.send(frame)
            let again = try client.readMessage()
            #expect(again.text == "echo:again")
            #expect(handler.messages.last == "again")
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
