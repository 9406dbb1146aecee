import CStarboardFreeType
import CStarboardHarfBuzz
import Foundation
import StarboardLocking

/// Measures and wraps text as a browser sets it: each string is split into runs by the face that
/// has its characters (DejaVu for Latin, Greek and Cyrillic, Noto Color Emoji for emoji, Noto Sans
/// Arabic, Hebrew and CJK for those scripts, fontconfig's faces for the rest), ordered by the
/// Unicode bidirectional algorithm (FriBiDi) and shaped with HarfBuzz, kerning, ligatures and
/// Arabic joining included.
///
/// The SVG names each run's face and the server serves the same files, so a browser draws text
/// exactly as wide as layout measured it. Shaped strings are cached per string and font, and
/// laid-out texts across renders, each within a bound.
public final class Typesetter: Sendable {
    /// The faces Starboard installs and measures with: DejaVu Sans, Serif and Sans Mono in their
    /// styles, and the faces for what DejaVu lacks or draws unlike a browser's fallback.
    enum Face: Int, CaseIterable {
        case regular, bold, extraLight, oblique, boldOblique
        case serif, serifBold, serifItalic, serifBoldItalic
        case mono, monoBold, monoOblique, monoBoldOblique
        case emoji
        case arabic, arabicBold, hebrew, hebrewBold, cjk, cjkBold

        var fileName: String {
            switch self {
            case .regular: Typesetter.regularFileName
            case .bold: Typesetter.boldFileName
            case .extraLight: "DejaVuSans-ExtraLight.ttf"
            case .oblique: "DejaVuSans-Oblique.ttf"
            case .boldOblique: "DejaVuSans-BoldOblique.ttf"
            case .serif: "DejaVuSerif.ttf"
            case .serifBold: "DejaVuSerif-Bold.ttf"
            case .serifItalic: "DejaVuSerif-Italic.ttf"
            case .serifBoldItalic: "DejaVuSerif-BoldItalic.ttf"
            case .mono: "DejaVuSansMono.ttf"
            case .monoBold: "DejaVuSansMono-Bold.ttf"
            case .monoOblique: "DejaVuSansMono-Oblique.ttf"
            case .monoBoldOblique: "DejaVuSansMono-BoldOblique.ttf"
            case .emoji: Typesetter.emojiFileName
            case .arabic: "NotoSansArabic-Regular.ttf"
            case .arabicBold: "NotoSansArabic-Bold.ttf"
            case .hebrew: "NotoSansHebrew-Regular.ttf"
            case .hebrewBold: "NotoSansHebrew-Bold.ttf"
            case .cjk: "NotoSansCJK-Regular.ttc"
            case .cjkBold: "NotoSansCJK-Bold.ttc"
            }
        }

        /// The family the SVG names for text in this face.
        var family: String {
            switch self {
            case .serif, .serifBold, .serifItalic, .serifBoldItalic: "DejaVu Serif"
            case .mono, .monoBold, .monoOblique, .monoBoldOblique: "DejaVu Sans Mono"
            case .emoji: Typesetter.emojiFamilyName
            case .arabic, .arabicBold: "Noto Sans Arabic"
            case .hebrew, .hebrewBold: "Noto Sans Hebrew"
            // The first face of Debian's collection, the one a browser reads from the file.
            case .cjk, .cjkBold: "Noto Sans CJK JP"
            default: Typesetter.familyName
            }
        }

        /// The Debian package a missing face comes from.
        var package: String {
            switch self {
            case .regular, .bold, .serif, .serifBold, .mono, .monoBold: "fonts-dejavu-core"
            case .emoji: "fonts-noto-color-emoji"
            case .arabic, .arabicBold, .hebrew, .hebrewBold: "fonts-noto-core"
            case .cjk, .cjkBold: "fonts-noto-cjk"
            default: "fonts-dejavu-extra"
            }
        }

        var isBold: Bool { [.bold, .boldOblique, .serifBold, .serifBoldItalic, .monoBold, .monoBoldOblique, .arabicBold, .hebrewBold, .cjkBold].contains(self) }
        var isSlanted: Bool { [.oblique, .boldOblique, .serifItalic, .serifBoldItalic, .monoOblique, .monoBoldOblique].contains(self) }

