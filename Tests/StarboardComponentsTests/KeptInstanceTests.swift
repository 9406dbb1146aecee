import Testing
import StarboardComponents
import StarboardInspector
import StarboardUI

/// Renders reuse a kept instance of a component whose other properties keep no state, refilled
/// with each render's values. PageControl holds an `@Environment` (its layout direction, read
/// in its tap): a reused instance must draw what a fresh one draws, in whatever environment.
@Suite("Kept instances")
struct KeptInstanceTests {
    func values(_ component: ComponentDefinition, _ assignments: String...) throws -> PropertyValues {
        try component.resolve(changes: try component.values(fromAssignments: assignments), over: component.defaults).values
    }

    @Test func aReusedInstanceWithAnEnvironmentDrawsWhatAFreshOneDraws() throws {
        let component = try #require(try makeRegistry().component(named: "PageControl"))
        var rightToLeft = EnvironmentValues()
        rightToLeft.layoutDirection = .rightToLeft
        let first = try values(component, "numberOfPages=6", "currentPage=4")
        let second = try values(component, "numberOfPages=3", "currentPage=0", "dotSize=12")
        let firstDrawn = try component.render(first, environment: rightToLeft).rendering
        let secondDrawn = try component.render(second).rendering
        let firstAgain = try component.render(first, environment: rightToLeft).rendering
        #expect(firstDrawn.svg != secondDrawn.svg)
        #expect(firstAgain.svg == firstDrawn.svg)
        #expect(firstAgain.accessibility == firstDrawn.accessibility)
        #expect(firstAgain.accessibility.first?.value == "page 5 of 6")
        // What a registry that never rendered PageControl draws for the second values.
        let fresh = try #require(try makeRegistry().component(named: "PageControl"))
        #expect(try fresh.render(second).rendering.svg == secondDrawn.svg)
        #expect(try component.render(second).rendering.svg == secondDrawn.svg)
    }
}
