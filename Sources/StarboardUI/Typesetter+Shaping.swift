import CStarboardFontconfig
import CStarboardFreeType
import CStarboardFriBidi
import CStarboardHarfBuzz
import Foundation

/// What identifies a shaped string: its characters, the font of each piece, and the layout
/// direction, which is the paragraph direction of text with no strong character of its own.
struct ShapeKey: Hashable {
    var string: String
    var font: Font
    /// Every piece of a joined text (`Text + Text`) with its UTF-8 start; nil for one font.
    var spans: [Span]?
    var direction: LayoutDirection

    struct Span: Hashable {
        var start: Int
        var font: Font
    }

    init(string: String, font: Font, direction: LayoutDirection = .leftToRight) {
        self.string = string
        self.font = font
        self.direction = direction
    }

    init(_ text: TextNode) {
        string = text.string
        font = text.font
        direction = text.direction
        spans = text.runs.map { runs in runs.map { Span(start: $0.utf8Range.lowerBound, font: $0.font) } }
    }

    func font(ofSpan span: Int) -> Font {
        spans.map { $0[span].font } ?? font
    }

    // By UTF-8 bytes, not by canonical equivalence as `String` compares: "é" and "e" + U+0301
    // shape differently, and comparing bytes needs no normalization on every cache hit.
    static func == (lhs: ShapeKey, rhs: ShapeKey) -> Bool {
        lhs.font == rhs.font && lhs.direction == rhs.direction && lhs.spans == rhs.spans && lhs.string.utf8.count == rhs.string.utf8.count && lhs.string.utf8.elementsEqual(rhs.string.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var string = string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(font)
        hasher.combine(direction)
        hasher.combine(spans)
    }
}

/// A string shaped once: each character's advance (a character is what Swift calls one: a
/// letter with its marks, an emoji sequence), where a line may not break without shaping again,
/// and the runs in logical order, each in one face, one direction and one piece of the text.
struct ShapedText {
    /// The UTF-8 offset of each character's start, and the string's length last.
    var offsets: [Int32] = []
    /// Each character's advance in points, its font's kerning and tracking included.
    var advances: [Double] = []
    /// Each character's tracking, which a line's width leaves out after its last character;
    /// empty when no piece of the text is tracked.
    var tracking: [Double] = []
    /// Breaking a line before the character would change how the text around it is shaped
    /// (inside a ligature, across a kerning pair or a joining).
    var unsafeBefore: [Bool] = []
    var runs: [ShapedRun] = []
    /// The paragraphs (between hard line breaks), as character ranges with their direction.
    var paragraphs: [ShapedParagraph] = []
    /// Characters no face has, drawn as the empty box.
    var missing: [Unicode.Scalar] = []
    /// What the author should know about how this text is set (a stand-in for a custom font).
    var warnings: [String] = []
    var ascent = 0.0
    var lineHeight = 0.0
    var width = 0.0
    var hasHardBreaks = false
    /// The key actually shaped, when marks had to be left out of the string (see
    /// ``Typesetter/maxExtendingScalars``): lines and runs are pieces of its string.
    var trimmed: ShapeKey?
    /// Every run is left to right in its piece's own DejaVu face: the SVG writes the text as it
    /// is, with no run of its own.
    var isPlain = true

