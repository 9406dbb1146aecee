import CFreeType
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
        var advances: [Unicode.Scalar: Double]
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
                    advances: [:]
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
            guard var metrics = state.metrics[weight], let face = state.faces[weight] else {
                return Double(string.unicodeScalars.count) * font.size * 0.6
            }
            var units = 0.0
            var changed = false
            for scalar in string.unicodeScalars {
                if let advance = metrics.advances[scalar] {
                    units += advance
                    continue
                }
                let advance = Self.advance(of: scalar, in: face, unitsPerEm: metrics.unitsPerEm)
                metrics.advances[scalar] = advance
                changed = true
                units += advance
            }
            if changed { state.metrics[weight] = metrics }
            return units * font.size / metrics.unitsPerEm
        }
    }

    /// The advance of one character in font units. Characters the face lacks (emoji) are counted
    /// as one em, about what a browser's fallback emoji font gives; combining marks and
    /// variation selectors take no space.
    private static func advance(of scalar: Unicode.Scalar, in face: FT_Face, unitsPerEm: Double) -> Double {
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
