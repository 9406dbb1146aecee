import Foundation
import FoundationXML
import StarboardComponents
import StarboardInspector
import Testing
@testable import StarboardCommands

private func output(_ arguments: [String]) -> CommandOutput {
    guard case .output(let output) = StarboardCommand.parse(arguments) else {
        Issue.record("expected output, got another action")
        return CommandOutput()
    }
    return output
}

@Suite("Shards")
struct ShardTests {
    let registry = try! StarboardComponents.makeRegistry()

    @Test func fnv1a64MatchesThePublishedVectors() {
        // From the FNV reference (Fowler, Noll, Vo): the offset basis, "a" and "foobar".
        #expect(ReviewIdentity.fnv1a64("") == 0xcbf2_9ce4_8422_2325)
        #expect(ReviewIdentity.fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(ReviewIdentity.fnv1a64("foobar") == 0x8594_4171_f739_67e8)
    }

    @Test(arguments: ["1/1", "2/4", "4/4", "10/16"])
    func readsAShard(_ text: String) {
        #expect(Shard(parsing: text)?.description == text)
    }

    @Test(arguments: ["0/4", "5/4", "1/0", "a/b", "2", "1/2/3", "-1/2", ""])
    func refusesWhatIsNotAShard(_ text: String) {
        #expect(Shard(parsing: text) == nil)
    }

    @Test(arguments: [1, 2, 3, 5, 8])
    func everyRenderIsInExactlyOneShard(count: Int) {
        let keys = ReviewRendersCommand.plan(registry).map(\.identity.key)
        #expect(Set(keys).count == keys.count, "identities are unique")
        var seen: [String: Int] = [:]
        for index in 1...count {
            let shard = Shard(index: index, count: count)
            for key in keys where shard.contains(key) { seen[key, default: 0] += 1 }
        }
        #expect(seen.count == keys.count)
        #expect(seen.values.allSatisfy { $0 == 1 })
    }

    @Test func aRendersShardDoesNotDependOnWhatElseIsRegistered() {
        let key = ReviewIdentity(entry: "RatingControl", variant: "Three stars", environment: "dark").key
        let alone = Shard.number(of: key, count: 4)
        #expect(Shard(index: alone, count: 4).contains(key))
        #expect(key == "RatingControl / Three stars [dark]")
    }

    @Test func snapshotCheckShardsTogetherCheckEveryRenderOnce() throws {
        let folder = try makeTemporaryFolder("shards")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(output(["snapshot", "--dir", folder.path]).exitCode == 0)
        let whole = try SnapshotRender.all(in: registry).map(\.identity.key)
        var checked: [String] = []
        for index in 1...3 {
            let shard = "\(index)/3"
            let result = output(["snapshot", "--check", "--shard", shard, "--dir", folder.path])
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(result.stdout.contains("(shard \(shard))"))
            checked += try SnapshotRender.all(in: registry, shard: Shard(parsing: shard)!).filter(\.inShard).map(\.identity.key)
        }
        #expect(checked.sorted() == whole.sorted())
    }

    @Test func aShardReportsOnlyItsOwnChangesAndObsoleteFiles() throws {
        let folder = try makeTemporaryFolder("shards-changed")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(output(["snapshot", "--dir", folder.path]).exitCode == 0)
        let render = try SnapshotRender.all(in: registry)[0]
        try Data("<svg/>".utf8).write(to: folder.appendingPathComponent(render.folder).appendingPathComponent(render.baseName + ".svg"))
        let stray = folder.appendingPathComponent(render.folder).appendingPathComponent("Gone.svg")
        try Data("<svg/>".utf8).write(to: stray)
        var changed = 0, obsolete = 0
        for index in 1...4 {
            let result = output(["snapshot", "--check", "--shard", "\(index)/4", "--dir", folder.path])
            changed += result.stdout.components(separatedBy: "changed   ").count - 1
            obsolete += result.stdout.components(separatedBy: "obsolete  ").count - 1
            let own = Shard(index: index, count: 4).contains(render.identity.key)
            #expect(result.stdout.contains(render.label) == own)
        }
        #expect(changed == 1)
        #expect(obsolete == 1)
    }

    @Test func shardNeedsCheck() {
        let result = output(["snapshot", "--shard", "1/2"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("--shard goes with --check"))
    }
}

@Suite("starboard review")
struct ReviewTests {
    let registry = try! StarboardComponents.makeRegistry()

    private func id(_ entry: String, _ variant: String? = nil, _ environment: String = "standard") -> ReviewIdentity {
        ReviewIdentity(entry: entry, variant: variant, environment: environment)
    }

