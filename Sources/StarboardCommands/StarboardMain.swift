import Foundation
import StarboardInspector
import StarboardServer

extension StarboardCommand {
    /// Runs the command in `arguments` (without the program name) with the caller's registry and
    /// exits: prints a command's output and writes its files, serves, or runs as a worker.
    public static func main(_ arguments: [String], registry makeRegistry: @escaping () throws(RegistryError) -> Registry) -> Never {
        switch parse(arguments, registry: makeRegistry) {
        case .output(let output):
            FileHandle.standardOutput.write(Data(output.stdout.utf8))
            FileHandle.standardError.write(Data(output.stderr.utf8))
            for (path, data) in output.files.sorted(by: { $0.key < $1.key }) {
                do {
                    try data.write(to: URL(fileURLWithPath: path))
                } catch {
                    FileHandle.standardError.write(Data("starboard: cannot write \(path): \(error.localizedDescription)\n".utf8))
                    exit(1)
                }
            }
            exit(output.exitCode)
        case .serve(let options):
            exit(serve(options, registry: makeRegistry))
        case .worker(let registry):
            exit(WorkerLoop.run(registry: registry))
        }
    }
}
