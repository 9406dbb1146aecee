import CStarboardPlacement
#if canImport(Glibc)
import Glibc
#endif

/// Which cores the bench's clients and the servers under test run on.
///
/// Left to itself, the scheduler here put the echo server on the client's core (a wake-up within
/// a core is cheap) and the Starboard server on the other (each wake-up of an idle vCPU costs tens
/// of microseconds), so the floor and the server were measured under different conditions. Pinning
/// both servers alike makes the ratio compare the servers, not the scheduler's guesses.
public enum Placement: String, Sendable, CaseIterable {
    /// Clients on the first core; the servers (and the worker they start) on the second, as a
    /// browser and a server on different cores. Needs two cores; otherwise as `shared`.
    case split
    /// Clients and servers on the first core.
    case shared
    /// No pinning: the scheduler decides.
    case free

    static var cores: Int { max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1) }

    var clientCore: Int? {
        self == .free ? nil : 0
    }

    var serverCore: Int? {
        switch self {
        case .split: Self.cores > 1 ? 1 : 0
        case .shared: 0
        case .free: nil
        }
    }

    /// What the report says about it.
    public var summary: String {
        switch self {
        case .split where Self.cores > 1: "split: clients on core 0, servers and their workers on core 1"
        case .split, .shared: "shared: clients, servers and workers on core 0"
        case .free: "free: the scheduler places clients and servers"
        }
    }

    /// Pins the calling thread (and what it starts from now on) to the client core.
    func pinToClientCore() throws(BenchError) {
        try Self.pin(clientCore)
    }

    /// Runs `body` (which starts a server) pinned to the server core, then returns to the client core.
    func startingServer<T>(_ body: () throws(BenchError) -> T) throws(BenchError) -> T {
        guard self != .free else { return try body() }
        try Self.pin(serverCore)
        defer { try? Self.pin(clientCore) }
        return try body()
    }

    /// Allows every core again.
    func release() {
        if self != .free { _ = starboard_pin_calling_thread(-1) }
    }

    private static func pin(_ core: Int?) throws(BenchError) {
        guard let core else { return }
        let result = starboard_pin_calling_thread(Int32(core))
        guard result == 0 else { throw BenchError("cannot pin the bench to core \(core): errno \(result)") }
    }
}
