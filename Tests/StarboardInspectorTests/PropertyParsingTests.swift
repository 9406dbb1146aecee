import Testing
import StarboardUI
@testable import StarboardInspector

@Suite("Property values")
struct PropertyParsingTests {
    let component = try! ComponentDefinition(EveryKind.self)

    @Test(arguments: [
        ("count=7", "count", PropertyValue.integer(7)),
        ("amount=0.25", "amount", .double(0.25)),
        ("enabled=false", "enabled", .bool(false)),
        ("enabled=yes", "enabled", .bool(true)),
        ("title=\"a b\"", "title", .string("a b")),
        ("box=30x40", "box", .size(Size(width: 30, height: 40))),
        ("box=30×40", "box", .size(Size(width: 30, height: 40))),
        ("origin=-5,7.5", "origin", .point(Point(x: -5, y: 7.5))),
        ("tint=#FF8800", "tint", .color(Color(red8: 255, green8: 136, blue8: 0))),
        ("tint=#FF880080", "tint", .color(Color(red8: 255, green8: 136, blue8: 0, alpha8: 128))),
        ("turn=90", "turn", .angle(90)),
        ("turn=45°", "turn", .angle(45)),
        ("mood=busy", "mood", .choice("busy")),
        ("day=2026-12-24", "day", .date(CalendarDate(year: 2026, month: 12, day: 24))),
        ("level=3", "level", .integer(3)),
    ])
    func parsesEveryKindFromText(assignment: String, property: String, expected: PropertyValue) throws {
        let values = try component.values(fromAssignments: [assignment])
        #expect(values == [property: expected])
    }

    @Test func parsesEveryKindFromJSON() throws {
        let json = try JSONValue(parsing: """
        {"count":7,"amount":0.25,"enabled":false,"title":"ab","box":{"width":30,"height":40},"origin":{"x":1,"y":2},
         "tint":"#FF880080","turn":90,"mood":"busy","day":"2026-12-24","level":3}
        """)
        let values = try component.values(fromJSON: json)
        #expect(values["count"] == .integer(7))
        #expect(values["box"] == .size(Size(width: 30, height: 40)))
        #expect(values["origin"] == .point(Point(x: 1, y: 2)))
        #expect(values["tint"] == .color(Color(red8: 255, green8: 136, blue8: 0, alpha8: 128)))
        #expect(values["turn"] == .angle(90))
        #expect(values["day"] == .date(CalendarDate(year: 2026, month: 12, day: 24)))
        #expect(values.count == 11)
    }

