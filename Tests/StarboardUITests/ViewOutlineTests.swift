import Testing
@testable import StarboardUI

/// A composite view, so the outline has a type of the author's to name.
private struct Chip: View {
    var body: some View {
        Text("Hi").padding(4)
    }
}

@Suite("View outline")
struct ViewOutlineTests {
    /// The `<metadata data-views data-types>` of a render, as its table and its entries.
    func outline(_ svg: String) throws -> (names: [String], entries: [[String]]) {
        func attribute(_ name: String) throws -> Substring {
            let start = try #require(svg.range(of: "\(name)=\"")).upperBound
            let end = try #require(svg[start...].firstIndex(of: "\""))
            return svg[start..<end]
        }
        #expect(svg.contains("<metadata data-views=\""))
        let table = try attribute("data-types")
        let text = try attribute("data-views")
        return (table.split(separator: "/").map(String.init), text.split(separator: ";").map { $0.split(separator: " ").map(String.init) })
    }

    @Test func everyViewHasItsParentFrameAndTypes() throws {
        let view = HStack(spacing: 10) {
            Chip()
            Circle().frame(width: 20, height: 20)
        }
        let svg = try Renderer.render(view).svg
        #expect(isWellFormedXML(svg))
        let (names, entries) = try outline(svg)
        func types(_ entry: [String]) -> [String] { entry.last!.split(separator: ".").map { names[Int($0)!] } }
        // The root, its frame, then Chip (its padding, then its text), then the circle's frame and circle.
        #expect(entries.count == 4)
        #expect(entries[0].first == "0")
        #expect(types(entries[0]) == ["HStack"])
        #expect(types(entries[1]) == ["Chip", ".padding"])
        #expect(entries[1][0] == "1")
        #expect(types(entries[2]) == ["Text"])
        #expect(entries[2][0] == "1" && entries[2][1] == "4" && entries[2][2] == "4")
        // The circle's `.frame` and the circle have the same frame: one entry, both types.
        #expect(types(entries[3]) == [".frame", "Circle"])
        #expect(entries[3][0] == "3")
        #expect(entries[3].count == 6)
        #expect(entries[3][3] == "20" && entries[3][4] == "20")
    }

    /// Absolute frames of every entry, by type list, as the page computes them.
    func frames(_ svg: String) throws -> [(types: [String], frame: Rect)] {
        let (names, entries) = try outline(svg)
        var result: [(types: [String], frame: Rect)] = []
        for entry in entries {
            let back = Int(entry[0])!
            let parent = back == 0 ? nil : result[result.count - back].frame
            let frame: Rect
            if entry.count == 6 {
                let n = entry[1...4].map { Double($0)! }
                frame = Rect(x: (parent?.minX ?? 0) + n[0], y: (parent?.minY ?? 0) + n[1], width: n[2], height: n[3])
            } else {
                frame = parent!
            }
            result.append((entry.last!.split(separator: ".").map { names[Int($0)!] }, frame))
        }
        return result
    }

    @Test func transformedViewsAreOutlinedWhereTheyAreDrawn() throws {
        // As HikeBadge: a 300-point badge scaled into 100 points, a caption under it (issue 26).
        let view = VStack(spacing: 0) {
            ZStack { Rectangle(); Circle().padding(20) }
                .frame(width: 300, height: 300)
                .scaleEffect(1.0 / 3.0)
                .frame(width: 100, height: 100)
            Text("First Hike").offset(x: 5, y: 2)
            Rectangle().frame(width: 40, height: 10).rotationEffect(.degrees(90))
        }
        let all = try frames(try Renderer.render(view).svg)
        let root = all[0].frame
        for (types, frame) in all where !types.contains(".rotationEffect") {
            #expect(frame.minX >= root.minX - 0.1 && frame.maxX <= root.maxX + 0.1 && frame.minY >= root.minY - 0.1 && frame.maxY <= root.maxY + 0.1,
                    "\(types) at \(frame) is outside the view, \(root)")
        }
        let scaled = try #require(all.first { $0.types.contains(".scaleEffect") })
        #expect(scaled.frame == Rect(x: 0, y: 0, width: 100, height: 100))
        let offset = try #require(all.first { $0.types.contains(".offset") })
        // The offset and its text share the frame where the text is drawn, 2 points lower than laid out.
        #expect(offset.types == [".offset", "Text"] && abs(offset.frame.minY - 102) < 0.11, "\(offset)")
        // A 40 × 10 bar turned a quarter: 10 wide, 40 tall where it is drawn.
        let turned = try #require(all.last { $0.types.contains(".rotationEffect") })
        #expect(abs(turned.frame.width - 10) < 0.11 && abs(turned.frame.height - 40) < 0.11, "\(turned.frame)")
    }

    @Test func aFrameLikeTheParentsIsLeftOut() throws {
        let svg = try Renderer.render(ZStack { Rectangle(); Circle() }.frame(width: 30, height: 30)).svg
        let (names, entries) = try outline(svg)
        #expect(names.contains("ZStack") && names.contains("Rectangle") && names.contains("Circle"))
        #expect(entries.count == 3)
        #expect(entries[0].count == 6)
        // Both children fill the stack: only the parent distance and the type.
        #expect(entries[1] .count == 2 && entries[2].count == 2)
        #expect(entries[1][0] == "1" && entries[2][0] == "2")
    }

    @Test func theOutlineIsDeterministicAndSmall() throws {
        func make() -> some View { VStack { ForEach(0..<20, id: \.self) { Text("Row \($0)") } } }
        let first = try Renderer.render(make()).svg
        #expect(first == (try Renderer.render(make()).svg))
        let metadata = try #require(first.range(of: "<metadata")).lowerBound
        // 21 views in 535 bytes, the `</svg>` included: the table, then about 24 bytes a view (parent
        // distance, frame, type). Pinned so the outline's share of every render grows only on purpose.
        #expect(first[metadata...].utf8.count == 535)
    }
}
