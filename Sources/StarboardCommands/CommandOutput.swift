import Foundation

/// What a command printed and how it ended; `main` only writes these out, so every command is
/// testable without a process.
public struct CommandOutput: Equatable, Sendable {
    public var stdout: String = ""
    public var stderr: String = ""
    public var exitCode: Int32 = 0
    /// Bytes for a file the command wants written (path, data), kept here so tests see them.
    public var files: [String: Data] = [:]

    public init(stdout: String = "", stderr: String = "", exitCode: Int32 = 0, files: [String: Data] = [:]) {
        self.stdout = stdout
        self.stderr = stderr
        self.exitCode = exitCode
        self.files = files
    }

    static func usage(_ message: String, help: String) -> CommandOutput {
        CommandOutput(stderr: "starboard: \(message)\n\n\(help)", exitCode: 2)
    }

    static func failure(_ message: String, code: Int32 = 2) -> CommandOutput {
        CommandOutput(stderr: "starboard: \(message)\n", exitCode: code)
    }
}
