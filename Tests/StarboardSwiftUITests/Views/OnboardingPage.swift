#if canImport(SwiftUI)
import SwiftUI
#else
import StarboardUI
#endif

/// A first-launch page as apps write it: a tinted background to the screen's edges, a title,
/// a paragraph that wraps at the screen's width, and a progress bar as wide as the screen allows.
struct OnboardingPage: View {
    var step = 2
    var steps = 4

    var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            Text("Find your next trail")
                .font(.largeTitle)
                .bold()
            Text("Browse hikes near you, save the ones you like, and keep a record of every summit. Your progress syncs across your devices, so the trail you plan at home is waiting on your phone.")
                .font(.body)
                .foregroundStyle(.secondary)
            Spacer()
            GeometryReader { geometry in
                ZStack(alignment: .leading) {
                    Capsule().fill(Color.gray.opacity(0.3))
                    Capsule().fill(Color.green)
                        .frame(width: geometry.size.width * Double(step) / Double(steps))
                }
            }
            .frame(height: 8)
            .accessibilityLabel("Step \(step) of \(steps)")
        }
        .padding(24)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .background(Color.mint.opacity(0.15))
    }
}

/// A card turned a little, as a sticker: at the size that fits its corners reach past its frame.
struct TiltedCard: View {
    var body: some View {
        Text("Summit!")
            .font(.title)
            .padding(20)
            .background(RoundedRectangle(cornerRadius: 12).fill(Color.orange))
            .overlay(RoundedRectangle(cornerRadius: 12).stroke(Color.brown, lineWidth: 6))
            .rotationEffect(.degrees(-12))
    }
}