    @Test func matchesRendersByIdentityNotPosition() {
        // The new side has an entry inserted first and lists the rest in another order.
        let base: [ReviewIdentity: ReviewOutcome] = [id("A"): .svg("<a/>"), id("B"): .svg("<b/>"), id("B", "Wide"): .svg("<w/>"), id("Gone"): .svg("<g/>")]
        let new: [ReviewIdentity: ReviewOutcome] = [id("New"): .svg("<n/>"), id("B", "Wide"): .svg("<w2/>"), id("B"): .svg("<b/>"), id("A"): .svg("<a/>")]
        let report = ReviewReport.compare(base: base, new: new, baseLabel: "main", headLabel: "working tree")
        #expect(report.unchanged == [id("A").key, id("B").key])
        #expect(report.entries.map(\.identity) == [id("B", "Wide"), id("Gone"), id("New")])
        #expect(report.entries.map(\.status) == [.changed, .removed, .added])
        #expect(report.entries[0].baseSVG == "<w/>" && report.entries[0].newSVG == "<w2/>")
        #expect(report.entries[0].diff.contains(ReviewLineDiff.Line(kind: "-", text: "<w/>")))
        #expect(report.summary == "1 changed, 1 added, 1 removed, 2 unchanged")
        #expect(report.hasChanges)
    }

    @Test func aRenderThatFailsOnOneSideIsAChangeWithItsMessage() {
        let report = ReviewReport.compare(base: [id("A"): .svg("<a/>"), id("B"): .failed("boom")],
                                          new: [id("A"): .failed("crashed while rendering: seven"), id("B"): .failed("boom")],
                                          baseLabel: "b", headLabel: "h")
        #expect(report.unchanged == [id("B").key])
        #expect(report.entries.count == 1)
        #expect(report.entries[0].status == .changed)
        #expect(report.entries[0].newMessage == "crashed while rendering: seven")
        #expect(report.entries[0].newSVG == nil)
    }

    @Test func aBaseThatDoesNotBuildShowsTheNewSideOnly() {
        let report = ReviewReport.compare(base: nil, new: [id("A"): .svg("<a/>")], baseLabel: "b", headLabel: "h", baseProblem: "error: x")
        #expect(report.entries.map(\.status) == [.added])
        #expect(report.hasChanges)
        #expect(ReviewJUnit.xml(report).contains("the base revision does not build"))
    }

    @Test func nothingChangedIsNoChange() {
        let same: [ReviewIdentity: ReviewOutcome] = [id("A"): .svg("<a/>")]
        let report = ReviewReport.compare(base: same, new: same, baseLabel: "b", headLabel: "h")
        #expect(!report.hasChanges)
        #expect(ReviewCommand.finish(report, options: .init(output: FileManager.default.temporaryDirectory.appendingPathComponent("starboard-review-\(UUID().uuidString)").path)).exitCode == 0)
    }

    @Test func mergingShardsGivesTheWholeReport() throws {
        var base: [ReviewIdentity: ReviewOutcome] = [:], new: [ReviewIdentity: ReviewOutcome] = [:]
        for number in 0..<40 {
            base[id("E\(number)")] = .svg("<e \(number)/>")
            new[id("E\(number)")] = .svg(number % 3 == 0 ? "<e changed/>" : "<e \(number)/>")
        }
        new[id("Added")] = .svg("<x/>")
        let whole = ReviewReport.compare(base: base, new: new, baseLabel: "b", headLabel: "h")
        var shards: [ReviewReport] = []
        for index in 1...3 {
            let shard = Shard(index: index, count: 3)
            var report = ReviewReport.compare(base: base.filter { shard.contains($0.key.key) }, new: new.filter { shard.contains($0.key.key) },
                                              baseLabel: "b", headLabel: "h")
            report.shards = [shard.description]
            shards.append(try ReviewReport.read(report.json()))
        }
        var merged = try ReviewReport.merged(shards.reversed())
        #expect(merged.shards.sorted() == ["1/3", "2/3", "3/3"])
        merged.shards = []
        #expect(merged == whole)
        #expect(throws: ReviewReport.MergeError.self) { try ReviewReport.merged([shards[0], shards[0]]) }
        var other = shards[1]
        other.base = "elsewhere"
        #expect(throws: ReviewReport.MergeError.self) { try ReviewReport.merged([shards[0], other]) }
    }

