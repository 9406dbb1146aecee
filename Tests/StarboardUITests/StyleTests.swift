import Testing
@testable import StarboardUI

private struct CapsuleButtonStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .padding(.horizontal, 20)
            .padding(.vertical, 10)
            .foregroundColor(.white)
            .background(Capsule().fill(configuration.role == .destructive ? Color.red : Color.green))
            .scaleEffect(configuration.isPressed ? 0.9 : 1)
            .accessibilityIdentifier("styled")
    }
}

private struct DoubleTapStyle: PrimitiveButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .padding(4)
            .onTapGesture { configuration.trigger(); configuration.trigger() }
    }
}

private struct CheckboxStyle: ToggleStyle {
    func makeBody(configuration: Configuration) -> some View {
        HStack {
            Image(systemName: configuration.isOn ? "checkmark.square" : "square")
            configuration.label
        }
        .onTapGesture { configuration.isOn.toggle() }
        .accessibilityIdentifier("checkbox")
    }
}

private struct StackedLabelStyle: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
        VStack(spacing: 2) {
            configuration.icon
            configuration.title.font(.caption)
        }
    }
}

/// Makes a Button inside makeBody: that button takes the same style, for ever.
private struct RecursiveStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        Button(action: {}) { configuration.label }
    }
}

private struct EnabledReader: View {
    @Environment(\.isEnabled) var isEnabled
    var body: some View { Text(isEnabled ? "enabled" : "disabled") }
}

@Suite("Styles and disabled controls")
struct StyleTests {
    @Test func aButtonStyleDrawsTheLabelAndTheWholeBodyTakesTheTap() throws {
        var taps = 0
        let view = Button("Go") { taps += 1 }.buttonStyle(CapsuleButtonStyle())
        let rendering = try Renderer.render(view)
        #expect(rendering.svg.contains("fill=\"#FFFFFF\" xml:space=\"preserve\">Go<"))
        // A capsule of the style's green behind the title; the tint is not used.
        #expect(rendering.svg.contains("fill=\"#34C759\""))
        #expect(!rendering.svg.contains("#007AFF"))
        let button = try #require(rendering.accessibility.first { $0.isTappable })
        #expect(button.traits.contains("button"))
        let styled = try #require(rendering.accessibility.first { $0.id == "styled" })
        #expect(button.frame == styled.frame)
        #expect(styled.frame.height > 30)
        #expect(try Renderer.performTap(on: view, target: button.id))
        #expect(taps == 1)
    }

    @Test func aButtonIsOneElementNamedByItsLabelsText() throws {
        // A Label's title names the button, not its icon; the title is not a second element.
        let labelled = try Renderer.render(Button {} label: { Label("Toggle Favorite", systemImage: "star") })
        #expect(labelled.accessibility.map(\.label) == ["Toggle Favorite"])
        #expect(labelled.accessibility.first?.traits == ["button"])
        #expect(labelled.accessibility.first?.isTappable == true)
        // Several texts join, as SwiftUI's combined children do; a label set on the button wins.
        let stacked = try Renderer.render(Button {} label: { VStack { Text("Save"); Text("to Photos") } })
        #expect(stacked.accessibility.map(\.label) == ["Save, to Photos"])
        let named = try Renderer.render(Button("Go") {}.accessibilityLabel("Start the hike"))
        #expect(named.accessibility.map(\.label) == ["Start the hike"])
        // Disabled: still a named button, but one that takes no tap.
        let disabled = try Renderer.render(Button("Continue") {}.disabled(true))
        #expect(disabled.accessibility.map(\.label) == ["Continue"])
        #expect(disabled.accessibility.first?.isTappable == false)
    }

    @Test func aButtonStyleSeesTheRole() throws {
        let svg = try Renderer.render(Button("Delete", role: .destructive) {}.buttonStyle(CapsuleButtonStyle())).svg
        #expect(svg.contains("fill=\"#FF3B30\""))
    }

    @Test func aButtonStyleAppliesToEveryButtonInside() throws {
        let rendering = try Renderer.render(VStack {
            Button("One") {}
            Button("Two") {}
        }
        .buttonStyle(CapsuleButtonStyle()))
        #expect(rendering.accessibility.filter { $0.id == "styled" }.count == 2)
    }

    @Test func aPrimitiveStyleFiresOnlyThroughTrigger() throws {
        var taps = 0
        let view = Button("Go") { taps += 1 }.buttonStyle(DoubleTapStyle())
        let rendering = try Renderer.render(view)
        let targets = rendering.accessibility.filter { $0.isTappable }
        // Its own gesture is the only tap target, and trigger() runs the action.
        #expect(targets.count == 1)
        #expect(try Renderer.performTap(on: view, target: targets[0].id))
        #expect(taps == 2)
    }

