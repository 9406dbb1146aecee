import StarboardInspector
import StarboardUI
import Testing

final class TrailCounter: ObservableObject {
    @Published var hikes = 0
}

/// A component that owns an object, keeps a namespace and reads an environment object, as a view
/// written for SwiftUI would: it must be made from its defaults like any other.
struct CountsHikes: Component {
    @Inspectable(range: 0...99) var goal = 3
    @StateObject private var counter = TrailCounter()
    @Namespace private var namespace

    var body: some View {
        VStack {
            Text("\(counter.hikes) of \(goal)")
                .matchedGeometryEffect(id: "count", in: namespace)
            Button("Hike") {
                counter.hikes += 1
                goal += 1
            }
        }
    }
}

@Suite("Observed state in components")
struct ObservedStateComponentTests {
    let registry = try! Registry([CountsHikes.self])

    @Test func aComponentWithAStateObjectRendersAndEachRenderStartsAFreshObject() throws {
        let component = try #require(registry.component(named: "CountsHikes"))
        let first = try component.render(component.defaults)
        #expect(first.rendering.svg.contains(">0 of 3<"))
        let button = try #require(first.rendering.accessibility.first { $0.isTappable })
        // The tap changes the object and the inspectable goal; only the goal is kept, as with @State.
        let after = try component.tap(button.id, values: component.defaults)
        let next = try component.render(after.values)
        #expect(next.rendering.svg.contains(">0 of 4<"))
    }
}