    /// The width of characters `range` on one line, given the sum of their advances: less the
    /// tracking after the last, which SwiftUI treats as trailing whitespace.
    func lineWidth(_ range: Range<Int>, advancing sum: Double) -> Double {
        tracking.isEmpty || range.isEmpty ? sum : sum - tracking[range.upperBound - 1]
    }
}

/// A run of characters set together: one face, one bidi level, one piece of a joined text.
struct ShapedRun {
    var characters: Range<Int>
    /// The face id, -1 when no face could be read at all.
    var face: Int32
    var level: UInt8
    var span: Int32
}

struct ShapedParagraph {
    var characters: Range<Int>
    var baseLevel: UInt8
}

/// A run placed on a line, in visual order, as the SVG writes it.
struct VisualRun {
    /// The run's UTF-8 offsets in the string it was set from.
    var start: Int32
    var end: Int32
    /// Its left edge from the line's left edge, and its width, in points.
    var x: Double
    var width: Double
    var face: FaceStyle
    var rightToLeft: Bool
    var span: Int32
}

/// How the SVG names a face.
struct FaceStyle: Equatable {
    var family: String
    var weight: Int
    var isItalic: Bool
}

extension Typesetter {
    /// The most combining marks (and other characters that extend the one before) a character
    /// keeps: Unicode's stream-safe limit. HarfBuzz positions stacked marks in quadratic time, so
    /// a hundred thousand of them would take minutes; beyond this they are neither measured nor
    /// written, and the render says so.
    static let maxExtendingScalars = 30

    /// `key`'s string shaped, from the cache when it was shaped before.
    static func shape(_ key: ShapeKey, in state: inout State) -> ShapedText {
        if let hit = state.shapes.value(for: key) { return hit }
        var shaped: ShapedText
        if let (trimmed, dropped) = trimmingMarks(key) {
            shaped = makeShaped(trimmed, in: &state)
            shaped.trimmed = trimmed
            shaped.isPlain = false
            shaped.warnings.append("\u{201C}\(Auditor.short(trimmed.string))\u{201D} stacks more than \(maxExtendingScalars) combining marks on a character; \(dropped) of them are left out")
        } else {
            shaped = makeShaped(key, in: &state)
        }
        state.shapes.insert(shaped, for: key)
        return shaped
    }

    /// `key` with every run of marks after the first ``maxExtendingScalars`` left out (and
    /// the pieces' starts moved to match), and how many were; nil when no character has so many.
    private static func trimmingMarks(_ key: ShapeKey) -> (ShapeKey, Int)? {
        // Fewer bytes than marks could take cannot hold too many.
        guard key.string.utf8.count > maxExtendingScalars * 2 else { return nil }
        var extending = 0, dropped = 0
        var kept = String.UnicodeScalarView()
        var offset = 0
        var starts = key.spans?.map(\.start) ?? []
        var moved = starts
        for scalar in key.string.unicodeScalars {
            let props = scalar.properties
            let extends = props.generalCategory == .nonspacingMark || props.generalCategory == .spacingMark
                || props.generalCategory == .enclosingMark || scalar.value == 0x200D || props.isVariationSelector
            extending = extends ? extending + 1 : 0
            let width = UTF8.width(scalar)
            if extending > maxExtendingScalars {
                dropped += 1
                for index in starts.indices where starts[index] > offset { moved[index] -= width }
            } else {
                kept.append(scalar)
            }
            offset += width
        }
        guard dropped > 0 else { return nil }
        starts = moved
        var trimmed = key
        trimmed.string = String(kept)
        if let spans = key.spans {
            trimmed.spans = zip(spans, starts).map { ShapeKey.Span(start: $0.1, font: $0.0.font) }
        }
        return (trimmed, dropped)
    }

