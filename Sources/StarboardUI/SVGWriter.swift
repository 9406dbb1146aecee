import Foundation

/// Writes a laid-out tree as SVG 1.1 text.
///
/// Output is byte-stable: attributes are written in a fixed order and numbers with at most three
/// decimals. Gradient and filter ids are derived from their definitions, so two identical SVGs
/// inlined in one HTML page share ids harmlessly instead of clashing.
///
/// Noncopyable because it owns its ``SVGBytes`` buffer; a writer writes one document.
public struct SVGWriter: ~Copyable {
    private var body = SVGBytes()
    /// The `<linearGradient>` and `<filter>` elements, written once each.
    private var definitions = SVGBytes(capacity: 64)
    /// Hashes of the ids already in ``definitions``.
    private var defined: [UInt64] = []
    /// Where a definition is put together before its id (a hash of it) is known.
    private var scratch = SVGBytes(capacity: 64)

    public init() {}

    /// The SVG document for a display list drawn in a `size` canvas, titled `title` for
    /// assistive technology.
    mutating func document(_ display: DisplayList, graph: ViewGraph, size: Size, title: String?) -> String {
        body.reserve(4096)
        for item in display.items { write(item, display, graph) }
        var svg = SVGBytes(capacity: body.count + 512)
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"")
        svg.appendNumber(size.width)
        svg.append("\" height=\"")
        svg.appendNumber(size.height)
        svg.append("\" viewBox=\"0 0 ")
        svg.appendNumber(size.width)
        svg.append(" ")
        svg.appendNumber(size.height)
        svg.append("\"")
        if let title {
            svg.append(" role=\"img\" aria-label=\"")
            svg.appendEscaped(title)
            svg.append("\"><title>")
            svg.appendEscaped(title)
            svg.append("</title>")
        } else {
            svg.append(">")
        }
        if definitions.count > 0 {
            svg.append("<defs>")
            svg.append(definitions)
            svg.append("</defs>")
        }
        svg.append(body)
        svg.append("</svg>\n")
        return svg.string
    }

    private mutating func write(_ item: DisplayItem, _ display: DisplayList, _ graph: ViewGraph) {
        switch item {
        case .shape(let index, let frame):
            let drawing = graph.shapes[Int(index)].drawing
            body.append("<path d=\"")
            writeOutline(graph.shapes[Int(index)].geometry, in: frame)
            body.append("\"")
            if let fill = drawing.fill {
                writePaint(fill, attribute: "fill", frame: frame)
            } else {
                body.append(" fill=\"none\"")
            }
            if let stroke = drawing.stroke {
                writePaint(stroke.paint, attribute: "stroke", frame: frame)
                body.append(" stroke-width=\"")
                body.appendNumber(stroke.lineWidth)
                body.append("\"")
            }
            body.append("/>")
        case .text(let index, let layout, let frame):
            writeText(graph.texts[Int(index)], display.texts[Int(layout)], in: frame)
        case .beginGroup(let index):
            writeGroupStart(display.groups[Int(index)])
        case .endGroup:
            body.append("</g>")
        }
    }

    /// A text: one `<text>` for a single line, with a `<tspan>` per line when it wraps.
    private mutating func writeText(_ text: TextNode, _ layout: TextLayout, in frame: Rect) {
        let font = text.font
        let lines = layout.lines
        if let lines, lines.isEmpty { return }
        let baseline = frame.minY + layout.ascent
        body.append("<text x=\"")
        body.appendNumber(frame.minX + (lines.map { frame.width - $0[0].width } ?? 0) * text.alignment.fraction)
        body.append("\" y=\"")
        body.appendNumber(baseline)
        body.append("\" font-family=\"")
        body.appendString(Typesetter.familyName)
        if layout.usesFallback {
            body.append(", ")
            body.appendString(Typesetter.emojiFamilyName)
        }
        body.append("\" font-size=\"")
        body.appendNumber(font.size)
        body.append("\"")
        switch Typesetter.Face.of(font) {
        case .bold, .boldOblique: body.append(" font-weight=\"bold\"")
        case .extraLight: body.append(" font-weight=\"200\"")
        default: break
        }
        if font.isItalic { body.append(" font-style=\"italic\"") }
        writePaint(.color(text.color), attribute: "fill", frame: Rect(origin: Point(x: frame.minX, y: baseline), size: .zero))
        body.append(" xml:space=\"preserve\">")
        if let lines {
            for (number, line) in lines.enumerated() {
                body.append("<tspan x=\"")
                body.appendNumber(frame.minX + (frame.width - line.width) * text.alignment.fraction)
                body.append("\" y=\"")
                body.appendNumber(baseline + Double(number) * layout.lineHeight)
                body.append("\">")
                body.appendEscaped(String(line.text))
                body.append("</tspan>")
            }
        } else {
            body.appendEscaped(text.string)
        }
        body.append("</text>")
    }

    private mutating func writeGroupStart(_ attributes: GroupAttributes) {
        body.append("<g")
        if let id = attributes.elementID {
            body.append(" data-id=\"")
            body.appendEscaped(id)
            body.append("\"")
        }
        if let tap = attributes.tapTarget {
            body.append(" data-tap=\"")
            body.appendEscaped(tap)
            body.append("\"")
        }
        // Where the escaped label went, so the <title> copies it instead of escaping it again.
        var escapedLabel = 0..<0
        if let info = attributes.accessibility {
            if attributes.tapTarget != nil {
                body.append(" role=\"button\"")
            } else if info.label != nil {
                body.append(" role=\"img\"")
            }
            if let label = info.label {
                body.append(" aria-label=\"")
                let start = body.count
                body.appendEscaped(label)
                escapedLabel = start..<body.count
                body.append("\"")
            }
        }
        switch attributes.transform {
        case .rotate(let degrees, let pivot)?:
            body.append(" transform=\"rotate(")
            body.appendNumber(degrees)
            body.append(" ")
            body.appendNumber(pivot.x)
            body.append(" ")
            body.appendNumber(pivot.y)
            body.append(")\"")
        case .scale(let x, let y, let pivot)?:
            // Scale factors get six decimals: a third written as 0.333 would be 0.1 pt off at 300 pt.
            body.append(" transform=\"matrix(")
            body.appendNumber(x, decimals: 6)
            body.append(" 0 0 ")
            body.appendNumber(y, decimals: 6)
            body.append(" ")
            body.appendNumber(pivot.x * (1 - x))
            body.append(" ")
            body.appendNumber(pivot.y * (1 - y))
            body.append(")\"")
        case nil:
            break
        }
        if let opacity = attributes.opacity {
            body.append(" opacity=\"")
            body.appendNumber(opacity)
            body.append("\"")
        }
        if let filter = attributes.filter {
            body.append(" filter=\"url(#")
            define(filter)
            body.append(")\"")
        }
        body.append(">")
        if let info = attributes.accessibility {
            if info.label != nil {
                body.append("<title>")
                body.appendCopy(of: escapedLabel)
                body.append("</title>")
            }
            // The description is value and hint joined by a space, written piece by piece.
            switch (info.value, info.hint) {
            case (let value?, let hint?):
                body.append("<desc>")
                body.appendEscaped(value)
                body.append(" ")
                body.appendEscaped(hint)
                body.append("</desc>")
            case (let only?, nil) where !only.isEmpty, (nil, let only?) where !only.isEmpty:
                body.append("<desc>")
                body.appendEscaped(only)
                body.append("</desc>")
            default:
                break
            }
        }
    }

    private mutating func writePaint(_ paint: Paint, attribute: StaticString, frame: Rect) {
        switch paint {
        case .color(let color):
            body.append(" ")
            body.append(attribute)
            body.append("=\"")
            body.appendHex(color)
            body.append("\"")
            if color.opacity < 1 {
                body.append(" ")
                body.append(attribute)
                body.append("-opacity=\"")
                body.appendNumber(color.opacity)
                body.append("\"")
            }
        case .linearGradient(let gradient):
            body.append(" ")
            body.append(attribute)
            body.append("=\"url(#")
            define(gradient, in: frame)
            body.append(")\"")
        }
    }

    // MARK: - Definitions

    /// Writes the id of `gradient` resolved against `frame` into the body, defining it first
    /// if no identical gradient is defined yet. The id is a hash of the definition.
    private mutating func define(_ gradient: LinearGradient, in frame: Rect) {
        // Resolved in user space against the shape's frame, as SwiftUI resolves unit points.
        let start = frame.point(at: gradient.startPoint), end = frame.point(at: gradient.endPoint)
        scratch.removeAll()
        scratch.append("gradientUnits=\"userSpaceOnUse\" x1=\"")
        scratch.appendNumber(start.x)
        scratch.append("\" y1=\"")
        scratch.appendNumber(start.y)
        scratch.append("\" x2=\"")
        scratch.appendNumber(end.x)
        scratch.append("\" y2=\"")
        scratch.appendNumber(end.y)
        scratch.append("\">")
        for stop in gradient.stops {
            scratch.append("<stop offset=\"")
            scratch.appendNumber(stop.location)
            scratch.append("\" stop-color=\"")
            scratch.appendHex(stop.color)
            scratch.append("\"")
            if stop.color.opacity < 1 {
                scratch.append(" stop-opacity=\"")
                scratch.appendNumber(stop.color.opacity)
                scratch.append("\"")
            }
            scratch.append("/>")
        }
        let hash = scratch.fnv1a()
        if !defined.contains(hash) {
            defined.append(hash)
            definitions.append("<linearGradient id=\"sb-g")
            definitions.appendHex64(hash)
            definitions.append("\" ")
            definitions.append(scratch)
            definitions.append("</linearGradient>")
        }
        body.append("sb-g")
        body.appendHex64(hash)
    }

    /// Writes the id of `filter` into the body, defining it first if it is new. The id spells
    /// the filter's value (`sb-hue90`, `sb-sat0_5`).
    private mutating func define(_ filter: Filter) {
        let prefix: StaticString, value: Double
        switch filter {
        case .hueRotation(let angle):
            (prefix, value) = ("sb-hue", angle.degrees)
        case .grayscale(let amount):
            // CSS grayscale(a) is, to within rounding, SVG saturate(1 - a).
            (prefix, value) = ("sb-sat", 1 - min(max(amount, 0), 1))
        }
        scratch.removeAll()
        scratch.append(prefix)
        let number = scratch.count
        scratch.appendNumber(value)
        let hash = scratch.fnv1a()
        if !defined.contains(hash) {
            defined.append(hash)
            definitions.append("<filter id=\"")
            definitions.append(prefix)
            definitions.appendIDSafe(scratch, from: number)
            // sRGB interpolation, or the matrices work on linear light and colors come out wrong.
            definitions.append("\" color-interpolation-filters=\"sRGB\"><feColorMatrix type=\"")
            if case .hueRotation = filter { definitions.append("hueRotate") } else { definitions.append("saturate") }
            definitions.append("\" values=\"")
            definitions.append(scratch, from: number)
            definitions.append("\"/></filter>")
        }
        body.append(prefix)
        body.appendIDSafe(scratch, from: number)
    }

    // MARK: - Formatting

    /// The outline of a shape as SVG path data, written from its geometry without building a
    /// ``Path`` for the built-in shapes.
    private mutating func writeOutline(_ geometry: ShapeGeometry, in rect: Rect) {
        var data = PathData(bytes: SVGBytes(capacity: 0))
        swap(&data.bytes, &body)
        geometry.emit(in: rect, to: &data)
        swap(&data.bytes, &body)
    }

    /// SVG path data with absolute commands.
    static func pathData(_ path: Path) -> String {
        var data = PathData(bytes: SVGBytes())
        path.emit(translatedBy: .zero, to: &data)
        return data.bytes.string
    }

    /// A number with at most `decimals` decimals (three by default) and no trailing zeros;
    /// `-0` and non-finite values write as `0`.
    public static func number(_ value: Double, decimals: Int = 3) -> String {
        var bytes = SVGBytes()
        bytes.appendNumber(value, decimals: decimals)
        return bytes.string
    }

    /// Escapes text for XML character data and attribute values. Characters XML cannot carry at
    /// all (most control characters) become U+FFFD rather than producing a broken document.
    public static func escape(_ text: String) -> String {
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") || $0 < 0x20 })
            && !text.unicodeScalars.contains(where: { !isXMLCharacter($0) }) {
            return text
        }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\t": result += "&#9;"
            case "\r": result += "&#13;"
            default:
                result.unicodeScalars.append(isXMLCharacter(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return result
    }

    private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}

/// Writes drawing commands as SVG path data: absolute commands separated by spaces.
struct PathData: PathSink, ~Copyable {
    var bytes: SVGBytes
    private var started = false

    init(bytes: consuming SVGBytes) {
        self.bytes = bytes
    }

    private mutating func command(_ letter: StaticString) {
        if started { bytes.append(" ") }
        started = true
        bytes.append(letter)
    }

    private mutating func point(_ p: Point) {
        bytes.appendNumber(p.x)
        bytes.append(" ")
        bytes.appendNumber(p.y)
    }

    mutating func move(to point: Point) {
        command("M")
        self.point(point)
    }

    mutating func addLine(to point: Point) {
        command("L")
        self.point(point)
    }

    mutating func addQuadCurve(to point: Point, control: Point) {
        command("Q")
        self.point(control)
        bytes.append(" ")
        self.point(point)
    }

    mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        command("C")
        self.point(control1)
        bytes.append(" ")
        self.point(control2)
        bytes.append(" ")
        self.point(point)
    }

    mutating func addArc(to point: Point, radii: Size, rotation: Angle, largeArc: Bool, sweep: Bool) {
        command("A")
        bytes.appendNumber(radii.width)
        bytes.append(" ")
        bytes.appendNumber(radii.height)
        bytes.append(" ")
        bytes.appendNumber(rotation.degrees)
        bytes.append(largeArc ? " 1" : " 0")
        bytes.append(sweep ? " 1 " : " 0 ")
        self.point(point)
    }

    mutating func closeSubpath() {
        command("Z")
    }
}
