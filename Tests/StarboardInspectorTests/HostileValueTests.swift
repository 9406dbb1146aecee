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
