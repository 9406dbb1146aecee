import Foundation
import Testing
@testable import StarboardUI

/// SwiftUI's scroll-container rule, which `List`, `Form` and `ScrollView` follow: the container
/// takes the space it is offered (on a screen, the safe area); each row is offered the row's
/// width and no height, and takes its own height; the rows follow one another, and what falls
/// below the container is clipped (scrolled out of sight, at rest at the top).
@Suite("Scroll containers and safe-area insets")
struct ScrollContainerTests {
    private static let pro = CanvasLayout.device(Device.named("iPhone 16 Pro")!, .portrait)

    private func frames(_ view: some View, on canvas: CanvasLayout) throws -> [String: Rect] {
        Dictionary(uniqueKeysWithValues: try Renderer.render(view, canvas: canvas).accessibility.map { ($0.id, $0.frame) })
    }

    /// Ten rows of 300-point-tall content: far taller than the screen.
    private static func tallRows() -> some View {
        ForEach(0..<10) { row in
            Color.blue.frame(height: 300).accessibilityIdentifier("row\(row)")
        }
    }

    // MARK: - Lists

    @Test func aPlainListKeepsEachRowsHeightAndTakesTheHeightItIsOffered() throws {
        let view = List { Self.tallRows() }.listStyle(.plain).accessibilityIdentifier("list")
        let found = try frames(view, on: .fixed(width: 300, height: 600))
        // The list is the 300 × 600 it was offered, not the rows' 3,229 points.
        #expect(found["list"] == Rect(x: 0, y: 0, width: 300, height: 600))
        // A plain row: 11 points above and below its content, 16 at the sides, a 1-point
        // separator between two rows; each row's content 300 tall, one after another.
        #expect(found["row0"] == Rect(x: 16, y: 11, width: 268, height: 300))
        #expect(found["row1"] == Rect(x: 16, y: 11 + 323, width: 268, height: 300))
        #expect(found["row9"] == Rect(x: 16, y: 11 + 9 * 323, width: 268, height: 300))
        // What falls below the list is clipped to the list's frame.
        let svg = try Renderer.render(view, canvas: .fixed(width: 300, height: 600)).svg
        #expect(svg.contains("clipPathUnits=\"userSpaceOnUse\"><path d=\"M0 0 L300 0 L300 600 L0 600 Z\"/></clipPath>"))
    }

    @Test(arguments: ["insetGrouped", "plain", "inset", "grouped", "sidebar"])
    func everyListStyleKeepsRowHeights(style: String) throws {
        let rows = List { Self.tallRows() }.accessibilityIdentifier("list")
        let view: AnyView = switch style {
        case "insetGrouped": AnyView(rows.listStyle(.insetGrouped))
        case "plain": AnyView(rows.listStyle(.plain))
        case "inset": AnyView(rows.listStyle(.inset))
        case "grouped": AnyView(rows.listStyle(.grouped))
        default: AnyView(rows.listStyle(.sidebar))
        }
        let found = try frames(view, on: .fixed(width: 320, height: 500))
        #expect(found["list"]?.size == Size(width: 320, height: 500))
        let first = try #require(found["row0"]), second = try #require(found["row1"]), last = try #require(found["row9"])
        #expect(first.height == 300 && second.height == 300)
        // 300 of content, 22 of row padding, a 1-point separator: the same step in every style.
        #expect(abs(second.minY - first.minY - 323) < 1e-9)
        #expect(abs(last.minY - first.minY - 9 * 323) < 1e-9)
    }

    @Test func aSectionsFooterFollowsItsRowsAtTheirHeight() throws {
        let view = List {
            Section {
                Color.blue.frame(height: 300).accessibilityIdentifier("a")
                Color.blue.frame(height: 300).accessibilityIdentifier("b")
            } header: {
                Text("Header").accessibilityIdentifier("header")
            } footer: {
                Text("Footer").accessibilityIdentifier("footer")
            }
        }
        let found = try frames(view, on: .fixed(width: 320, height: 400))
        let header = try #require(found["header"]), a = try #require(found["a"]), b = try #require(found["b"]), footer = try #require(found["footer"])
        // Inset grouped: the list's 8-point margin and the section's 8 above the header; the
        // header, 6 points, then the card: rows at their height, 11 above and below each.
        #expect(header.minY == 16)
        #expect(a.minY == header.maxY + 6 + 11)
        #expect(b.minY == a.maxY + 11 + 1 + 11)
        #expect(footer.minY == b.maxY + 11 + 6)
    }

