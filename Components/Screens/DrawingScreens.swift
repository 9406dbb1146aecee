import StarboardUI

/// A week of step counts as a sparkline drawn in a `Canvas`: a filled area under a line, a dot
/// on the last day and its value as text.
struct StepsSparkline: View {
    let values: [Double] = [4200, 6100, 5300, 8800, 7400, 9900, 7600]

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Text("Steps this week").font(.headline)
            Canvas { context, size in
                let top = (values.max() ?? 1) * 1.1
                func point(_ index: Int) -> CGPoint {
                    CGPoint(x: size.width * Double(index) / Double(values.count - 1), y: size.height * (1 - values[index] / top))
                }
                var line = Path()
                line.move(to: point(0))
                for index in 1..<values.count { line.addLine(to: point(index)) }
                var area = line
                area.addLine(to: CGPoint(x: size.width, y: size.height))
                area.addLine(to: CGPoint(x: 0, y: size.height))
                area.closeSubpath()
                context.fill(area, with: .linearGradient(
                    Gradient(colors: [.blue.opacity(0.35), .blue.opacity(0)]),
                    startPoint: .zero, endPoint: CGPoint(x: 0, y: size.height)
                ))
                context.stroke(line, with: .color(.blue), style: StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round))
                let last = point(values.count - 1)
                context.fill(Path(ellipseIn: CGRect(x: last.x - 4, y: last.y - 4, width: 8, height: 8)), with: .color(.blue))
                context.draw(Text("7,600").font(.caption).foregroundColor(.secondary), at: CGPoint(x: last.x - 8, y: last.y - 6), anchor: .bottomTrailing)
                // A faint grid line at half the scale, under a turned and scaled copy of the dot.
                var grid = context
                grid.opacity = 0.3
                grid.stroke(Path { $0.move(to: CGPoint(x: 0, y: size.height / 2)); $0.addLine(to: CGPoint(x: size.width, y: size.height / 2)) },
                            with: .color(.gray), style: StrokeStyle(lineWidth: 1, dash: [3, 3]))
            }
            .frame(width: 240, height: 80)
        }
        .padding()
    }
}

/// A card on a material over a colourful gradient, with a badge mixed in by `.multiply`.
struct MaterialCard: View {
    var body: some View {
        ZStack {
            LinearGradient(colors: [.orange, .pink, .purple], startPoint: .topLeading, endPoint: .bottomTrailing)
            Circle().fill(.yellow).frame(width: 90, height: 90).offset(x: -60, y: -30)
            VStack(alignment: .leading, spacing: 4) {
                Text("Sunset Ridge").font(.headline)
                Text("4.2 km · 320 m up").font(.subheadline).foregroundStyle(.secondary)
                HStack {
                    Text("Easy").font(.caption).padding(.horizontal, 8).padding(.vertical, 2)
                        .background(.thinMaterial, in: Capsule())
                    Circle().fill(.teal).frame(width: 18, height: 18).blendMode(.multiply)
                }
            }
            .padding()
            .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 14))
        }
        .frame(width: 260, height: 160)
    }
}

/// A rotated ring of dots drawn with transforms, clipped to a circle.
struct DialCanvas: View {
    var body: some View {
        Canvas { context, size in
            context.clip(to: Path(ellipseIn: CGRect(x: 0, y: 0, width: size.width, height: size.height)))
            context.fill(Path(CGRect(x: 0, y: 0, width: size.width, height: size.height)), with: .radialGradient(
                Gradient(colors: [.white, .mint]), center: CGPoint(x: size.width / 2, y: size.height / 2), startRadius: 0, endRadius: size.width / 2
            ))
            context.translateBy(x: size.width / 2, y: size.height / 2)
            for step in 0..<12 {
                var tick = context
                tick.rotate(by: .degrees(Double(step) * 30))
                tick.fill(Path(CGRect(x: -2, y: -size.height / 2 + 6, width: 4, height: step % 3 == 0 ? 14 : 8)), with: .color(.indigo))
            }
            context.draw(Text("12").font(.caption.bold()), at: CGPoint(x: 0, y: -size.height / 2 + 30))
            context.draw(Image(systemName: "sun.max.fill"), at: .zero)
        }
        .frame(width: 120, height: 120)
        .padding()
    }
}

#Preview("Steps sparkline") { StepsSparkline() }
#Preview("Material card") { MaterialCard() }
#Preview("Dial canvas") { DialCanvas() }
