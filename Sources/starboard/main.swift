import Foundation
import StarboardServer
import StarboardCommands

switch StarboardCommand.parse(Array(CommandLine.arguments.dropFirst())) {
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
    exit(StarboardCommand.serve(options))
case .worker(let registry):
    exit(WorkerLoop.run(registry: registry))
}