        /// The CSS weight the face is named with.
        var weight: Int { isBold ? 700 : self == .extraLight ? 200 : 400 }

        /// The face a font is set in. Only Sans has a light face (and no light oblique).
        static func of(_ font: Font) -> Face {
            let bold = font.weight >= .semibold
            switch font.design {
            case .serif:
                return bold ? (font.isItalic ? .serifBoldItalic : .serifBold) : (font.isItalic ? .serifItalic : .serif)
            case .monospaced:
                return bold ? (font.isItalic ? .monoBoldOblique : .monoBold) : (font.isItalic ? .monoOblique : .mono)
            case .default, .rounded:
                if bold { return font.isItalic ? .boldOblique : .bold }
                if font.weight <= .light { return .extraLight }
                return font.isItalic ? .oblique : .regular
            }
        }

        /// Faces to measure with when this one could not be read, nearest first.
        var standIns: [Face] {
            switch self {
            case .boldOblique: [.boldOblique, .bold, .oblique, .regular]
            case .serifBoldItalic: [.serifBoldItalic, .serifBold, .serifItalic, .serif, .regular]
            case .serifBold, .serifItalic: [self, .serif, .regular]
            case .monoBoldOblique: [.monoBoldOblique, .monoBold, .monoOblique, .mono, .regular]
            case .monoBold, .monoOblique: [self, .mono, .regular]
            case .bold, .oblique, .extraLight, .serif, .mono: [self, .regular]
            case .arabicBold: [.arabicBold, .arabic]
            case .hebrewBold: [.hebrewBold, .hebrew]
            case .cjkBold: [.cjkBold, .cjk]
            default: [self]
            }
        }
    }

    /// Where Debian's `fonts-dejavu-core` and `fonts-dejavu-extra` put the faces.
    public static let defaultFontDirectory = "/usr/share/fonts/truetype/dejavu"
    /// Where Debian's `fonts-noto-color-emoji` puts the emoji face.
    public static let defaultEmojiDirectory = "/usr/share/fonts/truetype/noto"
    public static let regularFileName = "DejaVuSans.ttf"
    public static let boldFileName = "DejaVuSans-Bold.ttf"
    public static let emojiFileName = "NotoColorEmoji.ttf"
    /// The family written into SVG `font-family`.
    public static let familyName = "DejaVu Sans"
    /// The family of emoji.
    public static let emojiFamilyName = "Noto Color Emoji"

    /// The shared instance reading the faces from ``defaultFontDirectory`` and
    /// ``defaultEmojiDirectory`` (or the `STARBOARD_FONT_DIR` and `STARBOARD_EMOJI_FONT_DIR`
    /// environment variables), the package's resource bundles, and fontconfig.
    public static let shared = Typesetter(
        directory: ProcessInfo.processInfo.environment["STARBOARD_FONT_DIR"] ?? defaultFontDirectory,
        emojiDirectory: ProcessInfo.processInfo.environment["STARBOARD_EMOJI_FONT_DIR"] ?? defaultEmojiDirectory,
        extraFiles: FontCatalog.resourceFontFiles()
    )

    /// A font file the page needs to draw SVG text as it was measured.
    public struct FontFile: Sendable, Hashable {
        /// The file's name, which is also its name under `/fonts/`.
        public let fileName: String
        /// Where the file is on this machine.
        public let path: String
        /// The family, CSS weight and style the SVG names the face by.
        public let family: String
        public let weight: Int
        public let isItalic: Bool
    }

    /// The folders the faces were read from, so the server and `export` serve the same files.
    public let directory: String
    public let emojiDirectory: String

    let state: Locked<State>
    /// Why the regular face could not be read, if it could not: measurement then falls back to
    /// an average advance of 0.6 em, and the CLI says so.
    public let loadError: String?
    /// Faces that are missing but have a stand-in (bold for bold oblique, say), and font files
    /// FreeType or HarfBuzz would not read, for a warning.
    public let missingFaces: [String]
    /// Font files that were found but could not be read, each with why: they are skipped.
    public let rejectedFiles: [String]

