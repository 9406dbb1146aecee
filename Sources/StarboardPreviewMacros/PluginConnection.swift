import Foundation

/// The compiler's pipe: each message is a little-endian 64-bit byte count, then that many bytes
/// of JSON, on stdin; each reply is framed the same way on stdout.
struct PluginConnection {
    /// Larger than any macro's source text; a count beyond it is a broken stream, not a message.
    static let largestMessage = 64 << 20

    let input: FileHandle
    let output: FileHandle

    /// What reading a message gave.
    enum Received: Equatable {
        case message(Data)
        /// The compiler closed the pipe between messages: done.
        case end
        /// The stream broke off or lies about a size.
        case broken(String)
    }

    func receive() -> Received {
        guard let header = read(8) else { return .end }
        guard header.count == 8 else { return .broken("the stream ended inside a message's 8-byte size") }
        let count = header.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard count <= UInt64(Self.largestMessage) else {
            return .broken("a message claims \(count) bytes, over the \(Self.largestMessage)-byte limit")
        }
        guard count > 0 else { return .message(Data()) }
        guard let body = read(Int(count)), body.count == Int(count) else {
            return .broken("the stream ended inside a message of \(count) bytes")
        }
        return .message(body)
    }

    func send(_ payload: Data) {
        var count = UInt64(payload.count).littleEndian
        var frame = withUnsafeBytes(of: &count) { Data($0) }
        frame.append(payload)
        output.write(frame)
    }

    /// Up to `count` bytes; nil at the end of the stream before any.
    private func read(_ count: Int) -> Data? {
        var data = Data()
        while data.count < count {
            let chunk = input.readData(ofLength: count - data.count)
            if chunk.isEmpty { break }
            data.append(chunk)
        }
        return data.isEmpty ? nil : data
    }
}
