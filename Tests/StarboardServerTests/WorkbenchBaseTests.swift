import Testing
@testable import StarboardServer
import StarboardInspector
import StarboardComponents

/// The workbench reads a request's base values from JSON only where they differ from the base it
/// read last for the component; what it reads again is checked as before.
@Suite("Workbench base values")
struct WorkbenchBaseTests {
    let workbench = Workbench(registry: try! makeRegistry())

    func batch(_ component: String, _ base: String, _ changes: [WorkerChange]) throws -> BatchResult {
        let reply = workbench.handle(.batch(WorkerBatch(component: component, base: try JSONValue(parsing: base), changes: changes)))
        guard case .batch(let result) = reply else { throw PropertyProblem(message: "expected a batch result, got \(reply)") }
        return result
    }

    @Test func aRequestWithTheBaseOfTheOneBeforeReadsNoneOfItAgain() throws {
        let base = #"{"starCount":7,"spacing":3,"rating":2}"#
        _ = workbench.handle(.render(WorkerRender(component: "RatingControl", base: try JSONValue(parsing: base), environments: [.standard, .dark])))
        #expect(workbench.valueReads == 3)
        _ = workbench.handle(.preview(WorkerPreview(component: "RatingControl", base: try JSONValue(parsing: base), values: .object([("rating", .integer(4))]))))
        let tapped = try batch("RatingControl", base, [.tap("star-5")])
        #expect(workbench.valueReads == 3, "the preview and the tap read the same base: nothing again")
        #expect(tapped.values.description == #"{"starCount":7,"starSize":{"width":44,"height":44},"spacing":3,"rating":5}"#)
        // The next base differs in one member: that one is read, the others are kept.
        let moved = try batch("RatingControl", #"{"starCount":7,"spacing":3,"rating":5}"#, [.set(.object([("spacing", .integer(4))]))])
        #expect(workbench.valueReads == 4)
        #expect(moved.values.description == #"{"starCount":7,"starSize":{"width":44,"height":44},"spacing":4,"rating":5}"#)
        // A member the new base leaves out takes its default again.
        let fewer = try batch("RatingControl", #"{"rating":5}"#, [.restore])
        #expect(workbench.valueReads == 4)
        #expect(fewer.values.description == #"{"starCount":5,"starSize":{"width":44,"height":44},"spacing":8,"rating":5}"#)
        // Each component keeps its own.
        _ = try batch("HikeBadge", #"{"grayscale":0.5}"#, [.restore])
        _ = try batch("RatingControl", #"{"rating":5}"#, [.restore])
        #expect(workbench.valueReads == 5)
    }

    @Test func aChangedBaseIsStillCheckedAndSaysWhatItExpectedAndGot() throws {
        _ = try batch("HikeBadge", #"{"grayscale":0.5,"name":"Summit"}"#, [.restore])
        #expect(workbench.valueReads == 2)
        for _ in 0..<2 {
            // The same bad base twice: read once, and its warnings come both times.
            let restored = try batch("HikeBadge", #"{"grayscale":7,"name":5,"sparkle":true}"#, [.restore])
            guard case .accepted(let notes)? = restored.results.first else {
                Issue.record("expected an accepted restore, got \(restored.results)")
                return
            }
            #expect(notes.contains("HikeBadge.grayscale: saved 7 no longer fits (a number in 0...1); using 1"), "\(notes)")
            let dropped = notes.first { $0.hasPrefix("dropped HikeBadge.name: ") }
            #expect(dropped?.contains("expected") == true && dropped?.contains("got") == true, "\(notes)")
            #expect(notes.contains("dropped HikeBadge.sparkle: no such property any more"))
            #expect(restored.values["grayscale"]?.doubleValue == 1 && restored.values["name"] == .string("First Hike"))
        }
        #expect(workbench.valueReads == 5)
    }
}
