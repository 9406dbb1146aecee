import Foundation
import Testing

/// The plugin's side of the compiler's pipe: framing, the handshake, and what it does with
/// messages it cannot use (never a hang, always something the compiler can report).
@Suite struct PluginWireTests {
    @Test(arguments: [(7, 7), (3, 3), (9, 7)])
    func theHandshakeAnswersWithTheLowerOfBothVersions(host: Int, answered: Int) throws {
        let run = try PluginProcess.run(PluginProcess.frame(["getCapability": ["capability": ["protocolVersion": host]]]))
        let capability = (run.replies.first?["getCapabilityResult"] as? [String: Any])?["capability"] as? [String: Any]
        #expect(capability?["protocolVersion"] as? Int == answered)
        #expect(run.status == 0)
    }

    @Test func messagesInOneWriteAreAnsweredInOrderAndAnEmptyFrameIsSkipped() throws {
        var input = try PluginProcess.frame(["getCapability": ["capability": ["protocolVersion": 7]]])
        input += PluginProcess.frame(bytes: Data())
        input += try PluginProcess.frame(PluginProcess.expansion("#Preview { Text(\"a\") }"))
        input += try PluginProcess.frame(["getCapability": [String: Any]()])
        let run = try PluginProcess.run(input)
        #expect(run.replies.map { $0.keys.first } == ["getCapabilityResult", "expandMacroResult", "getCapabilityResult"])
        #expect(run.status == 0 && run.stderr.isEmpty)
    }

    @Test func aMessageLargerThanOneReadArrivesWhole() throws {
        let long = String(repeating: "Text(\"row\")\n", count: 20_000)
        let run = try PluginProcess.run(PluginProcess.frame(PluginProcess.expansion("#Preview {\n\(long)}")))
        let result = run.replies.first?["expandMacroResult"] as? [String: Any]
        #expect((result?["expandedSource"] as? String)?.components(separatedBy: "Text(\"row\")").count == 20_001)
    }

    @Test func anUnknownMessageStopsThePluginWithAReason() throws {
        let run = try PluginProcess.run(PluginProcess.frame(["fetchTheWeather": [String: Any]()]))
        #expect(run.replies.isEmpty)
        #expect(run.status == 1)
        #expect(run.stderr.contains("unknown message 'fetchTheWeather'"))
    }

    @Test func attachedExpansionsAndLibrariesAreDeclinedWithAnAnswer() throws {
        var input = try PluginProcess.frame(["expandAttachedMacro": ["declSyntax": ["location": ["fileName": "/src/A.swift", "offset": 40]]]])
        input += try PluginProcess.frame(["loadPluginLibrary": ["libraryPath": "/x.so", "moduleName": "X"]])
        let run = try PluginProcess.run(input)
        let attached = run.replies.first?["expandMacroResult"] as? [String: Any]
        let diagnostic = (attached?["diagnostics"] as? [[String: Any]])?.first
        #expect((diagnostic?["message"] as? String)?.contains("freestanding") == true)
        #expect((diagnostic?["position"] as? [String: Any])?["offset"] as? Int == 40)
        let library = run.replies.last?["loadPluginLibraryResult"] as? [String: Any]
        #expect(library?["loaded"] as? Bool == false)
    }

    @Test(arguments: [
        (Data("not json".utf8), "not a JSON object"),
        (Data("[1, 2]".utf8), "not a JSON object"),
        (Data(#"{"getCapability": {}, "expandFreestandingMacro": {}}"#.utf8), "2 keys"),
    ])
    func aMessageThatIsNotOneObjectStopsThePluginWithAReason(body: Data, reason: String) throws {
        let run = try PluginProcess.run(PluginProcess.frame(bytes: body))
        #expect(run.status == 1)
        #expect(run.stderr.contains(reason))
    }

    @Test func aFrameCutShortOrOversizedStopsThePlugin() throws {
        let whole = try PluginProcess.frame(["getCapability": [String: Any]()])
        let cut = try PluginProcess.run(whole.prefix(whole.count - 3))
        #expect(cut.status == 1 && cut.stderr.contains("ended inside a message of"))
        let header = try PluginProcess.run(whole.prefix(5))
        #expect(header.status == 1 && header.stderr.contains("8-byte size"))
        var huge = UInt64(1 << 40).littleEndian
        let oversized = try PluginProcess.run(withUnsafeBytes(of: &huge) { Data($0) })
        #expect(oversized.status == 1 && oversized.stderr.contains("over the"))
    }

    @Test func theEndOfTheStreamBetweenMessagesEndsThePluginQuietly() throws {
        let run = try PluginProcess.run(Data())
        #expect(run.status == 0 && run.stderr.isEmpty && run.replies.isEmpty)
    }
}
