import Foundation
import Testing
@testable import StarboardUI

/// `Image("name")` and `Color("name")` from a package's resources: the asset catalogue in
/// `Fixtures/` (made for these tests), and files written to a temporary folder for bad input.
@Suite struct AssetCatalogTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path
    static let catalog = AssetCatalog(folders: [fixtures])
    static var bundle: Bundle { Bundle(path: fixtures)! }

    private func file(_ lookup: AssetCatalog.Lookup<AssetCatalog.ImageAsset>) -> String? {
        if case .found(let asset) = lookup { return (asset.path as NSString).lastPathComponent }
        return nil
    }

    @Test func anImageSetGivesTheEntryForTheScaleAndAppearance() {
        let catalog = AssetCatalog(folders: [Self.fixtures])
        #expect(file(catalog.image(named: "Mark", scale: 1, scheme: .light)) == "mark.png")
        #expect(file(catalog.image(named: "Mark", scale: 2, scheme: .light)) == "mark@2x.png")
        #expect(file(catalog.image(named: "Mark", scale: 3, scheme: .light)) == "mark@3x.png")
        // A scale between two takes the next larger; beyond the largest, the largest.
        #expect(file(catalog.image(named: "Mark", scale: 1.5, scheme: .light)) == "mark@2x.png")
        #expect(file(catalog.image(named: "Mark", scale: 4, scheme: .light)) == "mark@3x.png")
        // Dark has a 2x entry only: it serves every scale in dark.
        #expect(file(catalog.image(named: "Mark", scale: 2, scheme: .dark)) == "mark-dark@2x.png")
        #expect(file(catalog.image(named: "Mark", scale: 1, scheme: .dark)) == "mark-dark@2x.png")
        #expect(file(catalog.image(named: "Mark", scale: 3, scheme: .dark)) == "mark-dark@2x.png")
    }

    @Test func anImagesSizeInPointsIsItsPixelsOverItsScale() throws {
        guard case .found(let mark) = Self.catalog.image(named: "Mark", scale: 3, scheme: .light),
              case .found(let banner) = Self.catalog.image(named: "Banner", scale: 1, scheme: .light) else {
            Issue.record("fixtures not found")
            return
        }
        #expect(mark.pixelWidth == 48 && mark.scale == 3)
        #expect(mark.pointSize == CGSize(width: 16, height: 16))
        #expect(banner.pixelWidth == 80 && banner.pixelHeight == 40)
        #expect(banner.pointSize == CGSize(width: 40, height: 20))
    }

    @Test func colourSetsHaveLightAndDarkValuesInEveryNotation() throws {
        guard case .found(let brand) = Self.catalog.color(named: "Brand"), case .found(let paper) = Self.catalog.color(named: "Paper") else {
            Issue.record("fixtures not found")
            return
        }
        #expect(abs(brand.light.red - 0.204) < 1e-9 && abs(brand.light.blue - 0.965) < 1e-9)
        // "120" is of 0–255.
        #expect(abs((brand.dark?.red ?? 0) - 120.0 / 255) < 1e-9)
        #expect(abs((brand.dark?.blue ?? 0) - 1) < 1e-9)
        // Hex bytes in Display P3, converted to sRGB: a warm near-white stays so.
        #expect(paper.light.red > 0.97 && paper.light.blue < paper.light.green)
        #expect(paper.dark == Color.Resolved(red: 0.15, green: 0.15, blue: 0.15))
    }

    @Test(arguments: [
        ("0.5", 0.5), ("1.000", 1), ("1", 1), ("0", 0), ("128", 128.0 / 255), ("255", 1), ("0x80", 128.0 / 255), ("0xFF", 1),
    ] as [(String, Double)])
    func aComponentIsAFloatAByteOrAHexByte(_ text: String, _ expected: Double) throws {
        #expect(abs(try AssetCatalog.componentValue(text, key: "red") - expected) < 1e-9)
    }

    @Test func numbersInTheJSONAreComponentsToo() throws {
        let color = try AssetCatalog.parseColor(["color-space": "srgb", "components": ["red": 0.25, "green": 1, "blue": 0, "alpha": 0.5]])
        #expect(color == Color.Resolved(red: 0.25, green: 1, blue: 0, opacity: 0.5))
    }

    @Test func displayP3RedIsClampedToSRGBRed() throws {
        let red = try AssetCatalog.parseColor(["color-space": "display-p3", "components": ["red": "1", "green": "0", "blue": "0"]])
        #expect(abs(red.red - 1) < 1e-9 && abs(red.green) < 1e-9 && abs(red.blue) < 1e-9)
        // A P3 mid grey is the same grey in sRGB: the white points agree.
        let grey = try AssetCatalog.parseColor(["color-space": "display-p3", "components": ["red": "0.5", "green": "0.5", "blue": "0.5"]])
        #expect(abs(grey.red - 0.5) < 0.005 && abs(grey.blue - 0.5) < 0.005)
    }

    @Test func badColoursNameWhatIsWrong() {
        #expect(throws: AssetError.self) { try AssetCatalog.parseColor(["color-space": "cmyk", "components": ["cyan": "1"]]) }
        do {
            _ = try AssetCatalog.parseColor(["color-space": "srgb", "components": ["red": "300", "green": "0", "blue": "0"]])
            Issue.record("300 accepted")
        } catch {
            #expect(error.reason.contains("components.red") && error.reason.contains("300"))
        }
        do {
            _ = try AssetCatalog.parseColor(["color-space": "srgb", "components": ["red": "0.1", "blue": "0"]])
            Issue.record("no green accepted")
        } catch {
            #expect(error.reason.contains("\"green\""))
        }
        #expect(throws: AssetError.self) { try AssetCatalog.componentValue("0x1FF", key: "red") }
        #expect(throws: AssetError.self) { try AssetCatalog.componentValue("lots", key: "red") }
    }

    @Test func aResourceColourFollowsTheColourScheme() throws {
        let brand = Color("Brand", bundle: Self.bundle)
        var dark = EnvironmentValues()
        dark.colorScheme = .dark
        #expect(abs(brand.resolve(in: EnvironmentValues()).red - 0.204) < 1e-9)
        #expect(abs(brand.resolve(in: dark).red - 120.0 / 255) < 1e-9)
        #expect(Color("Brand", bundle: Self.bundle).opacity(0.5).resolve(in: dark).opacity == 0.5)
    }

    @Test func anImageIsEmbeddedAsADataURIAtItsSizeInPoints() throws {
        let svg = try Renderer.render(Image("Mark", bundle: Self.bundle).environment(\.displayScale, 2)).svg
        let png = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/Assets.xcassets/Mark.imageset/mark@2x.png"))
        #expect(svg.contains("width=\"16\" height=\"16\" preserveAspectRatio=\"none\" href=\"data:image/png;base64," + png.base64EncodedString() + "\""))
        #expect(!svg.contains("filter="))
    }

    @Test func aTemplateImageIsFloodedWithTheForeground() throws {
        let svg = try Renderer.render(Image("Mark", bundle: Self.bundle).renderingMode(.template).foregroundStyle(Color(red: 1, green: 0, blue: 0))).svg
        #expect(svg.contains("<feFlood flood-color=\"#FF0000\" flood-opacity=\"1\"/><feComposite in2=\"SourceAlpha\" operator=\"in\"/>"))
        #expect(svg.contains("filter=\"url(#sb-t"))
    }

    @Test func aResizableImageKeepsItsAspectRatioWhenScaledToFit() throws {
        let view = Image("Banner", bundle: Self.bundle).resizable().scaledToFit().frame(width: 100, height: 100)
        let svg = try Renderer.render(view).svg
        // 40×20 points fitted into 100×100: 100×50, centred.
        #expect(svg.contains("<image x=\"0\" y=\"25\" width=\"100\" height=\"50\""))
        let natural = try Renderer.render(Image("Banner", bundle: Self.bundle).resizable().fixedSize()).svg
        #expect(natural.contains("width=\"40\" height=\"20\""))
    }

    @Test func aMissingImageDrawsALabelledPlaceholderAndWarns() throws {
        let result = try Renderer.render(Image("NoSuchImage", bundle: Self.bundle))
        #expect(result.warnings.contains { $0.contains("no image \"NoSuchImage\"") && $0.contains("placeholder") })
        #expect(result.svg.contains(">NoSuchImage<"))
        #expect(!result.svg.contains("<image"))
    }

    @Test func aMissingColourWarnsWhereItIsAView() throws {
        let result = try Renderer.render(Color("NoSuchColour", bundle: Self.bundle).frame(width: 80, height: 30))
        #expect(result.warnings.contains { $0.contains("no colour set \"NoSuchColour\"") })
        #expect(Color("NoSuchColour", bundle: Self.bundle).resolve(in: EnvironmentValues()).opacity == 0)
    }

    // MARK: Bad input

    /// A fresh folder with `files` (path → bytes) in it.
    private func folder(_ files: [String: Data]) throws -> String {
        let root = NSTemporaryDirectory() + "starboard-assets-" + UUID().uuidString
        for (path, data) in files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        return root
    }

    private func refusal<T>(_ lookup: AssetCatalog.Lookup<T>) -> String? {
        if case .refused(let reason) = lookup { return reason }
        return nil
    }

    /// A PNG header claiming `width`×`height`, with an IEND chunk so only its size is wrong.
    private func pngHeader(width: UInt32, height: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        for value in [width, height] { bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
        bytes += [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        return Data(bytes)
    }

    @Test func malformedContentsJSONIsRefusedNamingTheFile() throws {
        let root = try folder([
            "A.xcassets/Broken.imageset/Contents.json": Data("{\"images\": [".utf8),
            "A.xcassets/Odd.colorset/Contents.json": Data("{\"colors\": 3}".utf8),
            "A.xcassets/Escape.imageset/Contents.json": Data("{\"images\": [{\"filename\": \"../../x.png\", \"scale\": \"1x\"}]}".utf8),
        ])
        let catalog = AssetCatalog(folders: [root])
        #expect(refusal(catalog.image(named: "Broken", scale: 1, scheme: .light))?.contains("Broken.imageset/Contents.json is not a JSON object") == true)
        #expect(refusal(catalog.color(named: "Odd"))?.contains("Odd.colorset/Contents.json: expected a \"colors\" array") == true)
        #expect(refusal(catalog.image(named: "Escape", scale: 1, scheme: .light))?.contains("leaves the image set") == true)
        let result = try Renderer.render(Image("Broken", bundle: Bundle(path: root)!))
        #expect(result.warnings.contains { $0.contains("refused") && $0.contains("Broken.imageset/Contents.json") })
    }

    @Test func imagesTooWideOrCutOffOrNotImagesAreRefused() throws {
        var cut = pngHeader(width: 4, height: 4)
        cut.removeLast(12)
        let root = try folder([
            "wide.png": pngHeader(width: 9000, height: 10),
            "cut.png": cut,
            "fake.png": Data("GIF89a, not a PNG".utf8),
            "fake.jpg": Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01]),
            "shapeless.svg": Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect/></svg>".utf8),
        ])
        let catalog = AssetCatalog(folders: [root])
        #expect(refusal(catalog.image(named: "wide", scale: 1, scheme: .light))?.contains("wide.png is 9000×10 pixels") == true)
        #expect(refusal(catalog.image(named: "cut", scale: 1, scheme: .light))?.contains("cut.png: not a valid PNG (cut off") == true)
        #expect(refusal(catalog.image(named: "fake.png", scale: 1, scheme: .light))?.contains("fake.png: not a valid image/png file") == true)
        #expect(refusal(catalog.image(named: "fake", scale: 1, scheme: .light))?.contains("fake.jpg: not a valid JPEG") == true)
        #expect(refusal(catalog.image(named: "shapeless", scale: 1, scheme: .light))?.contains("needs a width and height") == true)
    }

    @Test func aFileOverSixteenMebibytesIsRefusedUnread() throws {
        let root = try folder(["big.png": pngHeader(width: 10, height: 10)])
        // Sparse: the size is checked before anything is read.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: root + "/big.png"))
        try handle.truncate(atOffset: UInt64(AssetCatalog.maximumFileBytes + 1))
        try handle.close()
        #expect(refusal(AssetCatalog(folders: [root]).image(named: "big", scale: 1, scheme: .light))?.contains("big.png is 16 MiB; at most 16 MiB") == true)
    }

    @Test func looseFilesAreFoundByNameAndScaleSuffix() throws {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 30 12\"><rect width=\"30\" height=\"12\"/></svg>"
        var jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46]
        jpeg += [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x64, 0x00, 0xC8, 0x03] + [UInt8](repeating: 0, count: 9) + [0xFF, 0xD9]
        let root = try folder([
            "badge.svg": Data(svg.utf8), "photo@2x.jpg": Data(jpeg), "dot.png": pngHeader(width: 3, height: 3), "dot@2x.png": pngHeader(width: 6, height: 6),
        ])
        let catalog = AssetCatalog(folders: [root])
        guard case .found(let badge) = catalog.image(named: "badge", scale: 2, scheme: .light),
              case .found(let photo) = catalog.image(named: "photo", scale: 1, scheme: .light),
              case .found(let dot) = catalog.image(named: "dot", scale: 2, scheme: .light),
              case .found(let dotByFile) = catalog.image(named: "dot.png", scale: 2, scheme: .light) else {
            Issue.record("loose files not found")
            return
        }
        #expect(badge.pointSize == CGSize(width: 30, height: 12) && badge.dataURI.hasPrefix("data:image/svg+xml;base64,"))
        #expect(photo.pointSize == CGSize(width: 100, height: 50) && photo.dataURI.hasPrefix("data:image/jpeg;base64,"))
        #expect(dot.pixelWidth == 6 && dot.pointSize.width == 3)
        #expect(dotByFile.pixelWidth == 3)
    }
}
