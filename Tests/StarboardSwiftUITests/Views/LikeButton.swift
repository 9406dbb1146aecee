#if canImport(SwiftUI)
import SwiftUI
#else
import StarboardUI
#endif

/// A heart that fills when tapped, shrinking a little while pressed and giving a light tap of
/// haptic feedback, as app buttons often do.
struct LikeButton: View {
    @State private var liked = false

    var body: some View {
        Button {
            UIImpactFeedbackGenerator(style: .light).impactOccurred()
            liked.toggle()
            if liked {
                UINotificationFeedbackGenerator().notificationOccurred(.success)
            }
        } label: {
            Image(systemName: liked ? "heart.fill" : "heart")
                .font(.title)
                .foregroundColor(.pink)
        }
        .buttonStyle(PressedScaleStyle())
    }
}

struct PressedScaleStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .scaleEffect(configuration.isPressed ? 0.9 : 1)
    }
}
