import Foundation
import Testing
@testable import StarboardUI

/// A value a test's bindings write to, shared by the view and the test.
private final class Store<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
    var binding: Binding<Value> { Binding(get: { self.value }, set: { self.value = $0 }) }
}

@Suite("Controls")
struct ControlsTests {
    @Test func aTapOnAStepperHalfStepsTheBoundValueWithinItsBounds() throws {
        let store = Store(3)
        let view = Stepper("Guests", value: store.binding, in: 0...4)
        #expect(try Renderer.performTap(on: view, target: "stepper-1-increment"))
        #expect(store.value == 4)
        // At its upper bound the plus half takes no tap, as iOS disables it.
        #expect(try !Renderer.performTap(on: view, target: "stepper-1-increment"))
        #expect(try Renderer.performTap(on: view, target: "stepper-1-decrement"))
        #expect(store.value == 3)
    }

    @Test func aStepperWithActionsRunsThemAndTwoSteppersAreNumberedInOrder() throws {
        let store = Store(0)
        let view = VStack {
            Stepper("A", value: .constant(1), in: 0...2)
            Stepper("B", onIncrement: { store.value += 10 }, onDecrement: { store.value -= 1 })
        }
        #expect(try Renderer.performTap(on: view, target: "stepper-2-increment"))
        #expect(try Renderer.performTap(on: view, target: "stepper-2-decrement"))
        #expect(store.value == 9)
    }

    @Test func aBoundValueOutsideTheBoundsIsDrawnClampedWithANote() throws {
        let rendering = try Renderer.render(Stepper("Guests", value: .constant(12), in: 0...10))
        #expect(rendering.warnings.contains { $0.contains("Stepper \"Guests\": its value 12 is outside 0...10; drawn as 10") })
        let slider = try Renderer.render(Slider(value: .constant(1.5), in: 0...1))
        #expect(slider.warnings.contains { $0.contains("Slider: its value 1.5 is outside 0.0...1.0") })
        #expect(slider.accessibility.contains { $0.value == "100%" })
    }

    @Test func aTapOnAControlBoundToAConstantChangesNothingAndTheTapSaysSo() throws {
        let view = Picker("Size", selection: .constant(1)) {
            Text("S").tag(0)
            Text("M").tag(1)
        }
        .pickerStyle(.segmented)
        let outcome = try Renderer.tap(on: view, target: "picker-1-option-1")
        #expect(outcome == Renderer.TapOutcome(found: true, notes: ["Picker \"Size\" is bound to a constant: nothing changed"]))
        // The tap says it; the render does not repeat it every time.
        #expect(try Renderer.render(view).warnings.isEmpty)
    }

    @Test func aTapOnAConstantToggleOrStepperSaysSoAndOtherTapsSayNothing() throws {
        let store = Store(1)
        let view = VStack {
            Toggle("Wi-Fi", isOn: .constant(true)).accessibilityIdentifier("wifi")
            Stepper("Locked", value: .constant(2), in: 0...5)
            Stepper("Count", value: store.binding, in: 0...5)
        }
        #expect(try Renderer.tap(on: view, target: "wifi").notes == ["Toggle \"Wi-Fi\" is bound to a constant: nothing changed"])
        #expect(try Renderer.tap(on: view, target: "stepper-1-increment").notes == ["Stepper \"Locked\" is bound to a constant: nothing changed"])
        let live = try Renderer.tap(on: view, target: "stepper-2-increment")
        #expect(live == Renderer.TapOutcome(found: true, notes: []))
        #expect(store.value == 2)
    }

    @Test func aTapOnASegmentSelectsItsTag() throws {
        enum Size: Hashable { case small, large }
        let store = Store(Size.small)
        let view = Picker("Size", selection: store.binding) {
            Text("Small").tag(Size.small)
            Text("Large").padding(2).tag(Size.large)
        }
        .pickerStyle(.segmented)
        let before = try Renderer.render(view)
        #expect(before.accessibility.contains { $0.label == "Small" && $0.traits.contains("selected") })
        #expect(try Renderer.performTap(on: view, target: "picker-1-option-2"))
        #expect(store.value == .large)
        #expect(try Renderer.render(view).accessibility.contains { $0.label == "Large" && $0.traits.contains("selected") })
    }

    @Test func aMenuPickerShowsOnlyTheSelectedOption() throws {
        let svg = try Renderer.render(Picker("Flavor", selection: .constant("b")) {
            Text("Apple").tag("a")
            Text("Banana").tag("b")
        }).svg
        #expect(svg.contains(">Banana<"))
        #expect(!svg.contains(">Apple<"))
    }

    @Test func anOptionWithoutATagIsNamedInANote() throws {
        let rendering = try Renderer.render(Picker("Flavor", selection: .constant(1)) {
            Text("One").tag(1)
            Text("Two")
        })
        #expect(rendering.warnings.contains("Picker \"Flavor\": option 2 has no tag(_:) and cannot be selected"))
    }

    @Test func aTextFieldShowsItsPromptWhenEmptyAndASecureFieldHidesItsText() throws {
        let empty = try Renderer.render(TextField("Name", text: .constant(""), prompt: Text("Required"))).svg
        #expect(empty.contains(">Required<"))
        let secure = try Renderer.render(SecureField("Password", text: .constant("abc"))).svg
        #expect(secure.contains(">\u{2022}\u{2022}\u{2022}<"))
        #expect(!secure.contains(">abc<"))
    }

    @Test func aCompactDatePickerFormatsInTheEnvironmentsLocale() throws {
        let date = Date(timeIntervalSince1970: 1_780_000_000) // 2026-05-28 20:26 UTC
        var german = EnvironmentValues()
        german.locale = Locale(identifier: "de_DE")
        let view = DatePicker("Start", selection: .constant(date), displayedComponents: .date)
        #expect(try Renderer.render(view).svg.contains(">May 28, 2026<"))
        #expect(try Renderer.render(view, environment: german).svg.contains(">28. Mai 2026<"))
    }

    @Test func aFormDrawsAMenuPickerAsARowWithItsLabel() throws {
        let svg = try Renderer.render(Form {
            Picker("Terrain", selection: .constant(2)) {
                Text("Forest").tag(1)
                Text("Coast").tag(2)
            }
        }).svg
        #expect(svg.contains(">Terrain<"))
        #expect(svg.contains(">Coast<"))
        #expect(!svg.contains(">Forest<"))
    }
}