    /// The most laid-out texts kept across renders, and the most string bytes they may hold.
    static let cacheEntries = 4096
    static let cacheBytes = 4 << 20

    /// One face that was read: its FreeType handle (vertical metrics), its HarfBuzz font
    /// (shaping and coverage) and how the SVG names it.
    struct LoadedFace {
        var file: FontFace
        var ft: FT_Face
        var hb: OpaquePointer
        var unitsPerEm: Double
        var ascender: Double
        var descender: Double
        var isEmoji: Bool

        /// Whether the face has a glyph of its own for `scalar`.
        func has(_ scalar: Unicode.Scalar) -> Bool {
            var glyph: hb_codepoint_t = 0
            return hb_font_get_nominal_glyph(hb, scalar.value, &glyph) != 0 && glyph != 0
        }
    }

    struct State: @unchecked Sendable {
        // FreeType and HarfBuzz handles are only touched under the mutex.
        var library: FT_Library?
        /// By face id: ``Face`` raw values first, then faces found later; nil where a file could
        /// not be read.
        var faces: [LoadedFace?] = []
        /// Face ids of the extra faces (the font folder's other files and the package's resource
        /// fonts), in the order they are tried.
        var extraFaces: [Int] = []
        /// Face ids by path, for faces loaded from fontconfig's list.
        var facesByPath: [String: Int] = [:]
        /// `Font.custom` names and the face each resolved to.
        var customFaces: [String: CustomFace] = [:]
        /// fontconfig's fallback list, read on first need.
        var fallback: FontconfigFallback?
        var fallbackRead = false
        var buffer: OpaquePointer?
        var shapes = ShapeCache()
        var layouts = TextLayoutCache()
        /// Faces that some run was set in, for `export` to copy.
        var used: Set<Int> = []
        /// Warnings about fonts found while measuring (a `Font.custom` name no file has).
        var fontWarnings: [String] = []
    }

    /// What a `Font.custom` name resolved to.
    struct CustomFace {
        var face: Int
        /// Said once per render that uses the name, when the face is a stand-in.
        var warning: String?
    }

    /// Reads the faces: DejaVu from `directory`, the emoji face from `emojiDirectory`, the Noto
    /// faces for Arabic, Hebrew and CJK from `directory` or Debian's folders, and `extraFiles`
    /// plus every other font file in `directory` as faces to fall back on.
    public init(directory: String, emojiDirectory: String = Typesetter.defaultEmojiDirectory, extraFiles: [String] = []) {
        self.directory = directory
        self.emojiDirectory = emojiDirectory
        var state = State()
        var error: String?
        var missing: [String] = []
        var rejected: [String] = []
        var library: FT_Library?
        state.faces = Array(repeating: nil, count: Face.allCases.count)
        if FT_Init_FreeType(&library) != 0 {
            error = "FreeType could not start"
        } else {
            state.library = library
            var names: Set<String> = []
            for face in Face.allCases {
                let path = Self.path(of: face, directory: directory, emojiDirectory: emojiDirectory)
                names.insert(face.fileName)
                switch Self.load(path: path, index: 0, family: face.family, weight: face.weight, italic: face.isSlanted, servedName: face.fileName, library: library!) {
                case .success(var loaded):
                    loaded.isEmoji = face == .emoji
                    state.faces[face.rawValue] = loaded
                case .failure(let why):
                    if face == .regular {
                        error = "cannot read the font \(path) (\(why); install \(face.package))"
                    } else {
                        missing.append(path + " (\(why); install \(face.package))")
                    }
                }
            }
            let extras = FontCatalog.fontFiles(in: directory).filter { !names.contains(($0 as NSString).lastPathComponent) } + extraFiles
            for path in extras {
                let served = Self.uniqueName(for: path, taken: &names)
                switch Self.load(path: path, index: 0, family: nil, weight: nil, italic: nil, servedName: served, library: library!) {
                case .success(let loaded):
                    state.extraFaces.append(state.faces.count)
                    state.facesByPath[path] = state.faces.count
                    state.faces.append(loaded)
                case .failure(let why):
                    rejected.append("\(path): \(why); skipped")
                }
            }
        }
        state.buffer = hb_buffer_create()
        self.loadError = error
        self.missingFaces = missing
        self.rejectedFiles = rejected
        self.state = Locked(state)
    }

