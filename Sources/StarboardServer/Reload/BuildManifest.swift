import Foundation

/// The commands SwiftPM planned for a build, read from the llbuild manifest it leaves in the
/// scratch folder (`.build/debug.yaml`): each compile and link with its exact arguments.
///
/// `serve --watch` uses it to skip SwiftPM when only the contents of Swift files it already
/// compiles have changed: it runs the changed module's compile, the compiles that import what that
/// one emits, and the link of the product, as SwiftPM would, and leaves planning (a new file, a
/// changed Package.swift, a resource) to a full `swift build`.
public struct BuildManifest: Sendable, Equatable {
    /// One command of the manifest.
    public struct Command: Sendable, Equatable {
        public var name: String
        /// `shell` for a compile or link; `phony`, `clang`, `copy-tool`, … for the others.
        public var tool: String
        public var inputs: [String]
        public var outputs: [String]
        public var description: String
        public var arguments: [String]

        /// The arguments to run it with by hand: plain diagnostics instead of the driver's JSON
        /// (`-parseable-output`, which SwiftPM reads and a person does not). Everything else stays
        /// as SwiftPM has it: a debug module serializes its compile options, so that dropping one
        /// (the index store, say) would change the `.swiftmodule` and recompile what imports it.
        public var directArguments: [String] {
            arguments.filter { $0 != "-parseable-output" }
        }

        /// The module a Swift compile builds (`-module-name`), nil for other commands.
        public var moduleName: String? {
            guard tool == "shell", let at = arguments.firstIndex(of: "-module-name"), at + 1 < arguments.count,
                  arguments.contains("-c") else { return nil }
            return arguments[at + 1]
        }
    }

    /// What a rebuild needs after some files changed.
    public enum Plan: Sendable, Equatable {
        /// Run these commands in this order (compiles, then the link; `phony` ones only name a
        /// group of files), each when one of its inputs changed; `modules` are those compiled.
        case commands([Command], modules: [String])
        /// Leave it to `swift build`, for this reason.
        case fullBuild(String)
    }

    /// A manifest that cannot be read.
    public struct Unreadable: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    public var commands: [Command]

    public init(commands: [Command]) {
        self.commands = commands
    }

