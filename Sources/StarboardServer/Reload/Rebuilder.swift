import StarboardInspector
import Dispatch
import Foundation
import StarboardSystem
import StarboardLocking

/// `serve --watch`: rebuilds the package when its sources change and swaps the new component code
/// into the running session, without dropping a connection or a value.
///
/// A failed build is announced to every page with its diagnostics while the last good code keeps
/// serving; the next good build clears it. Changes made during a build start another one after it.
public final class Rebuilder: Sendable {
    /// One error from the compiler.
    public struct Diagnostic: Equatable, Sendable {
        public var file: String
        public var line: Int
        public var column: Int
        public var message: String
    }

    private let package: String
    /// The executable product rebuilt and restarted: the caller's own, not necessarily `starboard`.
    private let product: String
    /// Passed to every `swift build` (`--scratch-path`, `-c release`), so the rebuild is of the
    /// build the server runs from.
    private let buildOptions: [String]
    private let session: Session
    private let log: @Sendable (String) -> Void
    private let state = Locked((building: false, again: false))
    /// Where `swift build` puts the binary; asked once, as asking SwiftPM costs a few hundred ms.
    private let binPath = Locked<String?>(nil)
    private let queue = DispatchQueue(label: "starboard.rebuild")

    public init(package: String, product: String = "starboard", buildOptions: [String] = [], session: Session,
                log: @escaping @Sendable (String) -> Void) {
        self.package = package
        self.product = product
        self.buildOptions = buildOptions
        self.session = session
        self.log = log
        // Learn the binary's folder now, while nobody is waiting for a reload.
        queue.async { [self] in
            let folder = Self.run(["swift", "build", "--show-bin-path"] + buildOptions, in: package).output.trimmingCharacters(in: .whitespacesAndNewlines)
            binPath.withLock { $0 = $0 ?? folder }
        }
    }

    /// Starts a rebuild now, or right after the one running.
    public func sourcesChanged(_ paths: [String]) {
        let start = state.withLock { state -> Bool in
            if state.building {
                state.again = true
                return false
            }
            state.building = true
            return true
        }
        guard start else { return }
        queue.async { [self] in
            var changed = paths
            while true {
                rebuild(changed)
                let again = state.withLock { state -> Bool in
                    defer { state.again = false }
                    if !state.again { state.building = false }
                    return state.again
                }
                guard again else { return }
                changed = []
            }
        }
    }

    private func rebuild(_ paths: [String]) {
        let started = DispatchTime.now().uptimeNanoseconds
        let names = paths.map { ($0 as NSString).lastPathComponent }
        log("change in \(names.isEmpty ? "sources" : names.joined(separator: ", ")); rebuilding")
        session.announceBuild(Self.message(state: "building"), failed: false)
        let result = Self.run(["swift", "build", "--product", product] + buildOptions, in: package)
        let buildSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        guard result.status == 0 else {
            let diagnostics = Self.diagnostics(in: result.output, package: package)
            log("build failed after \(String(format: "%.1f", buildSeconds)) s: " + (diagnostics.first.map { "\($0.file):\($0.line): \($0.message)" } ?? "see output"))
            session.announceBuild(Self.message(state: "failed", diagnostics: diagnostics, output: String(result.output.suffix(8000))), failed: true)
            return
        }
        let folder = binPath.withLock { cached in
            if cached == nil {
                cached = Self.run(["swift", "build", "--show-bin-path"] + buildOptions, in: package).output.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            return cached!
        }
        let worker = WorkerHost(executable: folder + "/" + product)
        do {
            try worker.start()
            let warnings = try session.reload(to: worker)
            for warning in warnings { log("warning: \(warning)") }
        } catch {
            worker.shutdown()
            log("the new build cannot load its components: \(error)")
            let diagnostic = Diagnostic(file: "Components", line: 0, column: 0, message: "the new build cannot load its components: \(error)")
            session.announceBuild(Self.message(state: "failed", diagnostics: [diagnostic], output: ""), failed: true)
            return
        }
        let total = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        log(String(format: "reloaded in %.2f s (build %.2f s, swap %.0f ms)", total, buildSeconds, (total - buildSeconds) * 1000))
        session.announceBuild(Self.message(state: "succeeded", buildSeconds: buildSeconds, reloadSeconds: total - buildSeconds), failed: false)
    }

    static func message(state: String, diagnostics: [Diagnostic] = [], output: String? = nil,
                        buildSeconds: Double? = nil, reloadSeconds: Double? = nil) -> String {
        var members: [(String, JSONValue)] = [("type", .string("build")), ("state", .string(state))]
        if !diagnostics.isEmpty || state == "failed" {
            members.append(("diagnostics", .array(diagnostics.map {
                .object([("file", .string($0.file)), ("line", .integer($0.line)), ("column", .integer($0.column)), ("message", .string($0.message))])
            })))
        }
        if let output { members.append(("output", .string(output))) }
        if let buildSeconds { members.append(("buildSeconds", .number(buildSeconds))) }
        if let reloadSeconds { members.append(("reloadSeconds", .number(reloadSeconds))) }
        return JSONValue.object(members).description
    }

    /// `path:line:column: error: message` lines from swift build, paths made relative to the package.
    static func diagnostics(in output: String, package: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let root = URL(fileURLWithPath: package).standardized.path + "/"
        for line in output.split(separator: "\n") {
            guard let marker = line.range(of: ": error: ") else { continue }
            let location = line[..<marker.lowerBound].split(separator: ":")
            guard location.count >= 3, let lineNumber = Int(location[location.count - 2]), let column = Int(location[location.count - 1]) else { continue }
            var file = location[..<(location.count - 2)].joined(separator: ":")
            if file.hasPrefix(root) { file.removeFirst(root.count) }
            let diagnostic = Diagnostic(file: file, line: lineNumber, column: column, message: String(line[marker.upperBound...]))
            if !found.contains(diagnostic) { found.append(diagnostic) }
        }
        return found
    }

    /// Runs a command found on PATH in `folder`, returning its exit status and combined output.
    static func run(_ arguments: [String], in folder: String) -> (status: Int32, output: String) {
        guard let program = ChildProcess.find(arguments[0]) else {
            return (127, "cannot run \(arguments.joined(separator: " ")): \(arguments[0]) is not on PATH")
        }
        do {
            let output = try ChildProcess.run(program, arguments: Array(arguments.dropFirst()), stderr: .stdout, workingDirectory: folder)
            let status: Int32 = switch output.termination {
            case .exited(let code): code
            case .signalled(let signal): 128 + signal
            }
            return (status, output.stdoutText)
        } catch {
            return (127, "cannot run \(arguments.joined(separator: " ")): \(error)")
        }
    }
}