    @Test func aListUnderANavigationBarFillsTheRestOfTheScreen() throws {
        let view = NavigationStack {
            List { Self.tallRows() }.accessibilityIdentifier("list").navigationTitle("Trails")
        }
        let found = try frames(view, on: Self.pro)
        // Under the 44-point bar and the 52-point large title, down to the safe area's bottom.
        #expect(found["list"] == Rect(x: 0, y: 62 + 44 + 52, width: 402, height: 840 - 158))
        let first = try #require(found["row0"]), second = try #require(found["row1"])
        #expect(first.minY == 158 + 8 + 11 && first.height == 300)
        #expect(second.minY - first.minY == 323)
    }

    @Test func aFormFollowsTheSameRule() throws {
        let view = Form {
            Self.tallRows()
        }
        .accessibilityIdentifier("form")
        let found = try frames(view, on: .fixed(width: 320, height: 500))
        #expect(found["form"]?.size == Size(width: 320, height: 500))
        #expect(found["row1"].map { $0.minY } == found["row0"].map { $0.minY + 323 })
    }

    @Test func aScrollViewFollowsTheSameRule() throws {
        let view = ScrollView {
            VStack(spacing: 0) { Self.tallRows() }
        }
        .accessibilityIdentifier("scroll")
        let found = try frames(view, on: .fixed(width: 320, height: 500))
        #expect(found["scroll"] == Rect(x: 0, y: 0, width: 320, height: 500))
        #expect(found["row0"] == Rect(x: 0, y: 0, width: 320, height: 300))
        #expect(found["row1"] == Rect(x: 0, y: 300, width: 320, height: 300))
    }

    @Test func aShortListDrawsNoClipOfItsOwn() throws {
        let svg = try Renderer.render(List { Text("One"); Text("Two") }, canvas: .fixed(width: 300, height: 400)).svg
        // Only the card's rounded corners clip; the rows fit, so the list does not.
        #expect(svg.components(separatedBy: "<clipPath").count - 1 == 1)
        #expect(!svg.contains("<path d=\"M0 0 L300 0 L300 400 L0 400 Z\"/></clipPath>"))
    }

    @Test(arguments: [10, 100, 1000])
    func aLongListSizesEachRowAFewTimes(rows: Int) throws {
        let view = List {
            ForEach(0..<rows) { row in
                HStack {
                    Text("Row \(row)")
                    Spacer()
                    Text("\(row % 10)")
                }
            }
        }
        let stats = try Renderer.render(view, canvas: Self.pro).statistics
        // Linear: a few sizes per view, each row's two texts measured about twice.
        #expect(stats.sizings <= 3 * stats.nodes, "\(stats.sizings) sizes for \(stats.nodes) views")
        #expect(stats.textMeasurements <= 2 * 2 * rows + 4, "\(stats.textMeasurements) measurements")
    }

    // MARK: - Safe-area insets

    @Test func aViewThatIgnoresTheSafeAreaReachesUnderTheInset() throws {
        // SwiftUI: the inset sits at the edge of the safe area; the view's safe area shrinks by
        // the inset (and the spacing), and a view ignoring the safe area reaches under it.
        let view = Color.blue.accessibilityIdentifier("content").ignoresSafeArea()
            .safeAreaInset(edge: .bottom, spacing: 0) {
                Color.yellow.frame(height: 44).accessibilityIdentifier("bar")
            }
        let found = try frames(view, on: .fixed(width: 300, height: 400))
        #expect(found["bar"] == Rect(x: 0, y: 356, width: 300, height: 44))
        #expect(found["content"] == Rect(x: 0, y: 0, width: 300, height: 400))
    }

    @Test func onAScreenTheInsetSitsAboveTheHomeIndicatorAndTheContentReachesTheEdge() throws {
        let view = Color.blue.accessibilityIdentifier("content").ignoresSafeArea()
            .safeAreaInset(edge: .bottom, spacing: 0) {
                Color.yellow.frame(height: 50).accessibilityIdentifier("bar")
            }
        let found = try frames(view, on: Self.pro)
        // The safe area ends 34 points above the screen's bottom (840): the bar is above it.
        #expect(found["bar"] == Rect(x: 0, y: 790, width: 402, height: 50))
        // Under the bar, and past it under the home indicator and the status bar.
        #expect(found["content"] == Rect(x: 0, y: 0, width: 402, height: 874))
    }

