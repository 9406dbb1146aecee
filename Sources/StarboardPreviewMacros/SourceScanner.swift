/// Walks Swift source text as the lexer would for what a preview's expansion needs: comments,
/// string literals (multi-line, raw, with interpolations) and brackets, so a comma, brace or
/// `@Previewable` inside a string or comment is never taken for code.
///
/// Offsets are UTF-8 byte offsets, as the compiler's are.
struct SourceScanner {
    let bytes: [UInt8]

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// What went wrong, and where (a byte offset into the text).
    struct Failure: Error, Equatable {
        let message: String
        let offset: Int
    }

    subscript(offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The offset after the whitespace and comments starting at `offset`.
    func skipTrivia(from offset: Int) throws(Failure) -> Int {
        var at = offset
        while let byte = self[at] {
            if byte == .space || byte == .tab || byte == .newline || byte == .carriageReturn {
                at += 1
            } else if let end = try commentEnd(at: at) {
                at = end
            } else {
                break
            }
        }
        return at
    }

    /// The offset after the comment starting at `offset`, or nil when none starts there.
    func commentEnd(at offset: Int) throws(Failure) -> Int? {
        guard self[offset] == .slash else { return nil }
        if self[offset + 1] == .slash {
            var at = offset + 2
            while let byte = self[at], byte != .newline { at += 1 }
            return at
        }
        guard self[offset + 1] == .star else { return nil }
        var depth = 1
        var at = offset + 2
        while depth > 0 {
            guard let byte = self[at] else { throw Failure(message: "unterminated '/*' comment", offset: offset) }
            if byte == .slash, self[at + 1] == .star {
                depth += 1
                at += 2
            } else if byte == .star, self[at + 1] == .slash {
                depth -= 1
                at += 2
            } else {
                at += 1
            }
        }
        return at
    }

    /// The offset after the string literal starting at `offset` (at its first `#` or `"`), or nil
    /// when none starts there.
    func stringEnd(at offset: Int) throws(Failure) -> Int? {
        var at = offset
        var pounds = 0
        while self[at] == .pound {
            pounds += 1
            at += 1
        }
        guard self[at] == .quote else { return nil }
        let multiline = self[at + 1] == .quote && self[at + 2] == .quote
        at += multiline ? 3 : 1
        while true {
            guard let byte = self[at] else { throw Failure(message: "unterminated string literal", offset: offset) }
            if byte == .newline, !multiline { throw Failure(message: "unterminated string literal", offset: offset) }
            if byte == .backslash, (0..<pounds).allSatisfy({ self[at + 1 + $0] == .pound }) {
                at += 1 + pounds
                if self[at] == .openParen {
                    // An interpolation: code up to its closing parenthesis.
                    at = try closingEnd(at: at)
                } else {
                    at += 1
                }
                continue
            }
            let closes = multiline ? (byte == .quote && self[at + 1] == .quote && self[at + 2] == .quote) : byte == .quote
            if closes {
                let after = at + (multiline ? 3 : 1)
                if (0..<pounds).allSatisfy({ self[after + $0] == .pound }) { return after + pounds }
            }
            at += 1
        }
    }

    /// The offset after the bracket that closes the one at `offset`.
    func closingEnd(at offset: Int) throws(Failure) -> Int {
        var stack: [(close: UInt8, at: Int)] = []
        var at = offset
        repeat {
            at = try step(at: at, stack: &stack)
        } while !stack.isEmpty
        return at
    }

    /// Moves over one token, comment or byte, keeping `stack` of open brackets up to date.
    func step(at offset: Int, stack: inout [(close: UInt8, at: Int)]) throws(Failure) -> Int {
        guard let byte = self[offset] else {
            let open = stack.last?.at ?? offset
            throw Failure(message: "expected '\(Character(Unicode.Scalar(stack.last?.close ?? .closeBrace)))' to match the '\(text(open..<open + 1))' here", offset: open)
        }
        if let end = try commentEnd(at: offset) { return end }
        if byte == .quote || byte == .pound, let end = try stringEnd(at: offset) { return end }
        switch byte {
        case .openParen: stack.append((.closeParen, offset))
        case .openBracket: stack.append((.closeBracket, offset))
        case .openBrace: stack.append((.closeBrace, offset))
        case .closeParen, .closeBracket, .closeBrace:
            guard let open = stack.popLast() else {
                throw Failure(message: "unexpected '\(Character(Unicode.Scalar(byte)))'", offset: offset)
            }
            guard open.close == byte else {
                throw Failure(message: "expected '\(Character(Unicode.Scalar(open.close)))' to match the '\(text(open.at..<open.at + 1))' here", offset: open.at)
            }
        default: break
        }
        return offset + 1
    }

    /// Whether `word` is spelled at `offset` and does not run on into a longer identifier.
    func hasWord(_ word: String, at offset: Int) -> Bool {
        let utf8 = Array(word.utf8)
        guard offset + utf8.count <= bytes.count, Array(bytes[offset..<offset + utf8.count]) == utf8 else { return false }
        return !(self[offset + utf8.count].map(Self.isIdentifierByte) ?? false)
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// The line (from 1) of `offset`, counting from a text that starts on `firstLine`.
    func line(of offset: Int, firstLine: Int) -> Int {
        firstLine + bytes[..<min(offset, bytes.count)].reduce(0) { $0 + ($1 == .newline ? 1 : 0) }
    }
}

extension UInt8 {
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let slash = UInt8(ascii: "/")
    static let star = UInt8(ascii: "*")
    static let pound = UInt8(ascii: "#")
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let openParen = UInt8(ascii: "(")
    static let closeParen = UInt8(ascii: ")")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let semicolon = UInt8(ascii: ";")
    static let at = UInt8(ascii: "@")
}
