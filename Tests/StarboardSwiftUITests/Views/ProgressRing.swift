#if canImport(SwiftUI)
import SwiftUI
#else
import StarboardUI
#endif

/// A ring filled to a fraction from twelve o'clock, with the percentage in the middle.
struct ProgressRing: View {
    let progress: Double

    var body: some View {
        ZStack {
            Circle()
                .stroke(Color.gray.opacity(0.2), lineWidth: 12)
            Circle()
                .trim(from: 0, to: progress)
                .stroke(Color.green, style: StrokeStyle(lineWidth: 12, lineCap: .round))
                .rotationEffect(.degrees(-90))
                .animation(.easeOut, value: progress)
            Text("\(Int(progress * 100))%")
                .font(.title2.bold())
        }
        .frame(width: 120, height: 120)
        .padding()
    }
}
