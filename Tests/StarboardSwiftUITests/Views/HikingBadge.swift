#if canImport(SwiftUI)
import SwiftUI
#else
import StarboardUI
#endif

/// A hexagon whose corners are rounded with quadratic curves, drawn in whatever rectangle it gets.
struct HexagonShape: Shape {
    func path(in rect: CGRect) -> Path {
        var path = Path()
        let width = min(rect.width, rect.height)
        let inset = width * 0.08
        let corners = (0..<6).map { index -> CGPoint in
            let angle = Angle.degrees(60) * Double(index) - .degrees(90)
            return CGPoint(
                x: rect.midX + (width / 2 - inset) * CGFloat(cos(angle.radians)),
                y: rect.midY + (width / 2 - inset) * CGFloat(sin(angle.radians))
            )
        }
        path.move(to: CGPoint(x: (corners[5].x + corners[0].x) / 2, y: (corners[5].y + corners[0].y) / 2))
        for index in 0..<6 {
            let next = corners[(index + 1) % 6]
            let middle = CGPoint(x: (corners[index].x + next.x) / 2, y: (corners[index].y + next.y) / 2)
            path.addQuadCurve(to: middle, control: corners[index])
        }
        path.closeSubpath()
        return path
    }
}

/// A peak drawn in the top half of the rectangle it gets.
struct PeakShape: Shape {
    func path(in rect: CGRect) -> Path {
        Path { path in
            path.move(to: CGPoint(x: rect.midX, y: rect.minY))
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.midY))
            path.addLine(to: CGPoint(x: rect.minX, y: rect.midY))
            path.closeSubpath()
        }
    }
}

/// A hiking badge: a gradient hexagon with eight peaks turned around its centre and a caption.
struct HikingBadge: View {
    var name: String
    var hue: Angle = .zero

    var body: some View {
        VStack(spacing: 6) {
            ZStack {
                HexagonShape()
                    .fill(.linearGradient(
                        Gradient(colors: [Color(red: 0.94, green: 0.47, blue: 0.87), Color(red: 0.94, green: 0.67, blue: 0.47)]),
                        startPoint: .top, endPoint: UnitPoint(x: 0.5, y: 0.6)
                    ))
                GeometryReader { geometry in
                    ForEach(0..<8, id: \.self) { index in
                        PeakShape()
                            .fill(Color.indigo)
                            .frame(width: geometry.size.width / 4, height: geometry.size.height / 4)
                            .rotationEffect(.degrees(Double(index) * 45), anchor: .bottom)
                    }
                    .opacity(0.5)
                    .position(x: geometry.size.width / 2, y: geometry.size.height * 3 / 8)
                }
            }
            .frame(width: 100, height: 100)
            .hueRotation(hue)

            Text(name)
                .font(.caption)
                .foregroundStyle(.secondary)
                .accessibilityLabel(Text("Badge for \(name)."))
        }
    }
}
