import Testing
import StarboardUI
@testable import StarboardInspector

/// Values at the edges that the attack run and the fuzzers found (issue 11, items 12 and 13).
@Suite("Hostile values")
struct HostileValueTests {
    static func integer(_ minimum: Double? = nil, _ maximum: Double? = nil) -> PropertyDescriptor {
        PropertyDescriptor(name: "n", label: "N", kind: .integer, defaultValue: .integer(0),
                           constraints: Constraints(minimum: minimum, maximum: maximum), help: nil)
    }

    static let text = PropertyDescriptor(name: "s", label: "S", kind: .string, defaultValue: .string(""),
                                         constraints: Constraints(), help: nil)

    /// Through Double, Int.max is 2^63, which no Int holds: clamping it trapped.
    @Test(arguments: [Int.max, Int.max - 1, Int.min, Int.min + 1, 1 << 62, -(1 << 62)])
    func clampingAnIntegerNearTheEndsOfIntDoesNotTrap(value: Int) throws {
        #expect(Self.integer().clamped(.integer(value)) == .integer(value))
        #expect(Self.integer(0, 100).clamped(.integer(value)) == .integer(value > 0 ? 100 : 0))
        #expect(Self.integer(-0x1p63, 0x1p63).clamped(.integer(value)) == .integer(value))
    }

    @Test(arguments: ["\"a\"", "\"\"", "\"", "\"quoted\" and \"more\"", "\"\u{301}\"", "x\"", " \"padded\" ", "\"\"\"\""])
    func aStringReadsBackFromItsText(value: String) throws {
        let text = PropertyValue.string(value).text
        #expect(try Self.text.value(fromText: text, component: "C") == .string(value))
    }

    /// `name=` followed by a combining mark is one Character: the `=` was not found.
    @Test func anAssignmentSplitsAtTheEqualsSignBeforeACombiningMark() throws {
        let component = try ComponentDefinition(EveryKind.self)
        let values = try component.values(fromAssignments: ["title=\u{301}ab"])
        #expect(values["title"] == .string("\u{301}ab"))
    }
}

/// Length limits count bytes and combining marks too (issue 11, item 3).
@Suite("String limits")
struct StringLimitTests {
    let component = try! ComponentDefinition(EveryKind.self)

    /// 5 "characters" (the limit of `title`) that are megabytes: each letter carries marks.
    @Test func aFewCharactersOfStackedMarksAreRefused() {
        let heavy = String(repeating: "a" + String(repeating: "\u{301}", count: 2000), count: 5)
        #expect(heavy.count == 5)
        #expect(throws: PropertyError.self) { try component.values(fromJSON: .object([("title", .string(heavy))])) }
        do {
            _ = try component.values(fromJSON: .object([("title", .string(heavy))]))
        } catch {
            #expect(error.property == "title")
            #expect(error.message.contains("at most 160 bytes"))
        }
    }

    @Test func aCharacterWithTooManyMarksIsRefusedEvenWhenShort() {
        let zalgo = "a" + String(repeating: "\u{301}", count: 20)
        #expect(zalgo.utf8.count <= 160)
        #expect(throws: PropertyError.self) { try component.values(fromJSON: .object([("title", .string(zalgo))])) }
    }

    @Test(arguments: ["hi", "héllo", "e\u{301}e\u{301}", "👩🏽‍❤️‍💋‍👨🏿", "🇩🇪🇫🇷", "ab\u{0308}\u{0301}"])
    func realTextPasses(text: String) throws {
        let values = try component.values(fromJSON: .object([("title", .string(text))]))
        #expect(values["title"] == .string(text))
    }

    @Test func aStringWithoutAMaximumLengthIsStillBoundedInBytes() {
        let descriptor = PropertyDescriptor(name: "s", label: "S", kind: .string, defaultValue: .string(""), constraints: Constraints(), help: nil)
        #expect(throws: PropertyError.self) { try descriptor.validate(.string(String(repeating: "x", count: 16 * 1024 + 1)), component: "C") }
        #expect(throws: Never.self) { try descriptor.validate(.string(String(repeating: "x", count: 16 * 1024)), component: "C") }
    }
}

@Suite("Dates")
struct DateTextTests {
    @Test(arguments: ["2026-05-01T99:99", "2026-05-01T24:00", "2026-05-01T12:60", "2026-05-01T", "2026-05-01T12", "2026-05-01T1:2",
                      "2026-05-01T12:00:61", "2026-05-01T12:00+25:00", "2026-05-01T12:00:00.", "2026-05-01Tnoon"])
    func aDateTimeWithATimeThatIsNoneIsRefused(text: String) {
        #expect(CalendarDate(iso8601: text) == nil)
    }

    @Test(arguments: ["2026-05-01", "2026-05-01T12:30", "2026-05-01T23:59:60", "2026-05-01T00:00:00.123Z", "2026-05-01T08:00+02:00", "2026-05-01T08:00-05:30"])
    func realDatesAndDateTimesRead(text: String) {
        #expect(CalendarDate(iso8601: text) == CalendarDate(year: 2026, month: 5, day: 1))
    }
}