    /// Splits the string into characters and paragraphs, gives each character a face and a bidi
    /// level, groups them into runs and shapes each run with HarfBuzz.
    private static func makeShaped(_ key: ShapeKey, in state: inout State) -> ShapedText {
        var shaped = ShapedText()
        let string = key.string
        let utf8 = string.utf8
        let spanCount = key.spans?.count ?? 1
        var primaries: [Int?] = []
        for span in 0..<spanCount {
            let font = key.font(ofSpan: span)
            primaries.append(primaryFace(font, in: &state))
            if let name = font.customName, let warning = state.customFaces[name]?.warning, !shaped.warnings.contains(warning) {
                shaped.warnings.append(warning)
            }
        }
        shaped.offsets.reserveCapacity(utf8.count + 1)

        // Characters: their offsets, faces, scripts and spans; paragraphs between hard breaks.
        var faces: [Int32] = []
        var scripts: [hb_script_t] = []
        var spans: [Int32] = []
        var hardBreaks: [Bool] = []
        var span = 0
        var previousFace: Int?
        var missing: Set<UInt32> = []
        var index = string.startIndex
        while index < string.endIndex {
            let next = string.index(after: index)
            let offset = utf8.distance(from: utf8.startIndex, to: index)
            // A run's spaces and punctuation are in its own face, not the run's before it
            // (`Text("*now*.")`: the full stop is upright).
            while span + 1 < spanCount, key.spans![span + 1].start <= offset { span += 1; previousFace = nil }
            let character = string[index]
            shaped.offsets.append(Int32(offset))
            spans.append(Int32(span))
            let isBreak = character == "\n" || character == "\r" || character == "\r\n" || character == "\u{2028}" || character == "\u{2029}"
            hardBreaks.append(isBreak)
            if isBreak {
                shaped.hasHardBreaks = true
                previousFace = nil
                faces.append(Int32(primaries[span] ?? -1))
                scripts.append(HB_SCRIPT_COMMON)
            } else if let primary = primaries[span] {
                let script = scriptOf(character)
                let face = chooseFace(character, script: script, primary: primary, previous: previousFace, in: &state)
                if face == nil {
                    for scalar in character.unicodeScalars where !scalar.properties.isDefaultIgnorableCodePoint { missing.insert(scalar.value) }
                }
                let chosen = face ?? primary
                faces.append(Int32(chosen))
                scripts.append(script)
                previousFace = chosen
            } else {
                faces.append(-1)
                scripts.append(HB_SCRIPT_COMMON)
            }
            index = next
        }
        shaped.offsets.append(Int32(utf8.count))
        let count = faces.count
        shaped.advances = Array(repeating: 0, count: count)
        shaped.unsafeBefore = Array(repeating: false, count: count)
        shaped.missing = missing.sorted().compactMap(Unicode.Scalar.init)
        if !shaped.missing.isEmpty {
            let list = shaped.missing.prefix(8).map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }.joined(separator: ", ")
            shaped.warnings.append("no installed font has \(list)\(shaped.missing.count > 8 ? " and \(shaped.missing.count - 8) more" : "") in \u{201C}\(Auditor.short(string))\u{201D}; an empty box is drawn (install a font with them, or add one to STARBOARD_FONT_DIR)")
        }
        resolveCommonScripts(&scripts, hardBreaks: hardBreaks)

        // Paragraphs and their levels.
        var levels = [UInt8](repeating: 0, count: count)
        var start = 0
        for position in 0...count where position == count || hardBreaks[position] {
            let paragraph = start..<position
            let base = resolveLevels(of: string, characters: paragraph, offsets: shaped.offsets, direction: key.direction, into: &levels)
            shaped.paragraphs.append(ShapedParagraph(characters: paragraph, baseLevel: base))
            start = position + 1
        }

        // Runs: one face, level, script and piece each; hard breaks belong to none.
        var runStart = 0
        for position in 0...count {
            let ends = position == count || hardBreaks[position] || position > runStart && (
                faces[position] != faces[runStart] || levels[position] != levels[runStart]
                    || scripts[position] != scripts[runStart] || spans[position] != spans[runStart])
            guard ends else { continue }
            if position > runStart, !hardBreaks[runStart] {
                shaped.runs.append(ShapedRun(characters: runStart..<position, face: faces[runStart], level: levels[runStart], span: spans[runStart]))
            }
            runStart = position < count && hardBreaks[position] ? position + 1 : position
        }

