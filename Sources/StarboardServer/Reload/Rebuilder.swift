import StarboardInspector
import Dispatch
import Foundation
import StarboardSystem
import StarboardLocking

/// `serve --watch`: rebuilds the package when its sources change and swaps the new component code
/// into the running session, without dropping a connection or a value.
///
/// When only the contents of Swift files the last build compiled changed, it runs the compiles
/// and the link SwiftPM planned for them (``BuildManifest``), holding SwiftPM's own lock on the
/// build folder so that a `swift build` run by hand waits for it and it for that; anything else
/// is a full `swift build`. Every step runs in a session of its own and is stopped with the
/// server, by a newer change (which starts the rebuild again) or at the build limit. Each phase
/// is announced to every page as it starts. A failed build is announced with its diagnostics
/// while the last good code keeps serving; the next good build clears it.
public final class Rebuilder: Sendable {
    /// One error from the compiler.
    public struct Diagnostic: Equatable, Sendable {
        public var file: String
        public var line: Int
        public var column: Int
        public var message: String
    }

    /// A finished phase of a rebuild and how long it took.
    public struct Phase: Equatable, Sendable {
        public var name: String
        public var seconds: Double
    }

    private struct State {
        var building = false
        /// Files changed and not yet built into the running code (also those of a failed build).
        var pending: [String] = []
        var running: ChildProcess?
        /// Why the running step was stopped: a newer change, the limit, or the server stopping.
        var restart = false
        var timedOut = false
        var stopped = false
        var generation = 0
    }

    private let package: String
    /// The executable product rebuilt and restarted: the caller's own, not necessarily `starboard`.
    private let product: String
    /// Passed to every `swift build` (`--scratch-path`, `-c release`), so the rebuild is of the
    /// build the server runs from.
    private let buildOptions: [String]
    private let session: Session
    private let buildLimit: Double
    private let log: @Sendable (String) -> Void
    private let state = Locked(State())
    /// Where `swift build` puts the binary; asked once, as asking SwiftPM costs a few hundred ms.
    private let binPath = Locked<String?>(nil)
    /// The manifest last read and its modification date, read again only when SwiftPM rewrote it.
    private let manifest = Locked<(date: Date, manifest: BuildManifest)?>(nil)
    private let queue = DispatchQueue(label: "starboard.rebuild")

    public init(package: String, product: String = "starboard", buildOptions: [String] = [], session: Session,
                buildLimit: Double = 300, log: @escaping @Sendable (String) -> Void) {
        self.package = package
        self.product = product
        self.buildOptions = buildOptions
        self.session = session
        self.buildLimit = buildLimit
        self.log = log
        // Learn the binary's folder and read the plan now, while nobody is waiting for a reload.
        queue.async { [self] in
            _ = binFolder()
            _ = loadManifest()
        }
    }

    /// The build folder (`--scratch-path`, else the package's `.build`).
    var scratch: String {
        if let at = buildOptions.firstIndex(of: "--scratch-path"), at + 1 < buildOptions.count { return buildOptions[at + 1] }
        return package + "/.build"
    }

    /// The llbuild manifest SwiftPM writes for this configuration.
    var manifestPath: String {
        let release = zip(buildOptions, buildOptions.dropFirst()).contains { $0 == ("-c", "release") }
        return scratch + (release ? "/release.yaml" : "/debug.yaml")
    }

    /// The file SwiftPM locks while it builds in `scratch` (TSCBasic's FileLock: the path with
    /// slashes as underscores, in the temporary folder).
    var lockPath: String {
        let folder = URL(fileURLWithPath: scratch).standardized.path
        let temporary = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return (temporary.hasSuffix("/") ? String(temporary.dropLast()) : temporary) + "/" + folder.replacingOccurrences(of: "/", with: "_") + ".lock"
    }

