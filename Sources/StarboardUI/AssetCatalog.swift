import Foundation
import StarboardLocking

/// The images and colours of a package's own resources, as `Image("name")` and `Color("name")`
/// find them: Xcode asset catalogues (`*.xcassets` image sets and colour sets, read from their
/// `Contents.json`) and loose PNG, JPEG and SVG files, in the resource bundles SwiftPM builds
/// beside the running executable (`Package_Target.resources/`; on Linux `.process` copies an
/// asset catalogue as it is) or in the one bundle a view names.
///
/// Files are read when first asked for and kept, so a render after the first reads nothing.
/// A file that is too large, too many pixels across or not what its name says is refused with
/// a reason naming it; nothing here traps on bad input.
public final class AssetCatalog: Sendable {
    /// Larger files are refused: an image is embedded in every SVG that shows it.
    public static let maximumFileBytes = 16 << 20
    /// Wider or taller images are refused.
    public static let maximumPixels = 8192

    /// An image ready to embed: its data URI and its size in pixels and points.
    public final class ImageAsset: Sendable {
        public let path: String
        public let pixelWidth: Int
        public let pixelHeight: Int
        /// The scale it was drawn for (2 for `@2x`); 1 for a vector image.
        public let scale: Double
        /// `data:image/png;base64,…`
        public let dataURI: String

        init(path: String, pixelWidth: Int, pixelHeight: Int, scale: Double, dataURI: String) {
            self.path = path
            self.pixelWidth = pixelWidth
            self.pixelHeight = pixelHeight
            self.scale = scale
            self.dataURI = dataURI
        }

        /// Its size in points: its pixels divided by its scale.
        public var pointSize: CGSize { CGSize(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale) }
    }

    /// What looking a name up found.
    public enum Lookup<Asset> {
        case found(Asset)
        case missing
        /// The asset exists but its file is refused; the reason names the file.
        case refused(String)
    }

    /// A colour set's values: the universal one and, when the set has one, the dark one.
    public struct ColorAsset: Hashable, Sendable {
        public var light: Color.Resolved
        public var dark: Color.Resolved?
    }

    /// One entry of an image set, or a loose file.
    struct ImageEntry: Sendable {
        var path: String
        var scale: Double?
        var isDark: Bool
    }

    enum Found: Sendable {
        case imageSet(contents: String)
        case colorSet(contents: String)
        case files([ImageEntry])
    }

    /// The folders searched, in order.
    public let folders: [String]
    /// Asset names to where they are, per folder; built on first use.
    private let names = Locked<[String: [String: Found]]>([:])
    private let images = Locked<[String: Lookup<ImageAsset>]>([:])
    private let colors = Locked<[String: Lookup<ColorAsset>]>([:])

    /// A catalogue of the assets in `folders` (resource bundles or any folders).
    public init(folders: [String]) {
        self.folders = folders
    }

    /// The catalogue of the resource bundles beside the running executable.
    public static let shared = AssetCatalog(folders: FontCatalog.resourceBundles())

    /// The catalogue `bundle` names (its own folder), or the shared one for nil.
    static func catalog(for bundlePath: String?) -> AssetCatalog {
        guard let bundlePath else { return shared }
        return bundleCatalogs.withLock { catalogs in
            if let known = catalogs[bundlePath] { return known }
            let catalog = AssetCatalog(folders: [bundlePath])
            catalogs[bundlePath] = catalog
            return catalog
        }
    }

    private static let bundleCatalogs = Locked<[String: AssetCatalog]>([:])

    // MARK: Images

    /// The image `name` for a render at `scale` in `scheme`.
    public func image(named name: String, scale: Double, scheme: ColorScheme) -> Lookup<ImageAsset> {
        for folder in folders {
            guard let found = index(of: folder)[name] else { continue }
            let entries: [ImageEntry]
            switch found {
            case .colorSet:
                continue
            case .files(let files):
                entries = files
            case .imageSet(let contents):
                switch Self.imageEntries(contentsAt: contents) {
                case .found(let list): entries = list
                case .missing: return .missing
                case .refused(let reason): return .refused(reason)
                }
            }
            guard let entry = Self.choose(entries, scale: scale, scheme: scheme) else {
                return .refused("image set \"\(name)\" in \(Self.shortPath(folder)) has no image file for scale \(SVGWriter.number(scale, decimals: 1))x")
            }
            return load(entry)
        }
        return .missing
    }

