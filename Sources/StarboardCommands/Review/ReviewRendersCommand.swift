import Foundation
import StarboardInspector

/// `starboard review-renders --out DIR`: what `review` runs on each side's build. Not for
/// people (not in `--help`): it writes the SVG of every entry's defaults and variants in every
/// environment it declares into DIR as `INDEX.svg`, and tells on stdout, one JSON line each,
/// which render it starts and how it ended. A render that traps ends the process; the lines
/// already written say which one it was, and `review` starts it again `--from` the next.
enum ReviewRendersCommand: Command {
    static let name = "review-renders"
    static let summary = "Render every entry for `review` (started by review)"
    static let declaration = CommandDeclaration<Options>(
        name: name,
        about: "Renders every entry, variant and declared environment into DIR/INDEX.svg for `starboard review`, telling each on stdout as a JSON line.",
        arguments: nil,
        options: [
            .value("--out", placeholder: "DIR", expects: "a folder", required: true, help: "Where the SVGs go.") { options, folder in
                options.output = folder
                return true
            },
            .value("--from", placeholder: "INDEX", expects: "a render's number from 0",
                   help: "Start at this render (after one that trapped).") { options, text in
                guard let index = Int(text), index >= 0 else { return false }
                options.from = index
                return true
            },
            .value("--shard", placeholder: "i/n", expects: Shard.expects, help: "Only the renders of this shard.") { options, text in
                guard let shard = Shard(parsing: text) else { return false }
                options.shard = shard
                return true
            },
        ],
        finish: { $0.output.isEmpty ? "review-renders needs --out DIR" : nil }
    )
    static var usage: String { declaration.usage }

    struct Options: Equatable, Sendable {
        var output = ""
        var from = 0
        var shard = Shard.whole
    }

    /// One line of what the command tells.
    struct Line: Codable, Equatable {
        /// "begin" before a render, "done" after its file is written, "failed" when it throws.
        var event: String
        var index: Int
        var entry: String?
        var variant: String?
        var environment: String?
        var message: String?
    }

    /// One render to make: what it is, and how.
    struct Planned {
        let identity: ReviewIdentity
        let component: ComponentDefinition
        let values: PropertyValues
        let environment: RenderEnvironment
    }

    /// Every entry's defaults and variants, each in the standard environment and each one it
    /// declares, in registry and declaration order.
    static func plan(_ registry: Registry) -> [Planned] {
        var planned: [Planned] = []
        for component in registry.components {
            let environments = [RenderEnvironment.standard] + component.environments.filter { $0 != .standard }
            let cases: [(String?, PropertyValues)] = [(nil, component.defaults)] + component.variants.map { ($0.name, $0.values) }
            for (variant, values) in cases {
                for environment in environments {
                    let identity = ReviewIdentity(entry: component.name, variant: variant, environment: environment.name)
                    planned.append(Planned(identity: identity, component: component, values: values, environment: environment))
                }
            }
        }
        return planned
    }

    static func run(_ arguments: [String], context: CommandContext) -> StarboardCommand.Action {
        let options: Options
        switch declaration.parse(arguments, into: Options()) {
        case .failure(let error): return .output(error.output)
        case .success(let parsed): options = parsed
        }
        switch context.registry() {
        case .failure(let error): return .output(error.output)
        case .success(let registry): return .output(render(options, registry: registry, tell: { FileHandle.standardOutput.write($0) }))
        }
    }

    /// Renders into the folder, telling each line through `tell` as it happens (unbuffered, so
    /// the lines before a trap are not lost with it).
    static func render(_ options: Options, registry: Registry, tell: (Data) -> Void) -> CommandOutput {
        let folder = URL(fileURLWithPath: options.output)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            return .failure("cannot make \(options.output): \(error.localizedDescription)", code: 1)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func say(_ line: Line) {
            // The lines are plain values; encoding them cannot fail.
            tell((try? encoder.encode(line)).map { $0 + Data("\n".utf8) } ?? Data())
        }
        for (index, planned) in plan(registry).enumerated() where index >= options.from && options.shard.contains(planned.identity.key) {
            let identity = planned.identity
            say(Line(event: "begin", index: index, entry: identity.entry, variant: identity.variant, environment: identity.environment))
            do {
                let svg = try planned.component.render(planned.values, environment: planned.environment.values).rendering.svg
                try Data(svg.utf8).write(to: folder.appendingPathComponent("\(index).svg"))
                say(Line(event: "done", index: index))
            } catch {
                say(Line(event: "failed", index: index, message: "\(error)"))
            }
        }
        return CommandOutput()
    }
}