    private static func path(of face: Face, directory: String, emojiDirectory: String) -> String {
        switch face {
        case .emoji:
            return emojiDirectory + "/" + face.fileName
        case .arabic, .arabicBold, .hebrew, .hebrewBold, .cjk, .cjkBold:
            // The font folder first, so one folder can hold every face; else where Debian puts them.
            let own = directory + "/" + face.fileName
            if FileManager.default.fileExists(atPath: own) { return own }
            let debian = face == .cjk || face == .cjkBold ? FontCatalog.notoCJKDirectory : FontCatalog.notoDirectory
            return debian + "/" + face.fileName
        default:
            return directory + "/" + face.fileName
        }
    }

    /// A name under `/fonts/` for `path` that no other face has.
    static func uniqueName(for path: String, taken: inout Set<String>) -> String {
        let base = (path as NSString).lastPathComponent
        var name = base
        var number = 2
        while taken.contains(name) {
            let stem = (base as NSString).deletingPathExtension, ext = (base as NSString).pathExtension
            name = "\(stem)-\(number).\(ext)"
            number += 1
        }
        taken.insert(name)
        return name
    }

    /// Opens a face with FreeType (which checks the file) and HarfBuzz (which shapes with it).
    /// Family, weight and style come from the file when not given.
    static func load(
        path: String, index: Int, family: String?, weight: Int?, italic: Bool?, servedName: String, library: FT_Library
    ) -> Result<LoadedFace, FontLoadError> {
        var handle: FT_Face?
        let status = FT_New_Face(library, path, FT_Long(index), &handle)
        guard status == 0, let handle else {
            return .failure(FontLoadError(status == 1 ? "cannot open the file" : "FreeType cannot read it as a font (error \(status))"))
        }
        let record = handle.pointee
        // Bitmap-only faces (the color emoji) leave units_per_EM at 0; the head table has it.
        var unitsPerEm = Double(record.units_per_EM)
        if unitsPerEm == 0, let head = FT_Get_Sfnt_Table(handle, FT_SFNT_HEAD) {
            unitsPerEm = Double(head.assumingMemoryBound(to: TT_Header.self).pointee.Units_Per_EM)
        }
        guard unitsPerEm > 0 else {
            FT_Done_Face(handle)
            return .failure(FontLoadError("it has no units per em"))
        }
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            FT_Done_Face(handle)
            return .failure(FontLoadError("HarfBuzz cannot read the file"))
        }
        let hbFace = hb_face_create(blob, UInt32(index))
        hb_blob_destroy(blob)
        guard let hbFace, hb_face_get_glyph_count(hbFace) > 0 else {
            if let hbFace { hb_face_destroy(hbFace) }
            FT_Done_Face(handle)
            return .failure(FontLoadError("HarfBuzz finds no glyphs in it"))
        }
        let font = hb_font_create(hbFace)!
        hb_face_destroy(hbFace)
        let scale = Int32(unitsPerEm)
        hb_font_set_scale(font, scale, scale)
        let fileFamily = record.family_name.map { String(cString: $0) } ?? (path as NSString).lastPathComponent
        let bold = (record.style_flags & FT_Long(FT_STYLE_FLAG_BOLD)) != 0
        let slanted = (record.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC)) != 0
        let file = FontFace(
            path: path, index: index, family: family ?? fileFamily, weight: weight ?? (bold ? 700 : 400),
            isItalic: italic ?? slanted, servedName: servedName
        )
        return .success(LoadedFace(
            file: file, ft: handle, hb: font, unitsPerEm: unitsPerEm,
            ascender: Double(record.ascender), descender: Double(record.descender), isEmoji: false
        ))
    }

    /// Every face layout may measure with, from the folders this typesetter read and from
    /// fontconfig's list: the server serves them under `/fonts/` and names them in
    /// `/fonts/faces.css`, so the browser draws with what was measured.
    public var fontFiles: [FontFile] {
        state.withLock { state in
            var files: [FontFile] = []
            var names: Set<String> = []
            for face in state.faces.compactMap({ $0 }) {
                names.insert(face.file.servedName)
                files.append(FontFile(face.file))
            }
            // Faces not read yet, which fontconfig would give a character nothing above has.
            Self.readFallback(&state)
            for candidate in state.fallback?.candidates ?? [] where state.facesByPath[candidate.path] == nil {
                let served = Self.uniqueName(for: candidate.path, taken: &names)
                files.append(FontFile(fileName: served, path: candidate.path, family: candidate.family, weight: candidate.weight, isItalic: candidate.isItalic))
            }
            return files
        }
    }

    /// The faces some text was set in since this typesetter started, besides DejaVu's and the
    /// emoji face (which the page always names): what a static export must carry.
    public var usedFontFiles: [FontFile] {
        state.withLock { state in
            state.used.sorted().filter { $0 > Face.emoji.rawValue }.compactMap { state.faces[$0].map { FontFile($0.file) } }
        }
    }

    /// The faces the page always names (DejaVu's and the emoji face), which the page's own
    /// `@font-face` rules and a static export carry whether or not a render used them.
    public var coreFontFiles: [FontFile] {
        state.withLock { state in
            state.faces.prefix(Face.emoji.rawValue + 1).compactMap { $0.map { FontFile($0.file) } }
        }
    }

    /// The `@font-face` rule for each of `files`, with URLs relative to the stylesheet (which
    /// sits beside the fonts, as `/fonts/faces.css`).
    public static func fontFaceRules(_ files: [FontFile]) -> String {
        var css = "/* The faces Starboard measured text with: each family, weight and style the SVG names is this file. */\n"
        for file in files {
            css += "@font-face { font-family: \"\(file.family.replacingOccurrences(of: "\"", with: ""))\"; "
            css += "src: url(\"\(file.fileName.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? file.fileName)\"); "
            css += "font-weight: \(file.weight); font-style: \(file.isItalic ? "italic" : "normal"); font-display: block; }\n"
        }
        return css
    }

    /// Reads fontconfig's list once (it costs a few milliseconds).
    static func readFallback(_ state: inout State) {
        guard !state.fallbackRead else { return }
        state.fallbackRead = true
        state.fallback = FontconfigFallback()
    }

    /// The face `font` is measured in: its own (or its `Font.custom` face) if it was read, else
    /// the nearest one that was. Nil when no face could be read at all.
    static func primaryFace(_ font: Font, in state: inout State) -> Int? {
        if let name = font.customName {
            return customFace(named: name, font: font, in: &state).face
        }
        return Face.of(font).standIns.first { state.faces[$0.rawValue] != nil }?.rawValue
    }

    /// Vertical metrics of a font: distance from the top of the line box to the baseline, and the line height.
    public func lineMetrics(for font: Font) -> (ascent: Double, height: Double) {
        state.withLock { state in
            let metrics = Self.metrics(font, in: &state)
            return (metrics.ascent, metrics.ascent + metrics.descent)
        }
    }

    /// A font's ascent and descent (positive down) in points, from its face's metrics.
    static func metrics(_ font: Font, in state: inout State) -> (ascent: Double, descent: Double) {
        guard let id = primaryFace(font, in: &state), let face = state.faces[id] else {
            return (font.size * 0.928, font.size * 0.236)
        }
        return faceMetrics(face, size: font.size)
    }

    static func faceMetrics(_ face: LoadedFace, size: Double) -> (ascent: Double, descent: Double) {
        let scale = size / face.unitsPerEm
        return (face.ascender * scale, -face.descender * scale)
    }

    /// The advance width of `string` set in `font` on one line, in points.
    public func width(of string: String, font: Font) -> Double {
        state.withLock { state in
            Self.shape(ShapeKey(string: string, font: font), in: &state).width
        }
    }

    /// The faces `string` is set in, in logical order with the characters of each, as the SVG
    /// names them: for tests and tools that check a string's fallback.
    public func runs(of string: String, font: Font, direction: LayoutDirection = .leftToRight) -> [(text: String, face: FontFace, rightToLeft: Bool)] {
        state.withLock { state in
            let shaped = Self.shape(ShapeKey(string: string, font: font, direction: direction), in: &state)
            let utf8 = Array(string.utf8)
            return shaped.runs.map { run in
                let start = Int(shaped.offsets[run.characters.lowerBound]), end = Int(shaped.offsets[run.characters.upperBound])
                return (String(decoding: utf8[start..<end], as: UTF8.self), state.faces[Int(run.face)]!.file, run.level & 1 == 1)
            }
        }
    }

    /// Characters of `string` that no face has, drawn as the face's empty box.
    public func missingCharacters(in string: String, font: Font) -> [Unicode.Scalar] {
        state.withLock { state in Self.shape(ShapeKey(string: string, font: font), in: &state).missing }
    }

    /// A text node laid out: one font, or (joined text) each run in its own, wrapped to `width`
    /// (nil for one line as long as it needs), in at most its line limit and as many lines as fit
    /// in `height`, the last one truncated with an ellipsis where text is left over. Offered no
    /// width at all (the smallest size a stack asks for), text shrinks to nothing wide.
    ///
    /// A text that fits on one line is returned from its shaping at once; only wrapped and
    /// truncated texts go through the layout cache.
    func layout(_ text: TextNode, width: Double?, height: Double?) -> TextLayout {
        state.withLock { state in
            let given = ShapeKey(text)
            let shaped = Self.shape(given, in: &state)
            let key = shaped.trimmed ?? given
            if let width, width <= 0 {
                return TextLayout(size: Size(width: 0, height: shaped.lineHeight), ascent: shaped.ascent, lineHeight: shaped.lineHeight, lines: [], runs: nil, missing: shaped.missing, warnings: shaped.warnings)
            }
            // Within a hair of the width still fits: widths are sums of many small advances.
            if !shaped.hasHardBreaks, width == nil || shaped.width <= width! + 1e-9 {
                return TextLayout(
                    size: Size(width: shaped.width, height: shaped.lineHeight), ascent: shaped.ascent, lineHeight: shaped.lineHeight,
                    lines: nil, runs: shaped.isPlain ? nil : Self.visualRuns(shaped, 0..<shaped.advances.count, key: key, in: &state),
                    string: shaped.trimmed?.string, missing: shaped.missing, warnings: shaped.warnings
                )
            }
            let maxLines = Self.mostLines(of: text, lineHeight: shaped.lineHeight, height: height)
            let layoutKey = TextLayoutKey(shape: given, width: width, maxLines: maxLines, truncation: text.truncation, lineSpacing: text.lineSpacing,
                                          minimumScaleFactor: text.minimumScaleFactor)
            if let cached = state.layouts.value(for: layoutKey) { return cached }
            var layout = Self.setLines(shaped, key: key, limit: width, maxLines: maxLines, truncation: text.truncation, lineSpacing: text.lineSpacing, in: &state)
            if text.minimumScaleFactor < 1, layout.isTruncated {
                layout = Self.shrunk(text, width: width, height: height, in: &state)
            }
            state.layouts.insert(layout, for: layoutKey)
            return layout
        }
    }

    /// The most lines `text` may take: its line limit, and as many lines as fit in `height`
    /// (n lines take n line heights and the spacing between them), at least one.
    private static func mostLines(of text: TextNode, lineHeight: Double, height: Double?) -> Int? {
        guard let height else { return text.lineLimit }
        let fitting = max(1, Int((height + text.lineSpacing + 1e-9) / (lineHeight + text.lineSpacing)))
        return min(text.lineLimit ?? fitting, fitting)
    }

    /// A text that would be truncated, set smaller as SwiftUI's `minimumScaleFactor(_:)` lets
    /// it: the largest scale down to the factor (to 1/128 of the range) at which nothing is cut
    /// short, the lines that fit in `height` counted at that scale; truncated at the factor when
    /// even that is too big. The layout's ``TextLayout/scale`` says how much the fonts shrank.
    private static func shrunk(_ text: TextNode, width: Double?, height: Double?, in state: inout State) -> TextLayout {
        func attempt(_ scale: Double) -> TextLayout {
            let scaled = text.scaled(by: scale)
            let given = ShapeKey(scaled)
            let shaped = shape(given, in: &state)
            var layout = setLines(shaped, key: shaped.trimmed ?? given, limit: width, maxLines: mostLines(of: scaled, lineHeight: shaped.lineHeight, height: height),
                                  truncation: scaled.truncation, lineSpacing: scaled.lineSpacing, in: &state)
            layout.scale = scale
            return layout
        }
        let least = max(0.01, text.minimumScaleFactor)
        var best = attempt(least)
        guard !best.isTruncated else { return best }
        var fits = least, tooBig = 1.0
        for _ in 0..<7 {
            let middle = (fits + tooBig) / 2
            let layout = attempt(middle)
            if layout.isTruncated {
                tooBig = middle
            } else {
                fits = middle
                best = layout
            }
        }
        return best
    }

    /// How many texts were laid out rather than found in the cache, since the typesetter started.
    public var layoutsComputed: Int {
        state.withLock { $0.layouts.misses }
    }

    /// How many strings were shaped rather than found in the cache, since the typesetter started.
    public var stringsShaped: Int {
        state.withLock { $0.shapes.misses }
    }

    /// Warnings about fonts met while measuring since the last call (a `Font.custom` name that
    /// no file has), each once.
    func takeFontWarnings() -> [String] {
        state.withLock { state in
            defer { state.fontWarnings.removeAll() }
            return state.fontWarnings
        }
    }
}

