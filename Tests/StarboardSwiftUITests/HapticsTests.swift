import StarboardUI
import Testing

/// UIKit's feedback generators: a view that calls them compiles and its action runs; a preview
/// has no haptics, and the tap's notes say what feedback the action gave.
struct HapticsTests {
    @Test func aTapRunsTheActionAndNotesEachFeedbackInOrder() throws {
        let view = LikeButton()
        let before = try Renderer.render(view)
        let target = try #require(before.accessibility.first { $0.isTappable }?.id)
        let outcome = try Renderer.tap(on: view, target: target)
        #expect(outcome.found)
        #expect(outcome.notes == [
            "light impact feedback: no haptics in a preview",
            "success notification feedback: no haptics in a preview",
        ])
    }

    @Test func feedbackOutsideATapIsNotedNowhere() throws {
        struct Eager: View {
            var body: some View {
                UISelectionFeedbackGenerator().selectionChanged()
                return Text("Ready")
            }
        }
        let rendering = try Renderer.render(Eager())
        #expect(rendering.warnings.isEmpty)
        #expect(rendering.svg.contains(">Ready<"))
    }

    @Test func anIntensityIsKeptBetweenZeroAndOne() throws {
        let view = Button("Thud") { UIImpactFeedbackGenerator(style: .heavy).impactOccurred(intensity: 3) }
        let target = try #require(try Renderer.render(view).accessibility.first { $0.isTappable }?.id)
        #expect(try Renderer.tap(on: view, target: target).notes == ["heavy impact at intensity 1.0 feedback: no haptics in a preview"])
    }
}
