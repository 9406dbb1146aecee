import Foundation
import StarboardSystem

/// `starboard review BASE [--head REV] [-o DIR] [--junit FILE] [--shard i/n]` and
/// `starboard review --merge DIR...`.
enum ReviewCommand: Command {
    static let name = "review"
    static let summary = "Compare every render at a git revision with the working tree, as a static HTML report"
    static let declaration = CommandDeclaration<Options>(
        name: name,
        about: """
            Builds this program at the git revision BASE and as the working tree is (or at --head REV),
            each in a scratch path of its own, renders every entry's defaults and variants in the
            standard environment and each one it declares on both, matches the renders by entry,
            variant and environment, and writes a static report to DIR: each changed, added and
            removed picture side by side with the pixels that differ and the SVG's line diff, the
            unchanged ones counted. It opens from file:// or any static web server.

            A render that traps or throws on one side is a difference showing its message. A BASE that
            does not build is reported with its errors and the report shows the new side only.
            BASE is unpacked with `git archive` into the build folder, so a dependency given by a
            relative path outside the repository is not found there; give it by URL or absolute path.

            EXIT STATUS: 0 nothing changed, 1 something did (or BASE does not build), 2 usage error,
            3 the new side does not build or render.

            FILES:
              DIR/index.html, DIR/review-page.js   the report; DIR/review.js its data; DIR/review.json the same, for --merge
            """,
        arguments: .init(synopsis: "BASE") { options, argument in
            options.arguments.append(argument)
            return nil
        },
        options: [
            .value("--head", placeholder: "REV", expects: "a git revision",
                   help: "The new side: this revision instead of the working tree.") { options, revision in
                options.head = revision
                return true
            },
            .value("-o", "--out", placeholder: "DIR", expects: "a folder",
                   help: "Where the report goes (default: starboard-review).") { options, folder in
                options.output = folder
                return true
            },
            .value("--junit", placeholder: "FILE", expects: "a file name",
                   help: "Also write the result as JUnit XML, one test case per render, for a CI system to show.") { options, file in
                options.junit = file
                return true
            },
            .value("--shard", placeholder: "i/n", expects: Shard.expects,
                   help: "Only the renders of shard i of n (by a hash of each render's identity), for a CI matrix; join the reports with --merge.") { options, text in
                guard let shard = Shard(parsing: text) else { return false }
                options.shard = shard
                return true
            },
            .flag("--merge", help: "Join the reports in the folders given (a run's shards) into one in --out, instead of reviewing.") {
                $0.merge = true
            },
            .value("--product", placeholder: "NAME", expects: "an executable product's name",
                   help: "The executable to build on each side (default: the one running, e.g. starboard or TagKitPreviews).") { options, product in
                options.product = product
                return true
            },
            .value("--build-dir", placeholder: "DIR", expects: "a folder",
                   help: "Where each side's sources and scratch path go (default: .build/starboard-review in the package); kept, so the next review builds incrementally.") { options, folder in
                options.buildFolder = folder
                return true
            },
        ],
        finish: { options in
            if options.merge {
                if options.arguments.isEmpty { return "review --merge needs the report folders to join" }
                if options.shard != .whole { return "--shard and --merge do not go together" }
                return nil
            }
            if options.arguments.isEmpty { return "review needs BASE, a git revision (e.g. main or HEAD~1)" }
            if options.arguments.count > 1 { return "review takes one BASE, got \(options.arguments.joined(separator: " "))" }
            return nil
        }
    )
    static var usage: String { declaration.usage }

    struct Options: Equatable, Sendable {
        var arguments: [String] = []
        var head: String?
        var output = "starboard-review"
        var junit: String?
        var shard = Shard.whole
        var merge = false
        var product: String?
        var buildFolder: String?
    }

    /// The exit status when the new side cannot be built or rendered.
    static let newSideFailed: Int32 = 3

    static func run(_ arguments: [String], context: CommandContext) -> StarboardCommand.Action {
        switch declaration.parse(arguments, into: Options()) {
        case .failure(let error): return .output(error.output)
        case .success(let options):
            if options.merge { return .output(merge(options)) }
            return .output(review(options, progress: { FileHandle.standardError.write(Data("review: \($0)\n".utf8)) }))
        }
    }

    static func merge(_ options: Options) -> CommandOutput {
        var reports: [ReviewReport] = []
        for folder in options.arguments {
            let path = URL(fileURLWithPath: folder).appendingPathComponent(ReviewPage.data).path
            guard let data = FileManager.default.contents(atPath: path) else { return .failure("\(path) does not exist; pass folders `review -o` wrote", code: 2) }
            do {
                reports.append(try ReviewReport.read(data))
            } catch {
                return .failure("\(path): \(error.description)", code: 2)
            }
        }
        do {
            return finish(try ReviewReport.merged(reports), options: options)
        } catch {
            return .failure(error.description, code: 2)
        }
    }

