import CStarboardAllocationCounter
import Foundation
import StarboardInspector
import StarboardSystem
#if canImport(Glibc)
import Glibc
#endif

/// Starboard's benchmarks (`starboard-bench`); see the README's Performance section.
///
/// Every server under test is a child process of the `starboard` binary, started on a free
/// loopback port and stopped before ``run(_:registry:log:)`` returns, whether it succeeds or throws.
public enum Bench {
    /// Whether this build counts allocations. Builds with ThreadSanitizer or AddressSanitizer
    /// leave malloc to the sanitizer, and every allocation count is 0 there.
    public static var countsAllocations: Bool { starboard_allocation_counter_available() != 0 }

    /// Runs every benchmark once and checks the targets; `log` gets one line per step.
    public static func run(_ options: BenchOptions, registry: Registry, log: (String) -> Void = { _ in }) throws(BenchError) -> BenchReport {
        guard access(options.starboardBinary, X_OK) == 0 else {
            throw BenchError("no starboard executable at \(options.starboardBinary)")
        }
        guard access(options.echoBinary, X_OK) == 0 else {
            throw BenchError("no starboard-bench executable at \(options.echoBinary) (for the echo server)")
        }
        raiseOpenFileLimit()
        // Placement is for comparing the server with its floor; the rest runs where the scheduler
        // puts it (pinning the burst's three client threads to one core starved the measuring one).
        var unpinned = options
        unpinned.placement = .free
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let renders = try RenderBench.run(registry: registry, iterations: max(options.renderIterations, 1), log: log)
        let deflate = try DeflateBench.run(registry: registry, iterations: max(options.renderIterations, 1), log: log)
        let workbench = try WorkbenchBench.run(registry: registry, iterations: max(options.renderIterations, 1))
        log("workbench: done")
        let latency = try LatencyBench.run(options, stateFile: folder + "/latency.json", log: log)
        let fanOut = try FanOutBench.run(unpinned, stateFile: folder + "/fanout.json", log: log)
        let burst = try BurstBench.run(unpinned, stateFile: folder + "/burst.json", log: log)
        let startup = try StartupBench.run(unpinned, stateFile: folder + "/startup.json", log: log)
        let browser = options.browserInputs > 0
            ? try BrowserBench.run(unpinned, components: registry.components.map(\.name), stateFile: folder + "/browser.json", folder: folder, log: log)
            : nil
        return BenchReport(
            machine: .current, options: options, renders: renders, workbench: workbench, latency: latency,
            fanOut: fanOut, burst: burst, startup: startup, browser: browser, deflate: deflate
        )
    }

    /// Only input → painted in headless Chromium; nil without a Chromium.
    public static func runBrowser(_ options: BenchOptions, registry: Registry, log: (String) -> Void = { _ in }) throws(BenchError) -> BrowserResult? {
        var unpinned = options
        unpinned.placement = .free
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try BrowserBench.run(unpinned, components: registry.components.map(\.name), stateFile: folder + "/browser.json", folder: folder, log: log)
    }

    /// The running executable's path (`/proc/self/exe`), to start servers from the same binary.
    public static func currentExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Raises the soft open-file limit to the hard one: 1,000 subscribers need 1,000 descriptors
    /// here, and the server (which inherits the limit) sizes its fd table from it at start.
    static func raiseOpenFileLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    private static func temporaryFolder() throws(BenchError) -> String {
        var template = Array((NSTemporaryDirectory() + "/starboard-bench-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw BenchError("\(SystemError("mkdtemp", code: errno))") }
        return String(cString: made)
    }
}

/// The machine a report was measured on.
public struct MachineDescription: Sendable {
    public let cpuModel: String
    public let cores: Int
    public let kernel: String
    public let date: String

    /// This machine, now.
    public static var current: MachineDescription {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        var names = utsname()
        uname(&names)
        let release = withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss ZZZZZ"
        return MachineDescription(
            cpuModel: model, cores: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))),
            kernel: "Linux " + release, date: formatter.string(from: Date())
        )
    }
}
