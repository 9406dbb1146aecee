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

    /// Prints the output, writes its files and exits with its code; a file that cannot be
    /// written is an error named by `program`, and exit status 1.
    public func emit(as program: String) -> Never {
        FileHandle.standardOutput.write(Data(stdout.utf8))
        FileHandle.standardError.write(Data(stderr.utf8))
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            do {
                try data.write(to: URL(fileURLWithPath: path))
            } catch {
                FileHandle.standardError.write(Data("\(program): cannot write \(path): \(error.localizedDescription)\n".utf8))
                exit(1)
            }
        }
        exit(exitCode)
    }

    static func usage(_ message: String, help: String) -> CommandOutput {
        CommandOutput(stderr: "starboard: \(message)\n\n\(help)", exitCode: 2)
    }

    static func failure(_ message: String, code: Int32 = 2) -> CommandOutput {
        CommandOutput(stderr: "starboard: \(message)\n", exitCode: code)
    }
}
