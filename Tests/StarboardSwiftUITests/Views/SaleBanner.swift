#if canImport(SwiftUI)
import SwiftUI
#else
import StarboardUI
#endif

/// A title painted with a gradient through the text's own shape, a photo-like block fading out at
/// its bottom, and a ribbon drawn by a shape whose path starts at (0, 0), as most hand-written
/// shapes do.
struct SaleBanner: View {
    var title = "Summer Sale"

    var body: some View {
        VStack(spacing: 12) {
            Text(title)
                .font(.largeTitle.bold())
                .overlay(LinearGradient(colors: [.orange, .pink], startPoint: .leading, endPoint: .trailing))
                .mask(Text(title).font(.largeTitle.bold()))
            RoundedRectangle(cornerRadius: 12)
                .fill(Color.teal)
                .frame(width: 220, height: 80)
                .mask {
                    LinearGradient(colors: [.black, .black.opacity(0)], startPoint: .top, endPoint: .bottom)
                }
            Ribbon()
                .fill(Color.red)
                .frame(width: 120, height: 28)
                .overlay(Text("-30%").font(.headline).foregroundColor(.white))
        }
        .padding()
    }
}

/// A ribbon with a notch at its trailing end.
struct Ribbon: Shape {
    func path(in rect: CGRect) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: rect.width, y: 0))
        path.addLine(to: CGPoint(x: rect.width - 12, y: rect.height / 2))
        path.addLine(to: CGPoint(x: rect.width, y: rect.height))
        path.addLine(to: CGPoint(x: 0, y: rect.height))
        path.closeSubpath()
        return path
    }
}