    /// The entry for `scale` and `scheme`: the scheme's own entries first (the dark ones in dark,
    /// else the universal ones), then the smallest scale at least `scale`, else the largest.
    static func choose(_ entries: [ImageEntry], scale: Double, scheme: ColorScheme) -> ImageEntry? {
        let dark = entries.filter(\.isDark)
        let pool = scheme == .dark && !dark.isEmpty ? dark : entries.filter { !$0.isDark }
        if let vector = pool.first(where: { $0.scale == nil }) { return vector }
        let sorted = pool.sorted { ($0.scale ?? 1) < ($1.scale ?? 1) }
        return sorted.first { ($0.scale ?? 1) >= scale - 1e-9 } ?? sorted.last
    }

    private func load(_ entry: ImageEntry) -> Lookup<ImageAsset> {
        let key = entry.path + "#" + String(entry.scale ?? 0)
        if let known = images.withLock({ $0[key] }) { return known }
        let result = Self.decode(entry)
        images.withLock { $0[key] = result }
        return result
    }

    static func decode(_ entry: ImageEntry) -> Lookup<ImageAsset> {
        let shown = shortPath(entry.path)
        let data: Data
        switch read(entry.path) {
        case .found(let bytes): data = bytes
        case .missing: return .refused("\(shown): no such file")
        case .refused(let reason): return .refused(reason)
        }
        let info: ImageFile.Info
        do {
            info = try ImageFile.info(of: data, named: entry.path)
        } catch {
            return .refused("\(shown): \(error.reason)")
        }
        guard info.width <= maximumPixels, info.height <= maximumPixels else {
            return .refused("\(shown) is \(info.width)×\(info.height) pixels; at most \(maximumPixels) on a side are embedded")
        }
        let scale = info.isVector ? 1 : (entry.scale ?? 1)
        return .found(ImageAsset(
            path: entry.path, pixelWidth: info.width, pixelHeight: info.height, scale: scale,
            dataURI: "data:" + info.mediaType + ";base64," + data.base64EncodedString()
        ))
    }