    @Test(arguments: [
        ("colour=#FFF", "colour", "no such property"),
        ("count=abc", "count", "expected an integer in 1...10, got \"abc\""),
        ("count=-3", "count", "expected an integer in 1...10, got -3"),
        ("count=11", "count", "expected an integer in 1...10, got 11"),
        ("count=2.5", "count", "expected an integer in 1...10"),
        ("amount=nan", "amount", "expected a number in 0...1, got \"nan\""),
        ("amount=inf", "amount", "expected a number in 0...1, got \"inf\""),
        ("amount=1.5", "amount", "expected a number in 0...1, got 1.5"),
        ("enabled=maybe", "enabled", "expected true or false"),
        ("title=toolong", "title", "expected a string of at most 5 characters, got one of 7"),
        ("box=30", "box", "expected a size like 30x30"),
        ("box=30xfoo", "box", "expected a size like 30x30"),
        ("box=0x10", "box", "with each side in 1...100, got 0x10"),
        ("tint=#GG0000", "tint", "expected a color like #FF8800"),
        ("tint=#FF88", "tint", "expected a color like #FF8800"),
        ("mood=angry", "mood", "expected one of calm, busy, got \"angry\""),
        ("day=2026-02-30", "day", "expected a date like 2026-05-01"),
        ("level=11", "level", "expected an integer in 0...10"),
    ])
    func refusesBadTextNamingThePropertyAndTheValue(assignment: String, property: String, message: String) {
        #expect {
            _ = try component.values(fromAssignments: [assignment])
        } throws: { error in
            guard let error = error as? PropertyError else { return false }
            return error.component == "EveryKind" && error.property == property && error.description.contains(message)
        }
    }

    @Test(arguments: [
        (#"{"count":"7"}"#, "count", "expected an integer in 1...10, got \"7\""),
        (#"{"count":true}"#, "count", "expected an integer"),
        (#"{"amount":1e308}"#, "amount", "expected a number in 0...1"),
        (#"{"enabled":1}"#, "enabled", "expected true or false, got 1"),
        (#"{"box":{"width":30}}"#, "box", "expected a size {\"width\": …, \"height\": …}"),
        (#"{"box":"30x30"}"#, "box", "expected a size"),
        (#"{"tint":"FF8800"}"#, "tint", "expected a color \"#RRGGBB\" or \"#RRGGBBAA\""),
        (#"{"day":"tomorrow"}"#, "day", "expected an ISO 8601 date"),
        (#"{"nope":1}"#, "nope", "no such property; EveryKind has count, amount"),
    ])
    func refusesBadJSON(json: String, property: String, message: String) throws {
        let value = try JSONValue(parsing: json)
        #expect {
            _ = try component.values(fromJSON: value)
        } throws: { error in
            guard let error = error as? PropertyError else { return false }
            return error.property == property && error.description.contains(message)
        }
    }

    @Test func aSetOfValuesIsAppliedAllOrNothing() throws {
        let base = component.defaults
        #expect(throws: PropertyError.self) {
            _ = try component.values(fromAssignments: ["count=4", "title=far too long"])
        }
        // resolve never mutates its input; with a bad member the whole set is refused.
        #expect(throws: PropertyError.self) {
            _ = try component.resolve(changes: ["count": .integer(4), "amount": .double(7)], over: base)
        }
        #expect(base == component.defaults)
    }

    @Test func loweringTheBoundClampsTheDependentValueWithANote() throws {
        let start = try component.resolve(changes: ["count": .integer(8), "level": .integer(7)], over: component.defaults)
        #expect(start.values["level"] == .integer(7))
        let lowered = try component.resolve(changes: ["count": .integer(4)], over: start.values)
        #expect(lowered.values["level"] == .integer(4))
        #expect(lowered.notes == ["level lowered from 7 to 4 because count is now 4"])
    }

    @Test func anExplicitValueAboveItsBoundIsAnError() throws {
        #expect {
            _ = try component.resolve(changes: ["level": .integer(5)], over: component.defaults)
        } throws: { error in
            (error as? PropertyError)?.description == "EveryKind.level: expected an integer in 0...3 (at most count, which is 3), got 5"
        }
    }

    @Test func resetReturnsNamedPropertiesToDefaults() throws {
        let changed = try component.resolve(changes: ["count": .integer(9), "title": .string("x")], over: component.defaults)
        let reset = try component.reset(["count"], over: changed.values)
        #expect(reset.values["count"] == .integer(3))
        #expect(reset.values["title"] == .string("x"))
        #expect(try component.reset(nil, over: changed.values).values == component.defaults)
        #expect(throws: PropertyError.self) { _ = try component.reset(["bogus"], over: changed.values) }
    }

    @Test func tapRunsTheComponentsOwnBehaviour() throws {
        let after = try component.tap("grow", values: component.defaults)
        #expect(after.values["count"] == .integer(4))
        #expect {
            _ = try component.tap("shrink", values: component.defaults)
        } throws: { error in
            (error as? PropertyError)?.description == "EveryKind: no tap target \"shrink\""
        }
    }

    @Test func renderingIsAPureFunctionOfTheValues() throws {
        let values = try component.resolve(changes: ["count": .integer(4)], over: component.defaults).values
        let first = try component.render(values)
        let second = try component.render(values)
        #expect(first.rendering.svg == second.rendering.svg)
        #expect(first.rendering.accessibility.filter { $0.isTappable }.count == 4)
        #expect(try component.render(component.defaults).rendering.accessibility.count == 3)
    }

    @Test func titlesComeFromPropertyNames() {
        #expect(PropertyDescriptor.title(fromName: "starCount") == "Star Count")
        #expect(PropertyDescriptor.title(fromName: "hueRotation") == "Hue Rotation")
        #expect(PropertyDescriptor.title(fromName: "name") == "Name")
        #expect(component.property(named: "box")?.label == "Box")
    }
}
