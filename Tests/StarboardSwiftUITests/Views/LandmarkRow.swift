#if canImport(SwiftUI)
import SwiftUI
#else
import StarboardUI
#endif

// A landmark list row in the shape of Apple's tutorial app, written here, with its #Preview
// blocks left in as Xcode would have them.

struct Landmark: Identifiable {
    var id: Int
    var name: String
    var park: String
    var isFavorite: Bool
}

let sampleLandmarks = [
    Landmark(id: 1001, name: "Turtle Rock", park: "Joshua Tree National Park", isFavorite: true),
    Landmark(id: 1002, name: "Silver Salmon Creek", park: "Lake Clark National Park", isFavorite: false),
]

struct LandmarkRow: View {
    var landmark: Landmark

    var body: some View {
        HStack {
            Circle()
                .fill(Color.green)
                .frame(width: 50, height: 50)
            Text(landmark.name)
            Spacer()
            if landmark.isFavorite {
                Image(systemName: "star.fill")
                    .foregroundStyle(.yellow)
            }
        }
    }
}

struct FavoriteButton: View {
    @Binding var isSet: Bool

    var body: some View {
        Button {
            isSet.toggle()
        } label: {
            Label("Toggle Favorite", systemImage: isSet ? "star.fill" : "star")
                .labelStyle(.iconOnly)
                .foregroundStyle(isSet ? .yellow : .gray)
        }
    }
}

#Preview {
    LandmarkRow(landmark: sampleLandmarks[0])
}

/* A #Preview in a comment is not one. */
#Preview("Rows", traits: .sizeThatFitsLayout) {
    // Two previews' worth of rows in one: "}" and "#Preview" in a string are not code either.
    let caption = "} #Preview {"
    Group {
        LandmarkRow(landmark: sampleLandmarks[0])
        LandmarkRow(landmark: sampleLandmarks[1])
        Text(caption)
    }
}

#Preview("Wide row", traits: .fixedLayout(width: 320, height: 80), .landscapeLeft) {
    LandmarkRow(landmark: sampleLandmarks[1])
}

#Preview("Favorite") {
    @Previewable @State var isFavorite = false
    FavoriteButton(isSet: $isFavorite)
}

#Preview("Favorite") {
    FavoriteButton(isSet: .constant(true))
}
