import Foundation
import Testing
@testable import StarboardUI
import StarboardTesting

/// The views in `Views/` are written as for SwiftUI on Apple platforms: the files differ from
/// what Xcode accepts only in their `#if canImport(SwiftUI)` import (`scripts/check-swiftui-views`
/// holds them to that). Here they render to golden SVGs, and their actions and previews work.
@Suite("SwiftUI spelling")
struct SwiftUISpellingTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")

    /// Compares `svg` with `__Snapshots__/NAME.svg` through StarboardTesting, which shows the
    /// first lines that differ; records it when missing or with RECORD_SNAPSHOTS=1.
    func assertSnapshot(_ svg: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        StarboardTesting.assertSnapshot(of: svg, named: name, directory: Self.folder.path, fileID: sourceLocation.fileID,
                                        filePath: sourceLocation.filePath, line: sourceLocation.line, column: sourceLocation.column)
    }

    static let goal = Date(timeIntervalSince1970: 1_796_083_200)

    @Test func badgeRendersAsGolden() throws {
        assertSnapshot(try Renderer.render(HikingBadge(name: "First Hike")).svg, named: "HikingBadge")
        assertSnapshot(try Renderer.render(HikingBadge(name: "Earth Day", hue: .degrees(90))).svg, named: "HikingBadge-EarthDay")
    }

    @Test func profileRendersAsGolden() throws {
        let rendering = try Renderer.render(ProfileCard(username: "g_kumar", goal: Self.goal, distance: 42.195))
        assertSnapshot(rendering.svg, named: "ProfileCard")
        // Text(date, style: .date) and Text(_:format:) in en_US.
        #expect(rendering.svg.contains("December 1,"))
        #expect(rendering.svg.contains("font-style=\"italic\""))
        #expect(rendering.svg.contains(">42.2<"))
        #expect(rendering.warnings.isEmpty)
    }

    @Test func formScrollerAndEffectsRenderAsGolden() throws {
        assertSnapshot(try Renderer.render(SettingsForm()).svg, named: "SettingsForm")
        assertSnapshot(try Renderer.render(TrailScroller()).svg, named: "TrailScroller")
        assertSnapshot(try Renderer.render(RatedTrail(trail: "Ridge")).svg, named: "RatedTrail")
        assertSnapshot(try Renderer.render(EffectSwatches()).svg, named: "EffectSwatches")
    }

    @Test func aButtonActionWritesThroughItsBinding() throws {
        final class Store { var rating = 2 }
        let store = Store()
        let row = RatingRow(rating: Binding(get: { store.rating }, set: { store.rating = $0 }))
        let rendering = try Renderer.render(row)
        let stars = rendering.accessibility.filter { $0.label?.hasPrefix("Set ") == true }
        #expect(stars.count == 5)
        #expect(stars.allSatisfy { $0.isTappable && $0.traits.contains("button") })
        #expect(stars[1].traits.contains("selected"))
        #expect(try Renderer.performTap(on: row, target: stars[3].id))
        #expect(store.rating == 4)
        // Tapping the current star clears the rating, as the seed's control does.
        #expect(try Renderer.performTap(on: row, target: stars[3].id))
        #expect(store.rating == 0)
        #expect(try !Renderer.performTap(on: row, target: "no-such-target"))
    }

    @Test func previewProvidersAreFoundWithTheirNames() throws {
        let providers = Previews.providers().map { String(describing: $0) }
        #expect(providers.contains("HikingBadge_Previews"))
        #expect(providers.contains("ProfileCard_Previews"))
        let badges = Previews.capture(HikingBadge_Previews.self) { $0 is HikingBadge }
        #expect(badges.map(\.name) == ["Plain", "Earth Day"])
        #expect(badges.compactMap { ($0.view as? HikingBadge)?.name } == ["First Hike", "Earth Day"])
    }

    @Test func aMissingSymbolIsALabelledPlaceholderWithAWarning() throws {
        let rendering = try Renderer.render(Image(systemName: "tortoise.fill"))
        #expect(rendering.accessibility.map(\.label) == ["Missing symbol tortoise.fill"])
        #expect(rendering.warnings.count == 1 && rendering.warnings[0].contains("tortoise.fill"))
        #expect(rendering.svg.contains("stroke-dasharray"))
    }
}

/// SwiftUI views on the device canvas, as golden SVGs: the screen's safe area offered, the
/// background reaching the edges, the status bar; and a size-that-fits card drawn whole.
@Suite("Device canvas goldens")
struct DeviceCanvasGoldenTests {
    let goldens = SwiftUISpellingTests()