        // Shape each run; note the faces used and the tallest line they make.
        var ascent = 0.0, descent = 0.0
        for span in 0..<spanCount {
            let font = key.font(ofSpan: span)
            let metrics = primaries[span].flatMap { state.faces[$0] }.map { faceMetrics($0, size: font.size) } ?? (font.size * 0.928, font.size * 0.236)
            ascent = max(ascent, metrics.0)
            descent = max(descent, metrics.1)
        }
        var copy = string
        copy.withUTF8 { bytes in
            for run in shaped.runs {
                let font = key.font(ofSpan: Int(run.span))
                let spacing = font.letterSpacing
                if font.tracking != 0 {
                    if shaped.tracking.isEmpty { shaped.tracking = Array(repeating: 0, count: count) }
                    for character in run.characters { shaped.tracking[character] = font.tracking }
                }
                guard run.face >= 0, let face = state.faces[Int(run.face)] else {
                    for character in run.characters { shaped.advances[character] = font.size * 0.6 + spacing }
                    continue
                }
                state.used.insert(Int(run.face))
                let metrics = faceMetrics(face, size: font.size)
                ascent = max(ascent, metrics.ascent)
                descent = max(descent, metrics.descent)
                if run.level & 1 == 1 || run.face != Int32(Face.of(font).rawValue) || font.customName != nil { shaped.isPlain = false }
                shapeRun(run, face: face, font: font, script: scripts[run.characters.lowerBound], bytes: bytes, buffer: state.buffer!, into: &shaped)
                if spacing != 0 { for character in run.characters { shaped.advances[character] += spacing } }
            }
        }
        if shaped.runs.contains(where: { $0.face < 0 }) { shaped.isPlain = true }
        shaped.ascent = ascent
        shaped.lineHeight = ascent + descent
        shaped.width = shaped.lineWidth(0..<count, advancing: shaped.advances.reduce(0, +))
        return shaped
    }

    /// Shapes one run with HarfBuzz, the whole string around it as context, and adds each
    /// glyph's advance to the character its cluster starts at.
    private static func shapeRun(
        _ run: ShapedRun, face: LoadedFace, font: Font, script: hb_script_t, bytes: UnsafeBufferPointer<UInt8>,
        buffer: OpaquePointer, into shaped: inout ShapedText
    ) {
        let size = font.size
        let start = Int(shaped.offsets[run.characters.lowerBound]), end = Int(shaped.offsets[run.characters.upperBound])
        hb_buffer_clear_contents(buffer)
        bytes.withMemoryRebound(to: CChar.self) { text in
            hb_buffer_add_utf8(buffer, text.baseAddress, Int32(text.count), UInt32(start), Int32(end - start))
        }
        hb_buffer_set_direction(buffer, run.level & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if script != HB_SCRIPT_COMMON { hb_buffer_set_script(buffer, script) }
        hb_buffer_guess_segment_properties(buffer)
        shape(buffer, in: face, font: font)
        var glyphCount: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &glyphCount), let positions = hb_buffer_get_glyph_positions(buffer, &glyphCount) else { return }
        let scale = size / face.unitsPerEm
        var started = Set<Int>()
        var lastCluster = UInt32.max
        for glyph in 0..<Int(glyphCount) {
            let cluster = infos[glyph].cluster
            let character = characterIndex(ofOffset: Int32(cluster), in: shaped.offsets, within: run.characters)
            shaped.advances[character] += Double(positions[glyph].x_advance) * scale
            if cluster != lastCluster {
                lastCluster = cluster
                if Int(shaped.offsets[character]) == Int(cluster) { started.insert(character) }
                if infos[glyph].mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0 { shaped.unsafeBefore[character] = true }
            }
        }
        // A character no cluster starts at is inside a ligature or a joined cluster.
        for character in run.characters.dropFirst() where !started.contains(character) {
            shaped.unsafeBefore[character] = true
        }
        shaped.unsafeBefore[run.characters.lowerBound] = false
    }