    /// Starts a rebuild now; one running is stopped and started again with these files too.
    public func sourcesChanged(_ paths: [String]) {
        let (start, running) = state.withLock { state -> (Bool, ChildProcess?) in
            guard !state.stopped else { return (false, nil) }
            for path in paths where !state.pending.contains(path) { state.pending.append(path) }
            if state.building {
                state.restart = true
                return (false, state.running)
            }
            state.building = true
            return (true, nil)
        }
        if let running {
            log("another change came; stopping the build to start again")
            Self.stopTree(of: running)
        }
        guard start else { return }
        queue.async { [self] in
            while true {
                let paths = state.withLock { state -> [String]? in
                    state.restart = false
                    state.timedOut = false
                    state.generation += 1
                    if state.stopped {
                        state.building = false
                        return nil
                    }
                    return state.pending
                }
                guard let paths else { return }
                let again = rebuild(paths)
                let more = state.withLock { state -> Bool in
                    if !again && !state.restart || state.stopped {
                        state.building = false
                        return false
                    }
                    return true
                }
                guard more else { return }
            }
        }
    }

    /// Stops a build that is running (and everything it started) and lets no other start;
    /// returns when the rebuild has ended, or after a few seconds.
    public func stop() {
        let running = state.withLock { state -> ChildProcess? in
            state.stopped = true
            return state.running
        }
        if let running { Self.stopTree(of: running) }
        let ended = DispatchSemaphore(value: 0)
        queue.async { ended.signal() }
        _ = ended.wait(timeout: .now() + 10)
    }

