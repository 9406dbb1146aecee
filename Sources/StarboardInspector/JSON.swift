/// A JSON value. Integers and other numbers are kept apart, so `7` stays an integer and `7.5` does not.
///
/// Starboard reads its own small JSON rather than `JSONSerialization` because property values need
/// exact types (an `NSNumber` cannot tell `1` from `true` on Linux) and because the writer must be
/// byte-stable for the protocol and the schema.
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in the order they were written; keys are unique.
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// Hashes the structure, consistently with `==`: the case, then the contents (an object's
    /// members in order). Writing the whole value out as text to hash it, as before, cost a
    /// string as long as the value for every dictionary or set operation.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0)
        case .bool(let b):
            hasher.combine(1)
            hasher.combine(b)
        case .integer(let i):
            hasher.combine(2)
            hasher.combine(i)
        case .number(let d):
            // Double's hash treats 0 and -0 alike, as its == does.
            hasher.combine(3)
            hasher.combine(d)
        case .string(let s):
            hasher.combine(4)
            hasher.combine(s)
        case .array(let items):
            hasher.combine(5)
            hasher.combine(items.count)
            for item in items { item.hash(into: &hasher) }
        case .object(let members):
            hasher.combine(6)
            hasher.combine(members.count)
            for (key, value) in members {
                hasher.combine(key)
                value.hash(into: &hasher)
            }
        }
    }

    /// The member named `key` of an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// A number as a Double, whether written as an integer or not.
    public var doubleValue: Double? {
        switch self {
        case .integer(let i): Double(i)
        case .number(let d): d
        default: nil
        }
    }

    /// Levels of arrays and objects: 0 for a scalar, 1 for `[]` or `[1]`, 2 for `[[1]]`.
    public var depth: Int {
        switch self {
        case .array(let items): 1 + (items.lazy.map(\.depth).max() ?? 0)
        case .object(let members): 1 + (members.lazy.map(\.1.depth).max() ?? 0)
        default: 0
        }
    }

    /// The value as compact JSON text, cut after `limit` bytes with a note of its whole length:
    /// for warnings that quote a value from a file or a client, which may be megabytes long.
    public func abbreviated(_ limit: Int = 120) -> String {
        var bytes: [UInt8] = []
        write(into: &bytes)
        guard bytes.count > limit else { return String(decoding: bytes, as: UTF8.self) }
        var end = limit
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: bytes[..<end], as: UTF8.self) + "… (\(bytes.count) bytes)"
    }

    /// What kind of JSON value this is, for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

// MARK: - Writing

extension JSONValue: CustomStringConvertible {
    /// Compact JSON text, members in their stored order.
    public var description: String {
        var out = ""
        write(into: &out)
        return out
    }

    public func write(into out: inout String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        write(into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// The same text as UTF-8 bytes. JSON is built as bytes and made a `String` once: each
    /// append to a `String` costs a few hundred instructions, and a render's accessibility
    /// list alone is a few hundred pieces.
    public func write(into out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .integer(let i): out.append(contentsOf: String(i).utf8)
        case .number(let d): out.append(contentsOf: JSONValue.format(d).utf8)
        case .string(let s): JSONValue.writeString(s, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Whole numbers without a fraction, others in Swift's shortest round-tripping form.
    public static func format(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        return String(d)
    }

    /// Writes a JSON string literal, escaping quotes, backslashes and control characters.
    public static func writeString(_ s: String, into out: inout String) {
        var bytes: [UInt8] = []
        writeString(s, into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// Writes a JSON string literal as UTF-8 bytes.
    ///
    /// Hot path: every render sends a whole SVG through here, and SVG is full of quotes. Runs of
    /// bytes that need no escape are copied whole; only the escapes are written one by one.
    public static func writeString(_ s: String, into out: inout [UInt8]) {
        var s = s
        s.withUTF8 { bytes in
            out.reserveCapacity(out.count + bytes.count + bytes.count / 8 + 2)
            out.append(0x22)
            var runStart = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                if index > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
                switch byte {
                case 0x22: out.append(0x5C); out.append(0x22)
                case 0x5C: out.append(0x5C); out.append(0x5C)
                case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
                case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
                default:
                    let hex: StaticString = "0123456789abcdef"
                    out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 0xF)]])
                }
                runStart = index + 1
            }
            if bytes.count > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count])) }
            out.append(0x22)
        }
    }
}

// MARK: - Parsing

/// Why a text is not JSON, with the byte offset where reading stopped.
public struct JSONParseError: Error, CustomStringConvertible {
    public let message: String
    public let offset: Int
    public var description: String { "malformed JSON at byte \(offset): \(message)" }
}

extension JSONValue {
    /// The deepest nesting of arrays and objects accepted.
    public static let maxDepth = 64

