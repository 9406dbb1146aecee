import CStarboardFreeType
import Foundation
import StarboardLocking

/// Measures and wraps text with the real metrics of DejaVu Sans, read through FreeType, and of
/// Noto Color Emoji for the characters DejaVu lacks.
///
/// The SVG names the same families and the server serves the same files, so a browser draws text
/// exactly as wide as layout measured it. Advances are read once per character and face and
/// cached; laid-out texts are cached across renders, within a bound.
public final class Typesetter: Sendable {
    /// The faces layout can use: DejaVu Sans, Serif and Sans Mono in their styles, and the emoji
    /// fallback.
    enum Face: Int, CaseIterable {
        case regular, bold, extraLight, oblique, boldOblique
        case serif, serifBold, serifItalic, serifBoldItalic
        case mono, monoBold, monoOblique, monoBoldOblique
        case emoji

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
            }
        }

        /// The family the SVG names for text in this face.
        var family: String {
            switch self {
            case .serif, .serifBold, .serifItalic, .serifBoldItalic: "DejaVu Serif"
            case .mono, .monoBold, .monoOblique, .monoBoldOblique: "DejaVu Sans Mono"
            case .emoji: Typesetter.emojiFamilyName
            default: Typesetter.familyName
            }
        }

        var isBold: Bool { [.bold, .boldOblique, .serifBold, .serifBoldItalic, .monoBold, .monoBoldOblique].contains(self) }
        var isSlanted: Bool { [.oblique, .boldOblique, .serifItalic, .serifBoldItalic, .monoOblique, .monoBoldOblique].contains(self) }

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
            default: [self]
            }
        }
    }

    /// One face's metrics.
    struct FaceMetrics {
        var face: FT_Face
        var unitsPerEm: Double
        var ascender: Double
        var descender: Double
        /// Advances of the Basic Multilingual Plane in ems by code point, NaN until first read:
        /// a look-up per character with no hashing (the hot path of text layout). Negative for a
        /// character this face lacks, measured in the emoji face.
        var bmp: [Double]
        var others: [Unicode.Scalar: Double]
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
    /// The family of the characters DejaVu Sans lacks.
    public static let emojiFamilyName = "Noto Color Emoji"

    /// The shared instance reading the faces from ``defaultFontDirectory`` and
    /// ``defaultEmojiDirectory`` (or the `STARBOARD_FONT_DIR` and `STARBOARD_EMOJI_FONT_DIR`
    /// environment variables).
    public static let shared = Typesetter(
        directory: ProcessInfo.processInfo.environment["STARBOARD_FONT_DIR"] ?? defaultFontDirectory,
        emojiDirectory: ProcessInfo.processInfo.environment["STARBOARD_EMOJI_FONT_DIR"] ?? defaultEmojiDirectory
    )

    /// A font file the page needs to draw SVG text as it was measured.
    public struct FontFile: Sendable {
        /// The file's name, which is also its name under `/fonts/`.
        public let fileName: String
        /// Where the file is on this machine.
        public let path: String
    }

    /// Every face layout measures with, from the folders this typesetter read: the server serves
    /// them under `/fonts/` and `export` copies them, so the browser draws with what was measured.
    public var fontFiles: [FontFile] {
        Face.allCases.map { face in
            FontFile(fileName: face.fileName, path: (face == .emoji ? emojiDirectory : directory) + "/" + face.fileName)
        }
    }

    /// The folders the faces were read from, so the server and `export` serve the same files.
    public let directory: String
    public let emojiDirectory: String

    private let state: Locked<State>
    /// Why the regular face could not be read, if it could not: measurement then falls back to
    /// an average advance of 0.6 em, and the CLI says so.
    public let loadError: String?
    /// Faces that are missing but have a stand-in (bold for bold oblique, say), for a warning.
    public let missingFaces: [String]

    /// The most laid-out texts kept across renders, and the most string bytes they may hold.
    static let cacheEntries = 4096
    static let cacheBytes = 4 << 20

    private struct State: @unchecked Sendable {
        // FreeType handles are only touched under the mutex.
        var library: FT_Library?
        /// By ``Face`` raw value; nil where the file could not be read.
        var faces: [FaceMetrics?] = Array(repeating: nil, count: Face.allCases.count)
        var layouts = TextLayoutCache()
    }

    public init(directory: String, emojiDirectory: String = Typesetter.defaultEmojiDirectory) {
        self.directory = directory
        self.emojiDirectory = emojiDirectory
        var state = State()
        var error: String?
        var missing: [String] = []
        var library: FT_Library?
        if FT_Init_FreeType(&library) != 0 {
            error = "FreeType could not start"
        } else {
            state.library = library
            for face in Face.allCases {
                let path = (face == .emoji ? emojiDirectory : directory) + "/" + face.fileName
                var handle: FT_Face?
                guard FT_New_Face(library, path, 0, &handle) == 0, let handle else {
                    switch face {
                    case .regular: error = "cannot read the font \(path) (install fonts-dejavu-core)"
                    case .bold, .serif, .serifBold, .mono, .monoBold: missing.append(path + " (install fonts-dejavu-core)")
                    case .emoji: missing.append(path + " (install fonts-noto-color-emoji)")
                    default: missing.append(path + " (install fonts-dejavu-extra)")
                    }
                    continue
                }
                let record = handle.pointee
                // Bitmap-only faces (the color emoji) leave units_per_EM at 0; the head table has it.
                var unitsPerEm = Double(record.units_per_EM)
                if unitsPerEm == 0, let head = FT_Get_Sfnt_Table(handle, FT_SFNT_HEAD) {
                    unitsPerEm = Double(head.assumingMemoryBound(to: TT_Header.self).pointee.Units_Per_EM)
                }
                guard unitsPerEm > 0 else {
                    missing.append(path + " (no units per em)")
                    FT_Done_Face(handle)
                    continue
                }
                state.faces[face.rawValue] = FaceMetrics(
                    face: handle, unitsPerEm: unitsPerEm,
                    ascender: Double(record.ascender), descender: Double(record.descender),
                    bmp: [], others: [:]
                )
            }
        }
        self.loadError = error
        self.missingFaces = missing
        self.state = Locked(state)
    }

    /// The face `font` is measured in: its own if it was read, else the nearest one that was.
    private static func available(_ font: Font, in faces: [FaceMetrics?]) -> Face? {
        Face.of(font).standIns.first { faces[$0.rawValue] != nil }
    }

    /// Vertical metrics of a font: distance from the top of the line box to the baseline, and the line height.
    public func lineMetrics(for font: Font) -> (ascent: Double, height: Double) {
        state.withLock { state in
            guard let face = Self.available(font, in: state.faces), let metrics = state.faces[face.rawValue] else {
                return (font.size * 0.928, font.size * 1.164)
            }
            let scale = font.size / metrics.unitsPerEm
            return (metrics.ascender * scale, (metrics.ascender - metrics.descender) * scale)
        }
    }

    /// The advance width of `string` set in `font` on one line, in points.
    public func width(of string: String, font: Font) -> Double {
        state.withLock { state in
            Self.measure(string.unicodeScalars, font: font, in: &state).width * font.size
        }
    }

    /// `string` set in `font`, wrapped to `width` (nil for one line as long as it needs), in at
    /// most `lineLimit` lines and as many as fit in `height`, the last one truncated with an
    /// ellipsis where text is left over. Offered no width at all (the smallest size a stack asks
    /// for), text shrinks to nothing wide.
    ///
    /// A text that fits on one line is measured and returned at once; only wrapped and truncated
    /// texts go through the cache.
    func layout(_ string: String, font: Font, width: Double?, height: Double?, lineLimit: Int?, truncation: Text.TruncationMode) -> TextLayout {
        state.withLock { state in
            let (ascent, lineHeight) = Self.lineMetrics(font, in: state.faces)
            if let width, width <= 0 {
                return TextLayout(size: Size(width: 0, height: lineHeight), ascent: ascent, lineHeight: lineHeight, lines: [], usesFallback: false)
            }
            let (ems, fallback, hasBreaks) = Self.measure(string.unicodeScalars, font: font, in: &state)
            let full = ems * font.size
            // Within a hair of the width still fits: widths are sums of many small advances.
            if !hasBreaks, width == nil || full <= width! + 1e-9 {
                return TextLayout(size: Size(width: full, height: lineHeight), ascent: ascent, lineHeight: lineHeight, lines: nil, usesFallback: fallback)
            }
            var maxLines = lineLimit
            if let height {
                let fitting = max(1, Int((height + 1e-9) / lineHeight))
                maxLines = min(maxLines ?? fitting, fitting)
            }
            let key = TextLayoutKey(string: string, font: font, width: width, maxLines: maxLines, truncation: truncation)
            if let cached = state.layouts.value(for: key) { return cached }
            let layout = TextLayout.make(
                string, ascent: ascent, lineHeight: lineHeight, width: width, maxLines: maxLines, truncation: truncation
            ) { text in
                let (ems, fallback, _) = Self.measure(text.unicodeScalars, font: font, in: &state)
                return (ems * font.size, fallback)
            }
            state.layouts.insert(layout, for: key)
            return layout
        }
    }

    /// A text node laid out: one font, or (joined text) each run in its own, on shared lines
    /// whose height is the tallest run's.
    func layout(_ text: TextNode, width: Double?, height: Double?) -> TextLayout {
        guard let runs = text.runs else {
            return layout(text.string, font: text.font, width: width, height: height, lineLimit: text.lineLimit, truncation: text.truncation)
        }
        return state.withLock { state in
            var ascent = 0.0, lineHeight = 0.0
            for run in runs {
                let (runAscent, runHeight) = Self.lineMetrics(run.font, in: state.faces)
                ascent = max(ascent, runAscent)
                lineHeight = max(lineHeight, runHeight)
            }
            if let width, width <= 0 {
                return TextLayout(size: Size(width: 0, height: lineHeight), ascent: ascent, lineHeight: lineHeight, lines: [], usesFallback: false)
            }
            let string = text.string
            let utf8 = string.utf8
            func measure(_ piece: Substring) -> (width: Double, fallback: Bool) {
                let start = utf8.distance(from: utf8.startIndex, to: piece.startIndex)
                let end = start + piece.utf8.count
                var total = 0.0, fallback = false
                for run in runs where run.utf8Range.upperBound > start && run.utf8Range.lowerBound < end {
                    let lower = utf8.index(utf8.startIndex, offsetBy: max(start, run.utf8Range.lowerBound))
                    let upper = utf8.index(utf8.startIndex, offsetBy: min(end, run.utf8Range.upperBound))
                    let (ems, usedFallback, _) = Self.measure(string[lower..<upper].unicodeScalars, font: run.font, in: &state)
                    total += ems * run.font.size
                    fallback = fallback || usedFallback
                }
                return (total, fallback)
            }
            let (full, fallback) = measure(Substring(string))
            let hasBreaks = string.utf8.contains { $0 == 10 || $0 == 13 }
            if !hasBreaks, width == nil || full <= width! + 1e-9 {
                return TextLayout(size: Size(width: full, height: lineHeight), ascent: ascent, lineHeight: lineHeight, lines: nil, usesFallback: fallback)
            }
            var maxLines = text.lineLimit
            if let height {
                let fitting = max(1, Int((height + 1e-9) / lineHeight))
                maxLines = min(maxLines ?? fitting, fitting)
            }
            return TextLayout.make(string, ascent: ascent, lineHeight: lineHeight, width: width, maxLines: maxLines, truncation: text.truncation, measure: measure)
        }
    }

    /// How many texts were laid out rather than found in the cache, since the typesetter started.
    public var layoutsComputed: Int {
        state.withLock { $0.layouts.misses }
    }

    private static func lineMetrics(_ font: Font, in faces: [FaceMetrics?]) -> (Double, Double) {
        guard let face = available(font, in: faces), let metrics = faces[face.rawValue] else {
            return (font.size * 0.928, font.size * 1.164)
        }
        let scale = font.size / metrics.unitsPerEm
        return (metrics.ascender * scale, (metrics.ascender - metrics.descender) * scale)
    }

    /// The width of `text` in ems, and whether any of it needed the emoji face.
    ///
    /// A character joined to the one before by a zero-width joiner, a skin-tone modifier or the
    /// second half of a flag is drawn as part of that one glyph and takes no width of its own.
    private static func measure<Scalars: Sequence<Unicode.Scalar>>(_ scalars: Scalars, font: Font, in state: inout State) -> (width: Double, fallback: Bool, hasBreaks: Bool) {
        guard let face = available(font, in: state.faces) else {
            return (Double(scalars.underestimatedCount) * 0.6, false, false)
        }
        var total = 0.0
        var fallback = false
        var hasBreaks = false
        var joined = false
        var regionalIndicators = 0
        for scalar in scalars {
            let value = scalar.value
            if value == 10 || value == 13 || value == 0x2028 { hasBreaks = true }
            if joined || (0x1F3FB...0x1F3FF).contains(value) {
                joined = false
                continue
            }
            if (0x1F1E6...0x1F1FF).contains(value) {
                regionalIndicators += 1
                if regionalIndicators.isMultiple(of: 2) { continue }
            } else {
                regionalIndicators = 0
            }
            if value == 0x200D {
                joined = true
                continue
            }
            let advance = advance(of: scalar, face: face, in: &state)
            if advance < 0 {
                fallback = true
                total -= advance
            } else {
                total += advance
            }
        }
        return (total, fallback, hasBreaks)
    }

    /// One character's advance in ems, negative when measured in the emoji face.
    private static func advance(of scalar: Unicode.Scalar, face: Face, in state: inout State) -> Double {
        let code = Int(scalar.value)
        if code < 0x10000 {
            if state.faces[face.rawValue]!.bmp.isEmpty {
                state.faces[face.rawValue]!.bmp = Array(repeating: .nan, count: 0x10000)
            }
            let cached = state.faces[face.rawValue]!.bmp[code]
            if !cached.isNaN { return cached }
            let advance = read(scalar, face: face, in: state.faces)
            state.faces[face.rawValue]!.bmp[code] = advance
            return advance
        }
        if let cached = state.faces[face.rawValue]!.others[scalar] { return cached }
        let advance = read(scalar, face: face, in: state.faces)
        state.faces[face.rawValue]!.others[scalar] = advance
        return advance
    }

    /// Reads an advance from the fonts. Combining marks and variation selectors take no space;
    /// a character DejaVu lacks is measured in the emoji face, or as one em if that lacks it too.
    private static func read(_ scalar: Unicode.Scalar, face: Face, in faces: [FaceMetrics?]) -> Double {
        let props = scalar.properties
        if props.generalCategory == .nonspacingMark || props.generalCategory == .enclosingMark
            || (0xFE00...0xFE0F).contains(scalar.value) {
            return 0
        }
        let metrics = faces[face.rawValue]!
        if let units = advanceUnits(of: scalar, in: metrics.face) {
            return units / metrics.unitsPerEm
        }
        guard let emoji = faces[Face.emoji.rawValue], let units = advanceUnits(of: scalar, in: emoji.face) else {
            return -1
        }
        return -(units / emoji.unitsPerEm)
    }

    private static func advanceUnits(of scalar: Unicode.Scalar, in face: FT_Face) -> Double? {
        let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        guard index != 0 else { return nil }
        var advance: FT_Fixed = 0
        guard FT_Get_Advance(face, index, FT_Int32(FT_LOAD_NO_SCALE), &advance) == 0 else { return nil }
        return Double(advance)
    }
}

