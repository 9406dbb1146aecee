import StarboardUI
import StarboardInspector

// Plain views with previews, as an app's files would have them: no component among them.

struct GreetingCard: View {
    var name: String
    @State var waves = 0

    var body: some View {
        VStack {
            Text("Hello, \(name)")
            Text("Waved \(waves) times")
            Button("Wave") { waves += 1 }
        }
        .padding()
    }
}

#Preview("Greeting") {
    GreetingCard(name: "Ada")
}

#Preview(traits: .sizeThatFitsLayout) {
    GreetingCard(name: "Grace")
}

#Preview("Greeting") {
    @Previewable @State var name = "Lin"
    GreetingCard(name: name)
}

#Preview("Nothing") {
    EmptyView()
}

struct GreetingCard_Previews: PreviewProvider {
    static var previews: some View {
        GreetingCard(name: "Provider")
            .previewDisplayName("From a provider")
            .previewLayout(.fixed(width: 300, height: 120))
        GreetingCard(name: "Unnamed")
            .previewInterfaceOrientation(.landscapeLeft)
    }
}

// State the block owns lasts across taps; a child view's own @State is rebuilt with it, as
// Starboard makes views afresh on every build.
#Preview("Counter") {
    @Previewable @State var count = 0
    Button("Tapped \(count) times") { count += 1 }
}

/// A component of this file: a `#Preview` of exactly it is one of its variants.
struct PreviewedBadge: Component {
    @Inspectable var count = 1

    var body: some View {
        Text("\(count)")
    }
}

#Preview("Nine") {
    let badge = PreviewedBadge()
    badge.count = 9
    return badge
}
