import Foundation
import StarboardSystem
import StarboardInspector

/// `starboard snapshot [--dir DIR] [--check]`.
enum SnapshotCommand: Command {
    static let name = "snapshot"
    static let summary = "Write the SVG of every component and variant to a folder, or check it"
    static let declaration = CommandDeclaration<Options>(
        name: name,
        about: """
            Writes the SVG of every component's defaults and of each of its declared variants into
            DIR, one file per render. Renders are deterministic, so the folder changes only when a
            component or the renderer does, and a diff of it shows what a change did to each one.

            FILES:
              DIR/COMPONENT/(defaults).svg          the component with its default values
              DIR/COMPONENT/VARIANT.svg             each declared variant, e.g.
                                                    Snapshots/RatingControl/Three stars.svg
              In file names, / \\ : * ? " < > | . and control characters become _, so
              "Summer, no notifications" stays as it is and "v1.2" is stored as "v1_2.svg".

            Recording also removes what a check left (.new.svg, .png, .new.png) and the .svg and .png
            files in a component's folder that no render writes any more. Other folders and files in
            DIR are left alone.
            """,
        arguments: nil,
        options: [
            .value("--dir", placeholder: "DIR", expects: "a folder",
                   help: "Where the snapshots are (default: Snapshots in the package the working directory is in, else in the working directory).") { options, folder in
                options.directory = folder
                options.directoryGiven = true
                return true
            },
            .flag("--check", help: "Compare the renders with DIR instead of writing them. Exits 0 with a one-line summary when all match; "
                + "otherwise exits 1 and lists each changed, missing (new) and obsolete render. Beside each changed X.svg it writes "
                + "X.new.svg and, when Chromium or rsvg-convert is installed, X.png (the recorded one) and X.new.png to look at; these are "
                + "removed again once X matches.") { $0.check = true },
            .value("--shard", placeholder: "i/n", expects: Shard.expects,
                   help: "With --check: only the renders of shard i of n, by a hash of each render's component, variant and environment, "
                + "so n CI jobs check one folder between them, each render once; an obsolete file is reported by the shard its path falls in.") { options, text in
                guard let shard = Shard(parsing: text) else { return false }
                options.shard = shard
                return true
            },
            jobsOption(),
        ],
        finish: { $0.shard != .whole && !$0.check ? "--shard goes with --check (recording writes the whole folder)" : nil }
    )
    static var usage: String { declaration.usage }

    struct Options: Equatable, Sendable, JobsOption {
        var directory = "Snapshots"
        var check = false
        /// Whether --dir was given; if not, the package's Snapshots folder is used.
        var directoryGiven = false
        var shard = Shard.whole
        /// How many threads render (a component's renders on one of them); the output is the same for any number.
        var threads = ParallelWork.defaultThreads
    }

    /// `--jobs N`, shared with `export`.
    static func jobsOption<Options: JobsOption>() -> CommandDeclaration<Options>.Option {
        .value("--jobs", placeholder: "N", expects: "a number of threads from 1 to 64",
               help: "How many threads render, each a component at a time (default: one per core). "
            + "The output is the same for any number.") { options, text in
            guard let count = Int(text), (1...64).contains(count) else { return false }
            options.threads = count
            return true
        }
    }

    static func run(_ arguments: [String], context: CommandContext) -> StarboardCommand.Action {
        let options: Options
        switch parse(arguments) {
        case .failure(let error): return .output(error.output)
        case .success(let parsed): options = parsed
        }
        var resolved = options
        if !options.directoryGiven { resolved.directory = defaultDirectory() }
        return context.output { snapshot(resolved, registry: $0) }
    }

    /// `Snapshots` in the package the working directory is in (from a folder inside it too), else
    /// in the working directory.
    static func defaultDirectory(from folder: String = FileManager.default.currentDirectoryPath) -> String {
        guard let package = NewCommand.packageRoot(from: folder),
              URL(fileURLWithPath: package).standardized.path != URL(fileURLWithPath: folder).standardized.path else {
            return "Snapshots"
        }
        return package + "/Snapshots"
    }

    static func parse(_ arguments: [String]) -> Result<Options, CommandOutputError> {
        declaration.parse(arguments, into: Options())
    }

    static func snapshot(_ options: Options, registry: Registry) -> CommandOutput {
        let folder = SnapshotFolder(root: options.directory)
        if folder.isBlockedByAFile { return .failure("\(options.directory) is a file, not a folder", code: 1) }
        do {
            let everything = try SnapshotRender.all(in: registry, shard: options.shard, threads: options.threads)
            let renders = everything.filter(\.inShard)
            var output = options.check ? try check(renders, in: folder, shard: options.shard, named: everything) : try record(renders, in: folder)
            let known = Set(renders.map(\.folder))
            for name in folder.subfolders() where !known.contains(name) {
                output.stderr += "note: \(folder.path(name, "")) is not a registered component's folder; left alone\n"
            }
            return output
        } catch {
            return .failure(error.description, code: 1)
        }
    }