    /// A file's bytes, refused when larger than ``maximumFileBytes`` (checked before reading).
    static func read(_ path: String) -> Lookup<Data> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .refused("\(shortPath(path)) is not a file") }
        guard Int(info.st_size) <= maximumFileBytes else {
            return .refused("\(shortPath(path)) is \(Int(info.st_size) >> 20) MiB; at most \(maximumFileBytes >> 20) MiB are embedded")
        }
        guard let data = FileManager.default.contents(atPath: path) else { return .refused("\(shortPath(path)) cannot be read") }
        return .found(data)
    }

    /// The entries of an image set's `Contents.json`.
    static func imageEntries(contentsAt path: String) -> Lookup<[ImageEntry]> {
        let folder = (path as NSString).deletingLastPathComponent
        let object: [String: Any]
        switch json(at: path) {
        case .found(let value): object = value
        case .missing: return .missing
        case .refused(let reason): return .refused(reason)
        }
        guard let images = object["images"] as? [[String: Any]] else {
            return .refused("\(shortPath(path)): expected an \"images\" array")
        }
        var entries: [ImageEntry] = []
        for image in images {
            guard let file = image["filename"] as? String else { continue }
            guard !file.contains("/"), file != "..", file != "." else {
                return .refused("\(shortPath(path)): filename \"\(file)\" leaves the image set")
            }
            if let idiom = image["idiom"] as? String, !["universal", "iphone"].contains(idiom) { continue }
            var scale: Double?
            if let text = image["scale"] as? String {
                guard text.hasSuffix("x"), let value = Double(text.dropLast()), value > 0, value <= 4 else {
                    return .refused("\(shortPath(path)): scale \"\(text)\": expected 1x, 2x or 3x")
                }
                scale = value
            }
            let dark: Bool
            switch appearance(of: image, in: path) {
            case .found(let isDark): dark = isDark
            case .missing: continue
            case .refused(let reason): return .refused(reason)
            }
            entries.append(ImageEntry(path: folder + "/" + file, scale: scale, isDark: dark))
        }
        return .found(entries)
    }

    /// Whether an entry is for dark appearance: `.missing` for an appearance Starboard does not
    /// show (high contrast), which the entry is then skipped for.
    private static func appearance(of entry: [String: Any], in path: String) -> Lookup<Bool> {
        guard let list = entry["appearances"] else { return .found(false) }
        guard let appearances = list as? [[String: Any]] else {
            return .refused("\(shortPath(path)): \"appearances\" should be an array of objects")
        }
        var dark = false
        for appearance in appearances {
            let kind = appearance["appearance"] as? String
            let value = appearance["value"] as? String
            switch (kind, value) {
            case ("luminosity", "dark"): dark = true
            case ("luminosity", "light"), ("luminosity", "any"): break
            default: return .missing
            }
        }
        return .found(dark)
    }

    /// A `Contents.json` as an object, refused when large or not JSON.
    static func json(at path: String) -> Lookup<[String: Any]> {
        let data: Data
        switch read(path) {
        case .found(let bytes): data = bytes
        case .missing: return .missing
        case .refused(let reason): return .refused(reason)
        }
        guard let value = try? JSONSerialization.jsonObject(with: data), let object = value as? [String: Any] else {
            return .refused("\(shortPath(path)) is not a JSON object")
        }
        return .found(object)
    }

    // MARK: Colours

    /// The colour set `name`.
    public func color(named name: String) -> Lookup<ColorAsset> {
        if let known = colors.withLock({ $0[name] }) { return known }
        var result = Lookup<ColorAsset>.missing
        for folder in folders {
            guard case .colorSet(let contents) = index(of: folder)[name] else { continue }
            result = Self.colorSet(contentsAt: contents)
            break
        }
        colors.withLock { $0[name] = result }
        return result
    }

    static func colorSet(contentsAt path: String) -> Lookup<ColorAsset> {
        let object: [String: Any]
        switch json(at: path) {
        case .found(let value): object = value
        case .missing: return .missing
        case .refused(let reason): return .refused(reason)
        }
        guard let entries = object["colors"] as? [[String: Any]] else {
            return .refused("\(shortPath(path)): expected a \"colors\" array")
        }
        var light: Color.Resolved?
        var dark: Color.Resolved?
        for entry in entries {
            if let idiom = entry["idiom"] as? String, !["universal", "iphone"].contains(idiom) { continue }
            let isDark: Bool
            switch appearance(of: entry, in: path) {
            case .found(let value): isDark = value
            case .missing: continue
            case .refused(let reason): return .refused(reason)
            }
            guard let color = entry["color"] as? [String: Any] else {
                return .refused("\(shortPath(path)): an entry has no \"color\" object")
            }
            let resolved: Color.Resolved
            do {
                resolved = try parseColor(color)
            } catch {
                return .refused("\(shortPath(path)): \(error.reason)")
            }
            if isDark { dark = dark ?? resolved } else { light = light ?? resolved }
        }
        guard let light = light ?? dark else { return .refused("\(shortPath(path)): no universal colour") }
        return .found(ColorAsset(light: light, dark: dark))
    }

    /// A colour set's `color`: `color-space` and `components` (`red`, `green`, `blue` or
    /// `white`, and `alpha`), each a float 0–1, an integer 0–255 or a hex byte `0xAB`, as a
    /// string or a number. Display P3 is converted to sRGB; extended spaces are clamped.
    static func parseColor(_ color: [String: Any]) throws(AssetError) -> Color.Resolved {
        let space = color["color-space"] as? String ?? "srgb"
        guard let components = color["components"] as? [String: Any] else {
            throw AssetError(reason: "color-space \(space): expected a \"components\" object")
        }
        func channel(_ key: String) throws(AssetError) -> Double {
            guard let raw = components[key] else { throw AssetError(reason: "components: no \"\(key)\"") }
            return try componentValue(raw, key: key)
        }
        let alpha = components["alpha"] == nil ? 1 : try channel("alpha")
        switch space {
        case "srgb", "extended-srgb":
            return Color.Resolved(red: clamp(try channel("red")), green: clamp(try channel("green")), blue: clamp(try channel("blue")), opacity: clamp(alpha))
        case "display-p3", "extended-display-p3":
            let (r, g, b) = displayP3ToSRGB(try channel("red"), try channel("green"), try channel("blue"))
            return Color.Resolved(red: clamp(r), green: clamp(g), blue: clamp(b), opacity: clamp(alpha))
        case "extended-linear-srgb":
            return Color.Resolved(red: clamp(encode(try channel("red"))), green: clamp(encode(try channel("green"))), blue: clamp(encode(try channel("blue"))), opacity: clamp(alpha))
        case "gray-gamma-22", "extended-gray":
            let white = clamp(try channel("white"))
            return Color.Resolved(red: white, green: white, blue: white, opacity: clamp(alpha))
        default:
            throw AssetError(reason: "color-space \"\(space)\": expected srgb, extended-srgb, extended-linear-srgb, display-p3, gray-gamma-22 or extended-gray")
        }
    }

    /// One component: `"0.5"`, `0.5`, `"128"` (0–255), `"0x80"`; `1` means 1 of 0–1, as
    /// Xcode reads it (`1.000` and `255` are both white).
    static func componentValue(_ raw: Any, key: String) throws(AssetError) -> Double {
        let text: String
        if let number = raw as? NSNumber {
            text = number.stringValue
        } else if let string = raw as? String {
            text = string.trimmingCharacters(in: .whitespaces)
        } else {
            throw AssetError(reason: "components.\(key): expected a number or a string, got \(type(of: raw))")
        }
        let lower = text.lowercased()
        if lower.hasPrefix("0x") {
            guard lower.count <= 4, let byte = Int(lower.dropFirst(2), radix: 16) else {
                throw AssetError(reason: "components.\(key): \"\(text)\" is not a hex byte 0x00–0xFF")
            }
            return Double(byte) / 255
        }
        if !text.contains("."), let integer = Int(text) {
            guard (0...255).contains(integer) else { throw AssetError(reason: "components.\(key): \(integer) is outside 0–255") }
            return integer <= 1 ? Double(integer) : Double(integer) / 255
        }
        guard let value = Double(text), value.isFinite else {
            throw AssetError(reason: "components.\(key): \"\(text)\" is not a number")
        }
        return value
    }

    private static func clamp(_ value: Double) -> Double { min(max(value, 0), 1) }

    private static func decode(_ value: Double) -> Double {
        value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    private static func encode(_ value: Double) -> Double {
        let v = min(max(value, 0), 1)
        return v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
    }

    /// Display P3 to sRGB: both use the sRGB curve; the primaries differ (D65 both).
    static func displayP3ToSRGB(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        let (lr, lg, lb) = (decode(r), decode(g), decode(b))
        let sr = 1.2249 * lr - 0.2247 * lg + 0.0 * lb
        let sg = -0.0420 * lr + 1.0419 * lg + 0.0 * lb
        let sb = -0.0197 * lr - 0.0786 * lg + 1.0979 * lb
        return (encode(sr), encode(sg), encode(sb))
    }

    // MARK: Finding names

    /// The names in `folder`: image and colour sets anywhere in its asset catalogues (folders of
    /// groups inside), loose image files at its top (`logo.png`, `logo@2x.png`, `logo.svg`),
    /// reachable both as `logo` and `logo.png`.
    private func index(of folder: String) -> [String: Found] {
        if let known = names.withLock({ $0[folder] }) { return known }
        var found: [String: Found] = [:]
        var loose: [String: [ImageEntry]] = [:]
        for entry in Self.entries(of: folder) {
            let path = folder + "/" + entry.name
            if entry.isFolder {
                if entry.name.hasSuffix(".xcassets") { Self.indexCatalog(path, depth: 4, into: &found) }
                continue
            }
            guard let (base, scale) = Self.looseImageName(entry.name) else { continue }
            loose[base, default: []].append(ImageEntry(path: path, scale: scale, isDark: false))
            if scale == nil || scale == 1 { found[entry.name] = .files([ImageEntry(path: path, scale: scale, isDark: false)]) }
        }
        for (base, entries) in loose where found[base] == nil { found[base] = .files(entries) }
        names.withLock { $0[folder] = found }
        return found
    }

    private static func indexCatalog(_ folder: String, depth: Int, into found: inout [String: Found]) {
        for entry in entries(of: folder) where entry.isFolder {
            let path = folder + "/" + entry.name
            let contents = path + "/Contents.json"
            if entry.name.hasSuffix(".imageset") {
                found[String(entry.name.dropLast(".imageset".count))] = found[String(entry.name.dropLast(".imageset".count))] ?? .imageSet(contents: contents)
            } else if entry.name.hasSuffix(".colorset") {
                found[String(entry.name.dropLast(".colorset".count))] = found[String(entry.name.dropLast(".colorset".count))] ?? .colorSet(contents: contents)
            } else if depth > 0, !entry.name.contains(".") {
                indexCatalog(path, depth: depth - 1, into: &found)
            }
        }
    }

    /// `logo@2x.png` is `logo` at 2x; a vector file has no scale.
    static func looseImageName(_ name: String) -> (String, Double?)? {
        let lower = name.lowercased()
        guard let dot = name.lastIndex(of: "."), ImageFile.mediaType(forExtension: (lower as NSString).pathExtension) != nil else { return nil }
        var base = String(name[..<dot])
        if lower.hasSuffix(".svg") { return (base, nil) }
        var scale: Double = 1
        for (suffix, value) in [("@2x", 2.0), ("@3x", 3.0)] where base.hasSuffix(suffix) {
            base.removeLast(suffix.count)
            scale = value
        }
        return (base, scale)
    }

    private static func entries(of folder: String) -> [(name: String, isFolder: Bool)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.sorted().filter { !$0.hasPrefix(".") }.map { name in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder)
            return (name, isFolder.boolValue)
        }
    }

    /// A path from its resource bundle or catalogue on, as a warning shows it.
    static func shortPath(_ path: String) -> String {
        let parts = path.split(separator: "/")
        if let start = parts.lastIndex(where: { $0.hasSuffix(".resources") || $0.hasSuffix(".xcassets") }) {
            return parts[start...].joined(separator: "/")
        }
        return parts.suffix(2).joined(separator: "/")
    }
}

extension AssetCatalog.Lookup: Sendable where Asset: Sendable {}

/// Why an asset file is refused.
struct AssetError: Error {
    var reason: String
}
