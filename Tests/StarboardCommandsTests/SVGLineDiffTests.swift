import StarboardCommands
import Testing

@Suite("SVG line diff")
struct SVGLineDiffTests {
    @Test func cutsADocumentIntoTagsAndTexts() {
        let lines = SVGLineDiff.lines(of: #"<svg a="1"><text x="2">Hi &amp; bye</text><g/></svg>"#)
        #expect(lines == [#"<svg a="1">"#, #"<text x="2">"#, "Hi &amp; bye", "</text>", "<g/>", "</svg>"])
        #expect(lines.joined() == #"<svg a="1"><text x="2">Hi &amp; bye</text><g/></svg>"#)
    }

    @Test func equalDocumentsHaveNoDifference() {
        #expect(SVGLineDiff.firstDifference(recorded: "<svg><g/></svg>", new: "<svg><g/></svg>") == nil)
    }

    @Test func namesTheFirstChangedTagWithTheSharedLineBeforeIt() throws {
        let recorded = ##"<svg><g><rect fill="#FF0000"/><rect fill="#00FF00"/></g></svg>"##
        let new = ##"<svg><g><rect fill="#FF0000"/><rect fill="#0000FF"/></g></svg>"##
        let report = try #require(SVGLineDiff.firstDifference(recorded: recorded, new: new))
        #expect(report.split(separator: "\n") == [
            "first difference at line 4 (of 6 recorded, 6 new; one tag a line):",
            ##"  3  <rect fill="#FF0000"/>"##,
            ##"- 4  <rect fill="#00FF00"/>"##,
            ##"+ 4  <rect fill="#0000FF"/>"##,
        ])
    }

    @Test func anAddedElementShowsOnlyOnTheNewSide() throws {
        let report = try #require(SVGLineDiff.firstDifference(recorded: "<svg><a/></svg>", new: "<svg><a/><b/><c/></svg>"))
        let lines = report.split(separator: "\n")
        #expect(lines.first == "first difference at line 3 (of 3 recorded, 5 new; one tag a line):")
        #expect(!lines.contains { $0.hasPrefix("- ") })
        #expect(lines.filter { $0.hasPrefix("+ ") } == ["+ 3  <b/>", "+ 4  <c/>"])
    }

    @Test func aLongRunIsCutWithACountOfTheRest() throws {
        let recorded = "<svg>" + String(repeating: "<a/>", count: 10) + "</svg>"
        let new = "<svg>" + String(repeating: "<b/>", count: 10) + "</svg>"
        let report = try #require(SVGLineDiff.firstDifference(recorded: recorded, new: new, limit: 3))
        let lines = report.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("- ") }.count == 4)
        #expect(lines.contains("- … 7 more lines"))
        #expect(lines.contains("+ … 7 more lines"))
    }

    @Test func aVeryLongTagIsCutAtTheWidth() throws {
        let path = "<path d=\"" + String(repeating: "L1 1 ", count: 100) + "\"/>"
        let report = try #require(SVGLineDiff.firstDifference(recorded: "<svg></svg>", new: "<svg>" + path + "</svg>", width: 20))
        #expect(report.contains("+ 2  " + path.prefix(20) + "…"))
    }

    @Test func aLongTagChangedAtItsEndIsShownFromNearTheChange() throws {
        let path = "<path d=\"" + String(repeating: "L1 1 ", count: 100) + "\" stroke-width=\"2\"/>"
        let edited = path.replacingOccurrences(of: "stroke-width=\"2\"", with: "stroke-width=\"3\"")
        let report = try #require(SVGLineDiff.firstDifference(recorded: "<svg>" + edited + "</svg>", new: "<svg>" + path + "</svg>", width: 40))
        let lines = report.split(separator: "\n")
        let removed = try #require(lines.first { $0.hasPrefix("- 2  ") })
        let added = try #require(lines.first { $0.hasPrefix("+ 2  ") })
        #expect(removed.contains("stroke-width=\"3\"") && removed.contains("- 2  …"), "\(removed)")
        #expect(added.contains("stroke-width=\"2\""), "\(added)")
    }
}
