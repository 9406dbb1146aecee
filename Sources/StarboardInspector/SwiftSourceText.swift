/// A Swift file's bytes, knowing which of them are code: not inside a comment (line, block,
/// nested block) or a string literal (one-line, multi-line `"""`, raw `#"…"#`). Searches and
/// bracket matching look at code only, so a `]` in a string or a `struct X` in a comment is
/// never taken for the real thing.
struct SwiftSourceText {
    let bytes: [UInt8]
    private(set) var isCode: [Bool]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        isCode = Array(repeating: true, count: bytes.count)
        var index = 0
        while index < bytes.count {
            let start = index
            if let end = Self.endOfComment(bytes, at: index) ?? Self.endOfString(bytes, at: index) {
                for covered in start..<end { isCode[covered] = false }
                index = end
            } else {
                index += 1
            }
        }
    }

    var count: Int { bytes.count }

    static func isIdentifier(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// The first whole word `word` in code at or after `start` and before `end`.
    func find(word: String, from start: Int, before end: Int) -> Int? {
        let needle = Array(word.utf8)
        guard !needle.isEmpty, end - needle.count >= start else { return nil }
        for index in start...(end - needle.count) where bytes[index] == needle[0] && isCode[index] {
            guard bytes[index..<index + needle.count].elementsEqual(needle) else { continue }
            if index > 0, Self.isIdentifier(bytes[index - 1]) { continue }
            if index + needle.count < bytes.count, Self.isIdentifier(bytes[index + needle.count]) { continue }
            return index
        }
        return nil
    }

    /// The identifier that starts at `start`, if one does.
    func word(at start: Int) -> String? {
        var end = start
        while end < bytes.count, isCode[end], Self.isIdentifier(bytes[end]) { end += 1 }
        return end > start ? String(decoding: bytes[start..<end], as: UTF8.self) : nil
    }

    /// The first code byte at or after `start` that is not white space.
    func nextCode(from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if isCode[index], !Self.isSpace(bytes[index]) { return index }
            index += 1
        }
        return nil
    }

    /// The last code byte in `range` that is not white space.
    func lastCode(in range: Range<Int>) -> Int? {
        var index = range.upperBound
        while index > range.lowerBound {
            index -= 1
            if isCode[index], !Self.isSpace(bytes[index]) { return index }
        }
        return nil
    }

    /// The bracket closing the `(`, `[` or `{` at `start`, counting every kind of bracket in code.
    func matching(_ start: Int) -> Int? {
        var depth = 0
        for index in start..<bytes.count where isCode[index] {
            switch bytes[index] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return index }
                if depth < 0 { return nil }
            default: break
            }
        }
        return nil
    }

    /// The start of the line that holds `index`.
    func lineStart(_ index: Int) -> Int {
        var at = index
        while at > 0, bytes[at - 1] != UInt8(ascii: "\n") { at -= 1 }
        return at
    }

    /// The spaces and tabs that begin the line holding `index`.
    func indentation(ofLineAt index: Int) -> String {
        let start = lineStart(index)
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Whether `range` holds a line break.
    func spansLines(_ range: Range<Int>) -> Bool {
        bytes[range].contains(UInt8(ascii: "\n"))
    }

    // MARK: - Comments and strings

    /// Just past the comment that starts at `index`, if one does.
    private static func endOfComment(_ bytes: [UInt8], at index: Int) -> Int? {
        guard bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count else { return nil }
        if bytes[index + 1] == UInt8(ascii: "/") {
            var end = index
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            return end
        }
        guard bytes[index + 1] == UInt8(ascii: "*") else { return nil }
        // Block comments nest in Swift.
        var depth = 0
        var end = index
        while end + 1 < bytes.count {
            if bytes[end] == UInt8(ascii: "/"), bytes[end + 1] == UInt8(ascii: "*") { depth += 1; end += 2; continue }
            if bytes[end] == UInt8(ascii: "*"), bytes[end + 1] == UInt8(ascii: "/") {
                depth -= 1
                end += 2
                if depth == 0 { return end }
                continue
            }
            end += 1
        }
        return bytes.count
    }

    /// Just past the `)` that closes an interpolation whose code starts at `index`.
    private static func endOfInterpolation(_ bytes: [UInt8], at index: Int) -> Int {
        var depth = 1
        var at = index
        while at < bytes.count {
            if let end = endOfString(bytes, at: at) ?? endOfComment(bytes, at: at) {
                at = end
                continue
            }
            if bytes[at] == UInt8(ascii: "(") { depth += 1 }
            if bytes[at] == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 { return at + 1 }
            }
            at += 1
        }
        return bytes.count
    }

    /// Just past the string literal that starts at `index` (its `#`s included), if one does.
    private static func endOfString(_ bytes: [UInt8], at index: Int) -> Int? {
        var hashes = 0
        var quote = index
        while quote < bytes.count, bytes[quote] == UInt8(ascii: "#") { hashes += 1; quote += 1 }
        guard quote < bytes.count, bytes[quote] == UInt8(ascii: "\"") else { return nil }
        let isMultiline = quote + 2 < bytes.count && bytes[quote + 1] == UInt8(ascii: "\"") && bytes[quote + 2] == UInt8(ascii: "\"")
        let delimiter = isMultiline ? 3 : 1
        var at = quote + delimiter
        while at < bytes.count {
            let byte = bytes[at]
            if byte == UInt8(ascii: "\\") {
                // An escape only counts with as many `#`s as the delimiter has.
                var following = at + 1
                var escapeHashes = 0
                while following < bytes.count, bytes[following] == UInt8(ascii: "#"), escapeHashes < hashes { escapeHashes += 1; following += 1 }
                // An interpolation is code, with strings of its own: `"\(["]"].count)"`.
                if escapeHashes == hashes, following < bytes.count, bytes[following] == UInt8(ascii: "(") {
                    at = endOfInterpolation(bytes, at: following + 1)
                    continue
                }
                at = escapeHashes == hashes ? following + 1 : at + 1
                continue
            }
            if byte == UInt8(ascii: "\n"), !isMultiline { return at }
            if byte == UInt8(ascii: "\"") {
                var closing = at
                var quotes = 0
                while closing < bytes.count, bytes[closing] == UInt8(ascii: "\""), quotes < delimiter { quotes += 1; closing += 1 }
                var closingHashes = 0
                while closing < bytes.count, bytes[closing] == UInt8(ascii: "#"), closingHashes < hashes { closingHashes += 1; closing += 1 }
                if quotes == delimiter, closingHashes == hashes { return closing }
                at += 1
                continue
            }
            at += 1
        }
        return bytes.count
    }
}