    @Test func theBuiltInStylesAreStructsAndShorthands() throws {
        let plain = try Renderer.render(Button("Go") {}.buttonStyle(PlainButtonStyle())).svg
        #expect(plain.contains("fill=\"#000000\" xml:space=\"preserve\">Go<"))
        let borderless = try Renderer.render(Button("Go") {}.buttonStyle(BorderlessButtonStyle())).svg
        #expect(borderless.contains("fill=\"#007AFF\" xml:space=\"preserve\">Go<"))
        let bordered = try Renderer.render(Button("Go") {}.buttonStyle(BorderedButtonStyle()))
        let shorthand = try Renderer.render(Button("Go") {}.buttonStyle(.bordered))
        #expect(bordered.svg == shorthand.svg)
        #expect(bordered.size.height > 30)
        let automatic = try Renderer.render(Button("Go") {}.buttonStyle(DefaultButtonStyle())).svg
        #expect(automatic == (try Renderer.render(Button("Go") {}).svg))
        let prominent = try Renderer.render(Button("Go") {}.buttonStyle(.borderedProminent)).svg
        #expect(prominent.contains("fill=\"#FFFFFF\" xml:space=\"preserve\">Go<"))
    }

    @Test func theInnermostButtonStyleWins() throws {
        let svg = try Renderer.render(VStack { Button("Go") {}.buttonStyle(.plain) }.buttonStyle(CapsuleButtonStyle())).svg
        #expect(!svg.contains("#34C759"))
        #expect(svg.contains("fill=\"#000000\" xml:space=\"preserve\">Go<"))
    }

    @Test func aDestructiveButtonIsRed() throws {
        let svg = try Renderer.render(Button("Delete", role: .destructive) {}).svg
        #expect(svg.contains("fill=\"#FF3B30\" xml:space=\"preserve\">Delete<"))
    }

    @Test func aToggleStyleDrawsFromTheBindingAndFlipsIt() throws {
        var isOn = false
        let binding = Binding(get: { isOn }, set: { isOn = $0 })
        let view = Toggle("Remember me", isOn: binding).toggleStyle(CheckboxStyle())
        let rendering = try Renderer.render(view)
        // No switch: the style's square and the label.
        #expect(!rendering.svg.contains("#34C759"))
        #expect(rendering.svg.contains(">Remember me<"))
        let box = try #require(rendering.accessibility.first { $0.id == "checkbox" })
        #expect(try Renderer.performTap(on: view, target: box.id))
        #expect(isOn)
        let switchStyle = try Renderer.render(Toggle("Remember me", isOn: .constant(true)).toggleStyle(.switch).frame(width: 240)).svg
        #expect(switchStyle == (try Renderer.render(Toggle("Remember me", isOn: .constant(true)).frame(width: 240)).svg))
    }

    @Test func aLabelStyleArrangesTitleAndIcon() throws {
        let f = try frames(VStack {
            Label("Hikes", systemImage: "star").accessibilityIdentifier("label")
        }.labelStyle(StackedLabelStyle()))
        let label = try #require(f["label"])
        // Icon above title: taller than one line of body text, as wide as the caption.
        #expect(label.height > 30)
        let titleOnly = try Renderer.render(Label("Hikes", systemImage: "star").labelStyle(.titleOnly))
        let plainText = try Renderer.render(Text("Hikes"))
        #expect(titleOnly.size == plainText.size)
        let iconOnly = try Renderer.render(Label("Hikes", systemImage: "star").labelStyle(IconOnlyLabelStyle())).svg
        #expect(!iconOnly.contains(">Hikes<"))
    }

    @Test func aDisabledButtonIsGreyAndTakesNoTap() throws {
        var taps = 0
        let view = Button("Go") { taps += 1 }.disabled(true)
        let rendering = try Renderer.render(view)
        #expect(rendering.svg.contains("xml:space=\"preserve\">Go<"))
        #expect(!rendering.svg.contains("#007AFF"))
        #expect(rendering.accessibility.allSatisfy { !$0.isTappable })
        #expect(rendering.accessibility.contains { $0.traits.contains("button") })
        let ids = rendering.accessibility.map(\.id)
        #expect(try ids.allSatisfy { try !Renderer.performTap(on: view, target: $0) })
        #expect(taps == 0)
    }

    @Test func disabledReachesEnvironmentReadersAndCannotBeUndoneInside() throws {
        #expect(try Renderer.render(EnabledReader()).svg.contains(">enabled<"))
        #expect(try Renderer.render(EnabledReader().disabled(true)).svg.contains(">disabled<"))
        #expect(try Renderer.render(EnabledReader().disabled(false).disabled(true)).svg.contains(">disabled<"))
    }

    @Test func aDisabledToggleIsDimmedAndIgnoresTaps() throws {
        let rendering = try Renderer.render(Toggle("Wi-Fi", isOn: .constant(true)).disabled(true).frame(width: 240))
        #expect(rendering.svg.contains("opacity=\"0.5\""))
        #expect(rendering.accessibility.allSatisfy { !$0.isTappable })
        let tapGesture = try Renderer.render(Text("Tap").onTapGesture {}.disabled(true))
        #expect(tapGesture.accessibility.allSatisfy { !$0.isTappable })
    }

    @Test func aStyleThatMakesItsOwnControlFailsNamingTheStyle() throws {
        #expect {
            try Renderer.render(Button("Go") {}.buttonStyle(RecursiveStyle()))
        } throws: { error in
            let text = "\(error)"
            return text.contains("button style RecursiveStyle") && text.contains("makeBody(configuration:)") && text.contains("render limit")
        }
    }
}
