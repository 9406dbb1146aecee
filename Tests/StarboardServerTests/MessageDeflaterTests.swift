import CStarboardZlib
import Testing
@testable import StarboardServer

/// The server's one compressor: every message it makes inflates, with the window a browser
/// keeps (32 KiB, context taken over from message to message), to exactly what went in, on
/// both sides of the small-message limit.
@Suite struct MessageDeflaterTests {
    /// A render-like message of about `bytes` bytes: repetitive, as SVG is.
    static func message(bytes: Int) -> [UInt8] {
        var text = #"{"type":"render","svg":"<svg xmlns=\"http://www.w3.org/2000/svg\">"#
        var index = 0
        while text.utf8.count < bytes {
            text += ##"<rect x=\"\##(index % 97)\" y=\"\##(index * 7 % 89)\" width=\"44\" height=\"44\" fill=\"#FFCC00\"/>"##
            index += 1
        }
        return Array(text.utf8)
    }

    /// Inflates with one raw inflater kept across messages, as Chrome does for a server that
    /// did not promise no context takeover.
    final class BrowserInflater {
        private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        init() {
            stream.initialize(to: z_stream())
            _ = starboard_inflate_init(stream, -15)
        }
        deinit { inflateEnd(stream); stream.deallocate() }

        func inflate(_ payload: [UInt8]) -> [UInt8]? {
            var input = payload + [0, 0, 0xFF, 0xFF]
            var output = [UInt8](repeating: 0, count: 1 << 20)
            let produced: Int? = input.withUnsafeMutableBufferPointer { inBuffer in
                output.withUnsafeMutableBufferPointer { outBuffer in
                    stream.pointee.next_in = inBuffer.baseAddress
                    stream.pointee.avail_in = uInt(inBuffer.count)
                    stream.pointee.next_out = outBuffer.baseAddress
                    stream.pointee.avail_out = uInt(outBuffer.count)
                    let status = CStarboardZlib.inflate(stream, Z_SYNC_FLUSH)
                    guard status == Z_OK || status == Z_BUF_ERROR, stream.pointee.avail_in == 0 else { return nil }
                    return outBuffer.count - Int(stream.pointee.avail_out)
                }
            }
            return produced.map { Array(output[..<$0]) }
        }
    }

    @Test(arguments: [300, 2_700, 15_000, 16 * 1024 - 1, 16 * 1024, 40_000, 200_000])
    func everyMessageInflatesToItselfAfterOthers(bytes: Int) throws {
        let deflater = MessageDeflater()
        let inflater = BrowserInflater()
        // Messages before it, of both sizes, so the browser's window holds older text.
        for before in [Self.message(bytes: 20_000), Self.message(bytes: 1_000)] {
            let compressed = try #require(before.withUnsafeBytes { deflater.compress($0) })
            #expect(inflater.inflate(compressed) == before)
        }
        let message = Self.message(bytes: bytes)
        let compressed = try #require(message.withUnsafeBytes { deflater.compress($0) })
        #expect(compressed.count < (bytes < 1000 ? message.count : message.count / 3), "a repetitive message shrinks")
        #expect(inflater.inflate(compressed) == message)
    }

    @Test func smallTablesCompressAboutAsWellAsZlibsDefaults() throws {
        let standard = MessageDeflater(small: .standard, large: .standard)
        let current = MessageDeflater()
        for bytes in [1_000, 3_000, 15_000] {
            let message = Self.message(bytes: bytes)
            let a = try #require(message.withUnsafeBytes { standard.compress($0) })
            let b = try #require(message.withUnsafeBytes { current.compress($0) })
            #expect(Double(b.count) <= Double(a.count) * 1.1, "\(bytes) bytes: \(b.count) with small tables, \(a.count) with the defaults")
        }
        #expect(MessageDeflater.Settings.small.windowBits >= 14, "the window covers every message under the limit")
        #expect(1 << MessageDeflater.Settings.small.windowBits >= MessageDeflater.Settings.smallLimit)
    }

    @Test func messagesUnderTheLimitGoUncompressedAndLongerOnesCompressed() throws {
        let deflater = MessageDeflater()
        for bytes in [300, 2_700, MessageDeflater.uncompressedBelow - 1] {
            let message = Array(Self.message(bytes: bytes).prefix(bytes))
            #expect(message.count < MessageDeflater.uncompressedBelow)
            #expect(message.withUnsafeBytes { deflater.compressedForClients($0) } == nil, "\(message.count) bytes go as they are")
        }
        let inflater = BrowserInflater()
        for bytes in [MessageDeflater.uncompressedBelow, 40_000] {
            let message = Self.message(bytes: bytes)
            let compressed = try #require(message.withUnsafeBytes { deflater.compressedForClients($0) })
            #expect(compressed.count < message.count / 3)
            #expect(inflater.inflate(compressed) == message)
        }
    }
}
