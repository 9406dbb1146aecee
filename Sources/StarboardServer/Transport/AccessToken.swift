/// The secret a client must present when the server listens beyond loopback.
///
/// On loopback the `Host` and `Origin` checks are enough: only this machine can connect, and
/// they keep its other web pages out. Beyond loopback any machine that can reach the port can
/// send whatever headers it likes, so something only the person who started the server knows
/// is needed: this token, printed at start-up inside the page's URL.
public struct AccessToken: Sendable, Equatable, CustomStringConvertible {
    /// The token as it appears in a URL (`?token=…`).
    public let value: String

    /// The shortest token accepted from outside: 16 characters of the URL-safe alphabet.
    public static let minimumLength = 16
    /// The longest, so a request's query can always carry it.
    public static let maximumLength = 256

    /// A fresh token: 128 bits from the system's secure random source, as 32 hex digits.
    public static func random() -> AccessToken {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        var text = ""
        for _ in 0..<2 {
            var word = generator.next() as UInt64
            for _ in 0..<16 {
                text.append(digits[Int(word & 0xF)])
                word >>= 4
            }
        }
        return AccessToken(unchecked: text)
    }

    /// A token chosen by the user (for a URL that stays the same across restarts).
    ///
    /// - Throws: ``Invalid`` naming what was expected and what came, when the text is shorter
    ///   than ``minimumLength``, longer than ``maximumLength``, or has a character outside
    ///   `A-Z a-z 0-9 - . _ ~` (those a URL carries without escaping).
    public init(validating text: String) throws(Invalid) {
        let length = text.unicodeScalars.count
        guard length >= Self.minimumLength, length <= Self.maximumLength else {
            throw Invalid(description: "a token needs \(Self.minimumLength) to \(Self.maximumLength) characters; got \(length)")
        }
        if let bad = text.unicodeScalars.first(where: { !Self.isURLSafe($0) }) {
            throw Invalid(description: "a token may only use A-Z a-z 0-9 - . _ ~; got \"\(bad.escaped(asASCII: true))\"")
        }
        value = text
    }

    private init(unchecked value: String) {
        self.value = value
    }

    /// Whether `candidate` is this token. Takes as long for a near miss as for a far one, so
    /// the time of a refusal tells an attacker nothing about how much of a guess was right.
    public func matches(_ candidate: String?) -> Bool {
        guard let candidate else { return false }
        let expected = Array(value.utf8)
        let given = Array(candidate.utf8)
        // The length is no secret (a random token is always 32 digits); the bytes are.
        guard expected.count == given.count else { return false }
        var difference: UInt8 = 0
        for index in expected.indices {
            difference |= expected[index] ^ given[index]
        }
        return difference == 0
    }

    /// Never the token itself, so logging a configuration does not leak it.
    public var description: String { "AccessToken(\(value.utf8.count) characters)" }

    private static func isURLSafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "-", ".", "_", "~": true
        default: false
        }
    }

    /// Why a user's token was refused.
    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public let description: String
    }
}
