import Foundation
import StarboardServer
import StarboardSystem

/// How one render came out on one side: its SVG, or why there is none (a trap, a thrown error,
/// a time-out), which the report shows as a difference with its message.
enum ReviewOutcome: Equatable, Sendable {
    case svg(String)
    case failed(String)
}

/// One side of a review: its sources at a revision (or the working tree), built in a scratch
/// path of its own, and every render its build makes.
enum ReviewSide {
    /// The sources at `revision` of the git repository at `repository`, unpacked into `folder`
    /// (emptied first) with `git archive`, so no worktree is registered and nothing of the
    /// repository is changed. Returns the problem, if any. A folder that already holds that
    /// commit (its name is in `folder.commit`) is kept, so its build is still up to date. The
    /// files are dated now, not at their commit: two commits of one second would otherwise give
    /// a file of the same size the same date, and the build would keep the other's object.
    static func unpack(revision: String, repository: String, into folder: String) -> String? {
        let fileManager = FileManager.default
        let marker = folder + ".commit"
        if fileManager.contents(atPath: marker) == Data(revision.utf8), fileManager.fileExists(atPath: folder) { return nil }
        try? fileManager.removeItem(atPath: marker)
        try? fileManager.removeItem(atPath: folder)
        do {
            try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            return "cannot make \(folder): \(error.localizedDescription)"
        }
        let archive = folder + ".tar"
        defer { try? fileManager.removeItem(atPath: archive) }
        for (tool, arguments) in [("git", ["-C", repository, "archive", "--format=tar", "-o", archive, revision]), ("tar", ["-xmf", archive, "-C", folder])] {
            guard let path = ChildProcess.find(tool) else { return "\(tool) is not installed" }
            do {
                let output = try ChildProcess.run(path, arguments: arguments)
                if !output.succeeded { return "\(tool) \(arguments.joined(separator: " ")) \(output.termination): \(output.stderrText.trimmingCharacters(in: .whitespacesAndNewlines))" }
            } catch {
                return "cannot run \(tool): \(error)"
            }
        }
        try? Data(revision.utf8).write(to: URL(fileURLWithPath: marker))
        return nil
    }

    /// Builds `product` of the package at `package` in `scratch`; the executable's path, or the
    /// build's errors (the lines with `error:`, else the end of what it printed).
    static func build(package: String, product: String, scratch: String) -> Result<String, ReviewFailure> {
        guard let swift = ChildProcess.find("swift") else { return .failure(ReviewFailure("swift is not on PATH")) }
        let output: ChildProcess.Output
        do {
            output = try ChildProcess.run(swift, arguments: ["build", "--product", product, "--scratch-path", scratch],
                                          stderr: .stdout, workingDirectory: package)
        } catch {
            return .failure(ReviewFailure("cannot run swift build: \(error)"))
        }
        guard output.succeeded else { return .failure(ReviewFailure(buildErrors(output.stdoutText, termination: output.termination))) }
        let executable = scratch + "/debug/" + product
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            return .failure(ReviewFailure("swift build made no \(executable); is \(product) an executable product of \(package)?"))
        }
        return .success(executable)
    }

    /// What to show of a failed build: its error lines (with the line after each, the source
    /// it points at), else its last lines.
    static func buildErrors(_ log: String, termination: ChildProcess.Termination) -> String {
        let lines = log.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var shown: [String] = []
        for (number, line) in lines.enumerated() where line.contains("error:") && !shown.contains(line) {
            shown.append(line)
            if number + 1 < lines.count, !lines[number + 1].contains("error:") { shown.append(lines[number + 1]) }
        }
        if shown.isEmpty { shown = Array(lines.suffix(30)) }
        return "swift build \(termination):\n" + shown.joined(separator: "\n")
    }

    /// Every render of `executable` in `shard`, made by `review-renders` into `folder`. A render
    /// that traps or hangs is recorded as failed with the trap's message and the rest are made by
    /// a new process from the one after it. Fails only when the program makes no render at all
    /// (its registry is invalid, or it is too old to have `review-renders`).
    static func renders(executable: String, shard: Shard, folder: String, workingDirectory: String,
                        timeoutSeconds: Int = 300) -> Result<[ReviewIdentity: ReviewOutcome], ReviewFailure> {
        var outcomes: [ReviewIdentity: ReviewOutcome] = [:]
        var from = 0
        var environment = ProcessInfo.processInfo.environment
        // Swift's backtracer symbolicates every frame of a trap (seconds); its message comes first anyway.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let decoder = JSONDecoder()
        while true {
            var command = [executable, ReviewRendersCommand.name, "--out", folder, "--from", String(from), "--shard", shard.description]
            if let timeout = ChildProcess.find("timeout") { command = [timeout, "--signal=KILL", String(timeoutSeconds)] + command }
            let output: ChildProcess.Output
            do {
                output = try ChildProcess.run(command[0], arguments: Array(command.dropFirst()), environment: environment, workingDirectory: workingDirectory)
            } catch {
                return .failure(ReviewFailure("cannot run \(executable): \(error)"))
            }
            var open: (Int, ReviewIdentity)?
            for text in output.stdoutText.split(separator: "\n") {
                guard let line = try? decoder.decode(ReviewRendersCommand.Line.self, from: Data(text.utf8)) else { continue }
                switch line.event {
                case "begin":
                    if let entry = line.entry, let environment = line.environment {
                        open = (line.index, ReviewIdentity(entry: entry, variant: line.variant, environment: environment))
                    }
                case "done":
                    guard let (index, identity) = open, index == line.index else { continue }
                    let svg = FileManager.default.contents(atPath: folder + "/\(index).svg").map { String(decoding: $0, as: UTF8.self) }
                    outcomes[identity] = svg.map(ReviewOutcome.svg) ?? .failed("its SVG was not written")
                    open = nil
                case "failed":
                    guard let (index, identity) = open, index == line.index else { continue }
                    outcomes[identity] = .failed(line.message ?? "failed")
                    open = nil
                default:
                    continue
                }
            }
            if output.succeeded { return .success(outcomes) }
            guard let (index, identity) = open else {
                let said = output.stderrText.trimmingCharacters(in: .whitespacesAndNewlines)
                return .failure(ReviewFailure("\(URL(fileURLWithPath: executable).lastPathComponent) \(ReviewRendersCommand.name) \(output.termination)"
                    + (said.isEmpty ? "" : ": " + said.split(separator: "\n").prefix(5).joined(separator: "\n"))))
            }
            let message: String
            if [.signalled(SIGKILL), .exited(124), .exited(128 + SIGKILL)].contains(output.termination) {
                message = "timed out after \(timeoutSeconds) s"
            } else {
                message = "crashed while rendering: " + (WorkerHost.trapMessage(in: output.stderrText) ?? output.termination.description)
            }
            outcomes[identity] = .failed(message)
            from = index + 1
        }
    }
}

/// Why a side could not be built or rendered, as the report and the terminal show it.
struct ReviewFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