/// Why a font file was skipped.
struct FontLoadError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension Typesetter.FontFile {
    init(_ face: FontFace) {
        self.init(fileName: face.servedName, path: face.path, family: face.family, weight: face.weight, isItalic: face.isItalic)
    }
}

/// What identifies a laid-out text.
struct TextLayoutKey: Hashable {
    var shape: ShapeKey
    var width: Double?
    var maxLines: Int?
    var truncation: Text.TruncationMode
    var lineSpacing: Double
    var minimumScaleFactor: Double
}

/// Laid-out texts kept across renders: two generations, the older dropped when the newer is
/// full, so the cache stays within ``Typesetter/cacheEntries`` and ``Typesetter/cacheBytes``
/// and what is in use survives.
struct TextLayoutCache {
    private var generations = Generations<TextLayoutKey, TextLayout>()
    var misses: Int { generations.misses }

    mutating func value(for key: TextLayoutKey) -> TextLayout? { generations.value(for: key) }

    mutating func insert(_ layout: TextLayout, for key: TextLayoutKey) {
        generations.insert(layout, for: key, bytes: key.shape.string.utf8.count * 2)
    }
}

/// Shaped strings kept across renders, bounded as laid-out texts are.
struct ShapeCache {
    private var generations = Generations<ShapeKey, ShapedText>()
    var misses: Int { generations.misses }

