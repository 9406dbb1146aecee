import Testing
@testable import StarboardInspector

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
}
