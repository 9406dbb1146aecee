import Foundation
import StarboardCommands
import StarboardSystem

/// `starboard-bench --edit-only`: what an author waits for under `serve --watch`, from saving a
/// component's file to the render that shows the edit, in a consumer package of its own.
enum EditBench {
    /// One timed edit.
    struct Edit {
        var seconds: Double
        /// How the server rebuilt (`direct` or `swift build`) and the phases it reported.
        var how: String
        var phases: [(name: String, seconds: Double)]
    }

    static func main(_ arguments: [String]) -> CommandOutput {
        var edits = 10
        var starboard = FileManager.default.currentDirectoryPath
        var package: String?
        var pause = 1.0
        var index = 0
        while index < arguments.count {
            let value = index + 1 < arguments.count ? arguments[index + 1] : nil
            switch arguments[index] {
            case "--edits":
                guard let value, let count = Int(value), (1...250).contains(count) else { return BenchCommandLine.failure("--edits needs a number from 1 to 250") }
                edits = count
            case "--starboard":
                guard let value else { return BenchCommandLine.failure("--starboard needs a folder") }
                starboard = URL(fileURLWithPath: value).standardized.path
            case "--package":
                guard let value else { return BenchCommandLine.failure("--package needs a folder") }
                package = URL(fileURLWithPath: value).standardized.path
            case "--pause":
                guard let value, let seconds = Double(value), seconds >= 0 else { return BenchCommandLine.failure("--pause needs seconds") }
                pause = seconds
            default:
                return BenchCommandLine.failure("unknown option \"\(arguments[index])\" with --edit-only")
            }
            index += 2
        }
        guard FileManager.default.fileExists(atPath: starboard + "/Package.swift") else {
            return BenchCommandLine.failure("no Package.swift in \(starboard): run in Starboard's folder or pass --starboard", code: 1)
        }
        let folder = package ?? starboard + "/.build/edit-bench"
        let log = { (line: String) in FileHandle.standardError.write(Data((line + "\n").utf8)) }
        do {
            let timed = try run(starboard: starboard, package: folder, edits: edits, pause: pause, log: log)
            return CommandOutput(stdout: table(timed))
        } catch {
            return BenchCommandLine.failure("\(error)", code: 1)
        }
    }

    /// The component's source with the fill's red channel set to `red`.
    static func componentSource(red: Int) -> String {
        """
        import StarboardInspector
        import StarboardUI

        /// The component the edit bench edits: each edit sets its fill's red channel.
        public struct EditCard: Component {
            @Inspectable(maxLength: 24, help: "The card's title.")
            public var title = "Edit me"

            public static let summary = "A card whose colour the edit bench changes."

            public init() {}

            public var body: some View {
                Text(title)
                    .padding(8)
                    .background(RoundedRectangle(cornerRadius: 6).fill(Color(red8: \(red), green8: 120, blue8: 200)))
            }
        }

        """
    }

    static func files(starboard: String) -> [String: String] {
        [
            "Package.swift": """
                // swift-tools-version:6.0
                // Made by `starboard-bench --edit-only`: one component in a library, one previews executable.
                import PackageDescription

                let package = Package(
                    name: "EditBench",
                    dependencies: [.package(name: "Starboard", path: "\(starboard)")],
                    targets: [
                        .target(name: "EditBench", dependencies: [
                            .product(name: "StarboardUI", package: "Starboard"),
                            .product(name: "StarboardInspector", package: "Starboard"),
                        ]),
                        .executableTarget(name: "EditBenchPreviews", dependencies: [
                            "EditBench", .product(name: "StarboardKit", package: "Starboard"),
                        ]),
                    ],
                    swiftLanguageModes: [.v6]
                )

                """,
            // Spelled in pieces: `starboard new` looks for a registration list in this package's
            // sources, and this one is the scratch package's, not Starboard's.
            "Sources/EditBenchPreviews/main.swift": ["import EditBench", "import StarboardKit", "",
                                                     "Starboard.main(" + "components" + ": [EditCard.self])", ""].joined(separator: "\n"),
            "Sources/EditBench/EditCard.swift": componentSource(red: 0),
        ]
    }

