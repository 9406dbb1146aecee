import Dispatch
import Foundation
import StarboardInspector
import StarboardServer
import StarboardSystem

extension StarboardCommand {
    /// Runs the server until SIGINT or SIGTERM; returns the exit status. `makeRegistry` is the
    /// caller's: the in-process host uses it here, and the worker (this executable started again
    /// as `worker`) makes the same one.
    public static func serve(_ options: ServeOptions, registry makeRegistry: () throws(RegistryError) -> Registry) -> Int32 {
        let registry: Registry
        do {
            registry = try makeRegistry()
        } catch {
            printError("starboard: the component registry is invalid: \(error)\n")
            return 1
        }
        let webRoot: String
        switch PageResource.webRoot(given: options.webRoot) {
        case .success(let found): webRoot = found
        case .failure(let error):
            printError("starboard: \(error)\n")
            return 1
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: webRoot, isDirectory: &isFolder), isFolder.boolValue else {
            printError("starboard: --web \(webRoot) is not a folder\n")
            return 1
        }
        var serverOptions = LivePreviewServer.Options(webRoot: webRoot)
        serverOptions.host = options.host
        serverOptions.port = options.port
        serverOptions.stateFile = options.stateFile
        serverOptions.allowedOrigins = options.allowedOrigins
        serverOptions.originCheck = options.originCheck
        if let text = ProcessInfo.processInfo.environment[tokenVariable], !text.isEmpty {
            do {
                serverOptions.accessToken = try AccessToken(validating: text)
            } catch {
                printError("starboard: \(tokenVariable): \(error)\n")
                return 2
            }
        }
        serverOptions.log = { line in printError("warning: \(line)\n") }
        // "Save as variant" edits the sources of the package the server runs in: the one
        // `--watch` rebuilds, found the same way.
        let package = NewCommand.packageRoot(from: FileManager.default.currentDirectoryPath)
        serverOptions.sourcePackage = package.map { SourcePackage(root: $0, rebuildsOnChange: options.watch) }
        let host: any ComponentHost
        if options.watch && options.inProcess {
            printError("starboard: --watch needs the worker (it swaps workers to reload code); drop --no-worker\n")
            return 2
        }
        if options.inProcess {
            host = InProcessHost(registry: registry)
        } else {
            let worker = WorkerHost(executable: currentExecutable())
            do {
                try worker.start()
            } catch {
                printError("starboard: \(error)\n")
                return 1
            }
            host = worker
        }
        let server: LivePreviewServer
        do {
            server = try LivePreviewServer(host: host, options: serverOptions)
        } catch {
            switch error {
            case .unreadableState:
                printError("starboard: \(error)\nThe saved values are left as they are; fix the file's permissions, or pass --state another file.\n")
            case .components:
                printError("starboard: \(error)\n")
            }
            host.shutdown()
            return 1
        }
        for warning in server.warnings { printError("warning: \(warning)\n") }
        let termination = TerminationSignals()
        let listening: Listening
        do {
            listening = try server.listen()
        } catch {
            printError("starboard: \(error)" + (options.port != 0 ? " (or use --port 0 for any free port)" : "") + "\n")
            _ = try? server.stop()
            return 1
        }
        if !options.originCheck {
            printError("warning: --no-origin-check: any web page in your browser can drive this server\n")
        }
        let urls = listening.pageURLs(shownHost: options.host)
        // Written straight to the file descriptor so scripts reading a pipe see it at once.
        var lines = "Starboard is listening on \(urls[0])\n"
        for url in urls.dropFirst() { lines += "  also on \(url)\n" }
        FileHandle.standardOutput.write(Data(lines.utf8))
        if listening.accessToken != nil {
            printError(beyondLoopbackWarning(listening))
        }
        if options.open { openInBrowser(listening.isWildcard ? urls[urls.count - 1] : urls[0]) }
        var watcher: FileWatcher?
        var rebuilder: Rebuilder?
        if options.watch {
            guard let package else {
                let here = FileManager.default.currentDirectoryPath
                printError("starboard: --watch must run in your package (no Package.swift in \(here) or above it)\n")
                _ = try? server.stop()
                return 1
            }
            let build = WatchBuild(executable: currentExecutable(), package: package)
            let made = Rebuilder(package: package, product: build.product, buildOptions: build.options, session: server.session,
                                 buildLimit: options.buildLimit) { line in
                printError("watch: \(line)\n")
            }
            do {
                let folders = ["Sources", "Components"].filter { FileManager.default.fileExists(atPath: package + "/" + $0) }
                rebuilder = made
                watcher = try FileWatcher(roots: folders.map { package + "/" + $0 }) { paths in made.sourcesChanged(paths) }
                watcher?.start()
                printError("watch: watching \(folders.map { $0 + "/" }.joined(separator: " and ")) in \(package); "
                    + "a change rebuilds \(([build.product] + build.options).joined(separator: " "))\n")
            } catch {
                printError("starboard: cannot watch the sources: \(error)\n")
                _ = try? server.stop()
                return 1
            }
        }

        termination.wait()
        watcher?.stop()
        // A build still running (and the compilers it started) ends with the server.
        rebuilder?.stop()
        do {
            if try server.stop() {
                FileHandle.standardOutput.write(Data("Starboard stopped; values saved to \(options.stateFile)\n".utf8))
            } else {
                FileHandle.standardOutput.write(Data("Starboard stopped; values were not saved (\(options.stateFile) is not a regular file)\n".utf8))
            }
        } catch {
            printError("starboard: stopped, but the values could NOT be saved: \(error)\n")
            return 1
        }
        return 0
    }

    /// The environment variable that holds a token of the user's choosing, for a URL that stays
    /// the same across restarts; without it each start beyond loopback makes a new one.
    static let tokenVariable = "STARBOARD_TOKEN"

    /// What listening beyond loopback exposes, said at every such start.
    static func beyondLoopbackWarning(_ listening: Listening) -> String {
        let place = listening.isWildcard ? "every interface" : listening.address
        return """
            warning: listening on \(place), port \(listening.port): anyone who can reach it and has the token \
            in the URLs above can read every component's values and change them. The traffic is plain \
            HTTP, not encrypted: anyone who can watch the network can read the token and the values too. \
            The page's scripts, styles and fonts are served without the token.

            """
    }

    /// This process's executable, so the worker runs the same component code.
    public static func currentExecutable() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardized.path
    }

    static func openInBrowser(_ url: String) {
        guard let opener = ChildProcess.find("xdg-open") else {
            printError("note: --open needs xdg-open; open \(url) yourself\n")
            return
        }
        // Off the main thread: the server is already serving, and the opener may take a while.
        DispatchQueue.global().async {
            do {
                let output = try ChildProcess.run(opener, arguments: [url], stderr: .stdout)
                if !output.succeeded { printError("note: xdg-open \(output.termination); open \(url) yourself\n") }
            } catch {
                printError("note: \(error); open \(url) yourself\n")
            }
        }
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
