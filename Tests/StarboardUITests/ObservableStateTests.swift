import Observation
import Testing
@testable import StarboardUI

private final class Counter: ObservableObject {
    @Published var count = 0
    @Published var name = "Trail"
}

private struct CounterView: View {
    @ObservedObject var counter: Counter

    var body: some View {
        VStack {
            Text("Count \(counter.count)")
            Button("Add") { counter.count += 1 }
            NameField(name: $counter.name)
        }
    }
}

private struct NameField: View {
    @Binding var name: String
    var body: some View {
        Text(name).onTapGesture { name = "Ridge" }.accessibilityIdentifier("name")
    }
}

private struct OwnsACounter: View {
    @StateObject var counter = Counter()
    var body: some View { Text("Owned \(counter.count)") }
}

private struct ReadsTheEnvironmentObject: View {
    @EnvironmentObject var counter: Counter
    var body: some View { Text("From the environment \(counter.count)") }
}

@Observable private final class Settings {
    var isOn = false
    var title = "Wi-Fi"
}

private struct SettingsRow: View {
    @Bindable var settings: Settings
    var body: some View {
        Toggle(settings.title, isOn: $settings.isOn).frame(width: 240)
    }
}

private struct ReadsObservableFromEnvironment: View {
    @Environment(Settings.self) var settings
    var body: some View { Text(settings.isOn ? "on" : "off") }
}

@Suite("Observable state")
struct ObservableStateTests {
    @Test func aTapThatChangesAnObservedObjectShowsOnTheNextRender() throws {
        let counter = Counter()
        let view = CounterView(counter: counter)
        let before = try Renderer.render(view)
        #expect(before.svg.contains(">Count 0<"))
        let add = try #require(before.accessibility.first { $0.label == "Add" || $0.isTappable })
        #expect(try Renderer.performTap(on: view, target: add.id))
        #expect(counter.count == 1)
        #expect(try Renderer.render(view).svg.contains(">Count 1<"))
    }

    @Test func aBindingToAPublishedPropertyWritesThroughToTheObject() throws {
        let counter = Counter()
        let view = CounterView(counter: counter)
        #expect(try Renderer.performTap(on: view, target: "name"))
        #expect(counter.name == "Ridge")
        #expect(try Renderer.render(view).svg.contains(">Ridge<"))
    }

    @Test func aStateObjectIsMadeFromItsDeclaredValueForEachFreshInstance() throws {
        let view = OwnsACounter()
        view.counter.count = 5
        #expect(try Renderer.render(view).svg.contains(">Owned 5<"))
        // A fresh instance (one per render in the inspector) starts again from `Counter()`.
        let declared = try #require(Mirror(reflecting: view).children.first { $0.label == "_counter" }?.value as? StateObject<Counter>)
        let fresh = try #require(declared._freshCopy() as? StateObject<Counter>)
        #expect(fresh.wrappedValue.count == 0)
        #expect(fresh.wrappedValue !== view.counter)
    }

    @Test func anEnvironmentObjectReachesViewsInside() throws {
        let counter = Counter()
        counter.count = 3
        let svg = try Renderer.render(VStack { ReadsTheEnvironmentObject() }.environmentObject(counter)).svg
        #expect(svg.contains(">From the environment 3<"))
    }

    @Test func anObservableClassWorksWithBindable() throws {
        let settings = Settings()
        let view = SettingsRow(settings: settings)
        let rendering = try Renderer.render(view)
        #expect(rendering.svg.contains(">Wi-Fi<"))
        let toggle = try #require(rendering.accessibility.first { $0.isTappable })
        #expect(toggle.value == "Off")
        #expect(try Renderer.performTap(on: view, target: toggle.id))
        #expect(settings.isOn)
        #expect(try Renderer.render(view).accessibility.first { $0.isTappable }?.value == "On")
    }

    @Test func anObservableObjectInTheEnvironmentReachesEnvironmentReaders() throws {
        let settings = Settings()
        settings.isOn = true
        #expect(try Renderer.render(ReadsObservableFromEnvironment().environment(settings)).svg.contains(">on<"))
    }
}
