#if canImport(SwiftUI)
import SwiftUI
#else
import StarboardUI
#endif

// An app's plain views with the previews Xcode shows for them, left as they are: Starboard
// lists and renders each one without any of them being registered.

struct Landmark: Identifiable {
    var id: Int
    var name: String
    var park: String
    var state: String
    var isFavorite: Bool
    var description: String
}

let landmarks = [
    Landmark(id: 1001, name: "Turtle Rock", park: "Joshua Tree National Park", state: "California", isFavorite: true,
             description: "Suscipit inceptos est felis purus aenean aliquet adipiscing diam venenatis, augue nibh duis neque aliquam tellus condimentum sagittis vivamus."),
    Landmark(id: 1002, name: "Silver Salmon Creek", park: "Lake Clark National Park and Preserve", state: "Alaska", isFavorite: false,
             description: "Sociosqu netus semper aptent pulvinar arcu, ad primis nisl duis magnis velit."),
]

struct LandmarkRow: View {
    var landmark: Landmark

    var body: some View {
        HStack {
            Circle()
                .fill(Color.green.opacity(0.6))
                .frame(width: 50, height: 50)
            Text(landmark.name)
            Spacer()
            if landmark.isFavorite {
                Image(systemName: "star.fill")
                    .foregroundStyle(.yellow)
            }
        }
        .padding(.horizontal)
    }
}

#Preview("Turtle Rock") {
    LandmarkRow(landmark: landmarks[0])
}

#Preview("Rows", traits: .sizeThatFitsLayout) {
    VStack {
        LandmarkRow(landmark: landmarks[0])
        LandmarkRow(landmark: landmarks[1])
    }
}

struct LandmarkRow_Previews: PreviewProvider {
    static var previews: some View {
        LandmarkRow(landmark: landmarks[1])
            .previewLayout(.fixed(width: 300, height: 70))
    }
}
