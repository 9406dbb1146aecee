import Foundation
import StarboardInspector

/// Parses `starboard`'s arguments and runs the command. `serve` is not run here (it does not
/// return); the caller gets a ``ServeOptions`` instead, so every command is testable in-process.
public enum StarboardCommand {
    /// Every subcommand, in `--help` order. Add a command with one line here.
    static let commands: [any Command.Type] = [
        ServeCommand.self,
        ListCommand.self,
        RenderCommand.self,
        AuditCommand.self,
        NewCommand.self,
        SnapshotCommand.self,
        ExportCommand.self,
        ReviewCommand.self,
        HelpCommand.self,
    ]

    public static var help: String {
        var text = """
        Starboard: a design-time inspector and live preview server for Swift UI components.

        USAGE: starboard [COMMAND] [OPTIONS]

        With no command, starts the server (same as `starboard serve`).

        COMMANDS:

        """
        for command in commands {
            text += "  " + command.name.padding(toLength: 10, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += "\nSee `starboard help COMMAND` for a command's options.\n"
        text += """

        USE STARBOARD IN YOUR OWN PACKAGE:
          1. Depend on Starboard (.package(url: …, from: "0.1.0") or path:) and put your components
             in a library target depending on the StarboardUI and StarboardInspector products
             (public types with a public init()).
          2. Add an executable target depending on StarboardKit and that library, whose main.swift
             is one call:  Starboard.main(components: [TagChip.self, TagCount.self])
          3. swift run NAME [serve --watch | list | render … | snapshot --check | export | new …];
             in a test target depending on StarboardTesting:
             assertSnapshots(of: [TagChip.self, TagCount.self])
          Examples/TagKit in Starboard's repository is such a package.

        """
        return text
    }

    /// What `main` should do.
    public enum Action {
        case output(CommandOutput)
        /// Start the server; ``serve(_:registry:)`` runs it with the registry that parsed it.
        case serve(ServeOptions)
        /// Run as a rendering worker for a server (not listed in help).
        case worker(Registry)
    }

    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.name == name }
    }

    /// `makeRegistry` makes the caller's registry; it runs only for commands that need it (in the
    /// worker too, which is this same executable started again, so it serves the same components).
    public static func parse(_ arguments: [String], registry makeRegistry: @escaping () throws(RegistryError) -> Registry) -> Action {
        guard let first = arguments.first else { return .serve(ServeOptions()) }
        if first == ReviewRendersCommand.name { return ReviewRendersCommand.run(Array(arguments.dropFirst()), context: CommandContext(makeRegistry: makeRegistry)) }
        if first == WorkerCommand.name { return WorkerCommand.run(Array(arguments.dropFirst()), context: CommandContext(makeRegistry: makeRegistry)) }
        if first == "--help" || first == "-h" { return .output(CommandOutput(stdout: help)) }
        if first == "bench" {
            return .output(.failure("the bench is its own executable now, so this one carries neither it nor its allocation counter: "
                + "swift build -c release --product starboard-bench && .build/release/starboard-bench --help"))
        }
        guard let command = command(named: first) else {
            if first.hasPrefix("--") {
                // `starboard --port 0` is `starboard serve --port 0`.
                return ServeCommand.run(arguments, context: CommandContext(makeRegistry: makeRegistry))
            }
            return .output(.usage("unknown command \"\(first)\"", help: help))
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            return .output(CommandOutput(stdout: command.usage + "\n"))
        }
        return command.run(rest, context: CommandContext(makeRegistry: makeRegistry))
    }
}

/// `starboard help [COMMAND]`.
enum HelpCommand: Command {
    static let name = "help"
    static let summary = "Show help for a command"
    static let usage = "USAGE: starboard help [COMMAND]"

    static func run(_ arguments: [String], context: CommandContext) -> StarboardCommand.Action {
        guard let topic = arguments.first else { return .output(CommandOutput(stdout: StarboardCommand.help)) }
        guard let command = StarboardCommand.command(named: topic) else {
            return .output(.usage("unknown command \"\(topic)\"", help: StarboardCommand.help))
        }
        return .output(CommandOutput(stdout: command.usage + "\n"))
    }
}

/// `starboard worker`: the process a server runs component code in. Not for people: it reads
/// framed requests on stdin and answers on stdout (see `WorkerHost`).
enum WorkerCommand: Command {
    static let name = "worker"
    static let summary = "Run component code for a server (started by `serve`)"
    static let usage = "USAGE: starboard worker   (started by starboard serve; speaks a framed protocol on stdin/stdout)"

    static func run(_ arguments: [String], context: CommandContext) -> StarboardCommand.Action {
        switch context.registry() {
        case .failure(let error): return .output(error.output)
        case .success(let registry): return .worker(registry)
        }
    }
}
