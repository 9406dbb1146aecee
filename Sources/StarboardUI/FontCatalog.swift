import CStarboardFontconfig
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A font file Starboard measures text with, and the family, weight and style the SVG names it
/// by, so a browser given the same file draws with the very same face.
public struct FontFace: Hashable, Sendable {
    /// Where the file is on this machine.
    public let path: String
    /// The face's index in a collection (`.ttc`); browsers use the first face of a collection, so
    /// only faces at index 0 are used for text a browser draws.
    public let index: Int
    /// The family written into SVG `font-family` and the page's `@font-face` rules.
    public let family: String
    /// The CSS weight, 100 to 900.
    public let weight: Int
    public let isItalic: Bool
    /// The file's name under `/fonts/`, unique among the faces.
    public let servedName: String
}

/// Where the faces come from: the ones Starboard installs (DejaVu, Noto Color Emoji, Noto Sans
/// Arabic, Hebrew and CJK from Debian), any font files in `STARBOARD_FONT_DIR` and the package's
/// resources, and for what none of those has, fontconfig's own list.
struct FontCatalog {
    /// Debian's folders for the faces `scripts/install-deps` installs.
    static let notoDirectory = "/usr/share/fonts/truetype/noto"
    static let notoCJKDirectory = "/usr/share/fonts/opentype/noto"

    /// The font files in `folder` (not its subfolders), sorted by name so the order is stable.
    static func fontFiles(in folder: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.filter(isFontFileName).sorted().map { folder + "/" + $0 }
    }

    static func isFontFileName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") || lower.hasSuffix(".otc")
    }

    /// The resource bundles SwiftPM builds beside the running executable, where a package's
    /// images and colours are too (``AssetCatalog``).
    static func resourceBundles(besideExecutable executablePath: String = CommandLine.arguments.first ?? "") -> [String] {
        let executable = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
        let folder = executable.deletingLastPathComponent().path
        return entries(of: folder) { $0.hasSuffix(".resources") }.filter(\.isFolder).map { folder + "/" + $0.name }
    }

    /// Font files in the resource bundles SwiftPM builds beside the running executable
    /// (`Package_Target.resources/`), which is where a package's `Font.custom` faces are. Read
    /// with `readdir`, a few folders deep: Foundation's enumerator cost every start-up milliseconds.
    static func resourceFontFiles(besideExecutable executablePath: String = CommandLine.arguments.first ?? "") -> [String] {
        let executable = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
        let folder = executable.deletingLastPathComponent().path
        return entries(of: folder) { $0.hasSuffix(".resources") }.filter(\.isFolder).flatMap {
            fontFiles(under: folder + "/" + $0.name, depth: 3)
        }
    }

    private static func fontFiles(under folder: String, depth: Int) -> [String] {
        var files: [String] = []
        for entry in entries(of: folder) {
            let path = folder + "/" + entry.name
            if entry.isFolder {
                if depth > 0 { files += fontFiles(under: path, depth: depth - 1) }
            } else if isFontFileName(entry.name) {
                files.append(path)
            }
        }
        return files
    }

    /// A folder's entries (not `.` and `..`) whose names `wanted` accepts, sorted by name so
    /// the order is stable.
    private static func entries(of folder: String, _ wanted: (String) -> Bool = { _ in true }) -> [(name: String, isFolder: Bool)] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var found: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != "..", wanted(name) else { continue }
            var isFolder = Int32(entry.pointee.d_type) == Int32(DT_DIR)
            if Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN) || Int32(entry.pointee.d_type) == Int32(DT_LNK) {
                var info = stat()
                isFolder = stat(folder + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            }
            found.append((name, isFolder))
        }
        return found.sorted { $0.name < $1.name }
    }
}

/// fontconfig's list of faces to fall back on, in the order it would use them for sans-serif
/// text, each with the characters it covers. Read once, when a character none of Starboard's own
/// faces has needs one.
final class FontconfigFallback {
    struct Candidate {
        var path: String
        var index: Int
        var family: String
        var weight: Int
        var isItalic: Bool
        var charset: OpaquePointer?
    }

    private var config: OpaquePointer?
    private var set: UnsafeMutablePointer<FcFontSet>?
    private(set) var candidates: [Candidate] = []
    /// Why fontconfig gave no list (no configuration at all, say), for a note.
    private(set) var problem: String?

    init() {
        guard let config = FcInitLoadConfigAndFonts() else {
            problem = "fontconfig has no configuration; only Starboard's own faces are used"
            return
        }
        self.config = config
        guard let pattern = FcNameParse("sans-serif") else { return }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let set = FcFontSort(config, pattern, FcBool(1), nil, &result) else {
            problem = "fontconfig lists no fonts"
            return
        }
        self.set = set
        for slot in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[slot] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            var family: UnsafeMutablePointer<FcChar8>?
            var index: Int32 = 0, weight: Int32 = Int32(FC_WEIGHT_REGULAR), slant: Int32 = 0
            var charset: OpaquePointer?
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file,
                  FcPatternGetString(font, FC_FAMILY, 0, &family) == FcResultMatch, let family,
                  FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch
            else { continue }
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
            _ = FcPatternGetInteger(font, FC_WEIGHT, 0, &weight)
            _ = FcPatternGetInteger(font, FC_SLANT, 0, &slant)
            // A browser reads only the first face of a collection.
            guard index == 0 else { continue }
            candidates.append(Candidate(
                path: String(cString: file), index: 0, family: String(cString: family),
                weight: Self.cssWeight(fontconfig: Int(weight)), isItalic: slant != Int32(FC_SLANT_ROMAN), charset: charset
            ))
        }
    }

    deinit {
        if let set { FcFontSetDestroy(set) }
        if let config { FcConfigDestroy(config) }
    }

    /// The first candidate that has every scalar.
    func candidate(covering scalars: [Unicode.Scalar]) -> Candidate? {
        candidates.first { candidate in
            scalars.allSatisfy { FcCharSetHasChar(candidate.charset, FcChar32($0.value)) != 0 }
        }
    }

    /// fontconfig's weights (80 regular, 200 bold) as CSS's.
    static func cssWeight(fontconfig weight: Int) -> Int {
        switch weight {
        case ..<40: 100
        case ..<50: 200
        case ..<75: 300
        case ..<90: 400
        case ..<140: 500
        case ..<190: 600
        case ..<205: 700
        case ..<210: 800
        default: 900
        }
    }
}
