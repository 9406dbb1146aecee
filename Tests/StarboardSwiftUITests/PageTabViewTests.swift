import Foundation
import Testing
@testable import StarboardUI

/// `.tabViewStyle(.page)`: the selected page (the first unless a selection says otherwise)
/// fills the tab view and no tab bar is drawn; iOS's page control sits over the bottom edge,
/// one white dot per page, the current one opaque and the others at 30 % opacity.
@Suite("Paged tab views")
struct PageTabViewTests {
    func pages(_ count: Int) -> some View {
        TabView {
            ForEach(0..<count, id: \.self) { index in
                Color.blue.accessibilityLabel("page \(index + 1)")
                    .tabItem { Label("Tab \(index + 1)", systemImage: "star") }
            }
        }
    }

    @Test func theFirstPageFillsTheTabViewWithTheDotsAtTheBottomAndNoBar() throws {
        let rendering = try Renderer.render(pages(3).tabViewStyle(.page), canvas: .fixed(width: 300, height: 400))
        let page = try #require(rendering.accessibility.first { $0.label == "page 1" })
        #expect(page.frame == Rect(x: 0, y: 0, width: 300, height: 400))
        #expect(!rendering.accessibility.contains { $0.label == "page 2" || $0.id.hasPrefix("tab-") })
        // Three 8-point dots 16 apart, 8 points in from the control's ends: 56 × 26, centred
        // across the bottom edge.
        let control = try #require(rendering.accessibility.first { $0.label == "Page" })
        #expect(control.value == "1 of 3")
        #expect(control.frame == Rect(x: 122, y: 374, width: 56, height: 26))
        // Dots at x 130, 146 and 162 (each 8 wide), centred on the row's middle, y 387: the
        // first, current, opaque white, the others at 30 %.
        #expect(rendering.svg.contains("<path d=\"M130 387 A4 4 0 0 1 138 387 A4 4 0 0 1 130 387 Z\" fill=\"#FFFFFF\"/>"))
        #expect(rendering.svg.contains("<path d=\"M146 387 A4 4 0 0 1 154 387 A4 4 0 0 1 146 387 Z\" fill=\"#FFFFFF\" fill-opacity=\"0.3\"/>"))
        #expect(rendering.svg.contains("<path d=\"M162 387 A4 4 0 0 1 170 387 A4 4 0 0 1 162 387 Z\" fill=\"#FFFFFF\" fill-opacity=\"0.3\"/>"))
        #expect(!rendering.svg.contains("Tab 1"))
    }

    @Test func aSelectionChoosesThePageAndATapBesideTheCurrentDotTurnsIt() throws {
        final class Box: @unchecked Sendable { var page = 2 }
        let box = Box()
        let view = TabView(selection: Binding(get: { box.page }, set: { box.page = $0 })) {
            ForEach(1...3, id: \.self) { index in
                Color.blue.accessibilityLabel("page \(index)").tag(index)
            }
        }
        .tabViewStyle(.page(indexDisplayMode: .always))
        let rendering = try Renderer.render(view, canvas: .fixed(width: 300, height: 400))
        #expect(rendering.accessibility.contains { $0.label == "page 2" })
        #expect(rendering.accessibility.first { $0.label == "Page" }?.value == "2 of 3")
        // The current dot spans x 146–154: a tap right of it turns forward, left of it back.
        #expect(try Renderer.performTap(on: view, target: "page-index", at: Point(x: 170, y: 387), canvas: .fixed(width: 300, height: 400)))
        #expect(box.page == 3)
        #expect(try Renderer.performTap(on: view, target: "page-index", at: Point(x: 170, y: 387), canvas: .fixed(width: 300, height: 400)))
        #expect(box.page == 3)
        #expect(try Renderer.performTap(on: view, target: "page-index", at: Point(x: 125, y: 387), canvas: .fixed(width: 300, height: 400)))
        #expect(box.page == 2)
    }

    @Test func withoutASelectionTheSessionKeepsThePage() throws {
        let preview = _NavigationSessionRoot { pages(2).tabViewStyle(.page) }
        let canvas = CanvasLayout.fixed(width: 300, height: 400)
        #expect(try Renderer.performTap(on: preview, target: "page-index", at: Point(x: 170, y: 387), canvas: canvas))
        let rendering = try Renderer.render(preview, canvas: canvas)
        #expect(rendering.accessibility.contains { $0.label == "page 2" })
        #expect(rendering.accessibility.first { $0.label == "Page" }?.value == "2 of 2")
    }

    @Test(arguments: [
        (PageTabViewStyle.IndexDisplayMode.automatic, 1, false), (.automatic, 2, true),
        (.always, 1, true), (.never, 3, false),
    ])
    func theIndexShowsAsItsModeSays(mode: PageTabViewStyle.IndexDisplayMode, count: Int, shows: Bool) throws {
        let rendering = try Renderer.render(pages(count).tabViewStyle(PageTabViewStyle(indexDisplayMode: mode)), canvas: .fixed(width: 300, height: 400))
        #expect(rendering.accessibility.contains { $0.label == "Page" } == shows)
        #expect(rendering.accessibility.first { $0.label == "page 1" }?.frame == Rect(x: 0, y: 0, width: 300, height: 400))
    }

    @Test func theBackgroundShowsOnlyWhenAlways() throws {
        let plain = try Renderer.render(pages(2).tabViewStyle(.page), canvas: .fixed(width: 300, height: 400)).svg
        let backed = try Renderer.render(pages(2).tabViewStyle(.page).indexViewStyle(.page(backgroundDisplayMode: .always)), canvas: .fixed(width: 300, height: 400)).svg
        let interactive = try Renderer.render(pages(2).tabViewStyle(.page).indexViewStyle(.page(backgroundDisplayMode: .interactive)), canvas: .fixed(width: 300, height: 400)).svg
        #expect(!plain.contains("fill=\"#000000\" fill-opacity=\"0.25\""))
        #expect(backed.contains("fill=\"#000000\" fill-opacity=\"0.25\""))
        #expect(interactive == plain)
    }

    @Test func theInnermostStyleWinsAndTheDefaultKeepsTheTabBar() throws {
        let rendering = try Renderer.render(pages(2).tabViewStyle(.automatic).tabViewStyle(.page), canvas: .fixed(width: 300, height: 400))
        #expect(rendering.accessibility.contains { $0.id == "tab-1" })
        #expect(!rendering.accessibility.contains { $0.label == "Page" })
    }

    @Test func theOnboardingPagesRenderAsGolden() throws {
        let found = try #require(Previews.all { _ in false }.first { $0.name == "Onboarding" })
        let preview = _NavigationSessionRoot(making: found.makeView)
        let spelling = SwiftUISpellingTests()
        let first = try Renderer.render(preview, canvas: .standardDevice)
        #expect(first.svg.contains(">Find trails<") && !first.svg.contains("Check the weather"))
        spelling.assertSnapshot(first.svg, named: "TrailOnboarding")
        let control = try #require(first.accessibility.first { $0.label == "Page" })
        #expect(try Renderer.performTap(on: preview, target: control.id, at: Point(x: control.frame.maxX - 2, y: control.frame.midY), canvas: .standardDevice))
        let second = try Renderer.render(preview, canvas: .standardDevice)
        #expect(second.svg.contains(">Check the weather<"))
        spelling.assertSnapshot(second.svg, named: "TrailOnboarding-Page2")
    }
}
