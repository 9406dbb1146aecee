#if canImport(SwiftUI)
import SwiftUI
#else
import StarboardUI
#endif

/// Onboarding in swiped pages, as apps write it: a paged `TabView` over a coloured background.
struct OnboardingStep: Identifiable {
    let id: Int
    let symbol: String
    let title: String
    let detail: String
}

struct TrailOnboarding: View {
    @Binding var page: Int

    let steps = [
        OnboardingStep(id: 0, symbol: "mountain.2.fill", title: "Find trails", detail: "Thousands of routes, sorted by how far you want to go."),
        OnboardingStep(id: 1, symbol: "sun.max.fill", title: "Check the weather", detail: "See the forecast at the trailhead before you leave."),
        OnboardingStep(id: 2, symbol: "heart.fill", title: "Save favourites", detail: "Keep the trails you love for the next weekend."),
    ]

    var body: some View {
        TabView(selection: $page) {
            ForEach(steps) { step in
                VStack(spacing: 16) {
                    Image(systemName: step.symbol)
                        .resizable()
                        .scaledToFit()
                        .frame(width: 80, height: 80)
                    Text(step.title)
                        .font(.title)
                        .bold()
                    Text(step.detail)
                        .multilineTextAlignment(.center)
                        .padding(.horizontal, 32)
                }
                .foregroundStyle(.white)
                .tag(step.id)
            }
        }
        .tabViewStyle(.page)
        .indexViewStyle(.page(backgroundDisplayMode: .always))
        .background(Color.teal)
    }
}

#Preview("Onboarding") {
    @Previewable @State var page = 0
    TrailOnboarding(page: $page)
}
