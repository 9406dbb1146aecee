import Foundation
import Testing
@testable import StarboardCommands
import StarboardComponents
import StarboardInspector
import StarboardUI

/// Grey text on white, a 24-point button and text that is cut short: each check has one thing to find.
private struct FadedNotice: Component {
    @Inspectable("Message")
    var message = "Trail closed"

    @Inspectable("Gray", range: 0...1)
    var gray = 0.75

    static let summary = "A notice drawn too faintly, for the audit to find."

    var body: some View {
        VStack(spacing: 4) {
            Text(message)
                .foregroundStyle(Color(white: gray))
            Text("Close")
                .font(.system(size: 9))
                .frame(width: 24, height: 24)
                .onTapGesture {}
                .accessibilityLabel("Close")
        }
        .padding(8)
        .background(Color.white)
    }
}

/// Dark text, a 44-point button: nothing to find.
private struct ClearNotice: Component {
    static let summary = "A notice that reads well everywhere."

    var body: some View {
        Text("Trail open")
            .foregroundStyle(Color.black)
            .frame(minWidth: 44, minHeight: 44)
            .padding(8)
            .background(Color.white)
            .onTapGesture {}
            .accessibilityLabel("Trail open")
    }
}

@Suite("starboard audit")
struct AuditCommandTests {
    let registry = try! Registry([FadedNotice.self, ClearNotice.self], previews: false)

    private func audit(_ arguments: String...) -> CommandOutput {
        AuditCommand.audit(arguments, registry: registry)
    }

    @Test func aCleanComponentExitsZeroAndSaysHowMuchWasChecked() {
        let output = audit("ClearNotice")
        #expect(output.exitCode == 0, "\(output.stdout)")
        // light and dark × default and accessibility3 text × left to right and right to left.
        #expect(output.stdout == "No findings in 8 renders of 1 component.\n")
    }

    @Test func lowContrastAndASmallTapTargetFailNamingTheTextTheRatioAndTheSize() {
        let output = audit("FadedNotice", "--scheme", "light")
        #expect(output.exitCode == 1)
        #expect(output.stderr == "2 findings in 1 render of 1 component\n", "\(output.stdout)")
        let rows = output.stdout.split(separator: "\n").map(String.init)
        let contrast = rows.first { $0.contains("| contrast |") }
        #expect(contrast?.contains("Trail closed") == true, "\(rows)")
        // #BFBFBF on white is 1.83:1, well under 4.5:1.
        #expect(contrast?.contains("1.83:1") == true, "\(rows)")
        #expect(contrast?.contains("4.5:1") == true, "\(rows)")
        let target = rows.first { $0.contains("| smallTapTarget |") }
        #expect(target?.contains("24 × 24 pt") == true, "\(rows)")
    }

    @Test func aDarkerGrayInTheValuesFixesTheContrast() {
        // Values can't be given to `audit`, but a variant's can; the fix is in the component, so
        // check the same render through the definition the command uses.
        let component = registry.component(named: "FadedNotice")!
        let fixed = try! component.render(component.resolve(changes: ["gray": .double(0.3)], over: component.defaults).values, audit: true)
        #expect(!fixed.rendering.audit.contains { $0.kind == AuditFinding.Kind.contrast })
        let faded = try! component.render(component.defaults, audit: true)
        #expect(faded.rendering.audit.contains { $0.kind == AuditFinding.Kind.contrast })
    }

    @Test func jsonListsEachFindingWithItsEnvironmentAndFrame() throws {
        let output = audit("FadedNotice", "--json", "--scheme", "light", "--text-size", "accessibility3", "--rtl")
        #expect(output.exitCode == 1)
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        #expect(!findings.isEmpty)
        for finding in findings {
            #expect(finding["component"] as? String == "FadedNotice")
            #expect(finding["variant"] as? String == "(defaults)")
            #expect(finding["environment"] as? String == "accessibility3-rtl")
            #expect((finding["frame"] as? [String: Any])?["width"] is NSNumber)
        }
        let contrast = try #require(findings.first { $0["kind"] as? String == "contrast" })
        #expect((contrast["ratio"] as? Double).map { abs($0 - 1.83) < 0.01 } == true)
        // At accessibility3 the body text is large (over 18 pt), which WCAG asks 3:1 of.
        #expect(contrast["requiredRatio"] as? Double == 3)
    }

    @Test(arguments: [
        (["--scheme", "sepia"], "--scheme: "),
        (["--text-size", "huge"], "--text-size: "),
        (["--scheme"], "--scheme needs light or dark"),
        (["--color"], "unknown option \"--color\""),
    ])
    func badFlagsExitTwoNamingTheFlag(arguments: [String], message: String) {
        let output = AuditCommand.audit(arguments, registry: registry)
        #expect(output.exitCode == 2)
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }

    @Test func anUnknownComponentIsNamed() {
        let output = audit("Nope")
        #expect(output.exitCode != 0)
        #expect(output.stderr.contains("Nope"))
    }

    @Test func theShippedComponentsPassEveryEnvironment() {
        guard case .output(let output) = StarboardCommand.parse(["audit"]) else {
            Issue.record("expected output")
            return
        }
        #expect(output.exitCode == 0, "\(output.stdout)")
        #expect(output.stdout.hasPrefix("No findings in "))
    }

    @Test func componentsLeavesOutPreviewsOfPlainViews() throws {
        // The program's registry, previews of plain views included (Components/Screens has some).
        let registry = try Registry(shippedComponents, previewEntries: true)
        let previews = registry.components.filter { $0.preview != nil }
        try #require(!previews.isEmpty, "the shipped package has previews of plain views")
        let gated = AuditCommand.audit(["--components"], registry: registry)
        #expect(gated.exitCode == 0, "\(gated.stdout)")
        let components = registry.components.count - previews.count
        #expect(gated.stdout.hasSuffix(" of \(components) components.\n"), "\(gated.stdout)")
        let everything = AuditCommand.audit([previews[0].name, "--scheme", "light"], registry: registry)
        #expect(everything.stdout.contains(previews[0].name) || everything.stdout.contains("of 1 component"))
    }
}
