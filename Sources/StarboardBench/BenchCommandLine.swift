import Foundation
import StarboardCommands
import StarboardInspector

/// `starboard-bench [options]`: render cost, change-to-render latency against the loopback floor,
/// fan-out, bursts, memory and start-up, in one run (see the README's Performance section). Its
/// own executable, so the shipped `starboard` carries neither the bench nor its allocation counter.
public enum BenchCommandLine {
    public static let usage = """
        USAGE: starboard-bench [--quick] [--json FILE] [--render-iterations N] [--round-trips N]
                               [--subscribers N] [--fan-out-trials N] [--burst N] [--startups N]
                               [--web DIR] [--no-worker] [--placement split|shared|free]
                               [--layout-only] [--browser-only] [--browser-inputs N] [--plain-subscribers]
                               [--render-cost [--callgrind-out DIR]]

        Runs the benchmarks against servers started from the `starboard` executable beside this one
        (`serve`, children on free loopback ports, stopped at the end) and its own echo server,
        prints a table with every target as PASS or MISS, and exits 0 unless a benchmark could not
        run. Build both in release first:
          STARBOARD_CMO=1 swift build -c release --product starboard
          STARBOARD_CMO=1 swift build -c release --product starboard-bench
          .build/release/starboard-bench

        OPTIONS:
          --quick                Tiny counts: checks that everything runs.
          --json FILE            Also write the results as JSON.
          --render-iterations N  Timed renders per component and variant (default 2000).
          --round-trips N        Round trips of each kind: seen values, new values, echo (default 5000).
          --subscribers N        Most subscribers for the fan-out (default 1000; also 1 and 100).
          --fan-out-trials N     Changes timed per subscriber count (default 20).
          --burst N              Sets in the burst (default 10000).
          --startups N           Server starts timed (default 10).
          --web DIR              The Web folder the server serves (default: the shipped page).
          --no-worker            Measure a server that runs component code in-process (serve --no-worker).
          --placement P          split (default): clients on core 0, servers on core 1; shared: all
                                 on core 0; free: no pinning. For change → render and its floor.
          --browser-only         Only input → painted in headless Chromium (STARBOARD_CHROMIUM, else
                                 /usr/bin/chromium), for the first slider of each component.
          --browser-inputs N     Slider inputs per component and rhythm in the browser (default 40; 0 skips).
          --layout-only          Only render cost, deflate per render and layout against view size (no servers).
          --render-cost          Only instructions per warm render of each seed component against a
                                 minimal writer of the same SVG bytes, allocations per warm render
                                 and deflate per render message (instructions counted by callgrind
                                 when valgrind is installed, with deterministic hashing, so a run
                                 repeats to the instruction; no servers).
          --callgrind-out DIR    With --render-cost: keep callgrind's files in DIR (callgrind_annotate).
          --plain-subscribers    Fan-out and memory with subscribers that do not negotiate
                                 permessage-deflate (by default they offer it as browsers do).
        Set STARBOARD_BIN to start servers from another starboard executable.

        USAGE: starboard-bench --edit-only [--edits N] [--starboard DIR] [--package DIR] [--pause SECONDS]

          Save → new render under `serve --watch`: writes a scratch consumer package with one
          component (EditCard) that uses the Starboard at --starboard (default: the current
          folder) as a path dependency, in --package (default .build/edit-bench; kept, so that a
          second run starts warm), builds it, starts its previews executable with serve --watch,
          and saves N edits to the component's file (default 10), each --pause seconds (default 1)
          after the last one's render, timing each from the save to the render that shows it, with
          the phases the server reports.
        """

    /// Runs the bench (or, hidden, its echo server) and exits.
    public static func main(_ arguments: [String], registry makeRegistry: () throws(RegistryError) -> Registry) -> Never {
        if arguments.first == "--echo-server" {
            // Hidden: the loopback floor's server, started by the bench itself.
            let web = arguments.count == 3 && arguments[1] == "--web" ? arguments[2] : NSTemporaryDirectory()
            exit(EchoServer.run(webRoot: web))
        }
        if arguments.first == "--render-cost-child" {
            // Hidden: one measurement of --render-cost, run under callgrind by the bench itself.
            do {
                exit(RenderCostBench.child(Array(arguments.dropFirst()), registry: try makeRegistry()))
            } catch {
                FileHandle.standardError.write(Data("starboard-bench: the component registry is invalid: \(error)\n".utf8))
                exit(1)
            }
        }
        run(arguments, registry: makeRegistry).emit(as: "starboard-bench")
    }

