import Testing
@testable import StarboardServer

/// What the worker's stderr says when component code traps, as the page is told it. The texts
/// are what Swift 6.3 prints on Linux for each kind of trap (with and without the backtracer).
@Suite("Worker traps")
struct WorkerTrapTests {
    static let stack = "\nCurrent stack trace:\n0    libswiftCore.so    0x00007fa69275f130 swift_reportError + 33\n"

    @Test(arguments: [
        ("RatingControl.swift:5: Precondition failed: stars must be positive", "Precondition failed: stars must be positive (RatingControl.swift:5)"),
        ("RatingControl.swift:12: Precondition failed", "Precondition failed (RatingControl.swift:12)"),
        ("RatingControl.swift:6: Fatal error: no stars", "no stars (RatingControl.swift:6)"),
        ("RatingControl.swift:7: Assertion failed: rating within range", "Assertion failed: rating within range (RatingControl.swift:7)"),
        ("RatingControl.swift:10: Fatal error: Unexpectedly found nil while unwrapping an Optional value",
         "Unexpectedly found nil while unwrapping an Optional value (RatingControl.swift:10)"),
        ("Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range", "Index out of range (Swift/ContiguousArrayBuffer.swift:692)"),
        ("RatingControl.swift:9: Fatal error", "Fatal error (RatingControl.swift:9)"),
    ])
    func everyKindOfTrapIsToldByItsMessage(line: String, expected: String) {
        #expect(WorkerHost.trapMessage(in: line + Self.stack) == expected)
        // The backtracer's report after it is not the message.
        let backtraced = line + "\n\n💣 Program crashed: Illegal instruction at 0x00007ff9f1ef9361\n\n*** Signal 4: Backtracing from 0x7ff9f1ef9361... done ***\n"
            + "  0      0x00007ff9f1ef9361 _assertionFailure(_:_:file:line:flags:) + 225 in libswiftCore.so\n\nBacktrace took 0.86s\n"
        #expect(WorkerHost.trapMessage(in: backtraced) == expected)
    }

    @Test func theWorkerRunsWithoutTheBacktracer() {
        let environment = WorkerHost.workerEnvironment(["PATH": "/usr/bin", "SWIFT_BACKTRACE": "enable=yes"])
        #expect(environment["SWIFT_BACKTRACE"] == "enable=no")
        #expect(environment["PATH"] == "/usr/bin")
    }
}

/// The worker's time limits: one render has the host's limit; describing the package does not,
/// since that grows with the number of components (500 took longer than a render's 2 s).
@Suite("Worker limits")
struct WorkerLimitTests {
    @Test func theCatalogHasItsOwnLimitAndRendersKeepTheHosts() {
        #expect(WorkerHost.limit(for: .catalog, render: 2) == WorkerHost.catalogLimit)
        #expect(WorkerHost.catalogLimit >= 30)
        #expect(WorkerHost.limit(for: .catalog, render: 90) == 90)
        #expect(WorkerHost.limit(for: .batch(WorkerBatch(component: "RatingControl", base: .object([]), changes: [])), render: 2) == 2)
    }
}
