import Foundation
import StarboardSystem
import Testing
@testable import StarboardServer

/// The llbuild manifest SwiftPM wrote for the build these tests run from (SCRATCH/debug.yaml),
/// read and planned against: a real plan, not one written for the test.
@Suite struct BuildManifestTests {
    /// SCRATCH/TRIPLE/CONFIGURATION/StarboardPackageTests.xctest is this process.
    static let binFolder = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "")
        .deletingLastPathComponent().path
    static var scratch: String { URL(fileURLWithPath: binFolder).deletingLastPathComponent().deletingLastPathComponent().path }
    static var configuration: String { (binFolder as NSString).lastPathComponent }
    static var manifestPath: String { scratch + "/" + configuration + ".yaml" }
    /// The package: where the manifest's sources are.
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let starboard = binFolder + "/starboard"

    static func manifest() throws -> BuildManifest {
        try BuildManifest.load(manifestPath)
    }

    @Test func readsEveryCompileAndLinkOfTheRealManifest() throws {
        let manifest = try Self.manifest()
        let compile = try #require(manifest.commands.first { $0.moduleName == "StarboardComponents" && !$0.name.contains("-tool") })
        #expect(compile.tool == "shell")
        #expect(compile.inputs.contains(Self.package + "/Components/RatingControl.swift"))
        #expect(compile.arguments.first?.hasSuffix("swiftc") == true)
        #expect(compile.arguments.contains("-parseable-output"))
        let link = try #require(manifest.commands.first { $0.outputs == [Self.starboard] })
        #expect(link.moduleName == nil)
        #expect(link.description.hasPrefix("Linking"))
        // Names, descriptions and paths came through unquoted.
        #expect(manifest.commands.allSatisfy { !$0.name.hasPrefix("\"") && !$0.name.isEmpty })
    }

    @Test func aChangedComponentCompilesItsModuleWhatImportsItAndLinks() throws {
        let plan = try Self.manifest().plan(changed: [Self.package + "/Components/RatingControl.swift"], binary: Self.starboard)
        guard case .commands(let commands, let modules) = plan else {
            Issue.record("expected commands, got \(plan)")
            return
        }
        #expect(modules.first == "StarboardComponents")
        // `starboard`'s main.swift imports StarboardComponents; nothing below it is compiled again.
        #expect(modules.contains("starboard"))
        #expect(!modules.contains("StarboardUI") && !modules.contains("StarboardServer"))
        #expect(commands.last?.outputs == [Self.starboard])
        #expect(commands.allSatisfy { $0.tool == "shell" || $0.tool == "phony" })
        // Each command comes after every command that makes one of its inputs.
        for (index, command) in commands.enumerated() {
            let later = commands[(index + 1)...].flatMap(\.outputs)
            #expect(!command.inputs.contains(where: later.contains), "\(command.name) runs before what it reads")
        }
    }

    @Test(arguments: [
        ("Components/NoSuchFile.swift", "was removed or renamed"),
        ("Web/main.js", "is not a Swift source"),
        ("Package.swift", "is not a source the last plan compiles"),
        ("Tests/StarboardServerTests/BuildManifestTests.swift", "is not a source the last plan compiles"),
    ])
    func anythingButContentsOfItsOwnSwiftSourcesIsAFullBuild(file: String, reason: String) throws {
        let plan = try Self.manifest().plan(changed: [Self.package + "/" + file], binary: Self.starboard)
        guard case .fullBuild(let why) = plan else {
            Issue.record("expected a full build for \(file), got \(plan)")
            return
        }
        #expect(why.contains(reason), "\(why)")
    }

    @Test func aProductTheManifestDoesNotMakeIsAFullBuild() throws {
        let plan = try Self.manifest().plan(changed: [Self.package + "/Components/RatingControl.swift"], binary: Self.binFolder + "/nothing")
        #expect(plan == .fullBuild("the manifest has no command that makes \(Self.binFolder)/nothing"))
    }

    @Test func runByHandWithPlainDiagnosticsAndOtherwiseSwiftPMsArguments() throws {
        let compile = try #require(try Self.manifest().commands.first { $0.moduleName == "StarboardComponents" })
        let direct = compile.directArguments
        #expect(!direct.contains("-parseable-output"))
        #expect(direct == compile.arguments.filter { $0 != "-parseable-output" })
        #expect(direct.count == compile.arguments.count - 1)
    }

    @Test func aPackageManifestNewerThanThePlanMakesItStale() throws {
        let folder = NSTemporaryDirectory() + "/manifest-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plan = folder + "/debug.yaml"
        try FileManager.default.copyItem(atPath: Self.manifestPath, toPath: plan)
        #expect(BuildManifest.staleness(manifest: plan, package: folder) == nil)
        try Data("// swift-tools-version:6.0\n".utf8).write(to: URL(fileURLWithPath: folder + "/Package.swift"))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: plan)
        #expect(BuildManifest.staleness(manifest: plan, package: folder) == "Package.swift changed since SwiftPM planned the build")
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: plan)
        #expect(BuildManifest.staleness(manifest: plan, package: folder) == nil)
        #expect(BuildManifest.staleness(manifest: folder + "/release.yaml", package: folder)?.contains("no full build") == true)
    }

    @Test func aLineThatIsNeitherACommandNorAKeyIsNamed() {
        #expect(throws: BuildManifest.Unreadable(description: "line 3: expected a command name or one of its keys, found  what"), performing: {
            try BuildManifest(parsing: "commands:\n  \"C.a\":\n what")
        })
    }

    @Test func stoppingABuildStopsWhatItStartedInOtherGroupsAndWhatOutlivedItsParent() throws {
        // A shell with a child leading a group of its own, as swift build starts its compilers,
        // and a grandchild whose parent has ended, as a compiler is left when its driver dies
        // first, in a group of its own too: it has been handed to init and is below nothing of the build's.
        let shell = try #require(ChildProcess.find("sh"))
        var options = ChildProcess.Options(stdin: .null, stdout: .null, stderr: .null)
        options.ownSession = true
        let script = #"perl -e 'setpgrp(0, 0); exec @ARGV' sleep 60 & perl -e 'fork and exit; setpgrp(0, 0); exec "sleep", 61'; wait"#
        let child = try ChildProcess(shell, arguments: ["-c", script], options: options)
        // Until the second perl has forked and ended: three members, one of them an orphan.
        var session: [pid_t] = []
        var orphans: [pid_t] = []
        for _ in 0..<300 {
            usleep(10_000)
            session = ProcessTree.living(inSession: child.pid, orBelow: nil)
            let below = ProcessTree.descendants(of: child.pid)
            orphans = session.filter { $0 != child.pid && !below.contains($0) }
            if session.count == 3 && orphans.count == 1 { break }
        }
        #expect(session.count == 3, "the shell, its sleep in a group of its own and the orphaned sleep")
        #expect(orphans.count == 1)
        #expect(Set(ProcessTree.living(inSession: child.pid, orBelow: child.pid)) == Set(session))
        #expect(!child.hasBeenReaped)
        Rebuilder.stopTree(of: child)
        #expect(child.wait() != .exited(0))
        #expect(child.hasBeenReaped)
        #expect(!session.contains(where: ProcessTree.isRunning))
        #expect(ProcessTree.living(inSession: child.pid, orBelow: nil).isEmpty)
    }
}