    /// Parses one JSON value (RFC 8259), rejecting trailing content, duplicate keys and nesting
    /// deeper than ``maxDepth``.
    ///
    /// Where RFC 8259 leaves a choice, this parser refuses: duplicate member names, numbers beyond
    /// the range of a Double (rather than infinity), lone surrogates in `\u` escapes, and the
    /// NaN and Infinity some parsers accept. An integer too large for `Int` becomes a `.number`.
    public init(parsing text: String) throws(JSONParseError) {
        var parser = JSONParser(bytes: Array(text.utf8), maxDepth: JSONValue.maxDepth)
        self = try parser.parseDocument()
    }

    /// Parses as ``init(parsing:)`` does, with a tighter nesting limit: where a value read here
    /// is passed on wrapped in more levels (a request the server forwards to its worker), the
    /// edge must refuse what the next reader could not carry.
    public init(parsing text: String, maxDepth: Int) throws(JSONParseError) {
        var parser = JSONParser(bytes: Array(text.utf8), maxDepth: min(maxDepth, JSONValue.maxDepth))
        self = try parser.parseDocument()
    }

    /// Parses UTF-8 bytes as they came from outside, refusing any that are not valid UTF-8
    /// (overlong forms, encoded surrogates, truncated sequences) with the offset where they are.
    public init(parsingUTF8 bytes: some Collection<UInt8>) throws(JSONParseError) {
        var parser = JSONParser(bytes: Array(bytes), maxDepth: JSONValue.maxDepth)
        self = try parser.parseDocument()
    }
}

private struct JSONParser {
    let bytes: [UInt8]
    let maxDepth: Int
    var index = 0
    var depth = 0

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        let value = try parseValue()
        skipWhitespace()
        if index != bytes.count { throw fail("unexpected content after the value") }
        return value
    }

    func fail(_ message: String) -> JSONParseError {
        JSONParseError(message: message, offset: index)
    }

    mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case let byte where byte < 0x80: throw fail("unexpected character '\(Character(Unicode.Scalar(byte)))'")
        case let byte: throw fail("unexpected byte 0x\(String(byte, radix: 16, uppercase: true))")
        }
    }

    mutating func expect(_ word: String) throws(JSONParseError) {
        for byte in word.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw fail("expected \(word)") }
            index += 1
        }
    }

    mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > maxDepth { throw fail("nested deeper than \(maxDepth) levels") }
    }

    mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enter()
        index += 1
        var members: [(String, JSONValue)] = []
        var keys: Set<String> = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a member name in quotes") }
            let key = try parseString()
            guard keys.insert(key).inserted else { throw fail("duplicate member \"\(key)\"") }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after a member name") }
            index += 1
            members.append((key, try parseValue()))
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input in an object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw fail("expected ',' or '}' in an object")
        }
        depth -= 1
        return .object(members)
    }

    mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enter()
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(items)
        }
        while true {
            items.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input in an array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw fail("expected ',' or ']' in an array")
        }
        depth -= 1
        return .array(items)
    }

    mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
            index += 1
        }
        guard index < bytes.count else { throw fail("unterminated string") }
        if bytes[index] == UInt8(ascii: "\"") {
            defer { index += 1 }
            guard let s = String(validating: bytes[start..<index], as: UTF8.self) else { throw fail("invalid UTF-8 in a string") }
            return s
        }
        var scalars = String.UnicodeScalarView()
        guard let prefix = String(validating: bytes[start..<index], as: UTF8.self) else { throw fail("invalid UTF-8 in a string") }
        scalars.append(contentsOf: prefix.unicodeScalars)
        while true {
            guard index < bytes.count else { throw fail("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { index += 1; break }
            if byte < 0x20 { throw fail("control character in a string") }
            if byte == UInt8(ascii: "\\") {
                index += 1
                guard index < bytes.count else { throw fail("unterminated escape") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw fail("lone surrogate in a string")
                        }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("lone surrogate in a string") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("lone surrogate in a string") }
                    scalars.append(scalar)
                default:
                    throw fail("unknown escape")
                }
                continue
            }
            // Copy a run of plain bytes.
            let runStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
                index += 1
            }
            guard let run = String(validating: bytes[runStart..<index], as: UTF8.self) else { throw fail("invalid UTF-8 in a string") }
            scalars.append(contentsOf: run.unicodeScalars)
        }
        return String(scalars)
    }

    mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("bad \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        let intStart = index
        let intDigits = digits()
        guard intDigits > 0 else { throw fail("expected digits") }
        if intDigits > 1, bytes[intStart] == UInt8(ascii: "0") { throw fail("leading zero in a number") }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            isInteger = false
            guard digits() > 0 else { throw fail("expected digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            isInteger = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw fail("expected digits in an exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let value = Int(text) { return .integer(value) }
        guard let value = Double(text), value.isFinite else { throw fail("number out of range") }
        return .number(value)
    }
}
