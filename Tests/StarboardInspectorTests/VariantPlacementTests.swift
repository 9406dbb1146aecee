import Foundation
import Testing
@testable import StarboardInspector

/// Where "Save as variant" puts the line in lists written every way people write them, and that
/// the file still parses (`swiftc -parse`) afterwards.
@Suite("Variant placement")
struct VariantPlacementTests {
    static let rating = [VariantSource.Assignment("rating", .integer(2))]

    /// `source` with the variant "B" added to `X`.
    func add(_ source: String, values: [VariantSource.Assignment] = rating) throws -> String {
        try VariantSource.adding("B", values: values, to: "X", in: source)
    }

    /// Nil when `source` parses, else swiftc's first error.
    func parseError(_ source: String) throws -> String? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("placement-\(UUID().uuidString).swift")
        try Data(source.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-parse", file.path]
        let pipe = Pipe()
        process.standardError = pipe
        try process.run()
        let errors = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : errors
    }

    @Test func aOneLineListStaysOnOneLine() throws {
        let edited = try add("struct X {\n    static let variants = [Variant<X>(\"A\")]\n}\n")
        #expect(edited == "struct X {\n    static let variants = [Variant<X>(\"A\"), Variant(\"B\") { $0.rating = 2 }]\n}\n")
        #expect(try parseError(edited) == nil)
    }

    /// A string whose interpolation holds a string with a bracket, `"\(["]"].count)"`, before the
    /// list was read as ending early, and the save refused for the wrong reason.
    @Test func anInterpolationWithStringsOfItsOwnIsCodeInsideAString() throws {
        let source = "struct X {\n    static let note = \"\\([\"]\"].count) \\(\"(\") done\"\n    static let variants = [Variant<X>(\"A\")]\n}\n"
        #expect(try parseError(source) == nil, "the file is valid Swift")
        let edited = try add(source)
        #expect(edited.contains(#"static let variants = [Variant<X>("A"), Variant("B") { $0.rating = 2 }]"#))
        #expect(try parseError(edited) == nil)
    }

    @Test func anEmptyListOpensOntoLinesOfItsOwn() throws {
        // The line the refusal for a missing list tells people to add.
        let edited = try add("struct X {\n    static let variants: [Variant<X>] = []\n}\n")
        #expect(edited == "struct X {\n    static let variants: [Variant<X>] = [\n        Variant<X>(\"B\") { $0.rating = 2 },\n    ]\n}\n")
        #expect(try parseError(edited) == nil)
    }

    @Test func windowsLineEndingsAreKept() throws {
        let source = "struct X {\r\n    static let variants = [\r\n        Variant<X>(\"A\")\r\n    ]\r\n}\r\n"
        let edited = try add(source)
        #expect(edited == "struct X {\r\n    static let variants = [\r\n        Variant<X>(\"A\"),\r\n        Variant(\"B\") { $0.rating = 2 },\r\n    ]\r\n}\r\n")
        #expect(try parseError(edited) == nil)
    }

    @Test func theCommaGoesBeforeATrailingComment() throws {
        let source = "struct X {\n    static let variants = [\n        Variant<X>(\"A\") { $0.rating = 1 } // the first\n        /* done */\n    ]\n}\n"
        let edited = try add(source)
        #expect(edited.contains("        Variant<X>(\"A\") { $0.rating = 1 }, // the first\n        /* done */\n        Variant(\"B\") { $0.rating = 2 },\n    ]"))
        #expect(try parseError(edited) == nil)
    }

    @Test func bracketsInStringsAndCommentsAreNotTheList() throws {
        let source = """
        struct X {
            // static let variants = [ in a comment ]
            static let note = "static let variants = ["
            static let variants = [
                Variant<X>("A ] [ \\"quoted\\"") { $0.label = #"raw ] "# },
                Variant("C") { $0.label = \"\"\"
                    ] multi-line
                    \"\"\" },
            ]
        }

        """
        let edited = try add(source)
        #expect(edited.hasSuffix("            \"\"\" },\n        Variant(\"B\") { $0.rating = 2 },\n    ]\n}\n"))
        #expect(try parseError(edited) == nil)
    }

    @Test func onlyTheTypesOwnListAndNeverAnotherOne() throws {
        // A computed list, then another list: refused, never written into `environments`.
        let computed = "struct X {\n    static var variants: [Variant<X>] { [Variant(\"A\")] }\n    static let environments: [RenderEnvironment] = [\n    ]\n}\n"
        #expect(throws: VariantSourceError("the variants of X are computed (`static var variants: … { … }`); Starboard adds to a `static let variants = [ … ]` list")) {
            try add(computed)
        }
        // A nested type's list is not X's.
        let nested = "struct X {\n    struct Inner {\n        static let variants = [1]\n    }\n}\n"
        #expect(throws: VariantSourceError("X has no `static let variants = [ … ]` list to add to")) { try add(nested) }
        // A list made by a function cannot be added to.
        let made = "struct X {\n    static let variants = makeVariants()\n}\n"
        #expect(throws: VariantSourceError.self) { try add(made) }
        // `struct X` in a comment or a string declares nothing.
        #expect(throws: VariantSourceError("no `struct X` with a body was found in the file")) {
            try add("// struct X { static let variants = [] }\nlet s = \"struct X { static let variants = [] }\"\n")
        }
    }

    @Test func anExtensionsListIsFoundToo() throws {
        let source = "struct X: Component {\n    var body: some View { EmptyView() }\n}\n\nextension X {\n    static let variants = [\n        Variant<X>(\"A\"),\n    ]\n}\n"
        let edited = try add(source)
        #expect(edited.hasSuffix("        Variant<X>(\"A\"),\n        Variant(\"B\") { $0.rating = 2 },\n    ]\n}\n"))
        #expect(try parseError(edited) == nil)
    }
}