    @Test(arguments: [
        ("OnboardingPage-iPhone16Pro", CanvasLayout.device(Device.named("iPhone 16 Pro")!, .portrait)),
        ("OnboardingPage-iPhone16Pro-landscape", CanvasLayout.device(Device.named("iPhone 16 Pro")!, .landscapeLeft)),
        ("OnboardingPage-iPhoneSE", CanvasLayout.device(Device.named("iPhone SE (3rd generation)")!, .portrait)),
        ("OnboardingPage-iPadMini", CanvasLayout.device(Device.named("iPad mini (A17 Pro)")!, .portrait)),
    ])
    func onboardingRendersOnEachDeviceAsGolden(name: String, canvas: CanvasLayout) throws {
        let rendering = try Renderer.render(OnboardingPage(), canvas: canvas)
        goldens.assertSnapshot(rendering.svg, named: name)
        #expect(rendering.size == canvas.screen?.size)
    }

    @Test func aTiltedCardIsDrawnWholeAtTheSizeThatFits() throws {
        let rendering = try Renderer.render(TiltedCard())
        goldens.assertSnapshot(rendering.svg, named: "TiltedCard")
        #expect(rendering.svg.contains("<g transform=\"translate("))
    }
}

/// Styles, observed state and animation code in a view written for SwiftUI.
@Suite("SwiftUI spelling: styles, state, animation")
struct StylesStateAnimationSpellingTests {
    @Test func theOnboardingCardRendersAsGoldenBeforeAndAfterAcceptingTheTerms() throws {
        let spelling = SwiftUISpellingTests()
        let model = OnboardingModel()
        let card = OnboardingCard(model: model)
        let before = try Renderer.render(card)
        spelling.assertSnapshot(before.svg, named: "OnboardingCard")
        // Disabled until the terms are accepted: the button takes no tap and is grey.
        #expect(before.accessibility.filter(\.isTappable).count == 1)
        #expect(before.svg.contains(">Page 1 of 3<"))
        let checkbox = try #require(before.accessibility.first { $0.isTappable })
        #expect(try Renderer.performTap(on: card, target: checkbox.id))
        #expect(model.acceptedTerms)
        let accepted = try Renderer.render(card)
        spelling.assertSnapshot(accepted.svg, named: "OnboardingCard-Accepted")
        let buttons = accepted.accessibility.filter(\.isTappable)
        #expect(buttons.count == 2)
        #expect(try Renderer.performTap(on: card, target: buttons[1].id))
        // withAnimation ran its body at once; the next render is the settled state.
        #expect(model.page == 2)
        #expect(try Renderer.render(card).svg.contains(">Page 2 of 3<"))
    }

    @Test func animationModifiersLeaveTheStillPictureAsItIs() throws {
        let plain = try Renderer.render(Text("Hi").padding().background(Color.green)).svg
        let animated = try Renderer.render(
            Text("Hi").padding().background(Color.green)
                .animation(.spring(duration: 0.4, bounce: 0.3).repeatForever(autoreverses: true), value: 1)
                .transition(.asymmetric(insertion: .move(edge: .leading), removal: .opacity).combined(with: .slide))
                .contentTransition(.opacity)
        ).svg
        #expect(animated == plain)
        var ran = false
        withAnimation { ran = true }
        #expect(ran)
    }
}

/// Progress, specifiers, UIKit colours, gradients and onAppear in a view written for SwiftUI.
@Suite("SwiftUI spelling: progress and colours")
struct ProgressAndColoursSpellingTests {
    @Test func theUploadStatusRendersAsGoldenInLightAndDark() throws {
        let spelling = SwiftUISpellingTests()
        let light = try Renderer.render(UploadStatus(sent: 37, total: 120))
        spelling.assertSnapshot(light.svg, named: "UploadStatus")
        #expect(light.svg.contains(">30.8% of 120 MB<"))
        // onAppear ran before the picture; the task did not.
        #expect(light.svg.contains(">Sending<"))
        var environment = EnvironmentValues()
        environment.colorScheme = .dark
        let dark = try Renderer.render(UploadStatus(sent: 37, total: 120), environment: environment)
        spelling.assertSnapshot(dark.svg, named: "UploadStatus-Dark")
        #expect(dark.svg.contains("fill=\"#FFFFFF\" xml:space=\"preserve\">Sending<"))
        #expect(light.svg.contains("fill=\"#000000\" xml:space=\"preserve\">Sending<"))
    }
}

@Suite("SwiftUI spelling: trimmed shapes")
struct TrimmedShapeSpellingTests {
    @Test func aProgressRingRendersAsGolden() throws {
        let svg = try Renderer.render(ProgressRing(progress: 0.7)).svg
        SwiftUISpellingTests().assertSnapshot(svg, named: "ProgressRing")
        // 70 % of the circle, from its trailing point (our path starts at the leading one).
        #expect(svg.contains("pathLength=\"1\" stroke-dasharray=\"0.7 0.3\" stroke-dashoffset=\"-0.5\""))
        #expect(svg.contains(">70%<"))
    }
}
