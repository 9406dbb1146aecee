import Testing
@testable import StarboardInspector

@Suite("Registry")
struct RegistryTests {
    @Test func refusesDuplicateNames() {
        #expect {
            _ = try Registry([First.self, Second.self])
        } throws: { error in
            "\(error)".contains("two components are registered as \"Same\": StarboardInspectorTests.First and StarboardInspectorTests.Second")
        }
    }

    /// The rule Save as variant keeps is the registry's: one name in two spellings is refused, naming both.
    @Test func refusesTwoVariantsWhoseNamesAreOneName() {
        #expect {
            _ = try Registry([TwiceCafe.self])
        } throws: { error in
            "\(error)".contains("TwiceCafe declares two variants with the same name (\"Caf\u{E9}\" and \"CAFE\u{301}\"; \(VariantName.rule))")
        }
    }

    @Test func namesATypeRegisteredTwice() {
        #expect {
            _ = try Registry([EveryKind.self, First.self, First.self])
        } throws: { error in
            "\(error)".contains("StarboardInspectorTests.First is registered twice (entries 2 and 3)")
        }
    }

    @Test func refusesABoundOnAMissingProperty() {
        #expect {
            _ = try Registry([BrokenBound.self])
        } throws: { error in
            "\(error)".contains("BrokenBound.value is bounded by \"missing\"")
        }
    }

    @Test func refusesADefaultOutsideItsRange() {
        #expect {
            _ = try Registry([BrokenDefault.self])
        } throws: { error in
            "\(error)".contains("the default of BrokenDefault.value: expected an integer in 1...5, got 9")
        }
    }

    @Test func schemaListsEveryPropertyWithKindDefaultAndConstraints() throws {
        let registry = try Registry([EveryKind.self])
        let schema = registry.schema
        guard case .array(let components) = schema, let component = components.first else {
            Issue.record("schema is not an array of components")
            return
        }
        #expect(component["name"] == .string("EveryKind"))
        #expect(component["title"] == .string("Every Kind"))
        guard case .array(let properties)? = component["properties"] else {
            Issue.record("no properties")
            return
        }
        #expect(properties.compactMap { $0["name"]?.stringValue } == ["count", "amount", "enabled", "title", "box", "origin", "tint", "turn", "mood", "day", "level"])
        #expect(properties.compactMap { $0["kind"]?.stringValue } == ["integer", "double", "bool", "string", "size", "point", "color", "angle", "choice", "date", "integer"])
        #expect(properties[0].description == #"{"name":"count","label":"Count","kind":"integer","default":3,"constraints":{"min":1,"max":10,"step":1}}"#)
        #expect(properties[4]["default"]?.description == #"{"width":10,"height":20}"#)
        #expect(properties[6]["default"] == .string("#FF8800"))
        #expect(properties[8]["constraints"]?.description == #"{"options":[{"value":"calm","label":"Calm"},{"value":"busy","label":"Busy"}]}"#)
        #expect(properties[10]["constraints"]?["maxProperty"] == .string("count"))
        #expect(component["variants"]?.description == #"[{"name":"Busy","values":{"count":9,"mood":"busy"}}]"#)
    }
}

@Suite("Schema read back")
struct SchemaReadBackTests {
    /// The server only has the catalog; what it reads back must be what the worker wrote.
    @Test func everyKindsDescriptorReadsBackFromItsSchema() throws {
        let definition = try #require(try Registry([EveryKind.self]).component(named: "EveryKind"))
        #expect(definition.properties.count == 11)
        for property in definition.properties {
            let read = try #require(PropertyDescriptor(schema: property.schema), "\(property.name) did not read back")
            #expect(read.schema == property.schema)
            #expect(read.defaultValue == property.defaultValue)
            #expect(read.constraints == property.constraints)
        }
        #expect(definition.schema["swiftType"] == .string("EveryKind"))
    }

    @Test func somethingElseIsNoDescriptor() {
        #expect(PropertyDescriptor(schema: .object([("name", .string("x")), ("kind", .string("colour")), ("default", .string("#FFFFFF"))])) == nil)
        #expect(PropertyDescriptor(schema: .object([("name", .string("x")), ("kind", .string("integer")), ("default", .string("three"))])) == nil)
        #expect(PropertyDescriptor(schema: .array([])) == nil)
    }
}