    mutating func value(for key: ShapeKey) -> ShapedText? { generations.value(for: key) }

    mutating func insert(_ shaped: ShapedText, for key: ShapeKey) {
        // A character's offset, advance and flag (and tracking, where set), besides the key's string.
        generations.insert(shaped, for: key, bytes: key.string.utf8.count + shaped.advances.count * 16 + shaped.tracking.count * 8)
    }
}

/// Two generations of a dictionary, the older dropped when the newer is full: what is in use
/// survives, and the whole stays within ``Typesetter/cacheEntries`` and ``Typesetter/cacheBytes``.
struct Generations<Key: Hashable, Value> {
    private var current: [Key: (value: Value, bytes: Int)] = [:]
    private var previous: [Key: (value: Value, bytes: Int)] = [:]
    private var currentBytes = 0
    private(set) var misses = 0

    mutating func value(for key: Key) -> Value? {
        if let hit = current[key] { return hit.value }
        guard let hit = previous[key] else {
            misses += 1
            return nil
        }
        insert(hit.value, for: key, bytes: hit.bytes)
        return hit.value
    }

    mutating func insert(_ value: Value, for key: Key, bytes: Int) {
        if current.count >= Typesetter.cacheEntries / 2 || currentBytes + bytes > Typesetter.cacheBytes / 2 {
            previous = current
            current = [:]
            currentBytes = 0
        }
        guard bytes <= Typesetter.cacheBytes / 2 else { return }
        current[key] = (value, bytes)
        currentBytes += bytes
    }
}
