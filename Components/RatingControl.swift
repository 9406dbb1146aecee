import Foundation
import StarboardInspector
import StarboardUI

/// A row of stars a person taps to rate something, after FoodTracker's `RatingControl`.
///
/// Tapping star *n* sets the rating to *n*; tapping the star of the current rating resets it to
/// zero. Each star is a SwiftUI-style `Button` whose action sets `rating`.
struct RatingControl: Component {
    @Inspectable("Star Count", range: 1...20, help: "How many stars the control shows.")
    var starCount = 5

    @Inspectable("Star Size", range: 8...200, help: "The size of each star's button.")
    var starSize = CGSize(width: 44, height: 44)

    @Inspectable(range: 0...40, step: 1, help: "The space between two stars.")
    var spacing = 8.0

    @Inspectable(range: 0...20, atMost: "starCount", help: "How many stars are filled; 0 means no rating.")
    var rating = 0

    static let summary = "A row of stars that sets a rating when tapped."

    static let environments: [RenderEnvironment] = [.dark, .textSize(.accessibility3), .rightToLeft]

    static let variants = [
        Variant<RatingControl>("No rating"),
        Variant("Three stars") { $0.rating = 3 },
        Variant("Large") { $0.starSize = CGSize(width: 64, height: 64); $0.spacing = 12; $0.rating = 4 },
    ]

    var body: some View {
        HStack(spacing: spacing) {
            ForEach(1...max(starCount, 1), id: \.self) { number in
                Button {
                    // Tapping the star of the current rating resets it, as in the seed.
                    rating = number == rating ? 0 : number
                } label: {
                    StarButton(isFilled: number <= rating, size: starSize)
                }
                .accessibilityIdentifier("star-\(number)")
                .accessibilityLabel("Set \(number) star rating")
                .accessibilityValue(ratingDescription)
                .accessibilityHint(number == rating ? "Tap to reset the rating to zero." : "")
            }
        }
    }

    /// The accessibility value every star carries, as the seed words it.
    var ratingDescription: String {
        switch rating {
        case 0: "No rating set."
        case 1: "1 star set."
        default: "\(rating) stars set."
        }
    }
}

/// One star in a button-sized cell: outlined when empty, filled when set.
struct StarButton: View {
    var isFilled: Bool
    var size: CGSize

    static let fillColor = Color(red8: 255, green8: 184, blue8: 0)
    static let outlineColor = Color(red8: 214, green8: 140, blue8: 0)
    static let emptyColor = Color(red8: 142, green8: 142, blue8: 147)

    var body: some View {
        ZStack {
            // The whole cell takes taps, not only the star's points.
            Rectangle().fill(.clear)
            if isFilled {
                star.fill(Self.fillColor).stroke(Self.outlineColor, lineWidth: strokeWidth)
            } else {
                star.stroke(Self.emptyColor, lineWidth: strokeWidth)
            }
        }
        .frame(width: size.width, height: size.height)
    }

    private var strokeWidth: CGFloat { max(1, min(size.width, size.height) / 22) }

    /// The star's ten corners on a unit circle, from the top clockwise: the same for every star,
    /// so worked out once rather than with ten sines and cosines per star per render.
    private static let corners: [(cos: Double, sin: Double)] = (0..<10).map { index in
        let angle = Angle.degrees(-90 + Double(index) * 36)
        return (cos(angle.radians), sin(angle.radians))
    }

    /// A five-pointed star centred in the cell, its outer points on a circle 80 % of the cell.
    private var star: Path {
        let radius = min(size.width, size.height) * 0.4
        let inner = radius * 0.382
        let center = CGPoint(x: size.width / 2, y: size.height / 2 + radius * 0.05)
        return Path { path in
            path.reserveCapacity(11)
            for (index, corner) in Self.corners.enumerated() {
                let r = index.isMultiple(of: 2) ? radius : inner
                let point = CGPoint(x: center.x + r * corner.cos, y: center.y + r * corner.sin)
                if index == 0 { path.move(to: point) } else { path.addLine(to: point) }
            }
            path.closeSubpath()
        }
    }
}
