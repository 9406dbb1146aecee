import Foundation
import Testing
@testable import StarboardCommands
import StarboardInspector
@testable import StarboardComponents

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

    @Test func rendersOnADeviceASizeOrTheSizeThatFits() {
        let phone = run("render", "RatingControl", "--device", "iPhone 16 Pro")
        #expect(phone.exitCode == 0)
        #expect(phone.stdout.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"402\" height=\"874\""))
        #expect(phone.stdout.contains(">9:41<"))
        let turned = run("render", "RatingControl", "--device", "iphone-16-pro landscape")
        #expect(turned.stdout.contains("width=\"874\" height=\"402\""))
        let sized = run("render", "RatingControl", "--size", "320x100")
        #expect(sized.stdout.contains("width=\"320\" height=\"100\""))
        let fitted = run("render", "RatingControl", "--layout", "fit")
        #expect(fitted.stdout == run("render", "RatingControl").stdout)
        let device = run("render", "RatingControl", "--layout", "device")
        #expect(device.stdout == phone.stdout)
    }

    @Test func anUnknownDeviceListsTheKnownOnes() {
        let output = run("render", "RatingControl", "--device", "Nokia 3310")
        #expect(output.exitCode == 2)
        #expect(output.stderr.hasPrefix("starboard: --device: unknown device \"Nokia 3310\"; expected fit, WIDTHxHEIGHT or one of: iPhone 16 Pro Max, iPhone 16 Pro,"))
        #expect(run("render", "RatingControl", "--size", "wide").stderr.hasPrefix("starboard: --size: expected a size WIDTHxHEIGHT in points"))
        #expect(run("render", "RatingControl", "--device", "320x100").stderr.contains("expected a device name, got \"320x100\""))
        #expect(run("render", "RatingControl", "--layout", "tall").stderr.hasPrefix("starboard: --layout: expected fit or device, got \"tall\""))
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
        (["list", "--xml"], "unknown option \"--xml\""),
        (["bench", "--quick"], "the bench is its own executable now"),
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

    @Test func serveHelpSaysWhatListeningBeyondLoopbackExposes() {
        let help = run("help", "serve").stdout
        #expect(help.contains("LISTENING BEYOND LOOPBACK"))
        #expect(help.contains("?token="))
        #expect(help.contains("STARBOARD_TOKEN"))
        #expect(help.contains("plain HTTP, not encrypted"))
        #expect(help.contains("read every component's values"))
        #expect(help.contains("save variants into this package's sources"))
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

    @Test func commandsUseTheCallersRegistry() {
        guard case .output(let listed) = StarboardCommand.parse(["list"], registry: { () throws(RegistryError) in try Registry([PageControl.self]) }) else {
            Issue.record("list should print")
            return
        }
        #expect(listed.exitCode == 0)
        #expect(listed.stdout.hasPrefix("PageControl"))
        #expect(!listed.stdout.contains("RatingControl"))
        guard case .worker(let registry) = StarboardCommand.parse(["worker"], registry: { () throws(RegistryError) in try Registry([PageControl.self]) }) else {
            Issue.record("worker should run the workbench")
            return
        }
        #expect(registry.components.map(\.name) == ["PageControl"])
    }

    @Test func aClashingRegistryStopsEveryCommandNamingBothEntries() {
        for arguments in [["list"], ["render", "RatingControl"], ["snapshot", "--check"], ["worker"]] {
            guard case .output(let output) = StarboardCommand.parse(arguments, registry: { () throws(RegistryError) in
                try Registry([RatingControl.self, PageControl.self, RatingControl.self])
            }) else {
                Issue.record("\(arguments) should refuse the registry")
                continue
            }
            #expect(output.exitCode == 1)
            #expect(output.stderr.contains("the component registry is invalid: two components are registered as \"RatingControl\": StarboardComponents.RatingControl is registered twice (entries 1 and 3)"), "\(output.stderr)")
        }
    }
}

@Suite("serve --watch and new in the caller's package")
struct CallerPackageTests {
    @Test func watchRebuildsTheRunningProductInItsOwnBuild() {
        let plain = WatchBuild(executable: "/work/MyApp/.build/x86_64-unknown-linux-gnu/debug/MyPreviews", package: "/work/MyApp")
        #expect(plain.product == "MyPreviews" && plain.options.isEmpty)
        let scratch = WatchBuild(executable: "/tmp/scratch/x86_64-unknown-linux-gnu/release/MyPreviews", package: "/work/MyApp")
        #expect(scratch.product == "MyPreviews")
        #expect(scratch.options == ["--scratch-path", "/tmp/scratch", "-c", "release"])
    }

    /// A package laid out as a team's: components in a library, the list in the previews' main.swift.
    private func package(main: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("starboard-new-\(UUID().uuidString)")
        let files = [
            "Package.swift": "// swift-tools-version:6.0\n",
            "Sources/TagKit/TagChip.swift": "public struct TagChip: Component {}\n",
            "Sources/TagKitPreviews/main.swift": main,
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func newWritesBesideTheCallersComponentsAndRegistersInItsMain() throws {
        let root = try package(main: "import StarboardKit\nimport TagKit\n\nStarboard.main(components: [TagChip.self])\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = NewCommand.create(.init(name: "PriceTag", package: root.path), registered: ["TagChip"])
        #expect(output.exitCode == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Created Sources/TagKit/PriceTag.swift and registered it in Sources/TagKitPreviews/main.swift"))
        let main = try String(contentsOf: root.appendingPathComponent("Sources/TagKitPreviews/main.swift"), encoding: .utf8)
        #expect(main.contains("Starboard.main(components: [TagChip.self, PriceTag.self])"))
        let created = try String(contentsOf: root.appendingPathComponent("Sources/TagKit/PriceTag.swift"), encoding: .utf8)
        // Another target than the list's: public, with the public init() the list needs.
        #expect(created.contains("public struct PriceTag: Component {"))
        #expect(created.contains("public init() {}"))
        #expect(NewCommand.create(.init(name: "TagChip", package: root.path), registered: ["TagChip"]).stderr.contains("already registered"))
    }

    @Test func newAddsALineToAListWrittenOnePerLine() {
        let text = "let x = 1\nStarboard.main(components: [\n    A.self,\n    B.self\n])\n"
        #expect(NewCommand.register("C", in: text) == "let x = 1\nStarboard.main(components: [\n    A.self,\n    B.self,\n    C.self,\n])\n")
        #expect(NewCommand.register("C", in: "// Starboard.main(components: [A.self])\n") == nil)
        #expect(NewCommand.register("C", in: "let help = \"call Starboard.main(components: [A.self])\"\n") == nil)
        #expect(NewCommand.register("C", in: "public let registeredComponents: [any Component.Type] = [\n    A.self,\n]\n")
            == "public let registeredComponents: [any Component.Type] = [\n    A.self,\n    C.self,\n]\n")
        #expect(NewCommand.register("C", in: "Starboard.main(components: [])") == "Starboard.main(components: [C.self])")
    }

    @Test func newWithoutAListSaysHowToPointAtOne() throws {
        let root = try package(main: "print(1)\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = NewCommand.create(.init(name: "PriceTag", package: root.path), registered: [])
        #expect(output.exitCode == 2)
        #expect(output.stderr.contains("pass --registry FILE"))
        let given = NewCommand.create(.init(name: "PriceTag", package: root.path, folder: root.path + "/Sources/TagKit",
                                            registry: root.path + "/Sources/TagKitPreviews/main.swift"), registered: [])
        #expect(given.stderr.contains("cannot find a list of registered components"))
    }
}

@Suite("snapshot from any folder")
struct SnapshotFolderDefaultTests {
    @Test func theDefaultFolderIsThePackagesFromInsideIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("starboard-snapdir-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Sources/Deep"), withIntermediateDirectories: true)
        try "// swift-tools-version:6.0\n".write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        #expect(SnapshotCommand.defaultDirectory(from: root.path) == "Snapshots")
        #expect(SnapshotCommand.defaultDirectory(from: root.appendingPathComponent("Sources/Deep").path)
            == URL(fileURLWithPath: root.path).standardized.path + "/Snapshots")
        #expect(SnapshotCommand.defaultDirectory(from: "/") == "Snapshots")
    }
}