    @Test func aViewThatKeepsItsSafeAreaStopsAtTheInsetAndTheSpacing() throws {
        let view = Color.blue.accessibilityIdentifier("content")
            .safeAreaInset(edge: .top, alignment: .leading, spacing: 10) {
                Color.red.frame(width: 50, height: 30).accessibilityIdentifier("badge")
            }
        let found = try frames(view, on: .fixed(width: 200, height: 300))
        #expect(found["badge"] == Rect(x: 0, y: 0, width: 50, height: 30))
        #expect(found["content"] == Rect(x: 0, y: 40, width: 200, height: 260))
    }

    @Test func aListReachesUnderABottomInset() throws {
        let view = List {
            ForEach(0..<30) { row in Text("Row \(row)").accessibilityIdentifier("row\(row)") }
        }
        .accessibilityIdentifier("list")
        .safeAreaInset(edge: .bottom, spacing: 0) {
            Color.yellow.frame(height: 60).accessibilityIdentifier("bar")
        }
        let rendering = try Renderer.render(view, canvas: Self.pro)
        let found = Dictionary(uniqueKeysWithValues: rendering.accessibility.map { ($0.id, $0.frame) })
        // The list is laid out in the safe area above the bar (62 to 780)…
        #expect(found["bar"] == Rect(x: 0, y: 780, width: 402, height: 60))
        #expect(found["list"] == Rect(x: 0, y: 62, width: 402, height: 718))
        // …and its rows are shown on under the bar and the home indicator, to the screen's
        // bottom: the clip reaches from the screen's top to its bottom.
        #expect(rendering.svg.contains("<path d=\"M0 0 L402 0 L402 874 L0 874 Z\"/></clipPath>"))
        // The bar is drawn over the rows.
        let barAt = try #require(rendering.svg.range(of: "fill=\"#FFCC00\""))
        let lastRowAt = try #require(rendering.svg.range(of: ">Row 29<"))
        #expect(lastRowAt.lowerBound < barAt.lowerBound)
    }

    @Test func aScrollViewReachesUnderABottomInsetToo() throws {
        let view = ScrollView {
            VStack(spacing: 0) { Self.tallRows() }
        }
        .safeAreaInset(edge: .bottom, spacing: 0) {
            Color.yellow.frame(height: 60)
        }
        let svg = try Renderer.render(view, canvas: Self.pro).svg
        // Laid out from 62 to 780, above the bar; shown from the screen's top to its bottom.
        #expect(svg.contains("<path d=\"M0 0 L402 0 L402 874 L0 874 Z\"/></clipPath>"))
        #expect(svg.contains("<path d=\"M0 62 L402 62 L402 362 L0 362 Z\" fill=\"#007AFF\"/>"))
    }

    @Test func rowsBelowTheScreenAreScrolledAwayNotClippedText() throws {
        let view = List {
            ForEach(0..<40) { row in Text("Row \(row)") }
        }
        let rendering = try Renderer.render(view, canvas: Self.pro, audit: true)
        #expect(rendering.svg.contains(">Row 39<"))
        #expect(!rendering.audit.contains { $0.kind == .clippedText }, "\(rendering.audit.map(\.message))")
        // Text a row's own frame cuts is still found.
        let cut = List { Text("A title far too long for its row").fixedSize().frame(width: 40).clipped() }
        let found = try Renderer.render(cut, canvas: Self.pro, audit: true).audit
        #expect(found.contains { $0.kind == .clippedText })
    }

    @Test func aStyleBackgroundReachesUnderTheInset() throws {
        // `.background(_:ignoresSafeAreaEdges:)` reaches into the safe area on every edge by
        // default: under a bottom inset, that is under the bar.
        let view = Text("Body").frame(maxWidth: .infinity, maxHeight: .infinity).background(.bar)
            .safeAreaInset(edge: .bottom, spacing: 0) { Color.yellow.frame(height: 44) }
        let svg = try Renderer.render(view, canvas: .fixed(width: 300, height: 400)).svg
        #expect(svg.contains("<path d=\"M0 0 L300 0 L300 400 L0 400 Z\" fill=\"#F9F9F9\""))
    }
}
