import Testing
@testable import StarboardComponents
import StarboardInspector
import StarboardUI

@Suite("RatingControl")
struct RatingControlTests {
    let component = try! makeRegistry().component(named: "RatingControl")!

    func render(_ assignments: String...) throws -> ComponentRendering {
        let changes = try component.values(fromAssignments: assignments)
        return try component.render(try component.resolve(changes: changes, over: component.defaults).values)
    }

    @Test func defaultsMatchTheSeed() {
        #expect(component.defaults == [
            "starCount": .integer(5), "starSize": .size(Size(width: 44, height: 44)), "spacing": .double(8), "rating": .integer(0),
        ])
    }

    @Test func rendersTheDoneExample() throws {
        let result = try render("starCount=7", "starSize=30x30", "spacing=4", "rating=3")
        #expect(result.rendering.size == Size(width: 234, height: 30))
        #expect(result.rendering.svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"234\" height=\"30\""))
        let stars = result.rendering.accessibility
        #expect(stars.map(\.id) == (1...7).map { "star-\($0)" })
        #expect(stars.allSatisfy { $0.isTappable })
        // Three stars are drawn filled.
        #expect(result.rendering.svg.components(separatedBy: "fill=\"#FFB800\"").count - 1 == 3)
        #expect(stars[3].frame == Rect(x: 102, y: 0, width: 30, height: 30))
    }

    @Test(arguments: [
        (0, "No rating set."), (1, "1 star set."), (3, "3 stars set."), (5, "5 stars set."),
    ])
    func accessibilityMatchesTheSeed(rating: Int, value: String) throws {
        let elements = try render("rating=\(rating)").rendering.accessibility
        #expect(elements.map(\.label) == (1...5).map { "Set \($0) star rating" })
        #expect(elements.allSatisfy { $0.value == value })
        // The hint sits only on the star whose number is the rating.
        for (index, element) in elements.enumerated() {
            #expect(element.hint == (index + 1 == rating ? "Tap to reset the rating to zero." : nil))
        }
    }

    @Test func tappingSetsThenResetsTheRating() throws {
        let once = try component.tap("star-3", values: component.defaults)
        #expect(once.values["rating"] == .integer(3))
        let twice = try component.tap("star-3", values: once.values)
        #expect(twice.values["rating"] == .integer(0))
        let other = try component.tap("star-5", values: once.values)
        #expect(other.values["rating"] == .integer(5))
        #expect(throws: PropertyError.self) { _ = try component.tap("star-6", values: component.defaults) }
    }

    @Test func loweringStarCountClampsTheRating() throws {
        let rated = try component.resolve(changes: ["rating": .integer(5)], over: component.defaults)
        let fewer = try component.resolve(changes: ["starCount": .integer(3)], over: rated.values)
        #expect(fewer.values["rating"] == .integer(3))
        #expect(fewer.notes == ["rating lowered from 5 to 3 because starCount is now 3"])
    }

    @Test func aRatingAboveStarCountIsRefused() {
        #expect {
            _ = try render("rating=6")
        } throws: { error in
            "\(error)" == "RatingControl.rating: expected an integer in 0...5 (at most starCount, which is 5), got 6"
        }
    }
}
