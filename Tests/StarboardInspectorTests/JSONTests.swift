import Testing
@testable import StarboardInspector
import StarboardUI

@Suite("JSON")
struct JSONTests {
    @Test func roundTripsKeepingMemberOrderAndNumberKinds() throws {
        let text = #"{"b":1,"a":[true,false,null,1.5,-2,"x\"\\\n\u0001"],"c":{}}"#
        let value = try JSONValue(parsing: text)
        #expect(value["b"] == .integer(1))
        #expect(value.description == #"{"b":1,"a":[true,false,null,1.5,-2,"x\"\\\n\u0001"],"c":{}}"#)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        #expect(try JSONValue(parsing: #""\u00e9\ud83c\udf37""#) == .string("é🌷"))
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "01", "1.", "NaN", "Infinity", "\"\\x\"", "\"\\ud800\"",
        "{\"a\":1,\"a\":2}", "[1] 2", "tru", "\"a\nb\"", String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
    ])
    func refusesMalformedText(text: String) {
        #expect(throws: JSONParseError.self) { _ = try JSONValue(parsing: text) }
    }

    // MARK: - Numbers

    @Test(arguments: [
        ("0", JSONValue.integer(0)), ("-0", .integer(0)), ("7", .integer(7)), ("-12", .integer(-12)),
        ("9223372036854775807", .integer(Int.max)), ("-9223372036854775808", .integer(Int.min)),
        // One past Int's range, and far past it: kept as the nearest Double.
        ("9223372036854775808", .number(9_223_372_036_854_775_808)), ("-9223372036854775809", .number(-0x1p63)),
        ("123456789012345678901234567890", .number(1.2345678901234568e29)),
        ("0.5", .number(0.5)), ("-0.0", .number(-0.0)), ("1e3", .number(1000)), ("1E3", .number(1000)), ("1e+3", .number(1000)),
        ("2.5e-3", .number(0.0025)), ("-1.25E+2", .number(-125)), ("1e-400", .number(0)), ("1.7976931348623157e308", .number(.greatestFiniteMagnitude)),
        ("0e0", .number(0)), ("10.0", .number(10)),
    ])
    func readsNumbers(text: String, value: JSONValue) throws {
        let parsed = try JSONValue(parsing: text)
        #expect(parsed == value)
        // Integers and other numbers stay apart, and a negative zero keeps its sign.
        if case .number(let d) = parsed, case .number(let expected) = value { #expect(d.sign == expected.sign) }
    }

    @Test(arguments: ["+1", ".5", "1.", "01", "-", "-01", "1e", "1e+", "0x10", "1_000", "1e400", "-1e400", "1.5.2", "- 1", "٣"])
    func refusesMalformedNumbers(text: String) {
        #expect(throws: JSONParseError.self) { _ = try JSONValue(parsing: text) }
    }

    @Test func numbersAreWrittenBackAsTheyRead() throws {
        #expect(JSONValue.integer(-0).description == "0")
        #expect(JSONValue.number(1000).description == "1000")
        #expect(JSONValue.number(0.1).description == "0.1")
        #expect(JSONValue.number(1e300).description == "1e+300")
        #expect(try JSONValue(parsing: JSONValue.number(1e300).description) == .number(1e300))
    }

    // MARK: - Nesting

    @Test func nestsSixtyFourLevelsButNotSixtyFive() throws {
        let deepest = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { _ = try JSONValue(parsing: deepest) }
        let objects = String(repeating: #"{"a":"#, count: 63) + "[]" + String(repeating: "}", count: 63)
        #expect(throws: Never.self) { _ = try JSONValue(parsing: objects) }
        let tooDeep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        do {
            _ = try JSONValue(parsing: tooDeep)
            Issue.record("65 levels were accepted")
        } catch {
            #expect(error.message == "nested deeper than 64 levels")
            #expect(error.offset == 64)
        }
        // Depth counts what is open, not what was ever opened.
        let wide = "[" + Array(repeating: String(repeating: "[", count: 63) + String(repeating: "]", count: 63), count: 10).joined(separator: ",") + "]"
        #expect(throws: Never.self) { _ = try JSONValue(parsing: wide) }
    }

    // MARK: - Escapes

    @Test(arguments: [
        (#""\"""#, "\""), (#""\\""#, "\\"), (#""\/""#, "/"), (#""\b""#, "\u{8}"), (#""\f""#, "\u{C}"),
        (#""\n""#, "\n"), (#""\r""#, "\r"), (#""\t""#, "\t"), (#""\u0000""#, "\u{0}"), (#""\u001F""#, "\u{1F}"),
        (#""\u00E9""#, "é"), (#""\u00e9""#, "é"), (#""\uFFFF""#, "\u{FFFF}"), (#""\uD834\uDD1E""#, "𝄞"),
        (#""a\u0041b""#, "aAb"), (#""é\n✓""#, "é\n✓"),
    ])
    func readsEveryEscape(text: String, string: String) throws {
        #expect(try JSONValue(parsing: text) == .string(string))
    }

    @Test(arguments: [
        #""\a""#, #""\x41""#, #""\U0041""#, #""\u004""#, #""\u00G1""#, #""\""#, #""\ud834""#, #""\ud834x""#,
        #""\ud834\u0041""#, #""\udd1e""#, #""\udd1e\ud834""#, "\"tab\there\"", "\"\u{1F}\"", "\"unterminated",
    ])
    func refusesBadEscapesAndControlCharacters(text: String) {
        #expect(throws: JSONParseError.self) { _ = try JSONValue(parsing: text) }
    }

    @Test func writesWhatItReads() throws {
        let string = "quote \" backslash \\ slash / controls \u{0}\u{8}\u{C}\n\r\t\u{1F} é 𝄞"
        let written = JSONValue.string(string).description
        #expect(written == #""quote \" backslash \\ slash / controls \u0000\u0008\u000c\n\r\t\u001f é 𝄞""#)
        #expect(try JSONValue(parsing: written) == .string(string))
    }

    // MARK: - UTF-8

    @Test(arguments: [
        [0x22, 0xC0, 0xAF, 0x22],              // overlong "/"
        [0x22, 0xE0, 0x80, 0xAF, 0x22],        // overlong, three bytes
        [0x22, 0xED, 0xA0, 0x80, 0x22],        // an encoded surrogate
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // past U+10FFFF
        [0x22, 0xC3, 0x22],                    // truncated
        [0x22, 0x80, 0x22],                    // a lone continuation byte
        [0x22, 0xFF, 0x22], [0x22, 0xF8, 0x88, 0x80, 0x80, 0x80, 0x22],
        [0x22, 0x5C, 0x6E, 0xE2, 0x9C, 0x22],  // after an escape, truncated
        [0x5B, 0xC3, 0xA9, 0x5D],              // outside a string
        [0xEF, 0xBB, 0xBF, 0x31],              // a byte-order mark
    ] as [[UInt8]])
    func refusesInvalidUTF8(bytes: [UInt8]) {
        #expect(throws: JSONParseError.self) { _ = try JSONValue(parsingUTF8: bytes) }
    }

    @Test func acceptsEveryValidUTF8Length() throws {
        let bytes: [UInt8] = [0x22] + Array("a é ✓ 𝄞".utf8) + [0x22]
        #expect(try JSONValue(parsingUTF8: bytes) == .string("a é ✓ 𝄞"))
        let error = try #require(throws: JSONParseError.self) { try JSONValue(parsingUTF8: [0x22, 0x61, 0xC3, 0x28, 0x22]) }
        #expect(error.message == "invalid UTF-8 in a string")
    }

    // MARK: - Hashing

    @Test func equalValuesHashAlikeAndOthersApart() {
        let pairs: [(JSONValue, JSONValue)] = [
            (.number(0), .number(-0.0)),
            (.object([("a", .integer(1)), ("b", .array([.null]))]), .object([("a", .integer(1)), ("b", .array([.null]))])),
        ]
        for (left, right) in pairs {
            #expect(left == right)
            #expect(left.hashValue == right.hashValue)
        }
        // Different kinds that write the same text are different values, and a set keeps both.
        let set: Set<JSONValue> = [.integer(1), .number(1), .string("1"), .array([.integer(1)]),
                                   .object([("a", .integer(1)), ("b", .integer(2))]), .object([("b", .integer(2)), ("a", .integer(1))])]
        #expect(set.count == 6)
    }

    @Test func accessibilityIsWrittenStraightAsItsJSONValueWouldBe() {
        let elements = [
            AccessibilityElement(id: "star-1", label: "Set \"1\" star", value: nil, hint: "Tap\nhere ✓", frame: Rect(x: 0.1234, y: -2, width: 44, height: 1e-4), isTappable: true),
            AccessibilityElement(id: "title", label: nil, value: "3 stars", hint: nil, frame: Rect(x: 12.5, y: 1000.0005, width: 0, height: 7), isTappable: false),
            AccessibilityElement(id: "go", label: "Go", value: nil, hint: nil, frame: Rect(x: 1, y: 2, width: 3, height: 4), isTappable: true, traits: ["button", "is \"selected\""]),
        ]
        var written: [UInt8] = []
        elements.writeJSON(into: &written)
        #expect(String(decoding: written, as: UTF8.self) == JSONValue.array(elements.map(\.json)).description)
        var empty: [UInt8] = []
        [AccessibilityElement]().writeJSON(into: &empty)
        #expect(empty == Array("[]".utf8))
    }
}
