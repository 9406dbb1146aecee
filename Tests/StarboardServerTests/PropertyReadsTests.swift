import Foundation
import Testing
@testable import StarboardServer
import StarboardInspector
import StarboardComponents
import StarboardUI

/// The worker notes which `@Inspectable` properties each view read while it was built and sends
/// them with the render (the page's "Affected by"); a tap that changes nothing is rendered from
/// the layout it made to find its target.
@Suite("Recorded reads and taps")
struct PropertyReadsTests {
    let workbench = Workbench(registry: try! makeRegistry())

    /// A render's fields (`"svg":…,"reads":…`) as one JSON object.
    func fields(_ text: String?) throws -> JSONValue {
        try JSONValue(parsing: "{" + (try #require(text)) + "}")
    }

    /// Each entry of the SVG's view outline: its parent entry (-1 for the root) and types.
    func outline(_ svg: String) throws -> [(parent: Int, types: [String])] {
        func attribute(_ name: String) throws -> String {
            let start = try #require(svg.range(of: "\(name)=\""))
            return String(svg[start.upperBound...].prefix { $0 != "\"" })
        }
        let names = try attribute("data-types").split(separator: "/").map(String.init)
        var entries: [(parent: Int, types: [String])] = []
        for raw in try attribute("data-views").split(separator: ";") {
            let parts = raw.split(separator: " ")
            let back = try #require(Int(parts[0]))
            let types = try #require(parts.last).split(separator: ".").map { names[Int($0)!] }
            entries.append((back == 0 ? -1 : entries.count - back, types))
        }
        return entries
    }

    func reads(_ render: JSONValue, entry: Int) -> Set<String> {
        Set((render["reads"]?[String(entry)]?.arrayValue ?? []).compactMap(\.stringValue))
    }

    @Test func ratingControlsStarsReadTheRatingAndSizeAndItsStackTheSpacingAndCount() throws {
        let reply = workbench.handle(.render(WorkerRender(component: "RatingControl", base: .object([("starCount", .integer(3))]), environments: [.standard])))
        guard case .render(let set) = reply, case .success(let text)? = set.renders.first else {
            Issue.record("expected a render, got \(reply)")
            return
        }
        let render = try fields(text)
        let views = try outline(try #require(render["svg"]?.stringValue))
        #expect(views[0].types.contains("RatingControl") && views[0].types.contains("HStack"), "\(views[0])")
        // The body reads the spacing for its stack and the star count for its ForEach.
        #expect(render["reads"]?["0"] == .array([.string("starCount"), .string("spacing")]), "in declaration order")
        // Each star's closure reads the rating and the star size, which every view of the star
        // draws with; none of them reads what only the stack around them did.
        let stars = views.indices.filter { views[$0].types.contains("StarButton") }
        #expect(stars.count == 3)
        for entry in 1..<views.count {
            #expect(reads(render, entry: entry) == ["rating", "starSize"], "entry \(entry): \(views[entry].types)")
        }
    }

    @Test func aViewJoinedToItsParentsEntryAddsItsReadsThere() throws {
        // One star fills the stack: the outline writes both in one entry, which lists what
        // either read.
        let one = workbench.handle(.preview(WorkerPreview(component: "RatingControl", base: .object([]), values: .object([("starCount", .integer(1))]))))
        guard case .preview(.rendered(_, let text)) = one else {
            Issue.record("expected a preview, got \(one)")
            return
        }
        let render = try fields(text)
        let views = try outline(try #require(render["svg"]?.stringValue))
        #expect(views[0].types.contains("HStack") && views[0].types.contains("StarButton"), "\(views[0])")
        #expect(reads(render, entry: 0) == ["starCount", "spacing", "starSize", "rating"])
        #expect(views.indices.dropFirst().allSatisfy { reads(render, entry: $0) == ["rating", "starSize"] })
    }

    @Test func aRenderOutsideAComponentRecordsNothing() throws {
        // The CLI's and the snapshots' renders of a view made by hand: no slots, no reads.
        let rendering = try Renderer.render(Text("Hi").padding(4), recordingReads: true)
        #expect(rendering.reads.allSatisfy { $0 == 0 })
        let plain = try Renderer.render(Text("Hi").padding(4))
        #expect(plain.reads.isEmpty)
    }

    // MARK: Taps

    func tap(_ component: String, _ base: JSONValue, _ tap: WorkerTap) throws -> (BatchResult, layouts: Int) {
        let count = LayoutCount()
        let reply = LayoutCount.counting(count) { workbench.handle(.batch(WorkerBatch(component: component, base: base, changes: [.tap(tap)]))) }
        guard case .batch(let result) = reply else { throw PropertyProblem(message: "expected a batch result, got \(reply)") }
        return (result, count.layouts)
    }

    /// The render's fields without its time, which differs between any two renders.
    func timeless(_ text: String?) -> String? {
        text?.replacingOccurrences(of: #","renderMicros":[0-9]+"#, with: "", options: .regularExpression)
    }

    @Test func aTapThatChangesNothingIsLaidOutOnceAndRendersTheSameBytes() throws {
        // A tap on the current page's own dot stays on that page.
        let (result, layouts) = try tap("PageControl", .object([]), WorkerTap(target: "page-control", location: TapLocation(x: 9, y: 22)))
        #expect(result.results == [.accepted(notes: [])])
        #expect(result.values["currentPage"] == .integer(0))
        #expect(layouts == 1)
        let count = LayoutCount()
        let fresh = LayoutCount.counting(count) { workbench.handle(.render(WorkerRender(component: "PageControl", base: result.values, environments: [.standard]))) }
        guard case .render(let set) = fresh, case .success(let text)? = set.renders.first else {
            Issue.record("expected a render, got \(fresh)")
            return
        }
        #expect(count.layouts == 1)
        #expect(timeless(result.render) == timeless(text))
        #expect(result.render?.contains(#""reads":{"#) == true)
    }

    /// A tap that changes a value is laid out twice, and must be: once with the values it
    /// landed on, to find the target and run its action, and once with the values the action
    /// left, which place the views elsewhere. So is a tap in another environment than the
    /// standard one the batch renders in, whose layout is not that render's.
    @Test func aTapThatChangesAValueOrIsInAnotherEnvironmentIsLaidOutTwice() throws {
        let (moved, layouts) = try tap("PageControl", .object([]), WorkerTap(target: "page-control", location: TapLocation(x: 60, y: 22)))
        #expect(moved.values["currentPage"] == .integer(1))
        #expect(layouts == 2)
        let (rated, starLayouts) = try tap("RatingControl", .object([]), "star-2")
        #expect(rated.values["rating"] == .integer(2))
        #expect(starLayouts == 2)
        let (_, darkLayouts) = try tap("PageControl", .object([]), WorkerTap(target: "page-control", location: TapLocation(x: 9, y: 22), environment: .dark))
        #expect(darkLayouts == 2)
    }
}
