/// One complete message from the server, with the few fields the benchmarks look at read
/// straight from the bytes: parsing every render as JSON would time the client, not the server.
struct WebSocketMessage: Sendable {
    enum Opcode: UInt8, Sendable {
        case continuation = 0, text = 1, binary = 2, close = 8, ping = 9, pong = 10
    }

    let opcode: Opcode
    let payload: [UInt8]
    /// RSV1 on the first frame: the payload is compressed (permessage-deflate).
    var compressed = false

    var text: String { String(decoding: payload, as: UTF8.self) }

    /// The `type` of a protocol message (`catalog`, `render`, `ack`, …), from its first member.
    var type: String? {
        // Every server message starts with {"type":"…".
        stringMember(#""type":""#, within: 64)
    }

    /// The `component` of a render, ack or error.
    var component: String? {
        stringMember(#""component":""#, within: 256)
    }

    /// The first `revision` member: a render's and an ack's own (it precedes `values`).
    var revision: Int? {
        integerMember(#""revision":"#, within: 512)
    }

    /// The `id` an ack echoes.
    var id: Int? {
        integerMember(#""id":"#, within: 128)
    }

    private func stringMember(_ key: String, within limit: Int) -> String? {
        guard let start = find(key, within: limit) else { return nil }
        var end = start
        while end < payload.count, payload[end] != UInt8(ascii: "\"") { end += 1 }
        return String(decoding: payload[start..<end], as: UTF8.self)
    }

    private func integerMember(_ key: String, within limit: Int) -> Int? {
        guard var index = find(key, within: limit) else { return nil }
        var value = 0
        var digits = 0
        while index < payload.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(payload[index]) {
            value = value * 10 + Int(payload[index] - UInt8(ascii: "0"))
            index += 1
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    /// The index just past the first occurrence of `key` in the first `limit` bytes.
    private func find(_ key: String, within limit: Int) -> Int? {
        let needle = Array(key.utf8)
        let end = min(payload.count, limit) - needle.count
        guard end >= 0 else { return nil }
        var index = 0
        while index <= end {
            if payload[index] == needle[0] {
                var matched = 1
                while matched < needle.count, payload[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return index + needle.count }
            }
            index += 1
        }
        return nil
    }
}
