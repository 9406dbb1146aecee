import StarboardInspector

/// One subcommand of `starboard`, described next to the code that runs it, as
/// swift-argument-parser's `ParsableCommand` types are.
protocol Command: Sendable {
    /// The word typed after `starboard`.
    static var name: String { get }
    /// One line for `starboard --help`.
    static var summary: String { get }
    /// The text of `starboard help NAME`.
    static var usage: String { get }
    /// Parses the arguments after the command's name and does the work.
    static func run(_ arguments: [String], context: CommandContext) -> StarboardCommand.Action
}

/// What commands share: the registry, made once and only when a command needs it.
struct CommandContext {
    let makeRegistry: () throws(RegistryError) -> Registry

    /// The registry, or the output that reports why it is invalid.
    func registry() -> Result<Registry, CommandOutputError> {
        do {
            return .success(try makeRegistry())
        } catch {
            return .failure(CommandOutputError(output: .failure("the component registry is invalid: \(error)", code: 1)))
        }
    }
}

extension CommandContext {
    /// Runs `body` with the registry and prints what it returns, or reports why the registry is invalid.
    func output(_ body: (Registry) -> CommandOutput) -> StarboardCommand.Action {
        switch registry() {
        case .failure(let error): return .output(error.output)
        case .success(let registry):
            var output = body(registry)
            output.stderr = registry.warnings.map { "warning: \($0)\n" }.joined() + output.stderr
            return .output(output)
        }
    }
}

/// A command's early exit carrying what to print.
struct CommandOutputError: Error {
    let output: CommandOutput
}