    /// Rebuilds and reloads; true when a newer change stopped it and it should run again.
    private func rebuild(_ paths: [String]) -> Bool {
        let started = DispatchTime.now().uptimeNanoseconds
        let generation = state.withLock { $0.generation }
        DispatchQueue.global().asyncAfter(deadline: .now() + buildLimit) { [self] in
            let running = state.withLock { state -> ChildProcess? in
                guard state.generation == generation, state.building else { return nil }
                state.timedOut = true
                return state.running
            }
            if let running { Self.stopTree(of: running) }
        }
        var phases: [Phase] = []
        var phaseStart = started
        var current: (name: String, detail: String?)?
        var how = "direct"
        var reason: String?
        func seconds(since start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        func endPhase() {
            if let current { phases.append(Phase(name: current.name, seconds: seconds(since: phaseStart))) }
            current = nil
        }
        func begin(_ name: String, _ detail: String? = nil) {
            endPhase()
            current = (name, detail)
            phaseStart = DispatchTime.now().uptimeNanoseconds
            session.announceBuild(Self.message(state: "building", phase: name, detail: detail, how: how, reason: reason, phases: phases), failed: false)
        }
        func fail(_ diagnostics: [Diagnostic], output: String) -> Bool {
            endPhase()
            let took = seconds(since: started)
            log("build failed after \(String(format: "%.1f", took)) s: " + (diagnostics.first.map { "\($0.file):\($0.line): \($0.message)" } ?? "see output"))
            session.announceBuild(Self.message(state: "failed", diagnostics: diagnostics, output: String(output.suffix(8000)), how: how, phases: phases), failed: true)
            return false
        }
        func interrupted() -> Bool? {
            let (restart, timedOut, stopped) = state.withLock { ($0.restart, $0.timedOut, $0.stopped) }
            if stopped || restart { return stopped ? false : true }
            if timedOut {
                let message = "the build was stopped after \(String(format: "%g", buildLimit)) s (--build-limit)"
                return fail([Diagnostic(file: "Package.swift", line: 0, column: 0, message: message)], output: message)
            }
            return nil
        }

        let names = paths.map { ($0 as NSString).lastPathComponent }
        log("change in \(names.isEmpty ? "sources" : names.joined(separator: ", ")); rebuilding")
        begin("planning")
        let folder = binFolder()
        let plan: BuildManifest.Plan
        if let stale = BuildManifest.staleness(manifest: manifestPath, package: package) {
            plan = .fullBuild(stale)
        } else {
            switch loadManifest() {
            case .success(let manifest): plan = manifest.plan(changed: paths, binary: folder + "/" + product)
            case .failure(let error): plan = .fullBuild("\(manifestPath): \(error)")
            }
        }
        switch plan {
        case .commands(let commands, _):
            guard let lock = acquireLock(begin: { begin("waiting", "another swift build is using \(self.scratch)") }) else {
                return fail([], output: "cannot lock \(lockPath)")
            }
            defer { lock.unlock() }
            // The plan is what may need running; a command runs when one of its inputs did change:
            // an edited source, or an output of a command run before it whose bytes are new. A
            // body's edit leaves the module's interface (.swiftmodule) byte for byte as the last
            // direct compile wrote it, so what imports it is not compiled again (the first direct
            // compile after SwiftPM's writes one that differs, and pays for that once).
            var changed = Set(paths.map { URL(fileURLWithPath: $0).standardized.path })
            var compiled: [String] = []
            for command in commands where command.inputs.contains(where: changed.contains) {
                if command.tool == "phony" {
                    // Only a name for a group of files: changed when they are.
                    changed.formUnion(command.outputs)
                    continue
                }
                if let module = command.moduleName {
                    compiled.append(module)
                    if current?.name != "compiling" { begin("compiling", module) }
                } else if current?.name != "linking" {
                    begin("linking", (command.outputs.first as NSString?)?.lastPathComponent)
                }
                let interfaces = command.outputs.filter { $0.hasSuffix(".swiftmodule") }
                let before = interfaces.map { FileManager.default.contents(atPath: $0) }
                let result = runStep(command.directArguments)
                if let verdict = interrupted() { return verdict }
                if result.status != 0 { return fail(Self.diagnostics(in: result.output, package: package), output: result.output) }
                for output in command.outputs {
                    if let at = interfaces.firstIndex(of: output), before[at] != nil, FileManager.default.contents(atPath: output) == before[at] { continue }
                    changed.insert(output)
                }
            }
        case .fullBuild(let why):
            how = "swift build"
            reason = why
            log("a full swift build: \(why)")
            begin("building", "swift build --product \(product)")
            let result = runStep(["swift", "build", "--product", product] + buildOptions)
            if let verdict = interrupted() { return verdict }
            if result.status != 0 { return fail(Self.diagnostics(in: result.output, package: package), output: result.output) }
            // SwiftPM may have planned anew: read the manifest again before the next edit needs it.
            _ = loadManifest()
        }
        let buildSeconds = seconds(since: started)
        begin("restarting", "worker")
        let worker = WorkerHost(executable: folder + "/" + product)
        do {
            try worker.start()
            if state.withLock({ $0.stopped }) {
                worker.shutdown()
                return false
            }
            endPhase()
            let total = seconds(since: started)
            state.withLock { state in state.pending.removeAll { paths.contains($0) } }
            let done = Self.message(state: "succeeded", buildSeconds: buildSeconds, reloadSeconds: total - buildSeconds, how: how, reason: reason, phases: phases)
            let warnings = try session.reload(to: worker, announcing: done)
            for warning in warnings { log("warning: \(warning)") }
            let steps = phases.map { "\($0.name) \(String(format: "%.2f", $0.seconds)) s" }.joined(separator: ", ")
            log(String(format: "reloaded in %.2f s (", total) + steps + ")")
        } catch {
            worker.shutdown()
            log("the new build cannot load its components: \(error)")
            let diagnostic = Diagnostic(file: "Components", line: 0, column: 0, message: "the new build cannot load its components: \(error)")
            return fail([diagnostic], output: "")
        }
        return false
    }

    private func binFolder() -> String {
        binPath.withLock { cached in
            if cached == nil {
                let asked = Self.run(["swift", "build", "--show-bin-path"] + buildOptions, in: package)
                if asked.status == 0 { cached = asked.output.trimmingCharacters(in: .whitespacesAndNewlines) }
            }
            return cached ?? package + "/.build/debug"
        }
    }

    private func loadManifest() -> Result<BuildManifest, BuildManifest.Unreadable> {
        let path = manifestPath
        guard let date = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date else {
            return .failure(BuildManifest.Unreadable(description: "there is none"))
        }
        if let cached = manifest.withLock({ $0 }), cached.date == date { return .success(cached.manifest) }
        do {
            let read = try BuildManifest.load(path)
            manifest.withLock { $0 = (date, read) }
            return .success(read)
        } catch {
            return .failure(error)
        }
    }

    /// SwiftPM's lock on the build folder, waiting (and saying so) while another build holds it.
    private func acquireLock(begin: () -> Void) -> FileLock? {
        guard let lock = FileLock(path: lockPath) else { return nil }
        if lock.tryLock() { return lock }
        begin()
        lock.lock()
        return lock
    }

    /// Runs one step in a session of its own, remembered so that it can be stopped.
    private func runStep(_ arguments: [String]) -> (status: Int32, output: String) {
        Self.run(arguments, in: package) { [self] child in
            let stop = state.withLock { state -> Bool in
                state.running = child
                return state.restart || state.stopped || state.timedOut
            }
            if stop { Self.stopTree(of: child) }
        } ended: { [self] in
            state.withLock { $0.running = nil }
        }
    }

    /// Stops `child` and everything it started: SIGINT first (SwiftPM then stops its compilers
    /// itself), SIGKILL after two seconds to whatever is left. What it started is whatever is
    /// below it or in its session (``ChildProcess/Options/ownSession``): a compiler whose parent
    /// died first has been handed to init and is below nothing of ours.
    static func stopTree(of child: ChildProcess) {
        func living() -> [pid_t] {
            ProcessTree.living(inSession: child.pid, orBelow: child.hasBeenReaped ? nil : child.pid)
        }
        var tree = living()
        child.signalGroup(SIGINT)
        for pid in tree { _ = kill(pid, SIGINT) }
        let deadline = DispatchTime.now() + 2
        while DispatchTime.now() < deadline, tree.contains(where: ProcessTree.isRunning) {
            usleep(20_000)
            tree += living().filter { !tree.contains($0) }
        }
        // Freeze what is left, looking again until no process is left running: a compiler
        // started after the last look would be orphaned by its build's death and live on. A
        // stopped parent starts nothing, and its children stay its own until it dies.
        var stopped: [pid_t] = []
        for _ in 0..<50 {
            let running = living().filter { !stopped.contains($0) }
            if running.isEmpty { break }
            for pid in running { _ = kill(pid, SIGSTOP) }
            stopped += running
        }
        tree += stopped.filter { !tree.contains($0) }
        for pid in tree where ProcessTree.isRunning(pid) { _ = kill(pid, SIGKILL) }
        child.signalGroup(SIGKILL)
        // SIGKILL is delivered at once but the process ends a moment later.
        let killed = DispatchTime.now() + 1
        while DispatchTime.now() < killed, tree.contains(where: ProcessTree.isRunning) { usleep(5_000) }
    }

    static func message(state: String, phase: String? = nil, detail: String? = nil, diagnostics: [Diagnostic] = [],
                        output: String? = nil, buildSeconds: Double? = nil, reloadSeconds: Double? = nil,
                        how: String? = nil, reason: String? = nil, phases: [Phase] = []) -> ServerMessage.BuildReport {
        ServerMessage.BuildReport(state: state, phase: phase, detail: detail, diagnostics: diagnostics, output: output,
                                  buildSeconds: buildSeconds, reloadSeconds: reloadSeconds, how: how, reason: reason, phases: phases)
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

    /// Runs a command found on PATH in `folder` in a session of its own, returning its exit
    /// status and combined output; `started` gets the child once it runs, `ended` is called when
    /// it has ended.
    static func run(_ arguments: [String], in folder: String, started: (ChildProcess) -> Void = { _ in },
                    ended: () -> Void = {}) -> (status: Int32, output: String) {
        defer { ended() }
        guard let program = ChildProcess.find(arguments[0]) else {
            return (127, "cannot run \(arguments.joined(separator: " ")): \(arguments[0]) is not on PATH")
        }
        do {
            let output = try ChildProcess.run(program, arguments: Array(arguments.dropFirst()), stderr: .stdout, workingDirectory: folder,
                                              ownSession: true, started: started)
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
