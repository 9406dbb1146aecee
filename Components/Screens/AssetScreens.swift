import Foundation
import StarboardUI

/// Images and colours of this target's own resources (`Components/Resources`): an asset
/// catalogue's image sets (a scale and a dark variant of each) and colour sets, and a loose SVG.
struct AssetGallery: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            Text("Scales").font(.headline)
            HStack(spacing: 12) {
                Image("Mark", bundle: .module)
                Image("Mark", bundle: .module).environment(\.displayScale, 2)
                Image("Mark", bundle: .module).environment(\.displayScale, 3)
                Image("leaf")
                Image("Mark", bundle: .module).renderingMode(.template).foregroundStyle(.red)
            }
            Text("Resizing").font(.headline)
            HStack(spacing: 12) {
                Image("Banner", bundle: .module).resizable().scaledToFit().frame(width: 60, height: 60).border(Color.gray)
                Image("Banner", bundle: .module).resizable().scaledToFill().frame(width: 60, height: 60).clipped().border(Color.gray)
                Image("Banner", bundle: .module).resizable().aspectRatio(1, contentMode: .fit).frame(width: 60, height: 60).border(Color.gray)
                Image("leaf").resizable().frame(width: 48, height: 48)
            }
            Text("Colours").font(.headline)
            HStack(spacing: 12) {
                RoundedRectangle(cornerRadius: 6).fill(Color("Brand", bundle: .module)).frame(width: 44, height: 30)
                RoundedRectangle(cornerRadius: 6).fill(Color("Paper", bundle: .module)).frame(width: 44, height: 30)
                    .overlay(RoundedRectangle(cornerRadius: 6).stroke(Color("Brand", bundle: .module), lineWidth: 2))
                Text("Brand").foregroundStyle(Color("Brand"))
            }
        }
        .padding()
        .background(Color("Paper", bundle: .module))
    }
}

/// What a missing image and a missing colour set draw: labelled placeholders (and warnings).
struct MissingAssets: View {
    var body: some View {
        HStack(spacing: 12) {
            Image("NoSuchImage")
            Color("NoSuchColour").frame(width: 90, height: 40)
        }
        .padding()
    }
}

#Preview("Asset gallery") { AssetGallery() }
#Preview("Asset gallery dark") { AssetGallery().environment(\.colorScheme, .dark) }
#Preview("Missing assets") { MissingAssets() }
