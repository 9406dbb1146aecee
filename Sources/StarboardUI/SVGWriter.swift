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
    private var definitions: [String] = []
    private var definedIDs: Set<String> = []

    public init() {}

    /// The SVG document for `nodes` drawn in a `size` canvas, titled `title` for assistive technology.
    public mutating func document(_ nodes: [RenderNode], size: Size, title: String?) -> String {
        body.reserve(4096)
        for node in nodes { write(node) }
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
        if !definitions.isEmpty {
            svg.append("<defs>")
            for definition in definitions { svg.appendString(definition) }
            svg.append("</defs>")
        }
        svg.append(body)
        svg.append("</svg>\n")
        return svg.string
    }

    private mutating func write(_ node: RenderNode) {
        switch node {
        case .shape(let path, let style, let frame):
            body.append("<path d=\"")
            Self.writePathData(path, into: &body)
            body.append("\"")
            if let fill = style.fill {
                writePaint(fill, attribute: "fill", frame: frame)
            } else {
                body.append(" fill=\"none\"")
            }
            if let stroke = style.stroke {
                writePaint(stroke.paint, attribute: "stroke", frame: frame)
                body.append(" stroke-width=\"")
                body.appendNumber(stroke.lineWidth)
                body.append("\"")
            }
            body.append("/>")
        case .text(let string, let font, let color, let baseline):
            body.append("<text x=\"")
            body.appendNumber(baseline.x)
            body.append("\" y=\"")
            body.appendNumber(baseline.y)
            body.append("\" font-family=\"")
            body.appendString(Typesetter.familyName)
            body.append("\" font-size=\"")
            body.appendNumber(font.size)
            body.append("\"")
            if let weight = font.weight.svgValue {
                body.append(" font-weight=\"")
                body.appendString(weight)
                body.append("\"")
            }
            writePaint(.color(color), attribute: "fill", frame: Rect(origin: baseline, size: .zero))
            body.append(" xml:space=\"preserve\">")
            body.appendEscaped(string)
            body.append("</text>")
        case .group(let attributes, let children):
            writeGroup(attributes, children)
        }
    }

    private mutating func writeGroup(_ attributes: GroupAttributes, _ children: [RenderNode]) {
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
            body.appendString(define(filter))
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
        for child in children { write(child) }
        body.append("</g>")
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
            body.appendString(define(gradient, in: frame))
            body.append(")\"")
        }
    }

    // MARK: - Definitions

    private mutating func define(_ gradient: LinearGradient, in frame: Rect) -> String {
        // Resolved in user space against the shape's frame, as SwiftUI resolves unit points.
        let start = frame.point(at: gradient.startPoint), end = frame.point(at: gradient.endPoint)
        var definition = "gradientUnits=\"userSpaceOnUse\" x1=\"\(Self.number(start.x))\" y1=\"\(Self.number(start.y))\" x2=\"\(Self.number(end.x))\" y2=\"\(Self.number(end.y))\">"
        for stop in gradient.stops {
            definition += "<stop offset=\"\(Self.number(stop.location))\" stop-color=\"\(stop.color.rgbHex)\""
            if stop.color.opacity < 1 { definition += " stop-opacity=\"\(Self.number(stop.color.opacity))\"" }
            definition += "/>"
        }
        let id = "sb-g" + Self.hash(definition)
        if definedIDs.insert(id).inserted {
            definitions.append("<linearGradient id=\"\(id)\" " + definition + "</linearGradient>")
        }
        return id
    }

    private mutating func define(_ filter: Filter) -> String {
        let id: String, primitive: String
        switch filter {
        case .hueRotation(let angle):
            let degrees = Self.number(angle.degrees)
            id = "sb-hue" + Self.idSafe(degrees)
            primitive = "<feColorMatrix type=\"hueRotate\" values=\"\(degrees)\"/>"
        case .grayscale(let amount):
            // CSS grayscale(a) is, to within rounding, SVG saturate(1 - a).
            let saturation = Self.number(1 - min(max(amount, 0), 1))
            id = "sb-sat" + Self.idSafe(saturation)
            primitive = "<feColorMatrix type=\"saturate\" values=\"\(saturation)\"/>"
        }
        if definedIDs.insert(id).inserted {
            // sRGB interpolation, or the matrices work on linear light and colors come out wrong.
            definitions.append("<filter id=\"\(id)\" color-interpolation-filters=\"sRGB\">\(primitive)</filter>")
        }
        return id
    }

    // MARK: - Formatting

    /// SVG path data with absolute commands.
    static func pathData(_ path: Path) -> String {
        var bytes = SVGBytes()
        writePathData(path, into: &bytes)
        return bytes.string
    }

    static func writePathData(_ path: Path, into d: inout SVGBytes) {
        var first = true
        func point(_ p: Point) {
            d.appendNumber(p.x)
            d.append(" ")
            d.appendNumber(p.y)
        }
        for element in path.elements {
            if !first { d.append(" ") }
            first = false
            switch element {
            case .move(let p): d.append("M"); point(p)
            case .line(let p): d.append("L"); point(p)
            case .quadCurve(let p, let c): d.append("Q"); point(c); d.append(" "); point(p)
            case .curve(let p, let c1, let c2): d.append("C"); point(c1); d.append(" "); point(c2); d.append(" "); point(p)
            case .arc(let p, let radii, let rotation, let large, let sweep):
                d.append("A")
                d.appendNumber(radii.width)
                d.append(" ")
                d.appendNumber(radii.height)
                d.append(" ")
                d.appendNumber(rotation.degrees)
                d.append(large ? " 1" : " 0")
                d.append(sweep ? " 1 " : " 0 ")
                point(p)
            case .closeSubpath: d.append("Z")
            }
        }
    }

    /// A number with at most `decimals` decimals (three by default) and no trailing zeros;
    /// `-0` and non-finite values write as `0`.
    public static func number(_ value: Double, decimals: Int = 3) -> String {
        var bytes = SVGBytes()
        bytes.appendNumber(value, decimals: decimals)
        return bytes.string
    }

    private static func idSafe(_ number: String) -> String {
        String(number.map { $0 == "." ? "_" : $0 == "-" ? "m" : $0 })
    }

    /// FNV-1a, 64-bit: stable across runs and platforms (unlike `Hasher`).
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value &*= 0x100_0000_01b3
        }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
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
