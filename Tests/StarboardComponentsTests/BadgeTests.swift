import Foundation
import Testing
@testable import StarboardComponents
import StarboardInspector
@testable import StarboardUI

@Suite("HikeBadge")
struct BadgeTests {
    let component = try! makeRegistry().component(named: "HikeBadge")!

    @Test func backgroundPathAt300StartsAsInLandmarks() {
        let data = SVGWriter.pathData(BadgeBackground.outline(in: Size(width: 300, height: 300)))
        #expect(data.hasPrefix("M262.32 85.5 L174.96 15 Q150 0 125.04 15"))
    }

    @Test func defaultRendersTheBadgeAt100WithACaption() throws {
        let result = try component.render(component.defaults)
        #expect(result.rendering.size.width == 100)
        let caption = try #require(result.rendering.accessibility.first)
        #expect(caption.label == "Badge for First Hike.")
        #expect(result.rendering.svg.contains(">First Hike</text>"))
        // Drawn at 300 and scaled by a third about the centre of the 100-point frame.
        #expect(result.rendering.svg.contains("transform=\"matrix(0.333333 0 0 0.333333 33.333 33.333)\""))
        #expect(!result.rendering.svg.contains("<filter"), "no-op filters are not written")
        #expect(result.rendering.svg.contains("stop-color=\"#EF78DD\""))
        #expect(result.rendering.svg.contains("stop-color=\"#EFAC78\""))
        #expect(result.rendering.svg.components(separatedBy: "fill=\"#4F4FBF\"").count - 1 == 8)
    }

    @Test func variantsMatchTheSeed() throws {
        #expect(component.variants.map(\.name) == ["First Hike", "Earth Day", "Tenth Hike"])
        let earth = try component.renderVariant(named: "Earth Day").rendering.svg
        #expect(earth.contains("<feColorMatrix type=\"hueRotate\" values=\"90\"/>"))
        #expect(!earth.contains("saturate"))
        let tenth = try component.renderVariant(named: "Tenth Hike").rendering.svg
        let hue = try #require(tenth.range(of: "url(#sb-hue45)"))
        let gray = try #require(tenth.range(of: "url(#sb-sat0_5)"))
        #expect(hue.lowerBound < gray.lowerBound, "grayscale must be applied first, inside the hue rotation")
    }
}

@Suite("PageControl")
struct PageControlTests {
    let component = try! makeRegistry().component(named: "PageControl")!

    @Test func isAboutEighteenPointsPerPage() throws {
        let result = try component.render(component.defaults)
        #expect(result.rendering.size.width == CGFloat(4 * 18))
        let control = try #require(result.rendering.accessibility.first { $0.id == "page-control" })
        #expect(control.value == "page 1 of 4")
    }

    @Test func tappingBesideTheCurrentDotMovesOnePage() throws {
        // Page 2 of 4 is current: its cell spans x 18–36 of the 72-point control, its dot 23.5–30.5.
        let start = try component.resolve(changes: ["currentPage": .integer(1)], over: component.defaults).values
        func page(afterTapAt x: CGFloat, y: CGFloat = 20, environment: EnvironmentValues = EnvironmentValues()) throws -> PropertyValue? {
            try component.tap("page-control", at: CGPoint(x: x, y: y), values: start, environment: environment).values["currentPage"]
        }
        #expect(try page(afterTapAt: 70) == .integer(2))
        #expect(try page(afterTapAt: 31) == .integer(2), "right of the dot, inside its cell")
        #expect(try page(afterTapAt: 2) == .integer(0))
        #expect(try page(afterTapAt: 27) == .integer(1), "a tap on the current dot stays")
        // Right to left the first page is on the right, so the sides swap.
        var rightToLeft = EnvironmentValues()
        rightToLeft.layoutDirection = .rightToLeft
        #expect(try page(afterTapAt: 70, environment: rightToLeft) == .integer(0))
        #expect(try page(afterTapAt: 2, environment: rightToLeft) == .integer(2))
        // The keyboard taps the centre (x 36, y 22): right of page 2's dot.
        #expect(try component.tap("page-control", values: start).values["currentPage"] == .integer(2))
    }

    @Test func theEndsDoNotWrapAround() throws {
        let last = try component.resolve(changes: ["currentPage": .integer(3)], over: component.defaults).values
        #expect(try component.tap("page-control", at: CGPoint(x: 71, y: 20), values: last).values["currentPage"] == .integer(3))
        #expect(try component.tap("page-control", at: CGPoint(x: 1, y: 20), values: component.defaults).values["currentPage"] == .integer(0))
    }

