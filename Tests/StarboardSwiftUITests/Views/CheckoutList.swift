#if canImport(SwiftUI)
import SwiftUI
#else
import StarboardUI
#endif

/// A basket: rows of items, and a bar with the total and a step bar under a custom progress
/// style, kept above the home indicator with `safeAreaInset`.
struct CheckoutList: View {
    let prices = [4.5, 12.0, 3.25]

    var body: some View {
        NavigationStack {
            List(0..<3) { index in
                HStack {
                    Text("Item \(index + 1)")
                    Spacer()
                    Text(prices[index], format: .currency(code: "USD"))
                }
            }
            .navigationTitle("Basket")
            .safeAreaInset(edge: .bottom, spacing: 0) {
                VStack(spacing: 8) {
                    ProgressView("Step 2 of 3", value: 2, total: 3)
                        .progressViewStyle(StepBarStyle())
                    Text("Pay $19.75")
                        .font(.headline)
                        .foregroundColor(.white)
                        .frame(maxWidth: .infinity)
                        .padding()
                        .background(Color.blue)
                        .cornerRadius(12)
                }
                .padding()
                .background(Color(.systemGray6))
            }
        }
    }
}

/// A thick rounded bar under the progress view's label.
struct StepBarStyle: ProgressViewStyle {
    func makeBody(configuration: Configuration) -> some View {
        VStack(alignment: .leading, spacing: 6) {
            configuration.label
                .font(.caption)
                .foregroundStyle(.secondary)
            GeometryReader { proxy in
                ZStack(alignment: .leading) {
                    Capsule().fill(Color.gray.opacity(0.25))
                    Capsule().fill(Color.green)
                        .frame(width: proxy.size.width * (configuration.fractionCompleted ?? 0))
                }
            }
            .frame(height: 8)
        }
    }
}
