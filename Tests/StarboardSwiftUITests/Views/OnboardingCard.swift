#if canImport(SwiftUI)
import SwiftUI
#else
import StarboardUI
#endif

/// A capsule button that shrinks while pressed and greys out when disabled.
struct PillButtonStyle: ButtonStyle {
    @Environment(\.isEnabled) private var isEnabled

    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .font(.headline)
            .foregroundColor(.white)
            .padding(.vertical, 12)
            .frame(maxWidth: .infinity)
            .background(Capsule().fill(isEnabled ? Color.accentColor : Color.gray))
            .scaleEffect(configuration.isPressed ? 0.96 : 1)
            .animation(.easeOut(duration: 0.2), value: configuration.isPressed)
    }
}

/// A square that fills in when on.
struct CheckboxToggleStyle: ToggleStyle {
    func makeBody(configuration: Configuration) -> some View {
        HStack {
            RoundedRectangle(cornerRadius: 4)
                .stroke(Color.accentColor, lineWidth: 2)
                .background(RoundedRectangle(cornerRadius: 4).fill(configuration.isOn ? Color.accentColor : Color.clear))
                .frame(width: 20, height: 20)
            configuration.label
        }
        .onTapGesture {
            withAnimation(.spring(response: 0.3, dampingFraction: 0.7)) {
                configuration.isOn.toggle()
            }
        }
    }
}

final class OnboardingModel: ObservableObject {
    @Published var page = 1
    @Published var acceptedTerms = false
    let pages = 3
}

/// An onboarding card: a coloured header behind its title, a divider, a page count, terms to
/// accept and a button that stays disabled until they are.
struct OnboardingCard: View {
    @ObservedObject var model: OnboardingModel
    @Namespace private var namespace

    var body: some View {
        VStack(spacing: 16) {
            ZStack {
                Color.indigo
                Text("Welcome")
                    .font(.largeTitle.bold())
                    .foregroundColor(.white)
                    .padding()
                    .matchedGeometryEffect(id: "title", in: namespace)
            }
            .transition(.opacity.combined(with: .scale))
            Divider()
            Text("Page \(model.page) of \(model.pages)")
                .contentTransition(.numericText())
                .animation(.default, value: model.page)
            Toggle("I accept the terms", isOn: $model.acceptedTerms)
                .toggleStyle(CheckboxToggleStyle())
            Button("Continue") {
                withAnimation(.easeInOut(duration: 0.3).repeatCount(1)) {
                    model.page += 1
                }
            }
            .buttonStyle(PillButtonStyle())
            .disabled(!model.acceptedTerms)
        }
        .padding()
        .frame(width: 300)
    }
}
