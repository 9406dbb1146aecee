#if canImport(SwiftUI)
import SwiftUI
#else
import StarboardUI
#endif

/// Stars bound to a rating: a tap on a star sets it, a tap on the current one clears it.
struct RatingRow: View {
    @Binding var rating: Int
    var maximum = 5

    var body: some View {
        HStack(spacing: 4) {
            ForEach(1...maximum, id: \.self) { number in
                Button {
                    rating = number == rating ? 0 : number
                } label: {
                    Image(systemName: number <= rating ? "star.fill" : "star")
                        .foregroundStyle(number <= rating ? Color.yellow : Color.gray)
                }
                .accessibilityLabel("Set \(number) star rating")
                .accessibilityValue(rating == 1 ? "1 star set." : "\(rating) stars set.")
                .accessibilityAddTraits(number == rating ? .isSelected : [])
            }
        }
    }
}

/// A card that owns a rating and shows it with a RatingRow.
struct RatedTrail: View {
    var trail: String
    @State private var rating = 3
    @State private var isFavorite = false

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            HStack {
                Text(trail).font(.headline)
                Spacer()
                Image(systemName: isFavorite ? "heart.fill" : "heart")
                    .foregroundColor(.pink)
                    .onTapGesture { isFavorite.toggle() }
                    .accessibilityLabel("Favorite")
            }
            RatingRow(rating: $rating)
        }
        .padding(12)
        .background(
            RoundedRectangle(cornerRadius: 12)
                .fill(.white)
                .shadow(color: .black.opacity(0.2), radius: 4, x: 0, y: 2)
        )
        .frame(width: 240)
    }
}

/// Swatches of every paint and effect: gradients, clipping, filters and stacking order.
struct EffectSwatches: View {
    var body: some View {
        VStack(spacing: 12) {
            HStack(spacing: 12) {
                Circle()
                    .fill(RadialGradient(colors: [.yellow, .orange], center: .center, startRadius: 4, endRadius: 30))
                    .frame(width: 60, height: 60)
                Circle()
                    .fill(AngularGradient(gradient: Gradient(colors: [.red, .yellow, .green, .blue, .purple, .red]), center: .center))
                    .frame(width: 60, height: 60)
                Rectangle()
                    .fill(LinearGradient(colors: [.mint, .cyan], startPoint: .leading, endPoint: .trailing))
                    .frame(width: 60, height: 60)
                    .clipShape(Capsule())
            }
            HStack(spacing: 12) {
                Color.blue.frame(width: 40, height: 40).blur(radius: 3)
                Color.red.frame(width: 40, height: 40).saturation(0.3)
                Color.green.frame(width: 40, height: 40).brightness(0.2)
                Color.purple.frame(width: 40, height: 40).contrast(0.5)
                Color.orange.frame(width: 40, height: 40).grayscale(1)
            }
            ZStack {
                RoundedRectangle(cornerRadius: 6).fill(Color.pink).frame(width: 50, height: 50).offset(x: -15).zIndex(1)
                RoundedRectangle(cornerRadius: 6).fill(Color.indigo).frame(width: 50, height: 50).offset(x: 15)
            }
            Text("Dashed")
                .padding(6)
                .overlay(RoundedRectangle(cornerRadius: 4).stroke(Color.brown, style: StrokeStyle(lineWidth: 2, dash: [4, 2])))
        }
        .padding()
    }
}
