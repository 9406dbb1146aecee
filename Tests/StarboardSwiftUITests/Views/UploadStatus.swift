#if canImport(SwiftUI)
import SwiftUI
#else
import StarboardUI
#endif

/// An upload's status: a title on a colour gradient, a progress bar with its percentage written
/// by a format specifier, a spinner, and captions in UIKit's semantic colours.
struct UploadStatus: View {
    let sent: Double
    let total: Double
    @State private var status = "Waiting"

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Text("Uploading photos")
                .font(.headline)
                .foregroundColor(.white)
                .padding()
                .frame(maxWidth: .infinity, alignment: .leading)
                .background(Color.teal.gradient)
                .clipShape(RoundedRectangle(cornerRadius: 10))
            ProgressView(value: sent, total: total)
            Text("\(sent / total * 100, specifier: "%.1f")% of \(total, specifier: "%.0f") MB")
                .font(.caption)
                .foregroundColor(Color(.secondaryLabel))
            HStack {
                ProgressView()
                Text(status)
                    .foregroundColor(Color(uiColor: .label))
            }
        }
        .padding()
        .frame(width: 280)
        .background(Color(.systemGroupedBackground))
        .onAppear { status = "Sending" }
        .task { status = "Never shown: tasks do not run" }
    }
}