    /// Writes every render, then removes what a check left and files no render writes.
    static func record(_ renders: [SnapshotRender], in folder: SnapshotFolder) throws(SnapshotError) -> CommandOutput {
        var output = CommandOutput()
        var written = 0
        for render in renders {
            if try folder.write(Data(render.svg.utf8), to: folder.path(render.folder, render.baseName + ".svg")) {
                written += 1
            }
            for suffix in SnapshotFolder.checkArtifacts {
                try folder.remove(folder.path(render.folder, render.baseName + suffix))
            }
        }
        for path in obsoleteFiles(renders, in: folder, includingArtifacts: true) {
            try folder.remove(path)
            output.stdout += "removed \(path)\n"
        }
        output.stdout += "Recorded \(count(renders)) in \(folder.root) (\(written) written, \(renders.count - written) unchanged)\n"
        return output
    }

    /// Compares every render with its file; writes `.new.svg` (and PNGs) for those that differ.
    /// With a shard, `named` holds every render of every shard, which decides what is obsolete.
    static func check(_ renders: [SnapshotRender], in folder: SnapshotFolder, shard: Shard = .whole,
                      named: [SnapshotRender]? = nil) throws(SnapshotError) -> CommandOutput {
        var output = CommandOutput()
        var changed = 0, missing = 0
        let canDrawPNG = ["chromium", "chromium-browser", "google-chrome", "rsvg-convert"].contains { ChildProcess.find($0) != nil }
        for render in renders {
            let svgPath = folder.path(render.folder, render.baseName + ".svg")
            let newSVG = folder.path(render.folder, render.baseName + ".new.svg")
            let oldPNG = folder.path(render.folder, render.baseName + ".png")
            let newPNG = folder.path(render.folder, render.baseName + ".new.png")
            let rendered = Data(render.svg.utf8)
            guard let recorded = folder.read(svgPath) else {
                missing += 1
                output.stdout += "missing   \(render.label): no \(svgPath)\n"
                for path in [newSVG, oldPNG, newPNG] { try folder.remove(path) }
                continue
            }
            if recorded == rendered {
                for path in [newSVG, oldPNG, newPNG] { try folder.remove(path) }
                continue
            }
            changed += 1
            try folder.write(rendered, to: newSVG)
            var line = "changed   \(render.label): \(newSVG)"
            if canDrawPNG {
                // Each picture on its own: a recorded file edited by hand may not draw, the new one still does.
                var drawn: [String] = []
                for (svg, path, which) in [(String(decoding: recorded, as: UTF8.self), oldPNG, "recorded"), (render.svg, newPNG, "new")] {
                    switch PNGConverter.convert(svg: svg) {
                    case .success(let image):
                        try folder.write(image.data, to: path)
                        drawn.append(path)
                        if let warning = image.warning, !output.stderr.contains(warning) { output.stderr += "warning: \(warning)\n" }
                    case .failure(let error):
                        try folder.remove(path)
                        output.stderr += "warning: no PNG of the \(which) \(render.label): \(error.message.trimmingCharacters(in: .whitespacesAndNewlines))\n"
                    }
                }
                if !drawn.isEmpty { line += "; look at " + drawn.joined(separator: " and ") }
            } else {
                for path in [oldPNG, newPNG] { try folder.remove(path) }
            }
            output.stdout += line + "\n"
            if let difference = SVGLineDiff.firstDifference(recorded: String(decoding: recorded, as: UTF8.self), new: render.svg) {
                output.stdout += difference.split(separator: "\n").map { "    " + $0 + "\n" }.joined()
            }
        }
        // A shard sees only its renders, so it judges only the files whose path falls in it.
        let obsolete = obsoleteFiles(named ?? renders, in: folder, includingArtifacts: false, shard: shard)
        for path in obsolete {
            output.stdout += "obsolete  \(path): no render writes it any more\n"
        }
        guard changed + missing + obsolete.count > 0 else {
            output.stdout = "All \(count(renders)) match \(folder.root)" + (shard == .whole ? "" : " (shard \(shard))") + "\n"
            return output
        }
        let problems = [(changed, "changed"), (missing, "missing"), (obsolete.count, "obsolete")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
        output.stderr += "starboard: \(problems) in \(folder.root) (\(count(renders))); "
            + "run `starboard snapshot --dir \(folder.root)` to record them if that is intended\n"
        output.exitCode = 1
        return output
    }

    /// Files in the components' folders that belong to no render: `.svg` files, and with
    /// `includingArtifacts` also the PNGs and `.new.svg` files a check wrote for them.
    static func obsoleteFiles(_ renders: [SnapshotRender], in folder: SnapshotFolder, includingArtifacts: Bool, shard: Shard = .whole) -> [String] {
        let expected = Dictionary(grouping: renders, by: \.folder).mapValues { Set($0.map(\.baseName)) }
        var paths: [String] = []
        for (name, baseNames) in expected.sorted(by: { $0.key < $1.key }) {
            for file in folder.files(in: name) {
                guard let base = SnapshotFolder.baseName(of: file), !baseNames.contains(base), shard.contains(name + "/" + base) else { continue }
                let isArtifact = SnapshotFolder.checkArtifacts.contains { file.hasSuffix($0) }
                if includingArtifacts || !isArtifact { paths.append(folder.path(name, file)) }
            }
        }
        return paths
    }

    /// "14 snapshots of 4 components".
    static func count(_ renders: [SnapshotRender]) -> String {
        let components = Set(renders.map(\.component)).count
        return "\(renders.count) snapshot\(renders.count == 1 ? "" : "s") of \(components) component\(components == 1 ? "" : "s")"
    }
}

/// Options that say how many threads render.
protocol JobsOption {
    var threads: Int { get set }
}
