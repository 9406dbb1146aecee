import Foundation
import Testing
@testable import StarboardCommands
import StarboardInspector

/// Runs the CLI in-process and returns what it printed.
private func run(_ arguments: String...) -> CommandOutput {
    guard case .output(let output) = StarboardCommand.parse(arguments) else {
        Issue.record("expected output, got a server start")
        return CommandOutput()
    }
    return output
}

@Suite("starboard CLI")
struct CommandTests {
    @Test func rendersTheDoneExample() {
        let output = run("render", "RatingControl", "starCount=7", "starSize=30x30", "spacing=4", "rating=3")
        #expect(output.exitCode == 0)
        #expect(output.stdout.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"234\" height=\"30\""))
        #expect(output.stdout.components(separatedBy: "data-tap=\"star-").count - 1 == 7)
        #expect(output.stdout.contains("<desc>3 stars set. Tap to reset the rating to zero.</desc>"))
        #expect(output.stderr.isEmpty)
    }

    @Test func rendersAVariant() {
        let output = run("render", "HikeBadge", "--variant", "Tenth Hike")
        #expect(output.exitCode == 0)
        #expect(output.stdout.contains("values=\"0.5\""))
        #expect(output.stdout.contains(">Tenth Hike</text>"))
        let missing = run("render", "HikeBadge", "--variant", "Nope")
        #expect(missing.exitCode == 2)
        #expect(missing.stderr.contains("no variant \"Nope\"; variants are \"First Hike\", \"Earth Day\", \"Tenth Hike\""))
    }

    @Test(arguments: [
        (["render", "RatingControl", "starCount=-3"], "RatingControl.starCount: expected an integer in 1...20, got -3"),
        (["render", "RatingControl", "starSize=big"], "RatingControl.starSize: expected a size like 30x30"),
        (["render", "RatingControl", "stars=3"], "RatingControl.stars: no such property"),
        (["render", "HikeBadge", "grayscale=nan"], "HikeBadge.grayscale: expected a number in 0...1, got \"nan\""),
        (["render", "Nope"], "Nope: no such component; registered are RatingControl, HikeBadge"),
        (["render"], "render needs a component name"),
        (["render", "RatingControl", "--frobnicate"], "unknown option \"--frobnicate\""),
        (["bogus"], "unknown command \"bogus\""),
        (["list", "--xml"], "unexpected argument \"--xml\""),
        (["bench", "--placement", "anywhere"], "--placement needs one of split, shared, free"),
    ])
    func badInputExitsTwoNamingTheProblem(arguments: [String], message: String) {
        guard case .output(let output) = StarboardCommand.parse(arguments) else {
            Issue.record("expected an error")
            return
        }
        #expect(output.exitCode == 2)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains(message), "stderr was: \(output.stderr)")
    }

    @Test func clampingIsANoteNotAnError() {
        let output = run("render", "PageControl", "numberOfPages=2", "--variant", "Last of three")
        #expect(output.exitCode == 0)
        #expect(output.stderr.contains("note: currentPage lowered from 2 to 1 because numberOfPages is now 2"))
    }

    @Test func listPrintsATableAndJSON() throws {
        let table = run("list")
        #expect(table.exitCode == 0)
        #expect(table.stdout.contains("RatingControl"))
        #expect(table.stdout.contains("starCount             integer  default 5  (1...20)"))
        let json = try JSONValue(parsing: run("list", "--json").stdout)
        guard case .array(let components) = json else {
            Issue.record("list --json is not an array")
            return
        }
        #expect(components.compactMap { $0["name"]?.stringValue } == ["RatingControl", "HikeBadge", "PageControl", "ProfileSummary"])
    }

    @Test func writesSVGAndPNGFiles() throws {
        let svg = run("render", "RatingControl", "-o", "/tmp/x.svg")
        #expect(svg.exitCode == 0 && svg.stdout.isEmpty)
        #expect(String(decoding: try #require(svg.files["/tmp/x.svg"]), as: UTF8.self).hasPrefix("<svg"))
        let png = run("render", "RatingControl", "-o", "/tmp/x.png")
        #expect(png.exitCode == 0)
        let bytes = try #require(png.files["/tmp/x.png"])
        #expect(Array(bytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test func helpDescribesEveryCommand() {
        let help = run("--help")
        #expect(help.exitCode == 0)
        for command in ["serve", "list", "render", "help"] { #expect(help.stdout.contains("  \(command)")) }
        #expect(run("help", "render").stdout.contains("USAGE: starboard render NAME"))
        #expect(run("render", "--help").stdout.contains("--variant NAME"))
    }

    @Test func noArgumentsStartsTheServerWithDefaults() {
        guard case .serve(let options) = StarboardCommand.parse([]) else {
            Issue.record("no arguments should serve")
            return
        }
        #expect(options == ServeOptions())
        #expect(options.host == "127.0.0.1" && options.port == 8080)
        guard case .serve(let custom) = StarboardCommand.parse(["serve", "--port", "0", "--state", "/tmp/s.json", "--no-origin-check"]) else {
            Issue.record("serve should parse")
            return
        }
        #expect(custom.port == 0 && custom.stateFile == "/tmp/s.json" && !custom.originCheck)
        guard case .output(let bad) = StarboardCommand.parse(["serve", "--port", "99999"]) else {
            Issue.record("bad port should be refused")
            return
        }
        #expect(bad.exitCode == 2 && bad.stderr.contains("--port needs a number from 0 to 65535"))
    }
}
