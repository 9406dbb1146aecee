import Dispatch
import Foundation
import StarboardComponents
import StarboardInspector
import Synchronization
import Testing
@testable import StarboardCommands

@Suite("snapshot and export on several threads")
struct ParallelRenderTests {
    let registry = try! StarboardComponents.makeRegistry()

    @Test(arguments: [2, 3, 8])
    func snapshotsOnSeveralThreadsAreTheOnesOneThreadMakes(threads: Int) throws {
        let serial = try SnapshotRender.all(in: registry, threads: 1)
        let parallel = try SnapshotRender.all(in: registry, threads: threads)
        #expect(serial.count > 20)
        #expect(parallel.map(\.label) == serial.map(\.label))
        #expect(parallel.map(\.baseName) == serial.map(\.baseName))
        #expect(parallel.map(\.svg) == serial.map(\.svg))
        let shard = Shard(parsing: "2/3")!
        let shardSerial = try SnapshotRender.all(in: registry, shard: shard, threads: 1)
        let shardParallel = try SnapshotRender.all(in: registry, shard: shard, threads: threads)
        #expect(shardParallel.map(\.inShard) == shardSerial.map(\.inShard))
        #expect(shardParallel.map(\.svg) == shardSerial.map(\.svg))
    }

    @Test func anExportOnTwoThreadsIsTheOneOneThreadWrites() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let serial = try ExportCatalog(registry: registry, exported: date, threads: 1)
        let parallel = try ExportCatalog(registry: registry, exported: date, threads: 2)
        #expect(parallel.script == serial.script)
        #expect(parallel.variantCount == serial.variantCount && parallel.componentCount == registry.components.count)
    }

    @Test func workKeepsTheItemsOrderAndDoesEachOnce() {
        let calls = Atomic<Int>(0)
        let items = Array(0..<1000)
        let results = ParallelWork.map(items, threads: 3) { item in
            calls.wrappingAdd(1, ordering: .relaxed)
            return item * 2
        }
        #expect(results == items.map { $0 * 2 })
        #expect(calls.load(ordering: .relaxed) == 1000)
    }

    /// Two items in progress at once: each of the first two waits until both have started, which
    /// one thread could never do (it would give up after the wait and say so).
    @Test func twoThreadsWorkAtOnce() {
        let started = Atomic<Int>(0)
        let results = ParallelWork.map([0, 1], threads: 2) { _ -> Bool in
            started.wrappingAdd(1, ordering: .relaxed)
            let deadline = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
            while started.load(ordering: .relaxed) < 2 {
                if DispatchTime.now().uptimeNanoseconds > deadline { return false }
                usleep(100)
            }
            return true
        }
        #expect(results == [true, true])
    }

    @Test func jobsIsANumberOfThreads() {
        guard case .success(let options) = SnapshotCommand.parse(["--check", "--jobs", "3"]) else {
            Issue.record("--jobs 3 was refused")
            return
        }
        #expect(options.threads == 3)
        guard case .failure(let error) = SnapshotCommand.parse(["--jobs", "0"]) else {
            Issue.record("--jobs 0 was taken")
            return
        }
        #expect(error.output.stderr.contains("--jobs needs a number of threads from 1 to 64"))
        guard case .success(let export) = ExportCommand.parse(["--out", "site", "--jobs", "1"]) else {
            Issue.record("export --jobs 1 was refused")
            return
        }
        #expect(export.threads == 1)
    }
}