/// What identifies a laid-out text.
struct TextLayoutKey: Hashable {
    var string: String
    var font: Font
    var width: Double?
    var maxLines: Int?
    var truncation: Text.TruncationMode
}

/// Laid-out texts kept across renders: two generations, the older dropped when the newer is
/// full, so the cache stays within ``Typesetter/cacheEntries`` and ``Typesetter/cacheBytes``
/// and what is in use survives.
struct TextLayoutCache {
    private var current: [TextLayoutKey: TextLayout] = [:]
    private var previous: [TextLayoutKey: TextLayout] = [:]
    private var currentBytes = 0
    private(set) var misses = 0

    mutating func value(for key: TextLayoutKey) -> TextLayout? {
        if let hit = current[key] { return hit }
        guard let hit = previous[key] else {
            misses += 1
            return nil
        }
        insert(hit, for: key)
        return hit
    }

    mutating func insert(_ layout: TextLayout, for key: TextLayoutKey) {
        let bytes = key.string.utf8.count * 2
        if current.count >= Typesetter.cacheEntries / 2 || currentBytes + bytes > Typesetter.cacheBytes / 2 {
            previous = current
            current = [:]
            currentBytes = 0
        }
        guard bytes <= Typesetter.cacheBytes / 2 else { return }
        current[key] = layout
        currentBytes += bytes
    }
}
