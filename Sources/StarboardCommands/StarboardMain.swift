import Foundation
import StarboardInspector
import StarboardServer

extension StarboardCommand {
    /// Runs the command in `arguments` (without the program name) with the caller's registry and
    /// exits: prints a command's output and writes its files, serves, or runs as a worker.
    public static func main(_ arguments: [String], registry makeRegistry: @escaping () throws(RegistryError) -> Registry) -> Never {
        switch parse(arguments, registry: makeRegistry) {
        case .output(let output):
            output.emit(as: "starboard")
        case .serve(let options):
            exit(serve(options, registry: makeRegistry))
        case .worker(let registry):
            exit(WorkerLoop.run(registry: registry))
        }
    }
}
