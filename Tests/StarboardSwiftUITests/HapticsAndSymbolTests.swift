import Foundation
import Testing
@testable import StarboardUI

/// What real views call that a still preview cannot play (haptics), and the symbols the
/// public check's rating row, checkbox and empty states draw.
@Suite("Haptics and symbols real views use")
struct HapticsAndSymbolTests {
    /// As a public button style does: a tap of the Taptic Engine while pressed.
    struct Bouncy: ButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            if configuration.isPressed {
                UIImpactFeedbackGenerator(style: .light).impactOccurred()
            }
            UISelectionFeedbackGenerator().selectionChanged()
            UINotificationFeedbackGenerator().notificationOccurred(.success)
            return configuration.label.scaleEffect(configuration.isPressed ? 1.1 : 1)
        }
    }

    @Test func hapticsAreAcceptedAndDrawNothing() throws {
        let plain = try Renderer.render(Button("Go") {}.buttonStyle(Bouncy()))
        let withFeedback = try Renderer.render(Button("Go") {}.buttonStyle(Bouncy()).sensoryFeedback(.impact(weight: .heavy), trigger: 3))
        #expect(plain.svg.contains(">Go<"))
        // The same drawing (the outline names the modifier's type).
        #expect(plain.svg.components(separatedBy: "<metadata").first == withFeedback.svg.components(separatedBy: "<metadata").first)
        #expect(plain.warnings.isEmpty)
    }

    @Test(arguments: ["tray", "tray.fill", "magnifyingglass", "checkmark.square", "checkmark.square.fill", "waveform.path.ecg"])
    func theSymbolIsDrawnWithoutAPlaceholder(name: String) throws {
        let rendering = try Renderer.render(Image(systemName: name).font(.largeTitle))
        #expect(rendering.warnings.isEmpty)
        #expect(!rendering.svg.contains("stroke-dasharray=\"2 2\""))
    }

    @Test func aMissingSymbolWarnsOncePerName() throws {
        let row = HStack { ForEach(0..<5, id: \.self) { _ in Image(systemName: "no.such.symbol") } }
        #expect(try Renderer.render(row).warnings.count == 1)
    }
}
