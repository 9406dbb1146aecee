import Foundation
import StarboardUI

/// The Landmarks hiking badge: a hexagon with a gradient and eight rotated mountain symbols,
/// drawn at any size but designed at 300×300.
struct Badge: View {
    var body: some View {
        ZStack {
            BadgeBackground()
            GeometryReader { geometry in
                ForEach(0..<8) { index in
                    RotatedBadgeSymbol(angle: .degrees(Double(index) * 360 / 8))
                        .opacity(0.5)
                        .scaleEffect(1.0 / 4.0, anchor: .top)
                        .position(x: geometry.size.width / 2, y: geometry.size.height * 3 / 4)
                }
            }
        }
        .scaledToFit()
    }
}

/// The hexagon, each side ending in a quadratic curve, filled with a pink-to-orange gradient.
struct BadgeBackground: View {
    static let gradientStart = Color(red8: 239, green8: 120, blue8: 221)
    static let gradientEnd = Color(red8: 239, green8: 172, blue8: 120)

    /// How far the straight edges are moved in, in unit coordinates.
    static let adjustment = 0.085

    /// The six segments in unit coordinates: a line to `line`, then a curve to `curve` around `control`.
    static let segments: [(line: CGPoint, curve: CGPoint, control: CGPoint)] = {
        let a = adjustment
        return [
            (CGPoint(x: 0.60, y: 0.05), CGPoint(x: 0.40, y: 0.05), CGPoint(x: 0.50, y: 0.00)),
            (CGPoint(x: 0.05, y: 0.20 + a), CGPoint(x: 0.00, y: 0.30 + a), CGPoint(x: 0.00, y: 0.25 + a)),
            (CGPoint(x: 0.00, y: 0.70 - a), CGPoint(x: 0.05, y: 0.80 - a), CGPoint(x: 0.00, y: 0.75 - a)),
            (CGPoint(x: 0.40, y: 0.95), CGPoint(x: 0.60, y: 0.95), CGPoint(x: 0.50, y: 1.00)),
            (CGPoint(x: 0.95, y: 0.80 - a), CGPoint(x: 1.00, y: 0.70 - a), CGPoint(x: 1.00, y: 0.75 - a)),
            (CGPoint(x: 1.00, y: 0.30 + a), CGPoint(x: 0.95, y: 0.20 + a), CGPoint(x: 1.00, y: 0.25 + a)),
        ]
    }()

    /// The outline for a square of side `min(size.width, size.height)`, narrowed to 83.2 % and centred.
    static func outline(in size: CGSize) -> Path {
        let side = min(size.width, size.height)
        let xScale = 0.832
        let xOffset = side * (1 - xScale) / 2
        let width = side * xScale
        func map(_ unit: CGPoint) -> CGPoint { CGPoint(x: unit.x * width + xOffset, y: unit.y * side) }
        return Path { path in
            path.move(to: map(CGPoint(x: 0.95, y: 0.20 + adjustment)))
            for segment in segments {
                path.addLine(to: map(segment.line))
                path.addQuadCurve(to: map(segment.curve), control: map(segment.control))
            }
        }
    }

    var body: some View {
        GeometryReader { geometry in
            BadgeBackground.outline(in: geometry.size)
                .fill(LinearGradient(
                    colors: [BadgeBackground.gradientStart, BadgeBackground.gradientEnd],
                    startPoint: UnitPoint(x: 0.5, y: 0), endPoint: UnitPoint(x: 0.5, y: 0.6)
                ))
        }
        .aspectRatio(1, contentMode: .fit)
    }
}

/// One mountain symbol: a small peak above a larger one.
struct BadgeSymbol: View {
    static let color = Color(red8: 79, green8: 79, blue8: 191)

    static func outline(in size: CGSize) -> Path {
        let width = min(size.width, size.height)
        let height = width * 0.75
        let spacing = width * 0.030
        let middle = width * 0.5
        let topWidth = width * 0.226
        let topHeight = height * 0.488
        return Path { path in
            path.addLines([
                CGPoint(x: middle, y: spacing),
                CGPoint(x: middle - topWidth, y: topHeight - spacing),
                CGPoint(x: middle, y: topHeight / 2 + spacing),
                CGPoint(x: middle + topWidth, y: topHeight - spacing),
                CGPoint(x: middle, y: spacing),
            ])
            path.addLines([
                CGPoint(x: middle, y: topHeight / 2 + spacing * 3),
                CGPoint(x: middle - topWidth, y: topHeight + spacing),
                CGPoint(x: spacing, y: height - spacing),
                CGPoint(x: width - spacing, y: height - spacing),
                CGPoint(x: middle + topWidth, y: topHeight + spacing),
                CGPoint(x: middle, y: topHeight / 2 + spacing * 3),
            ])
        }
    }

    var body: some View {
        GeometryReader { geometry in
            BadgeSymbol.outline(in: geometry.size).fill(BadgeSymbol.color)
        }
    }
}

/// A symbol turned about its bottom centre; eight of them at 45° steps make the badge's star.
struct RotatedBadgeSymbol: View {
    let angle: Angle

    var body: some View {
        BadgeSymbol()
            .padding(-60)
            .rotationEffect(angle, anchor: .bottom)
    }
}