    @Test func theReportFolderIsSelfContained() throws {
        let report = ReviewReport.compare(base: [id("A"): .svg("<svg width=\"2\" height=\"2\"></svg>")],
                                          new: [id("A"): .svg("<svg width=\"3\" height=\"2\"></svg>"), id("</script>"): .failed("<b>")],
                                          baseLabel: "main", headLabel: "working tree")
        let files = ReviewPage.files(report)
        #expect(Set(files.keys) == ["index.html", "review.js", "review-page.js", "review.json"])
        let html = String(decoding: files["index.html"]!, as: UTF8.self)
        #expect(html.contains("<script src=\"review.js\"></script>") && html.contains("<script src=\"review-page.js\"></script>"))
        #expect(!html.contains("<script>"), "no inline script, which a script-src 'self' policy refuses")
        for remote in ["http://", "https://", "//cdn", "type=\"module\""] { #expect(!html.contains(remote), "\(remote)") }
        let script = String(decoding: files["review.js"]!, as: UTF8.self)
        #expect(script.hasPrefix("window.STARBOARD_REVIEW = ") && script.hasSuffix(";\n"))
        let json = script.dropFirst("window.STARBOARD_REVIEW = ".count).dropLast(2)
        #expect(try ReviewReport.read(Data(json.utf8)) == report)
        #expect(try ReviewReport.read(files["review.json"]!) == report)
    }

    @Test func junitHasACasePerRenderAndFailsTheChangedOnes() throws {
        let report = ReviewReport.compare(base: [id("A"): .svg("<a/>"), id("B", "Dark & <wide>", "dark"): .svg("<b/>")],
                                          new: [id("A"): .svg("<a/>"), id("B", "Dark & <wide>", "dark"): .failed("trap \"x\"\u{1}")],
                                          baseLabel: "main", headLabel: "working tree")
        let xml = ReviewJUnit.xml(report)
        let document = try XMLDocument(data: Data(xml.utf8))
        let cases = try document.nodes(forXPath: "//testcase")
        #expect(cases.count == 2)
        let failures = try document.nodes(forXPath: "//testcase/failure")
        #expect(failures.count == 1)
        let failing = try #require(failures.first?.parent as? XMLElement)
        #expect(failing.attribute(forName: "classname")?.stringValue == "B")
        #expect(failing.attribute(forName: "name")?.stringValue == "Dark & <wide> [dark]")
        #expect(failures.first?.stringValue?.contains("new: trap \"x\"") == true)
        let passing = try #require(cases.first { ($0 as? XMLElement)?.attribute(forName: "classname")?.stringValue == "A" } as? XMLElement)
        #expect(passing.attribute(forName: "name")?.stringValue == "(defaults) [standard]")
        let suite = try #require(try document.nodes(forXPath: "//testsuite").first as? XMLElement)
        #expect(suite.attribute(forName: "tests")?.stringValue == "2")
        #expect(suite.attribute(forName: "failures")?.stringValue == "1")
    }

    @Test func lineDiffShowsChangesWithContext() {
        let old = (1...20).map { "<l\($0)/>" }.joined()
        let new = old.replacingOccurrences(of: "<l10/>", with: "<l10 x=\"1\"/>")
        let diff = ReviewLineDiff.diff(old, new)
        #expect(diff.filter { $0.kind == "-" }.map(\.text) == ["<l10/>"])
        #expect(diff.filter { $0.kind == "+" }.map(\.text) == ["<l10 x=\"1\"/>"])
        #expect(diff.filter { $0.kind == " " }.count == 6)
        #expect(diff.first == ReviewLineDiff.Line(kind: "…", text: "6 unchanged lines"))
        #expect(diff.last == ReviewLineDiff.Line(kind: "…", text: "7 unchanged lines"))
    }

    @Test func reviewRendersWritesEveryPlannedRenderAndTellsEach() throws {
        let folder = try makeTemporaryFolder("review-renders")
        defer { try? FileManager.default.removeItem(at: folder) }
        var told = Data()
        let result = ReviewRendersCommand.render(.init(output: folder.path, from: 2, shard: .whole), registry: registry) { told += $0 }
        #expect(result.exitCode == 0)
        let lines = try String(decoding: told, as: UTF8.self).split(separator: "\n").map {
            try JSONDecoder().decode(ReviewRendersCommand.Line.self, from: Data($0.utf8))
        }
        let plan = ReviewRendersCommand.plan(registry)
        #expect(plan.count > 20)
        #expect(lines.filter { $0.event == "begin" }.map(\.index) == Array(2..<plan.count))
        #expect(lines.filter { $0.event == "done" }.count == plan.count - 2)
        let svg = try String(contentsOf: folder.appendingPathComponent("2.svg"), encoding: .utf8)
        #expect(svg == (try plan[2].component.render(plan[2].values, environment: plan[2].environment.values).rendering.svg))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("1.svg").path))
        // Every variant in every environment its component declares, defaults included.
        let hike = plan.filter { $0.identity.entry == "HikeBadge" }
        let component = try #require(registry.components.first { $0.name == "HikeBadge" })
        #expect(hike.count == (component.variants.count + 1) * (component.environments.filter { $0 != .standard }.count + 1))
    }

    @Test(arguments: [
        (["review"], "review needs BASE"),
        (["review", "a", "b"], "review takes one BASE"),
        (["review", "main", "--shard", "0/3"], "--shard needs i/n"),
        (["review", "--merge"], "review --merge needs the report folders"),
        (["review", "--merge", "x", "--shard", "1/2"], "--shard and --merge do not go together"),
    ])
    func usageErrorsExitWithTwo(_ arguments: [String], _ message: String) {
        let result = output(arguments)
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func aRevisionIsLabelledWithItsShortCommit() {
        let commit = "3a8e13117213d692d1dfd25d11a04cc8f1279969"
        #expect(ReviewCommand.label("main", commit: commit) == "main (3a8e13117)")
        #expect(ReviewCommand.label(commit, commit: commit) == "3a8e13117")
        #expect(ReviewCommand.label("3a8e131", commit: commit) == "3a8e13117")
    }

    @Test func mergeOfAFolderWithoutAReportIsAUsageError() {
        let result = output(["review", "--merge", "/nonexistent-review"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("review.json does not exist"))
    }
}