    @Test func aTapOutsideTheControlNamesWhereItLandedAndWhereTheControlIs() throws {
        let error = try #require(throws: PropertyError.self) {
            _ = try component.tap("page-control", at: CGPoint(x: 90, y: 20), values: component.defaults)
        }
        #expect(error.message.contains("(90, 20) is outside \u{201C}page-control\u{201D}"), "\(error.message)")
        #expect(error.message.contains("x 0–72 and y 0–44"), "\(error.message)")
    }

    @Test func theControlIsOneTapTargetTallEnoughToHit() throws {
        let result = try component.render(component.defaults)
        let tappable = result.rendering.accessibility.filter(\.isTappable)
        #expect(tappable.map(\.id) == ["page-control"])
        #expect(tappable.first?.frame.height == 44)
        // The dots and their capsule stay 26 points tall, centred in the 44.
        #expect(result.rendering.svg.contains("<path d=\"M13 9 L59 9 A13 13 0 0 1 72 22"), "the capsule spans y 9–35")
    }

    @Test func currentPageStaysBelowNumberOfPages() throws {
        let last = try component.resolve(changes: ["currentPage": .integer(3)], over: component.defaults)
        let fewer = try component.resolve(changes: ["numberOfPages": .integer(2)], over: last.values)
        #expect(fewer.values["currentPage"] == .integer(1))
        #expect(throws: PropertyError.self) {
            _ = try component.resolve(changes: ["currentPage": .integer(4)], over: component.defaults)
        }
    }
}

@Suite("ProfileSummary")
struct ProfileSummaryTests {
    let component = try! makeRegistry().component(named: "ProfileSummary")!

    @Test func showsTheSettingsAndTheThreeBadges() throws {
        let svg = try component.render(component.defaults).rendering.svg
        for line in ["g_kumar", "Notifications: On", "Completed Badges"] {
            #expect(svg.contains(">\(line)</text>"), "missing \(line)")
        }
        // The snowman with VS16 is an emoji: a run of its own in the emoji face.
        #expect(svg.contains("Seasonal Photos: </tspan><tspan x=\"166.726\" font-family=\"Noto Color Emoji\" font-size=\"17\">☃️</tspan></text>"))
        #expect(svg.contains(">Goal Date: <tspan font-family=\"DejaVu Sans\" font-size=\"17\" fill=\"#000000\">December 1, 2026</tspan></text>"))
        #expect(svg.contains(">Distance Hiked: <tspan font-family=\"DejaVu Sans\" font-size=\"17\" fill=\"#000000\">1,234.5</tspan>"))
        #expect(svg.contains("aria-label=\"Badge for Earth Day.\""))
        #expect(svg.contains("aria-label=\"Badge for Tenth Hike.\""))
    }

    @Test func escapesAHostileUsername() throws {
        let values = try component.values(fromAssignments: ["username=<script>&\"'🌷"])
        let svg = try component.render(try component.resolve(changes: values, over: component.defaults).values).rendering.svg
        #expect(svg.contains(">&lt;script&gt;&amp;&quot;&apos;</tspan><tspan x=\"200.598\" font-family=\"Noto Color Emoji\" font-size=\"28\" font-weight=\"normal\">🌷</tspan></text>"))
        #expect(!svg.contains("<script>"))
    }

    /// The goal date and the distance are formatted in the environment's locale and time zone,
    /// as `--locale` and the page's locale picker set them.
    @Test func theGoalDateAndDistanceFollowTheLocale() throws {
        let german = try component.render(component.defaults, environment: RenderEnvironment(locale: "de_DE").values).rendering.svg
        #expect(german.contains(">1. Dezember 2026</tspan>"))
        #expect(german.contains(">1.234,5</tspan>"))
        #expect(!german.contains("December"))
        // Egyptian Arabic: Arabic-Indic digits in Noto Sans Arabic, the month's run right to left.
        let arabic = try component.render(component.defaults, environment: RenderEnvironment(locale: "ar_EG").values).rendering.svg
        #expect(arabic.contains("font-family=\"Noto Sans Arabic\" font-size=\"17\" fill=\"#000000\">١٬٢٣٤٫٥</tspan>"))
        #expect(arabic.contains("direction=\"rtl\" unicode-bidi=\"bidi-override\"> ديسمبر، </tspan>"))
    }

    @Test func aDateIsShownInTheEnvironmentsTimeZone() throws {
        // 23:30 UTC on 1 December is already 2 December in Tokyo.
        let late = Date(timeIntervalSince1970: 1_796_167_800)
        var tokyo = EnvironmentValues()
        tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        #expect(try Renderer.render(Text(late, style: .date)).svg.contains(">December 1, 2026</text>"))
        #expect(try Renderer.render(Text(late, style: .date), environment: tokyo).svg.contains(">December 2, 2026</text>"))
        #expect(try Renderer.render(Text(late, format: .dateTime.day().month(.wide)), environment: tokyo).svg.contains(">December 2</text>"))
    }

    @Test func choiceOptionsCarryTheSeasonEmoji() throws {
        let property = try #require(component.property(named: "seasonalPhoto"))
        #expect(property.constraints.options.map(\.label) == ["🌷 Spring", "🌞 Summer", "🍂 Autumn", "☃️ Winter"])
    }
}