    /// Parses the options and runs the bench, returning what to print.
    public static func run(_ arguments: [String], registry makeRegistry: () throws(RegistryError) -> Registry) -> CommandOutput {
        if arguments.contains("--help") || arguments.contains("-h") { return CommandOutput(stdout: usage + "\n") }
        if arguments.first == "--edit-only" { return EditBench.main(Array(arguments.dropFirst())) }
        let parsed: (options: BenchOptions, json: String?, layoutOnly: Bool, renderCost: Bool, profiles: String?)
        switch parse(arguments) {
        case .failure(let error): return error.output
        case .success(let value): parsed = value
        }
        let registry: Registry
        do {
            registry = try makeRegistry()
        } catch {
            return failure("the component registry is invalid: \(error)", code: 1)
        }
        do {
            let log = { (line: String) in FileHandle.standardError.write(Data((line + "\n").utf8)) }
            if parsed.renderCost {
                let report = try RenderCostBench.run(registry: registry, profiles: parsed.profiles, log: log)
                return CommandOutput(stdout: report.table)
            }
            if parsed.layoutOnly {
                let report = try Bench.runLayout(parsed.options, registry: registry, log: log)
                return CommandOutput(stdout: report.table)
            }
            if parsed.options.browserOnly {
                guard let result = try Bench.runBrowser(parsed.options, registry: registry, log: log) else {
                    return failure("no Chromium to drive: install chromium or set STARBOARD_CHROMIUM", code: 1)
                }
                return CommandOutput(stdout: result.table + "\n" + BenchReport.browserTargets(result).table)
            }
            let report = try Bench.run(parsed.options, registry: registry, log: log)
            var output = CommandOutput(stdout: report.table)
            if let path = parsed.json { output.files[path] = Data((report.json.description + "\n").utf8) }
            return output
        } catch {
            return failure("\(error)", code: 1)
        }
    }

    /// Why the bench did not run: exit status 2 for bad options (with the usage), else `code`.
    struct UsageError: Error {
        let output: CommandOutput
    }

    static func failure(_ message: String, code: Int32 = 2) -> CommandOutput {
        CommandOutput(stderr: "starboard-bench: \(message)\n", exitCode: code)
    }

    static func usageError(_ message: String) -> UsageError {
        UsageError(output: CommandOutput(stderr: "starboard-bench: \(message)\n\n\(usage)\n", exitCode: 2))
    }

    static func parse(_ arguments: [String]) -> Result<(options: BenchOptions, json: String?, layoutOnly: Bool, renderCost: Bool, profiles: String?), UsageError> {
        let bench = Bench.currentExecutable() ?? CommandLine.arguments[0]
        // The server under test is the `starboard` built beside this bench, unless told otherwise.
        let binary = ProcessInfo.processInfo.environment["STARBOARD_BIN"]
            ?? URL(fileURLWithPath: bench).deletingLastPathComponent().appendingPathComponent("starboard").path
        var web: String?
        var json: String?
        var quick = false
        var layoutOnly = false
        var renderCost = false
        var profiles: String?
        var browserOnly = false
        var serveArguments: [String] = []
        var placement = Placement.split
        var plainSubscribers = false
        var counts: [String: Int] = [:]
        let countOptions = ["--render-iterations", "--round-trips", "--subscribers", "--fan-out-trials", "--burst", "--startups", "--browser-inputs"]
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let value = index + 1 < arguments.count ? arguments[index + 1] : nil
            switch argument {
            case "--quick":
                quick = true
                index += 1
                continue
            case "--layout-only":
                layoutOnly = true
                index += 1
                continue
            case "--render-cost":
                renderCost = true
                index += 1
                continue
            case "--browser-only":
                browserOnly = true
                index += 1
                continue
            case "--no-worker":
                serveArguments.append("--no-worker")
                index += 1
                continue
            case "--plain-subscribers":
                plainSubscribers = true
                index += 1
                continue
            case "--placement":
                guard let value, let chosen = Placement(rawValue: value) else {
                    let names = Placement.allCases.map(\.rawValue).joined(separator: ", ")
                    return .failure(usageError("--placement needs one of \(names)"))
                }
                placement = chosen
            case "--json", "--web", "--callgrind-out":
                guard let value else { return .failure(usageError("\(argument) needs a path")) }
                switch argument {
                case "--json": json = value
                case "--web": web = value
                default: profiles = value
                }
            case _ where countOptions.contains(argument):
                guard let value, let count = Int(value), count > 0 || (argument == "--browser-inputs" && count == 0) else {
                    return .failure(usageError("\(argument) needs a positive number"))
                }
                counts[argument] = count
            default:
                return .failure(usageError("unknown option \"\(argument)\""))
            }
            index += 2
        }
        let webRoot: String
        switch PageResource.webRoot(given: web) {
        case .success(let found): webRoot = found
        case .failure(let error): return .failure(UsageError(output: failure(error.description, code: 1)))
        }
        var options = quick
            ? BenchOptions.quick(starboardBinary: binary, webRoot: webRoot)
            : BenchOptions(starboardBinary: binary, webRoot: webRoot)
        if let n = counts["--render-iterations"] { options.renderIterations = n }
        if let n = counts["--round-trips"] { options.roundTrips = n }
        if let n = counts["--subscribers"] { options.subscriberLevels = BenchOptions.subscriberLevels(upTo: n) }
        if let n = counts["--fan-out-trials"] { options.fanOutTrials = n }
        if let n = counts["--burst"] { options.burst = n }
        if let n = counts["--startups"] { options.startups = n }
        if let n = counts["--browser-inputs"] { options.browserInputs = n }
        options.browserOnly = browserOnly
        options.echoBinary = bench
        options.serveArguments = serveArguments
        options.placement = placement
        options.compressingSubscribers = !plainSubscribers
        if profiles != nil && !renderCost { return .failure(usageError("--callgrind-out goes with --render-cost")) }
        return .success((options, json, layoutOnly, renderCost, profiles))
    }
}
