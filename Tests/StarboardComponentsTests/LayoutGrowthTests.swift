import StarboardInspector
import StarboardUI
import Testing
@testable import StarboardComponents

/// Layout work per render, counted: sizes computed and texts measured stay within a small
/// constant per view however deep or wide the view grows. Deterministic counts, not timings, so
/// an exponential cannot come back unnoticed (the bench shows the time per view).
@Suite("Layout growth")
struct LayoutGrowthTests {
    let registry = try! Registry(registeredComponents + diagnosticComponents)

    func statistics(_ name: String, _ assignments: [String]) throws -> RenderStatistics {
        let component = try #require(registry.component(named: name))
        let values = try component.resolve(changes: component.values(fromAssignments: assignments), over: component.defaults).values
        return try component.render(values).rendering.statistics
    }

    @Test(arguments: ["fixed", "flexible"], [4, 6, 8, 10])
    func nestedStacksSizeEachViewAFewTimes(leaf: String, depth: Int) throws {
        let stats = try statistics("NestedStacks", ["depth=\(depth)", "leaf=\(leaf)"])
        #expect(stats.nodes == 3 * (1 << depth))
        // Each node sees at most the 0, share and unbounded offers along each axis: 9 proposals.
        #expect(stats.sizings <= 9 * stats.nodes, "\(stats.sizings) sizes for \(stats.nodes) views")
    }

    @Test(arguments: [4, 6, 8, 10])
    func nestedTextIsMeasuredABoundedNumberOfTimes(depth: Int) throws {
        let stats = try statistics("NestedStacks", ["depth=\(depth)", "leaf=text"])
        let texts = 1 << depth
        #expect(stats.sizings <= 32 * stats.nodes, "\(stats.sizings) sizes for \(stats.nodes) views")
        #expect(stats.textMeasurements <= 24 * texts, "\(stats.textMeasurements) measurements of \(texts) texts")
    }

    @Test func workPerViewDoesNotGrowWithDepth() throws {
        let shallow = try statistics("NestedStacks", ["depth=6"])
        let deep = try statistics("NestedStacks", ["depth=12"])
        let perViewShallow = Double(shallow.sizings) / Double(shallow.nodes)
        let perViewDeep = Double(deep.sizings) / Double(deep.nodes)
        // 64 times the views, and about the same work per view (an exponential would multiply it).
        #expect(deep.nodes == 64 * shallow.nodes)
        #expect(perViewDeep <= perViewShallow * 1.5, "\(perViewShallow) → \(perViewDeep) sizes per view")
    }

    @Test(arguments: ["stacks", "paddings", "frames"], [16, 64, 256])
    func chainsSizeEachLinkAFewTimes(link: String, length: Int) throws {
        let stats = try statistics("StackChain", ["length=\(length)", "link=\(link)"])
        #expect(stats.nodes == length + 3)
        #expect(stats.sizings <= 9 * stats.nodes, "\(stats.sizings) sizes for \(stats.nodes) views")
    }

    @Test(arguments: [10, 100, 1000])
    func aLongListMeasuresEachTextOnce(rows: Int) throws {
        let stats = try statistics("WideList", ["count=\(rows)"])
        #expect(stats.nodes == 4 * rows + 2)
        #expect(stats.sizings <= 3 * stats.nodes)
        // Two texts a row; each is measured at most once beyond its ideal size.
        #expect(stats.textMeasurements <= 2 * 2 * rows)
    }

    @Test func aLongTextIsMeasuredOnceAndWrappedOnce() throws {
        let stats = try statistics("LongText", ["words=10000"])
        #expect(stats.textMeasurements <= 2)
    }

    @Test func profileSummaryMeasuresEachTextAtMostTwice() throws {
        let stats = try statistics("ProfileSummary", [])
        // Eight texts: each at its ideal size, some again at the width they are offered.
        #expect(stats.textMeasurements <= 16)
        #expect(stats.sizings <= 2 * stats.nodes)
    }

    @Test func aMillionViewsFailWithTheLimitNamed() throws {
        let component = try #require(registry.component(named: "NestedStacks"))
        let values = try component.resolve(changes: component.values(fromAssignments: ["depth=20"]), over: component.defaults).values
        #expect {
            try component.render(values)
        } throws: { error in
            let text = "\(error)"
            return text.contains("NestedStacks") && text.contains("200000")
        }
    }

    @Test(arguments: ["stacks", "paddings", "frames"])
    func aChainJustWithinTheDepthLimitRenders(link: String) throws {
        // Each link nests two levels (the link's own view and its container).
        let stats = try statistics("StackChain", ["length=480", "link=\(link)"])
        #expect(stats.nodes == 483)
    }

    @Test func aChainDeeperThanTheLimitFailsWithTheLimitNamed() throws {
        let component = try #require(registry.component(named: "StackChain"))
        let values = try component.resolve(changes: component.values(fromAssignments: ["length=5000"]), over: component.defaults).values
        #expect {
            try component.render(values)
        } throws: { error in
            let text = "\(error)"
            return text.contains("StackChain") && text.contains("deeper than")
        }
    }
}
