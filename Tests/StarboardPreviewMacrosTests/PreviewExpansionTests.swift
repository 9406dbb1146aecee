import Foundation
import Testing

/// What `#Preview` blocks expand to, and the diagnostics a malformed one gets, through the
/// plugin's pipe.
@Suite struct PreviewExpansionTests {
    /// The expansion's source, or the diagnostics' messages and offsets.
    func expand(_ source: String, typeName: String = "PreviewMacro") throws -> (source: String?, diagnostics: [(message: String, offset: Int)]) {
        let run = try PluginProcess.run(PluginProcess.frame(PluginProcess.expansion(source, typeName: typeName)))
        let result = try #require(run.replies.first?["expandMacroResult"] as? [String: Any])
        let diagnostics = (result["diagnostics"] as? [[String: Any]] ?? []).map {
            ($0["message"] as? String ?? "", ($0["position"] as? [String: Any])?["offset"] as? Int ?? -1)
        }
        return (result["expandedSource"] as? String, diagnostics)
    }

    @Test func aPlainBlockBecomesAPreviewTypeWithItsBodyAndLine() throws {
        let expansion = try expand("\n\n#Preview {\n    LandmarkRow(landmark: landmarks[0])\n}")
        let source = try #require(expansion.source)
        #expect(expansion.diagnostics.isEmpty)
        #expect(source.hasPrefix("enum $s5Views0012viewsswift_abcfMX9_0_7PreviewfMf_7PreviewfMu_: StarboardUI._PreviewMacro {"))
        #expect(source.contains("static var _previewName: Swift.String? { nil }"))
        #expect(source.contains("static var _previewTraits: [StarboardUI.PreviewTrait] { [] }"))
        // Two line breaks of leading trivia: the block starts two lines below the location's.
        #expect(source.contains(#"StarboardUI.PreviewSource(fileID: "Views/Views.swift", line: 12)"#))
        #expect(source.contains("var body: some StarboardUI.View {\n    LandmarkRow(landmark: landmarks[0])\n}"))
    }

    @Test func theNameAndEveryTraitAreKeptAsWritten() throws {
        let source = try #require(try expand(#"#Preview("Wide, \"quoted\"", traits: .fixedLayout(width: 320, height: 80), .landscapeLeft) { Row() }"#).source)
        #expect(source.contains(#"static var _previewName: Swift.String? { "Wide, \"quoted\"" }"#))
        #expect(source.contains("{ [.fixedLayout(width: 320, height: 80), .landscapeLeft] }"))
    }

    @Test func previewableDeclarationsBecomeTheViewsProperties() throws {
        let source = try #require(try expand("""
            #Preview("Toggle") {
                @Previewable @State var isOn = true
                @Previewable @State var items = [
                    "a", "b",
                ]
                Toggle("Wi-Fi", isOn: $isOn) // "@Previewable" in a comment stays
            }
            """).source)
        #expect(source.contains("        @State var isOn = true\n"))
        #expect(source.contains("        @State var items = [\n        \"a\", \"b\",\n    ]\n"))
        #expect(!source.contains("@Previewable @State"))
        #expect(source.contains("Toggle(\"Wi-Fi\", isOn: $isOn) // \"@Previewable\" in a comment stays"))
    }

    @Test func aBodyGivenAsAnArgumentWorksToo() throws {
        let source = try #require(try expand("#Preview(\"A\", body: { Text(\"}\") })").source)
        #expect(source.contains("var body: some StarboardUI.View { Text(\"}\") }"))
    }

    @Test(arguments: [
        ("#Preview(\"A\") {\n    Text(\"a\"\n", "expected ')' to match the '(' here", 200 + 24),
        ("#Preview(\"A\")", "#Preview needs a closure", 200 + 13),
        ("#Preview(\"A\", size: 3) { Text(\"a\") }", "not the argument 'size:' '3'", 200 + 20),
        ("#Preview { Text(\"a\") } extra", "unexpected text after", 200 + 23),
        ("#Preview { Text(\"a) }", "unterminated string literal", 200 + 16),
        ("#Preview { @Previewable Text(\"a\") }", "@Previewable marks a variable", 200 + 11),
        ("#Preview { /* never closed }", "unterminated '/*' comment", 200 + 11),
    ])
    func aMalformedBlockGetsADiagnosticAtItsPlace(source: String, message: String, offset: Int) throws {
        let expansion = try expand(source)
        #expect(expansion.source == nil)
        #expect(expansion.diagnostics.count == 1)
        #expect(expansion.diagnostics.first?.message.contains(message) == true, "\(expansion.diagnostics)")
        #expect(expansion.diagnostics.first?.offset == offset)
    }

    @Test func anotherMacroOfThisModuleIsRefusedByName() throws {
        let expansion = try expand("#Other { }", typeName: "OtherMacro")
        #expect(expansion.source == nil)
        #expect(expansion.diagnostics.first?.message.contains("not OtherMacro") == true)
    }
}
