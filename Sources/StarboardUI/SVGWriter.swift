import Foundation

/// Writes a laid-out tree as SVG 1.1 text.
///
/// Output is byte-stable: attributes are written in a fixed order and numbers with at most three
/// decimals. Gradient and filter ids are derived from their definitions, so two identical SVGs
/// inlined in one HTML page share ids harmlessly instead of clashing.
public struct SVGWriter {
    private var body = ""
    private var definitions: [String] = []
    private var definedIDs: Set<String> = []

    public init() {}

    /// The SVG document for `nodes` drawn in a `size` canvas, titled `title` for assistive technology.
    public mutating func document(_ nodes: [RenderNode], size: Size, title: String?) -> String {
        body.reserveCapacity(4096)
        for node in nodes { write(node) }
        let width = Self.number(size.width), height = Self.number(size.height)
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\""
        if let title {
            svg += " role=\"img\" aria-label=\"\(Self.escape(title))\"><title>\(Self.escape(title))</title>"
        } else {
            svg += ">"
        }
        if !definitions.isEmpty {
            svg += "<defs>" + definitions.joined() + "</defs>"
        }
        svg += body
        svg += "</svg>\n"
        return svg
    }

    private mutating func write(_ node: RenderNode) {
        switch node {
        case .shape(let path, let style, let frame):
            body += "<path d=\""
            body += Self.pathData(path)
            body += "\""
            if let fill = style.fill {
                writePaint(fill, attribute: "fill", frame: frame)
            } else {
                body += " fill=\"none\""
            }
            if let stroke = style.stroke {
                writePaint(stroke.paint, attribute: "stroke", frame: frame)
                body += " stroke-width=\"\(Self.number(stroke.lineWidth))\""
            }
            body += "/>"
        case .text(let string, let font, let color, let baseline):
            body += "<text x=\"\(Self.number(baseline.x))\" y=\"\(Self.number(baseline.y))\" font-family=\"\(Typesetter.familyName)\" font-size=\"\(Self.number(font.size))\""
            if let weight = font.weight.svgValue { body += " font-weight=\"\(weight)\"" }
            writePaint(.color(color), attribute: "fill", frame: Rect(origin: baseline, size: .zero))
            body += " xml:space=\"preserve\">"
            body += Self.escape(string)
            body += "</text>"
        case .group(let attributes, let children):
            writeGroup(attributes, children)
        }
    }

    private mutating func writeGroup(_ attributes: GroupAttributes, _ children: [RenderNode]) {
        body += "<g"
        if let id = attributes.elementID { body += " data-id=\"\(Self.escape(id))\"" }
        if let tap = attributes.tapTarget { body += " data-tap=\"\(Self.escape(tap))\"" }
        if let info = attributes.accessibility {
            if attributes.tapTarget != nil {
                body += " role=\"button\""
            } else if info.label != nil {
                body += " role=\"img\""
            }
            if let label = info.label { body += " aria-label=\"\(Self.escape(label))\"" }
        }
        switch attributes.transform {
        case .rotate(let degrees, let pivot)?:
            body += " transform=\"rotate(\(Self.number(degrees)) \(Self.number(pivot.x)) \(Self.number(pivot.y)))\""
        case .scale(let x, let y, let pivot)?:
            let tx = pivot.x * (1 - x), ty = pivot.y * (1 - y)
            // Scale factors get six decimals: a third written as 0.333 would be 0.1 pt off at 300 pt.
            body += " transform=\"matrix(\(Self.number(x, decimals: 6)) 0 0 \(Self.number(y, decimals: 6)) \(Self.number(tx)) \(Self.number(ty)))\""
        case nil:
            break
        }
        if let opacity = attributes.opacity { body += " opacity=\"\(Self.number(opacity))\"" }
        if let filter = attributes.filter { body += " filter=\"url(#\(define(filter)))\"" }
        body += ">"
        if let info = attributes.accessibility {
            if let label = info.label { body += "<title>\(Self.escape(label))</title>" }
            let description = [info.value, info.hint].compactMap { $0 }.joined(separator: " ")
            if !description.isEmpty { body += "<desc>\(Self.escape(description))</desc>" }
        }
        for child in children { write(child) }
        body += "</g>"
    }

    private mutating func writePaint(_ paint: Paint, attribute: String, frame: Rect) {
        switch paint {
        case .color(let color):
            body += " \(attribute)=\"\(color.rgbHex)\""
            if color.opacity < 1 { body += " \(attribute)-opacity=\"\(Self.number(color.opacity))\"" }
        case .linearGradient(let gradient):
            body += " \(attribute)=\"url(#\(define(gradient, in: frame)))\""
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
        var d = ""
        d.reserveCapacity(path.elements.count * 16)
        for element in path.elements {
            if !d.isEmpty { d += " " }
            switch element {
            case .move(let p): d += "M\(point(p))"
            case .line(let p): d += "L\(point(p))"
            case .quadCurve(let p, let c): d += "Q\(point(c)) \(point(p))"
            case .curve(let p, let c1, let c2): d += "C\(point(c1)) \(point(c2)) \(point(p))"
            case .arc(let p, let radii, let rotation, let large, let sweep):
                d += "A\(number(radii.width)) \(number(radii.height)) \(number(rotation.degrees)) \(large ? 1 : 0) \(sweep ? 1 : 0) \(point(p))"
            case .closeSubpath: d += "Z"
            }
        }
        return d
    }

    private static func point(_ p: Point) -> String {
        number(p.x) + " " + number(p.y)
    }

    /// A number with at most three decimals and no trailing zeros; `-0` and non-finite values write as `0`.
    public static func number(_ value: Double, decimals: Int = 3) -> String {
        guard value.isFinite else { return "0" }
        let unit = decimals == 3 ? 1000 : Int(pow(10, Double(decimals)))
        let scaled = (value * Double(unit)).rounded()
        guard abs(scaled) < 9e15 else { return String(Int(value)) }
        let units = Int(scaled)
        if units == 0 { return "0" }
        let magnitude = Int(units.magnitude)
        let whole = magnitude / unit, fraction = magnitude % unit
        var text = units < 0 ? "-" : ""
        text += String(whole)
        if fraction != 0 {
            var digits = String(fraction)
            while digits.count < decimals { digits = "0" + digits }
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
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