    /// Writes the report folder and the JUnit file, and says what changed.
    static func finish(_ report: ReviewReport, options: Options) -> CommandOutput {
        var output = CommandOutput()
        do {
            let folder = URL(fileURLWithPath: options.output)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, data) in ReviewPage.files(report) { try data.write(to: folder.appendingPathComponent(name), options: .atomic) }
            if let junit = options.junit {
                let url = URL(fileURLWithPath: junit)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(ReviewJUnit.xml(report).utf8).write(to: url, options: .atomic)
            }
        } catch {
            return .failure("cannot write the report: \(error.localizedDescription)", code: 1)
        }
        if let problem = report.baseProblem {
            output.stdout += "base      \(report.base) does not build; only the new side is shown\n"
            output.stderr += problem.hasSuffix("\n") ? problem : problem + "\n"
        }
        for entry in report.entries {
            var line = entry.status.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0) + entry.identity.key
            if let message = entry.newMessage ?? entry.baseMessage { line += ": " + message }
            output.stdout += line + "\n"
        }
        let index = (options.output.hasSuffix("/") ? options.output : options.output + "/") + ReviewPage.index
        output.stdout += "\(report.base) → \(report.head): \(report.summary); open \(index)\n"
        output.exitCode = report.hasChanges ? 1 : 0
        return output
    }

    /// `main (1a2b3c4d5)`; a commit given by its hash is just the short hash.
    static func label(_ revision: String, commit: String) -> String {
        let short = String(commit.prefix(9))
        return revision.count >= 7 && commit.hasPrefix(revision.lowercased()) ? short : "\(revision) (\(short))"
    }

    static func review(_ options: Options, progress: (String) -> Void) -> CommandOutput {
        let base = options.arguments[0]
        let here = FileManager.default.currentDirectoryPath
        guard let package = NewCommand.packageRoot(from: here) else {
            return .failure("no Package.swift in \(here) or any folder above it; run review in your package", code: 2)
        }
        guard let git = ChildProcess.find("git") else { return .failure("review needs git, which is not on PATH", code: 2) }
        func gitOutput(_ arguments: [String]) -> String? {
            guard let output = try? ChildProcess.run(git, arguments: ["-C", package] + arguments), output.succeeded else { return nil }
            return output.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let top = gitOutput(["rev-parse", "--show-toplevel"]) else {
            return .failure("\(package) is not in a git repository, so there is no BASE to compare with", code: 2)
        }
        let resolvedPackage = URL(fileURLWithPath: package).resolvingSymlinksInPath().path
        let resolvedTop = URL(fileURLWithPath: top).resolvingSymlinksInPath().path
        let inside = resolvedPackage == resolvedTop ? "" : String(resolvedPackage.dropFirst(resolvedTop.count + 1))
        func commit(_ revision: String) -> String? { gitOutput(["rev-parse", "--verify", "--quiet", revision + "^{commit}"]) }
        guard let baseCommit = commit(base) else { return .usage("\(base) is not a revision of \(top)", help: usage) }
        var headCommit: String?
        if let head = options.head {
            guard let found = commit(head) else { return .usage("\(head) is not a revision of \(top)", help: usage) }
            headCommit = found
        }
        let product = options.product ?? URL(fileURLWithPath: StarboardCommand.currentExecutable()).lastPathComponent
        let work = options.buildFolder ?? package + "/.build/starboard-review"
        let baseLabel = label(base, commit: baseCommit)
        let headLabel = options.head.map { label($0, commit: headCommit!) } ?? "working tree"

        // The new side first: if it does not build there is nothing to review.
        var newPackage = package
        if let headCommit {
            progress("unpacking \(headLabel)")
            if let problem = ReviewSide.unpack(revision: headCommit, repository: top, into: work + "/head-sources") {
                return .failure(problem, code: newSideFailed)
            }
            newPackage = work + "/head-sources" + (inside.isEmpty ? "" : "/" + inside)
        }
        progress("building \(product) of the \(headLabel)")
        let newExecutable: String
        switch ReviewSide.build(package: newPackage, product: product, scratch: work + "/new") {
        case .failure(let errors): return .failure("the \(headLabel) does not build:\n\(errors.description)", code: newSideFailed)
        case .success(let executable): newExecutable = executable
        }
        progress("rendering the \(headLabel)")
        let newRenders: [ReviewIdentity: ReviewOutcome]
        switch ReviewSide.renders(executable: newExecutable, shard: options.shard, folder: work + "/renders-new", workingDirectory: newPackage) {
        case .failure(let problem): return .failure("the \(headLabel) renders nothing: \(problem.description)", code: newSideFailed)
        case .success(let renders): newRenders = renders
        }

        progress("unpacking \(baseLabel)")
        var baseRenders: [ReviewIdentity: ReviewOutcome]?
        var baseProblem: String?
        let basePackage = work + "/base-sources" + (inside.isEmpty ? "" : "/" + inside)
        if let problem = ReviewSide.unpack(revision: baseCommit, repository: top, into: work + "/base-sources") {
            baseProblem = problem
        } else {
            progress("building \(product) of \(baseLabel)")
            switch ReviewSide.build(package: basePackage, product: product, scratch: work + "/base") {
            case .failure(let errors): baseProblem = errors.description
            case .success(let executable):
                progress("rendering \(baseLabel)")
                switch ReviewSide.renders(executable: executable, shard: options.shard, folder: work + "/renders-base", workingDirectory: basePackage) {
                case .failure(let problem): baseProblem = problem.description
                case .success(let renders): baseRenders = renders
                }
            }
        }
        var report = ReviewReport.compare(base: baseRenders, new: newRenders, baseLabel: baseLabel, headLabel: headLabel, baseProblem: baseProblem)
        if options.shard != .whole { report.shards = [options.shard.description] }
        return finish(report, options: options)
    }
}
