#if canImport(SwiftUI)
import SwiftUI
#else
import StarboardUI
#endif

struct FavoriteButton: View {
    @Binding var isSet: Bool

    var body: some View {
        Button {
            isSet.toggle()
        } label: {
            Label("Toggle Favorite", systemImage: isSet ? "star.fill" : "star")
                .foregroundStyle(isSet ? .yellow : .gray)
        }
    }
}

#Preview {
    @Previewable @State var isSet = false
    FavoriteButton(isSet: $isSet)
}

struct LandmarkDetail: View {
    var landmark: Landmark

    var body: some View {
        VStack(alignment: .leading) {
            Text(landmark.name)
                .font(.title)
            HStack {
                Text(landmark.park)
                Spacer()
                Text(landmark.state)
            }
            .font(.subheadline)
            .foregroundStyle(.secondary)
            Divider()
            Text("About \(landmark.name)")
                .font(.title2)
            Text(landmark.description)
        }
        .padding()
    }
}

#Preview("Detail", traits: .fixedLayout(width: 390, height: 400)) {
    LandmarkDetail(landmark: landmarks[0])
}