    /// Reads the `commands:` section of an llbuild manifest as SwiftPM writes it: each command a
    /// quoted name at two spaces, its keys at four, values on one line in JSON syntax (lists and
    /// quoted strings) or bare words.
    public init(parsing text: String) throws(Unreadable) {
        var found: [Command] = []
        var inCommands = false
        var current: Command?
        func finish() {
            if let current { found.append(current) }
            current = nil
        }
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = Substring(rawLine)
            if !line.hasPrefix(" ") && !line.isEmpty {
                finish()
                inCommands = line == "commands:"
                continue
            }
            guard inCommands, !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            if line.hasPrefix("    ") {
                guard current != nil else { throw Unreadable(description: "line \(number + 1): a key outside any command") }
                let body = line.dropFirst(4)
                guard let colon = body.range(of: ": ") else { continue }
                let key = String(body[..<colon.lowerBound])
                let value = String(body[colon.upperBound...])
                switch key {
                case "tool": current?.tool = value
                case "inputs": current?.inputs = try Self.strings(value, line: number + 1)
                case "outputs": current?.outputs = try Self.strings(value, line: number + 1)
                case "args": current?.arguments = try Self.strings(value, line: number + 1)
                case "description": current?.description = try Self.string(value, line: number + 1)
                default: break
                }
            } else if line.hasPrefix("  \""), line.hasSuffix("\":") {
                finish()
                let name = try Self.string(String(line.dropFirst(2).dropLast()), line: number + 1)
                current = Command(name: name, tool: "", inputs: [], outputs: [], description: "", arguments: [])
            } else {
                throw Unreadable(description: "line \(number + 1): expected a command name or one of its keys, found \(line.prefix(80))")
            }
        }
        finish()
        guard !found.isEmpty else { throw Unreadable(description: "no commands: section") }
        commands = found
    }

    /// The manifest at `path`.
    public static func load(_ path: String) throws(Unreadable) -> BuildManifest {
        guard let data = FileManager.default.contents(atPath: path) else { throw Unreadable(description: "cannot read \(path)") }
        return try BuildManifest(parsing: String(decoding: data, as: UTF8.self))
    }

    private static func strings(_ json: String, line: Int) throws(Unreadable) -> [String] {
        guard let list = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]) as? [Any] else {
            throw Unreadable(description: "line \(line): expected a list of strings, found \(json.prefix(80))")
        }
        return list.map { "\($0)" }
    }

    private static func string(_ json: String, line: Int) throws(Unreadable) -> String {
        guard let text = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]) as? String else {
            throw Unreadable(description: "line \(line): expected a quoted string, found \(json.prefix(80))")
        }
        return text
    }

    /// What rebuilding `binary` needs after the files `changed` (absolute paths) were saved.
    ///
    /// Commands to run only when each changed file still exists, is a Swift source a compile of
    /// `binary` already reads, and everything downstream of those compiles is a shell command
    /// (a compile or the link) or one that needs no running; anything else (a new, removed or renamed file, a resource, a C
    /// file, a file of another product) is a full build.
    public func plan(changed: [String], binary: String) -> Plan {
        var producer: [String: Int] = [:]
        for (index, command) in commands.enumerated() {
            for output in command.outputs { producer[output] = index }
        }
        guard let link = producer[binary] else { return .fullBuild("the manifest has no command that makes \(binary)") }
        // Everything the product is made from.
        var required: Set<Int> = [link]
        var pending = [link]
        while let next = pending.popLast() {
            for input in commands[next].inputs {
                if let index = producer[input], required.insert(index).inserted { pending.append(index) }
            }
        }
        guard !changed.isEmpty else { return .fullBuild("no file was named") }
        var dirty: Set<Int> = []
        for path in changed {
            let file = URL(fileURLWithPath: path).standardized.path
            guard file.hasSuffix(".swift") else { return .fullBuild("\(Self.name(file)) is not a Swift source") }
            guard FileManager.default.fileExists(atPath: file) else { return .fullBuild("\(Self.name(file)) was removed or renamed") }
            let readers = required.filter { commands[$0].moduleName != nil && commands[$0].inputs.contains(file) }
            guard !readers.isEmpty else {
                return .fullBuild("\(Self.name(file)) is not a source the last plan compiles for \(Self.name(binary)) (a new file?)")
            }
            dirty.formUnion(readers)
        }
        // Whatever reads what a dirty command writes is dirty too, down to the link.
        var grew = true
        while grew {
            grew = false
            let written = Set(dirty.flatMap { commands[$0].outputs })
            for index in required where !dirty.contains(index) && commands[index].inputs.contains(where: written.contains) {
                dirty.insert(index)
                grew = true
            }
        }
        // `phony` commands only group nodes; `write-auxiliary-file` writes what the plan says (file
        // lists, the swift version), which an unchanged file set leaves as it was.
        if let other = dirty.sorted().first(where: { !["shell", "phony", "write-auxiliary-file"].contains(commands[$0].tool) }) {
            return .fullBuild("\(commands[other].name) needs SwiftPM's \(commands[other].tool) tool")
        }
        // In dependency order, the manifest's own order breaking ties.
        var ordered: [Command] = []
        var left = dirty.sorted()
        while !left.isEmpty {
            let waiting = Set(left.flatMap { commands[$0].outputs })
            guard let ready = left.firstIndex(where: { !commands[$0].inputs.contains(where: waiting.contains) }) else {
                return .fullBuild("the manifest's commands depend on each other in a cycle")
            }
            let index = left.remove(at: ready)
            if ["shell", "phony"].contains(commands[index].tool) { ordered.append(commands[index]) }
        }
        return .commands(ordered, modules: ordered.compactMap(\.moduleName))
    }

    /// Why the manifest may no longer be what SwiftPM would plan now, or nil: a package manifest
    /// or the resolved versions changed after it was written.
    public static func staleness(manifest path: String, package: String) -> String? {
        let files = FileManager.default
        guard let written = (try? files.attributesOfItem(atPath: path))?[.modificationDate] as? Date else {
            return "there is no \(name(path)) yet (no full build has run in this build folder)"
        }
        let names = ((try? files.contentsOfDirectory(atPath: package)) ?? [])
            .filter { $0 == "Package.resolved" || ($0.hasPrefix("Package") && $0.hasSuffix(".swift")) }
        for name in names.sorted() {
            if let changed = (try? files.attributesOfItem(atPath: package + "/" + name))?[.modificationDate] as? Date, changed > written {
                return "\(name) changed since SwiftPM planned the build"
            }
        }
        return nil
    }

    private static func name(_ path: String) -> String { (path as NSString).lastPathComponent }
}
