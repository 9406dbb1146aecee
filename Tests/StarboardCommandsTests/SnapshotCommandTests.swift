import StarboardUI
import StarboardComponents
import Foundation
import StarboardSystem
import StarboardInspector
import Testing
@testable import StarboardCommands

/// Runs the CLI in-process and returns what it printed.
private func run(_ arguments: [String]) -> CommandOutput {
    guard case .output(let output) = StarboardCommand.parse(arguments) else {
        Issue.record("expected output, got another action")
        return CommandOutput()
    }
    return output
}

/// A fresh folder under the system's temporary directory, removed by the caller.
func makeTemporaryFolder(_ label: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("starboard-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

@Suite("starboard snapshot")
struct SnapshotCommandTests {
    let registry = try! StarboardComponents.makeRegistry()

    private func file(_ folder: URL, _ component: String, _ name: String) -> URL {
        folder.appendingPathComponent(component).appendingPathComponent(name)
    }

    private func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    @Test func recordsOneFilePerRenderAndThenChecksClean() throws {
        let folder = try makeTemporaryFolder("snapshot")
        defer { try? FileManager.default.removeItem(at: folder) }

        let recorded = run(["snapshot", "--dir", folder.path])
        #expect(recorded.exitCode == 0, "\(recorded.stderr)")
        let renders = registry.components.reduce(0) { $0 + 1 + $1.variants.count + $1.environments.count }
        #expect(recorded.stdout.contains("Recorded \(renders) snapshots of \(registry.components.count) components"))
        for component in registry.components {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(component.name).path).sorted()
            // The defaults once per environment the component declares, then each variant.
            let expected = ["(defaults).svg"]
                + component.environments.map { "(defaults) [\($0.name)].svg" }
                + component.variants.map { SnapshotRender.safeFileName($0.name) + ".svg" }
            #expect(names == expected.sorted())
        }
        // The file holds exactly what `render --variant` prints.
        let threeStars = try String(contentsOf: file(folder, "RatingControl", "Three stars.svg"), encoding: .utf8)
        #expect(threeStars == run(["render", "RatingControl", "--variant", "Three stars"]).stdout)
        let defaults = try String(contentsOf: file(folder, "RatingControl", "(defaults).svg"), encoding: .utf8)
        #expect(defaults == run(["render", "RatingControl"]).stdout)

        let checked = run(["snapshot", "--dir", folder.path, "--check"])
        #expect(checked.exitCode == 0)
        #expect(checked.stdout == "All \(renders) snapshots of \(registry.components.count) components match \(folder.path)\n")
    }

    @Test func checkNamesAChangedVariantAndWritesTheNewRenderBesideIt() throws {
        let folder = try makeTemporaryFolder("snapshot-changed")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run(["snapshot", "--dir", folder.path]).exitCode == 0)

        let old = file(folder, "RatingControl", "Three stars.svg")
        let original = try String(contentsOf: old, encoding: .utf8)
        let edited = original.replacingOccurrences(of: "stroke-width=\"2\"", with: "stroke-width=\"3\"")
        try #require(edited != original)
        try edited.write(to: old, atomically: true, encoding: .utf8)

        let checked = run(["snapshot", "--dir", folder.path, "--check"])
        #expect(checked.exitCode == 1)
        let reported = checked.stdout.split(separator: "\n").filter { !$0.isEmpty && !$0.hasPrefix("    ") }
        #expect(reported.count == 1, "\(checked.stdout)")
        #expect(reported.first?.hasPrefix("changed   RatingControl \"Three stars\": ") == true)
        // Under it, the first tag that differs: the recorded (edited) stroke against the render's.
        let difference = checked.stdout.split(separator: "\n").filter { $0.hasPrefix("    ") }
        #expect(difference.first?.hasPrefix("    first difference at line ") == true, "\(checked.stdout)")
        #expect(difference.contains { $0.hasPrefix("    - ") && $0.contains("stroke-width=\"3\"") }, "\(checked.stdout)")
        #expect(difference.contains { $0.hasPrefix("    + ") && $0.contains("stroke-width=\"2\"") }, "\(checked.stdout)")
        #expect(checked.stderr.contains("1 changed in \(folder.path)"))
        let newSVG = file(folder, "RatingControl", "Three stars.new.svg")
        #expect(try String(contentsOf: newSVG, encoding: .utf8) == original)
        #expect(try String(contentsOf: old, encoding: .utf8) == edited, "a check must not overwrite the recorded file")

        let pngs = [file(folder, "RatingControl", "Three stars.png"), file(folder, "RatingControl", "Three stars.new.png")]
        if ChildProcess.find("chromium") != nil || ChildProcess.find("rsvg-convert") != nil {
            for png in pngs {
                let data = try Data(contentsOf: png)
                #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(png.lastPathComponent) is not a PNG")
            }
            #expect(try Data(contentsOf: pngs[0]) != Data(contentsOf: pngs[1]), "the two pictures should differ")
        } else {
            #expect(pngs.allSatisfy { !exists($0) })
        }

        // Matching again removes what the earlier check left.
        try original.write(to: old, atomically: true, encoding: .utf8)
        let clean = run(["snapshot", "--dir", folder.path, "--check"])
        #expect(clean.exitCode == 0)
        #expect(([newSVG] + pngs).allSatisfy { !exists($0) })
    }

    @Test func checkReportsMissingAndObsoleteFilesAndRecordingFixesThem() throws {
        let folder = try makeTemporaryFolder("snapshot-missing")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run(["snapshot", "--dir", folder.path]).exitCode == 0)

        let earthDay = file(folder, "HikeBadge", "Earth Day.svg")
        try FileManager.default.removeItem(at: earthDay)
        let obsolete = file(folder, "PageControl", "Renamed long ago.svg")
        try "<svg/>".write(to: obsolete, atomically: true, encoding: .utf8)

        let checked = run(["snapshot", "--dir", folder.path, "--check"])
        #expect(checked.exitCode == 1)
        #expect(checked.stdout.contains("missing   HikeBadge \"Earth Day\": no \(earthDay.path)"))
        #expect(checked.stdout.contains("obsolete  \(obsolete.path)"))
        #expect(!checked.stdout.contains("changed"))
        #expect(!exists(file(folder, "HikeBadge", "Earth Day.new.svg")))
        #expect(exists(obsolete), "a check must not delete anything recorded")

        let recorded = run(["snapshot", "--dir", folder.path])
        #expect(recorded.exitCode == 0)
        #expect(recorded.stdout.contains("removed \(obsolete.path)"))
        #expect(exists(earthDay) && !exists(obsolete))
        #expect(run(["snapshot", "--dir", folder.path, "--check"]).exitCode == 0)
    }

    @Test func checkOfAnEmptyFolderReportsEveryRenderMissing() throws {
        let folder = try makeTemporaryFolder("snapshot-empty")
        defer { try? FileManager.default.removeItem(at: folder) }
        let checked = run(["snapshot", "--check", "--dir", folder.appendingPathComponent("none").path])
        #expect(checked.exitCode == 1)
        let missing = checked.stdout.split(separator: "\n").filter { $0.hasPrefix("missing") }
        #expect(missing.count == registry.components.reduce(0) { $0 + 1 + $1.variants.count + $1.environments.count })
        #expect(!exists(folder.appendingPathComponent("none")), "a check writes nothing for missing renders")
    }

    @Test(arguments: [
        (["snapshot", "--frobnicate"], "unknown option \"--frobnicate\""),
        (["snapshot", "--dir"], "--dir needs a folder"),
        (["snapshot", "extra"], "unexpected argument \"extra\""),
        (["export"], "export needs --out DIR"),
        (["export", "--out"], "--out needs a folder"),
        (["export", "--out", "somewhere", "--zip"], "unknown option \"--zip\""),
    ])
    func badArgumentsExitTwo(arguments: [String], message: String) {
        let output = run(arguments)
        #expect(output.exitCode == 2)
        #expect(output.stderr.contains(message), "stderr was: \(output.stderr)")
        #expect(output.stderr.contains("USAGE: starboard \(arguments[0])"))
    }

    @Test func helpListsBothCommandsAndExplainsFileNames() {
        let help = run(["--help"]).stdout
        #expect(help.contains("  snapshot  "))
        #expect(help.contains("  export    "))
        let usage = run(["help", "snapshot"]).stdout
        #expect(usage.contains("DIR/COMPONENT/(defaults).svg"))
        #expect(usage.contains("X.new.svg"))
    }

    @Test(arguments: [
        ("Three stars", "Three stars"),
        ("Summer, no notifications", "Summer, no notifications"),
        ("v1.2", "v1_2"),
        ("a/b\\c:d", "a_b_c_d"),
        ("  padded  ", "padded"),
        ("", "_"),
        ("tab\there", "tab_here"),
    ])
    func fileNamesAreSafeAndReadable(name: String, expected: String) {
        #expect(SnapshotRender.safeFileName(name) == expected)
    }
}

/// A card that asks for a golden on the standard device as well as at the size that fits.
private struct DeviceCard: Component {
    @Inspectable var title = "Trail"
    static let summary = "A card recorded on a phone's screen too."
    static let environments: [RenderEnvironment] = [.canvas(.standardDevice)]

    var body: some View {
        Text(title).padding().frame(maxWidth: .infinity).background(Color.orange)
    }
}

@Suite("starboard snapshot: devices")
struct SnapshotDeviceTests {
    @Test func aComponentThatAsksForADeviceGetsAGoldenOnItsScreen() throws {
        let renders = try SnapshotRender.all(in: try Registry([DeviceCard.self]))
        #expect(renders.map(\.baseName) == ["(defaults)", "(defaults) [iphone-16-pro]"])
        #expect(!renders[0].svg.contains("width=\"402\"") && !renders[0].svg.contains("data-canvas"))
        #expect(renders[1].svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"402\" height=\"874\" viewBox=\"0 0 402 874\" data-canvas=\"screen\""))
    }
}