    /// The character whose UTF-8 range holds `offset`.
    static func characterIndex(ofOffset offset: Int32, in offsets: [Int32], within range: Range<Int>) -> Int {
        var low = range.lowerBound, high = range.upperBound - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if offsets[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The width of characters `range` of one run, shaped on their own: a line cut where
    /// breaking is unsafe is drawn as its own text.
    static func reshapedWidth(_ shaped: ShapedText, run: ShapedRun, range: Range<Int>, key: ShapeKey, in state: inout State) -> Double {
        guard run.face >= 0, let face = state.faces[Int(run.face)] else {
            return range.reduce(0) { $0 + shaped.advances[$1] }
        }
        let start = Int(shaped.offsets[range.lowerBound]), end = Int(shaped.offsets[range.upperBound])
        let font = key.font(ofSpan: Int(run.span))
        var piece = String(decoding: Array(key.string.utf8)[start..<end], as: UTF8.self)
        let buffer = state.buffer!
        hb_buffer_clear_contents(buffer)
        piece.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                hb_buffer_add_utf8(buffer, text.baseAddress, Int32(text.count), 0, Int32(text.count))
            }
        }
        hb_buffer_set_direction(buffer, run.level & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_guess_segment_properties(buffer)
        shape(buffer, in: face, font: font)
        var glyphCount: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(buffer, &glyphCount) else { return 0 }
        var units = 0.0
        for glyph in 0..<Int(glyphCount) { units += Double(positions[glyph].x_advance) }
        return units * font.size / face.unitsPerEm + font.letterSpacing * Double(range.count)
    }

    /// Shapes the buffer in `face`; text spaced apart (kerning or tracking) without the common
    /// ligatures, as SwiftUI sets tracked text and as the browser draws any `letter-spacing`.
    private static func shape(_ buffer: OpaquePointer, in face: LoadedFace, font: Font) {
        if font.letterSpacing == 0 {
            hb_shape(face.hb, buffer, nil, 0)
        } else {
            withoutLigatures.withUnsafeBufferPointer { hb_shape(face.hb, buffer, $0.baseAddress, UInt32($0.count)) }
        }
    }

    private static let withoutLigatures: [hb_feature_t] = ["-liga", "-clig"].map { name in
        var feature = hb_feature_t()
        _ = hb_feature_from_string(name, -1, &feature)
        return feature
    }

    // MARK: - Faces

    /// The script a character is written in; Common for spaces, punctuation and digits, which
    /// take the script around them. Kana, Hangul and Bopomofo count as Han: Japanese and Korean
    /// mix them in one run of one face, as browsers shape them.
    static func scriptOf(_ character: Character) -> hb_script_t {
        let funcs = hb_unicode_funcs_get_default()
        for scalar in character.unicodeScalars {
            let script = hb_unicode_script(funcs, scalar.value)
            switch script {
            case HB_SCRIPT_COMMON, HB_SCRIPT_INHERITED, HB_SCRIPT_UNKNOWN: continue
            case HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA, HB_SCRIPT_HANGUL, HB_SCRIPT_BOPOMOFO: return HB_SCRIPT_HAN
            default: return script
            }
        }
        return HB_SCRIPT_COMMON
    }

    /// Common characters take the script before them (or, at a paragraph's start, after).
    private static func resolveCommonScripts(_ scripts: inout [hb_script_t], hardBreaks: [Bool]) {
        var last = HB_SCRIPT_COMMON
        var pending: [Int] = []
        for index in scripts.indices {
            if hardBreaks[index] {
                last = HB_SCRIPT_COMMON
                pending.removeAll()
                continue
            }
            if scripts[index] == HB_SCRIPT_COMMON {
                if last == HB_SCRIPT_COMMON { pending.append(index) } else { scripts[index] = last }
            } else {
                last = scripts[index]
                for waiting in pending { scripts[waiting] = last }
                pending.removeAll()
            }
        }
    }

    /// Whether a character is an emoji presentation sequence: an emoji by default, or made one
    /// by VS16, a keycap, a skin tone, a zero-width joiner or a flag's pair.
    static func isEmojiPresentation(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return false }
        var joined = false
        for scalar in scalars.dropFirst() {
            switch scalar.value {
            case 0xFE0F, 0x20E3, 0x1F3FB...0x1F3FF: return true
            case 0xFE0E: return false
            case 0x200D: joined = true
            default: break
            }
        }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return true }
        return first.properties.isEmojiPresentation || joined && first.properties.isEmoji
    }

    /// The face a character is set in: the emoji face for emoji, the Arabic, Hebrew or CJK face
    /// for those scripts, the run's face for spaces and punctuation between its characters, the
    /// font's own face, and then every other face in turn. Nil when no face has it.
    static func chooseFace(_ character: Character, script: hb_script_t, primary: Int, previous: Int?, in state: inout State) -> Int? {
        let scalars = character.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
        guard let first = scalars.first else { return previous ?? primary }
        let faces = state.faces
        func covers(_ id: Int) -> Bool {
            guard let face = faces[id] else { return false }
            if face.isEmoji { return face.has(first) }
            if scalars.allSatisfy(face.has) { return true }
            // HarfBuzz composes and decomposes marks, so either form will do.
            guard scalars.count > 1 else { return false }
            let text = String(character)
            return text.precomposedStringWithCanonicalMapping.unicodeScalars.allSatisfy(face.has)
                || text.decomposedStringWithCanonicalMapping.unicodeScalars.allSatisfy(face.has)
        }
        let bold = faces[primary].map { $0.file.weight >= 600 } ?? false
        let isCustom = primary > Face.cjkBold.rawValue
        if isEmojiPresentation(character), covers(Face.emoji.rawValue) { return Face.emoji.rawValue }
        if isCustom, covers(primary) { return primary }
        if let preferred = scriptFace(script, bold: bold), let id = preferred.standIns.first(where: { faces[$0.rawValue] != nil })?.rawValue, covers(id) {
            return id
        }
        if script == HB_SCRIPT_COMMON, let previous, covers(previous) { return previous }
        if covers(primary) { return primary }
        let chain: [Face] = [bold ? .bold : .regular, .regular, .arabic, .hebrew, .cjk, .emoji]
        for face in chain where covers(face.rawValue) { return face.rawValue }
        for id in state.extraFaces where covers(id) { return id }
        // fontconfig's faces: read the list on first need, load the face that has it.
        readFallback(&state)
        guard let candidate = state.fallback?.candidate(covering: Array(scalars)) else { return nil }
        if let known = state.facesByPath[candidate.path] { return covers(known) ? known : nil }
        guard let library = state.library else { return nil }
        var names = Set(state.faces.compactMap { $0?.file.servedName })
        let served = uniqueName(for: candidate.path, taken: &names)
        switch load(path: candidate.path, index: 0, family: candidate.family, weight: candidate.weight, italic: candidate.isItalic, servedName: served, library: library) {
        case .success(let loaded):
            state.facesByPath[candidate.path] = state.faces.count
            state.faces.append(loaded)
            return state.faces.count - 1
        case .failure:
            return nil
        }
    }

    /// The face Starboard sets a script in, whatever the font: Noto's, which browsers' own
    /// fallback also reaches for, and which draw those scripts fully joined.
    static func scriptFace(_ script: hb_script_t, bold: Bool) -> Face? {
        switch script {
        case HB_SCRIPT_ARABIC: bold ? .arabicBold : .arabic
        case HB_SCRIPT_HEBREW: bold ? .hebrewBold : .hebrew
        case HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA, HB_SCRIPT_HANGUL, HB_SCRIPT_BOPOMOFO: bold ? .cjkBold : .cjk
        default: nil
        }
    }

    /// The face a `Font.custom` name stands for: a font file of the package's resources or the
    /// font folder whose family, PostScript name or file name it is (nearest in weight and
    /// slant), else an installed face of that family, else the DejaVu face of the font's design
    /// with a warning.
    static func customFace(named name: String, font: Font, in state: inout State) -> CustomFace {
        let key = "\(name)|\(Face.of(font).rawValue)"
        if let known = state.customFaces[key] { return known }
        let wanted = name.lowercased()
        func matches(_ face: LoadedFace) -> Bool {
            let postScript = FT_Get_Postscript_Name(face.ft).map { String(cString: $0).lowercased() }
            let stem = ((face.file.path as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased()
            return face.file.family.lowercased() == wanted || postScript == wanted || stem == wanted
        }
        let weight = font.weight.rawValue
        func distance(_ face: LoadedFace) -> Int {
            abs(face.file.weight - weight) + (face.file.isItalic == font.isItalic ? 0 : 1000)
        }
        var resolved: CustomFace
        let candidates = state.extraFaces.filter { state.faces[$0].map(matches) ?? false }
        if let best = candidates.min(by: { distance(state.faces[$0]!) < distance(state.faces[$1]!) }) {
            resolved = CustomFace(face: best, warning: nil)
        } else if let installed = installedFace(family: name, font: font, in: &state) {
            resolved = CustomFace(face: installed, warning: nil)
        } else {
            let standIn = Face.of(font).standIns.first { state.faces[$0.rawValue] != nil } ?? .regular
            resolved = CustomFace(
                face: standIn.rawValue,
                warning: "Font.custom(\"\(name)\"): no font of that name in the package's resources, STARBOARD_FONT_DIR or the installed fonts; \(standIn.family) stands in"
            )
        }
        state.customFaces[key] = resolved
        state.customFaces[name] = resolved
        return resolved
    }

    /// An installed face of `family` (fontconfig's best match, if it is that family).
    private static func installedFace(family: String, font: Font, in state: inout State) -> Int? {
        guard let library = state.library, let config = FcInitLoadConfigAndFonts() else { return nil }
        defer { FcConfigDestroy(config) }
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = FcPatternAddString(pattern, FC_FAMILY, family)
        _ = FcPatternAddInteger(pattern, FC_WEIGHT, font.weight >= .semibold ? Int32(FC_WEIGHT_BOLD) : Int32(FC_WEIGHT_REGULAR))
        _ = FcPatternAddInteger(pattern, FC_SLANT, font.isItalic ? Int32(FC_SLANT_ITALIC) : Int32(FC_SLANT_ROMAN))
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let match = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        var found: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file,
              FcPatternGetString(match, FC_FAMILY, 0, &found) == FcResultMatch, let found,
              String(cString: found).lowercased() == family.lowercased()
        else { return nil }
        _ = FcPatternGetInteger(match, FC_INDEX, 0, &index)
        guard index == 0 else { return nil }
        let path = String(cString: file)
        if let known = state.facesByPath[path] { return known }
        var names = Set(state.faces.compactMap { $0?.file.servedName })
        let served = uniqueName(for: path, taken: &names)
        guard case .success(let loaded) = load(path: path, index: 0, family: nil, weight: nil, italic: nil, servedName: served, library: library) else { return nil }
        state.facesByPath[path] = state.faces.count
        state.faces.append(loaded)
        return state.faces.count - 1
    }

    // MARK: - Bidi

    /// Resolves the bidi levels of one paragraph's characters with FriBiDi; the paragraph runs
    /// the way its first strong character does (rules P2 and P3, as Apple's natural direction),
    /// or the layout direction when it has none. Returns the paragraph's level.
    private static func resolveLevels(of string: String, characters: Range<Int>, offsets: [Int32], direction: LayoutDirection, into levels: inout [UInt8]) -> UInt8 {
        guard !characters.isEmpty else { return direction == .rightToLeft ? 1 : 0 }
        let utf8 = string.utf8
        let slice = utf8[utf8.index(utf8.startIndex, offsetBy: Int(offsets[characters.lowerBound]))..<utf8.index(utf8.startIndex, offsetBy: Int(offsets[characters.upperBound]))]
        let scalars = String(decoding: slice, as: UTF8.self).unicodeScalars.map(\.value)
        // Nothing from Hebrew on can be right to left, and left-to-right text needs no levels.
        if direction == .leftToRight, !scalars.contains(where: { $0 >= 0x0590 }) { return 0 }
        let count = Int32(scalars.count)
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: scalars.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
        var scalarLevels = [FriBidiLevel](repeating: 0, count: scalars.count)
        var base = direction == .rightToLeft ? starboard_fribidi_weak_rtl() : starboard_fribidi_weak_ltr()
        let resolved = scalars.withUnsafeBufferPointer { text -> FriBidiLevel in
            fribidi_get_bidi_types(text.baseAddress, count, &types)
            fribidi_get_bracket_types(text.baseAddress, count, types, &brackets)
            return fribidi_get_par_embedding_levels_ex(types, brackets, count, &base, &scalarLevels)
        }
        let baseLevel: UInt8 = base.rawValue & 1 == 1 ? 1 : 0 // FRIBIDI_MASK_RTL
        guard resolved > 0 else {
            for character in characters { levels[character] = baseLevel }
            return baseLevel
        }
        // Each character takes its first scalar's level.
        var scalar = 0
        let paragraphStart = Int(offsets[characters.lowerBound])
        var byte = paragraphStart
        for character in characters {
            while byte < Int(offsets[character]) {
                byte += UTF8.width(Unicode.Scalar(scalars[scalar])!)
                scalar += 1
            }
            levels[character] = UInt8(max(0, scalarLevels[min(scalar, scalarLevels.count - 1)]))
        }
        return baseLevel
    }

    /// Characters `range` of a paragraph as runs in visual order, placed from the left: the
    /// runs cut to the range, then reversed level by level (rule L2).
    static func visualRuns(_ shaped: ShapedText, _ range: Range<Int>, key: ShapeKey, in state: inout State) -> [VisualRun] {
        var pieces: [(run: ShapedRun, range: Range<Int>, width: Double)] = []
        // The first run that reaches into the range, by binary search: a line's runs, not all.
        var low = 0, high = shaped.runs.count
        while low < high {
            let middle = (low + high) / 2
            if shaped.runs[middle].characters.upperBound <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        for run in shaped.runs[low...] {
            guard run.characters.lowerBound < range.upperBound else { break }
            guard run.characters.overlaps(range) else { continue }
            let cut = max(run.characters.lowerBound, range.lowerBound)..<min(run.characters.upperBound, range.upperBound)
            let unsafe = (cut.lowerBound > run.characters.lowerBound && shaped.unsafeBefore[cut.lowerBound])
                || (cut.upperBound < run.characters.upperBound && shaped.unsafeBefore[cut.upperBound])
            let width = unsafe ? reshapedWidth(shaped, run: run, range: cut, key: key, in: &state) : cut.reduce(0) { $0 + shaped.advances[$1] }
            pieces.append((run, cut, width))
        }
        if let highest = pieces.map(\.run.level).max(), highest > 0 {
            // The line's lowest level, rounded up to odd.
            let lowestOdd = (pieces.map(\.run.level).min() ?? 0) | 1
            var level = highest
            while level >= lowestOdd {
                var index = 0
                while index < pieces.count {
                    guard pieces[index].run.level >= level else { index += 1; continue }
                    var end = index
                    while end < pieces.count, pieces[end].run.level >= level { end += 1 }
                    pieces[index..<end].reverse()
                    index = end
                }
                level -= 1
            }
        }
        var x = 0.0
        return pieces.map { piece in
            defer { x += piece.width }
            let style = piece.run.face >= 0 ? state.faces[Int(piece.run.face)].map { FaceStyle(family: $0.file.family, weight: $0.file.weight, isItalic: $0.file.isItalic) } : nil
            return VisualRun(
                start: shaped.offsets[piece.range.lowerBound], end: shaped.offsets[piece.range.upperBound], x: x, width: piece.width,
                face: style ?? FaceStyle(family: familyName, weight: 400, isItalic: false), rightToLeft: piece.run.level & 1 == 1, span: piece.run.span
            )
        }
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