    static func run(starboard: String, package: String, edits: Int, pause: Double, log: (String) -> Void) throws(BenchError) -> [Edit] {
        // Files are written only when they differ, so that a kept package stays built.
        for (name, text) in files(starboard: starboard) {
            let path = package + "/" + name
            if FileManager.default.contents(atPath: path) == Data(text.utf8) { continue }
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else { throw BenchError("cannot write \(path)") }
        }
        log("edit: building \(package) (the first time builds Starboard too)")
        guard let swift = ChildProcess.find("swift") else { throw BenchError("swift is not on PATH") }
        let built: ChildProcess.Output
        do {
            built = try ChildProcess.run(swift, arguments: ["build", "--product", "EditBenchPreviews"], stderr: .stdout, workingDirectory: package)
        } catch {
            throw BenchError("\(error)")
        }
        guard built.succeeded else { throw BenchError("swift build in \(package) failed:\n" + String(built.stdoutText.suffix(4000))) }
        log("edit: built; starting serve --watch")
        let server = try ServerProcess(executable: package + "/.build/debug/EditBenchPreviews",
                                       arguments: ["serve", "--watch", "--port", "0", "--no-origin-check", "--state", "/dev/null",
                                                   "--web", starboard + "/Web"],
                                       workingDirectory: package)
        defer { server.stop() }
        do throws(BenchError) {
            return try edit(server: server, package: package, edits: edits, pause: pause, log: log)
        } catch {
            _ = try? server.waitForLine(containing: "\u{0}", timeoutSeconds: 0.5)
            throw BenchError("\(error)\nserver output:\n" + server.transcript.suffix(40).joined(separator: "\n"))
        }
    }

    static func edit(server: ServerProcess, package: String, edits: Int, pause: Double, log: (String) -> Void) throws(BenchError) -> [Edit] {
        let line = try server.waitForLine(containing: "listening on", timeoutSeconds: 60)
        guard let port = line.split(separator: ":").last.flatMap({ Int($0.prefix { $0.isNumber }) }) else {
            throw BenchError("no port in \(line)")
        }
        let client = try StarboardClient(port: port, timeoutSeconds: 600)
        try client.subscribe("EditCard")
        // The server learns its bin path and reads SwiftPM's plan at start; give it that second.
        Thread.sleep(forTimeInterval: 1)
        let source = package + "/Sources/EditBench/EditCard.swift"
        var timed: [Edit] = []
        for edit in 1...edits {
            let red = edit
            let fill = String(format: "#%02X78C8", red)
            let temporary = package + "/Sources/EditBench/.EditCard.swift.swp"
            // As editors save: a new file renamed over the old one.
            guard FileManager.default.createFile(atPath: temporary, contents: Data(componentSource(red: red).utf8)) else {
                throw BenchError("cannot save \(source): cannot create \(temporary)")
            }
            do {
                try SystemCall.retrying("save \(source)", { rename(temporary, source) })
            } catch {
                throw BenchError("\(error)")
            }
            let saved = Clock.now()
            var rendered: UInt64?
            var succeeded: [String: Any]?
            // The render with the new fill, and the build's `succeeded` (before or after it).
            while rendered == nil || succeeded == nil {
                let message = try client.socket.receive()
                if message.type == "render", message.component == "EditCard", message.text.contains(fill) {
                    rendered = Clock.now()
                } else if message.type == "build" {
                    let object = (try? JSONSerialization.jsonObject(with: Data(message.payload))) as? [String: Any] ?? [:]
                    if object["state"] as? String == "failed" { throw BenchError("the edit's build failed: \(message.text.prefix(2000))") }
                    if object["state"] as? String == "succeeded" { succeeded = object }
                }
            }
            let phases = (succeeded?["phases"] as? [[String: Any]] ?? []).map { ($0["name"] as? String ?? "?", $0["seconds"] as? Double ?? 0) }
            let seconds = Double(rendered! - saved) / 1e9
            let how = succeeded?["how"] as? String ?? "swift build"
            timed.append(Edit(seconds: seconds, how: how, phases: phases.isEmpty ? [("build", succeeded?["buildSeconds"] as? Double ?? 0)] : phases))
            log(String(format: "edit %d: %.2f s (%@)", edit, seconds, how) + phases.map { String(format: ", %@ %.2f", $0.0, $0.1) }.joined()
                + ((succeeded?["reason"] as? String).map { "; full build because " + $0 } ?? ""))
            Thread.sleep(forTimeInterval: pause)
        }
        // Leave the package as it was written, so the next run starts from a built state.
        _ = FileManager.default.createFile(atPath: source, contents: Data(componentSource(red: 0).utf8))
        return timed
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    static func table(_ edits: [Edit]) -> String {
        let times = edits.map(\.seconds)
        var text = "Edit → render under serve --watch (\(edits.count) edits of one component's file)\n"
        text += String(format: "  save → new render    median %.2f s   min %.2f s   max %.2f s   (target: median ≤ 1.0 s quiet, ≤ 2 s under load)\n",
                       median(times), times.min() ?? 0, times.max() ?? 0)
        let hows = Dictionary(grouping: edits, by: \.how).map { "\($0.key) ×\($0.value.count)" }.sorted()
        text += "  rebuilt by           \(hows.joined(separator: ", "))\n"
        var names: [String] = []
        for edit in edits { for phase in edit.phases where !names.contains(phase.name) { names.append(phase.name) } }
        for name in names {
            let values = edits.compactMap { $0.phases.first { $0.name == name }?.seconds }
            text += "  " + name.padding(toLength: 20, withPad: " ", startingAt: 0) + String(format: " median %.2f s\n", median(values))
        }
        return text
    }
}
