import CStarboardFreeType
import Foundation
import Synchronization

/// Measures text with the real metrics of DejaVu Sans, read through FreeType.
///
/// The SVG names the same family and the server serves the same files, so a browser draws
/// text exactly as wide as layout measured it. Advances are read once per character and
/// cached; measuring is then a table look-up per character.
public final class Typesetter: Sendable {
    /// One face's metrics in font units.
    struct FaceMetrics {
        var unitsPerEm: Double
        var ascender: Double
        var descender: Double
        /// Advances of the Basic Multilingual Plane by code point, NaN until first read: a look-up
        /// per character with no hashing (this is the hot path of text layout).
        var bmp: [Double]
        var others: [Unicode.Scalar: Double]
    }

    /// Where Debian's `fonts-dejavu-core` puts the faces.
    public static let defaultFontDirectory = "/usr/share/fonts/truetype/dejavu"
    public static let regularFileName = "DejaVuSans.ttf"
    public static let boldFileName = "DejaVuSans-Bold.ttf"
    /// The family written into SVG `font-family`.
    public static let familyName = "DejaVu Sans"

    /// The shared instance reading the faces from ``defaultFontDirectory``
    /// (or the `STARBOARD_FONT_DIR` environment variable).
    public static let shared = Typesetter(
        directory: ProcessInfo.processInfo.environment["STARBOARD_FONT_DIR"] ?? defaultFontDirectory
    )

    private let state: Mutex<State>
    /// Why the faces could not be read, if they could not: measurement then falls back to an
    /// average advance of 0.6 em, and the CLI says so.
    public let loadError: String?

    private struct State: @unchecked Sendable {
        // FreeType handles are only touched under the mutex.
        var library: FT_Library?
        var faces: [Font.Weight: FT_Face] = [:]
        var metrics: [Font.Weight: FaceMetrics] = [:]
    }

    public init(directory: String) {
        var state = State()
        var error: String?
        var library: FT_Library?
        if FT_Init_FreeType(&library) != 0 {
            error = "FreeType could not start"
        } else {
            state.library = library
            for (weight, file) in [(Font.Weight.regular, Self.regularFileName), (.bold, Self.boldFileName)] {
                let path = directory + "/" + file
                var face: FT_Face?
                guard FT_New_Face(library, path, 0, &face) == 0, let face else {
                    error = "cannot read the font \(path) (install fonts-dejavu-core)"
                    continue
                }
                state.faces[weight] = face
                let record = face.pointee
                state.metrics[weight] = FaceMetrics(
                    unitsPerEm: Double(record.units_per_EM),
                    ascender: Double(record.ascender),
                    descender: Double(record.descender),
                    bmp: Array(repeating: .nan, count: 0x10000),
                    others: [:]
                )
            }
        }
        self.loadError = error
        self.state = Mutex(state)
    }

    /// Vertical metrics of a font: distance from the top of the line box to the baseline, and the line height.
    public func lineMetrics(for font: Font) -> (ascent: Double, height: Double) {
        state.withLock { state in
            guard let metrics = state.metrics[font.weight] ?? state.metrics[.regular] else {
                return (font.size * 0.928, font.size * 1.164)
            }
            let scale = font.size / metrics.unitsPerEm
            return (metrics.ascender * scale, (metrics.ascender - metrics.descender) * scale)
        }
    }

    /// The advance width of `string` set in `font`, in points.
    public func width(of string: String, font: Font) -> Double {
        state.withLock { state in
            let weight: Font.Weight = state.metrics[font.weight] == nil ? .regular : font.weight
            guard let face = state.faces[weight], state.metrics[weight] != nil else {
                return Double(string.unicodeScalars.count) * font.size * 0.6
            }
            return Self.measure(string, in: face, metrics: &state.metrics[weight]!) * font.size
        }
    }

    /// The width in ems, filling the caches as characters are first seen.
    private static func measure(_ string: String, in face: FT_Face, metrics: inout FaceMetrics) -> Double {
        var units = 0.0
        for scalar in string.unicodeScalars {
            let code = Int(scalar.value)
            if code < 0x10000 {
                var advance = metrics.bmp[code]
                if advance.isNaN {
                    advance = advanceOf(scalar, in: face, unitsPerEm: metrics.unitsPerEm)
                    metrics.bmp[code] = advance
                }
                units += advance
            } else if let advance = metrics.others[scalar] {
                units += advance
            } else {
                let advance = advanceOf(scalar, in: face, unitsPerEm: metrics.unitsPerEm)
                metrics.others[scalar] = advance
                units += advance
            }
        }
        return units / metrics.unitsPerEm
    }

    /// The advance of one character in font units. Characters the face lacks (emoji) are counted
    /// as one em, about what a browser's fallback emoji font gives; combining marks and
    /// variation selectors take no space.
    private static func advanceOf(_ scalar: Unicode.Scalar, in face: FT_Face, unitsPerEm: Double) -> Double {
        let props = scalar.properties
        if props.generalCategory == .nonspacingMark || props.generalCategory == .enclosingMark
            || (0xFE00...0xFE0F).contains(scalar.value) || scalar.value == 0x200D {
            return 0
        }
        let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        guard index != 0 else { return unitsPerEm }
        guard FT_Load_Glyph(face, index, FT_Int32(FT_LOAD_NO_SCALE)) == 0 else { return unitsPerEm }
        return Double(face.pointee.glyph.pointee.advance.x)
    }
}
