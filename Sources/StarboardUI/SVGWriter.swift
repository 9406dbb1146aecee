import Foundation

/// Writes a laid-out tree as SVG 1.1 text: a visitor of the display list
/// (``DisplayListVisitor``) that writes an element for each drawing step, then the view outline.
///
/// Output is byte-stable: attributes are written in a fixed order and numbers with at most three
/// decimals. Gradient and filter ids are derived from their definitions, so two identical SVGs
/// inlined in one HTML page share ids harmlessly instead of clashing.
///
/// Noncopyable because it owns its ``SVGBytes`` buffer; a writer writes one document.
public struct SVGWriter: DisplayListVisitor, ~Copyable {
    private var body = SVGBytes()
    /// The `<linearGradient>` and `<filter>` elements, written once each.
    private var definitions = SVGBytes(capacity: 64)
    /// Hashes of the ids already in ``definitions``.
    private var defined: [UInt64] = []
    /// Where a definition is put together before its id (a hash of it) is known.
    private var scratch = SVGBytes(capacity: 64)
    /// Groups open now, so a group's end knows whether it closes a mask's definition (opened at
    /// the depth ``maskStarts`` notes) or a `<g>`: a count, not a list, so a render without masks
    /// allocates nothing for it.
    private var openGroups = 0
    /// Where in the body each mask definition being written starts, and its region.
    private var maskStarts: [(start: Int, region: Rect, depth: Int)] = []
    /// The id of the mask written last, which the next masked group refers to.
    private var lastMask: UInt64 = 0

    public init() {}

    /// The SVG document for a display list drawn in a `size` canvas, titled `title` for
    /// assistive technology.
    /// `records` are the placed views, written after the drawing as the view outline
    /// (``ViewOutline``); `outline` is the outline's scratch tables, kept between renders.
    ///
    /// `translation` moves the drawing into the image (a preview that draws above or left of its
    /// frame); `background` fills the image first (a device's screen).
    mutating func document(
        _ display: DisplayList, graph: ViewGraph, size: Size, translation: Point = .zero, background: Color.Resolved? = nil,
        title: String?, records: [ViewRecord], outline: inout ViewOutline.Tables
    ) -> String {
        body.reserve(4096)
        if let background {
            body.append("<rect width=\"")
            body.appendNumber(size.width)
            body.append("\" height=\"")
            body.appendNumber(size.height)
            body.append("\" fill=\"")
            body.appendHex(background)
            body.append("\"/>")
        }
        let moved = translation != .zero
        if moved {
            body.append("<g transform=\"translate(")
            body.appendNumber(translation.x)
            body.append(" ")
            body.appendNumber(translation.y)
            body.append(")\">")
        }
        display.walk(&self, graph: graph)
        if moved { body.append("</g>") }
        ViewOutline.write(records, tables: &outline, graph: graph, into: &body)
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
        // A screen cuts what is drawn beyond it, also where a page lets SVG overflow.
        if background != nil { svg.append(" data-canvas=\"screen\"") }
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

    // MARK: - Drawing steps

    mutating func endGroup() {
        if let mask = maskStarts.last, mask.depth == openGroups { endMask() } else { body.append("</g>") }
        openGroups -= 1
    }

    mutating func text(_ text: UnsafePointer<TextNode>, layout: UnsafePointer<TextLayout>, frame: Rect) {
        writeText(text.pointee, layout.pointee, in: frame)
    }

    mutating func image(_ shape: UnsafePointer<ShapeNode>, frame: Rect) {
        writeImage(shape.pointee.drawing.image!, tint: shape.pointee.drawing.fill, in: frame)
    }

    /// Reads the shape in place (a pointer into the graph's table): passed by value it would be
    /// copied, paint and all, for every shape.
    mutating func shape(_ shape: UnsafePointer<ShapeNode>, frame: Rect) {
        var fill = shape.pointee.drawing.fill
        if let angular = fill, case .angular = angular {
            writeSweep(angular, geometry: shape.pointee.geometry, evenOdd: shape.pointee.drawing.evenOdd, frame: frame)
            guard shape.pointee.drawing.stroke != nil else { return }
            fill = nil
        }
        body.append("<path d=\"")
        writeOutline(shape.pointee.geometry, in: frame)
        body.append("\"")
        if let fill {
            writePaint(fill, attribute: "fill", frame: frame)
            if shape.pointee.drawing.evenOdd { body.append(" fill-rule=\"evenodd\"") }
        } else {
            body.append(" fill=\"none\"")
        }
        if let stroke = shape.pointee.drawing.stroke {
            writeStroke(stroke, frame: frame)
            if let trim = shape.pointee.drawing.trim { writeTrim(trim, of: shape.pointee.geometry) }
        }
        body.append("/>")
    }

    /// A resource image stretched over `frame` (the layout keeps its aspect ratio where asked),
    /// embedded as a data URI so the SVG stands alone; a template image through a filter that
    /// floods its opaque parts with the tint (a gradient tints with its first colour).
    private mutating func writeImage(_ image: AssetCatalog.ImageAsset, tint: Paint?, in frame: Rect) {
        body.append("<image x=\"")
        body.appendNumber(frame.minX)
        body.append("\" y=\"")
        body.appendNumber(frame.minY)
        body.append("\" width=\"")
        body.appendNumber(frame.width)
        body.append("\" height=\"")
        body.appendNumber(frame.height)
        body.append("\" preserveAspectRatio=\"none\"")
        if let tint {
            let color: Color.Resolved
            switch tint {
            case .color(let value): color = value
            case .linear(let stops, _, _), .radial(let stops, _, _, _), .angular(let stops, _, _, _):
                color = stops.first?.color ?? Color.Resolved(0, 0, 0)
            }
            scratch.removeAll()
            scratch.appendHex(color)
            scratch.appendNumber(color.opacity)
            let hash = Self.hashID("sb-t", scratch)
            if !defined.contains(hash) {
                defined.append(hash)
                definitions.append("<filter id=\"sb-t")
                definitions.appendHex64(hash)
                definitions.append("\" x=\"0\" y=\"0\" width=\"1\" height=\"1\" color-interpolation-filters=\"sRGB\"><feFlood flood-color=\"")
                definitions.appendHex(color)
                definitions.append("\" flood-opacity=\"")
                definitions.appendNumber(color.opacity)
                definitions.append("\"/><feComposite in2=\"SourceAlpha\" operator=\"in\"/></filter>")
            }
            body.append(" filter=\"url(#sb-t")
            body.appendHex64(hash)
            body.append(")\"")
        }
        body.append(" href=\"")
        body.appendString(image.dataURI)
        body.append("\"/>")
    }

    /// A text: one `<text>` for a single line, with a `<tspan>` per line when it wraps, and
    /// within a line a `<tspan>` per run of a joined text (`Text + Text`). A line set in more than
    /// one face, or right to left, has a `<tspan>` per run in visual order, each placed at the
    /// `x` layout gave it and naming the face it was measured in, right-to-left runs with
    /// `direction="rtl" unicode-bidi="bidi-override"`, so the browser keeps the measured order.
    private mutating func writeText(_ text: TextNode, _ layout: TextLayout, in frame: Rect) {
        let lines = layout.lines
        if let lines, lines.isEmpty { return }
        let baseline = frame.minY + layout.ascent
        let left = frame.minX + (lines.map { frame.width - $0[0].width } ?? 0) * text.alignment.fraction
        body.append("<text x=\"")
        body.appendNumber(left)
        body.append("\" y=\"")
        body.appendNumber(baseline)
        body.append("\"")
        writeFont(text.font)
        writePaint(text.paint, attribute: "fill", frame: frame)
        body.append(" xml:space=\"preserve\">")
        if let lines {
            for (number, line) in lines.enumerated() {
                let lineLeft = frame.minX + (frame.width - line.width) * text.alignment.fraction
                body.append("<tspan x=\"")
                body.appendNumber(lineLeft)
                body.append("\" y=\"")
                body.appendNumber(baseline + Double(number) * layout.linePitch)
                body.append("\">")
                if let runs = line.runs {
                    writeVisualRuns(runs, of: text, in: line.text.base, left: lineLeft, truncated: line.isTruncated, frame: frame)
                } else if line.isTruncated {
                    body.appendEscaped(String(line.text))
                } else {
                    writeRuns(of: text, in: line.text, frame: frame)
                }
                body.append("</tspan>")
            }
        } else if let runs = layout.runs {
            writeVisualRuns(runs, of: text, in: layout.string ?? text.string, left: left, truncated: false, frame: frame)
        } else {
            writeRuns(of: text, in: Substring(text.string), frame: frame)
        }
        body.append("</text>")
    }

    /// `piece` of a text's string: as it is for one run, else a `<tspan>` for each run's part of
    /// it, with what differs from the text's first run.
    private mutating func writeRuns(of text: TextNode, in piece: Substring, frame: Rect) {
        guard let runs = text.runs else {
            body.appendEscaped(String(piece))
            return
        }
        let utf8 = text.string.utf8
        let start = utf8.distance(from: utf8.startIndex, to: piece.startIndex)
        let end = start + piece.utf8.count
        for (index, run) in runs.enumerated() where run.utf8Range.upperBound > start && run.utf8Range.lowerBound < end {
            let lower = utf8.index(utf8.startIndex, offsetBy: max(start, run.utf8Range.lowerBound))
            let upper = utf8.index(utf8.startIndex, offsetBy: min(end, run.utf8Range.upperBound))
            let part = String(text.string[lower..<upper])
            if index == 0 && run.decoration.isEmpty {
                body.appendEscaped(part)
                continue
            }
            body.append("<tspan")
            if index != 0 {
                writeFont(run.font, over: text.font)
                writeRunPaint(run.paint, over: text.paint, frame: frame)
            }
            writeDecoration(run.decoration)
            body.append(">")
            body.appendEscaped(part)
            body.append("</tspan>")
        }
    }

    /// A line's runs in visual order, each a `<tspan>` at its own `x` in the face it was
    /// measured in. Bidi controls are left out: the order they asked for is already applied.
    private mutating func writeVisualRuns(_ runs: [VisualRun], of text: TextNode, in string: String, left: Double, truncated: Bool, frame: Rect) {
        let utf8 = string.utf8
        let inherited = Self.faceStyle(of: Typesetter.Face.of(text.font))
        for run in runs {
            let span = truncated ? nil : text.runs?[Int(run.span)]
            let font = span?.font ?? text.font
            body.append("<tspan x=\"")
            // A right-to-left run starts at its right edge.
            body.appendNumber(left + run.x + (run.rightToLeft ? run.width : 0))
            body.append("\"")
            if run.face != inherited || font.size != text.font.size {
                writeFace(run.face, size: font.size, over: inherited)
            }
            writeLetterSpacing(font.letterSpacing, over: text.font.letterSpacing)
            if let span, run.span != 0 { writeRunPaint(span.paint, over: text.paint, frame: frame) }
            if let span { writeDecoration(span.decoration) }
            if run.rightToLeft { body.append(" direction=\"rtl\" unicode-bidi=\"bidi-override\"") }
            body.append(">")
            let lower = utf8.index(utf8.startIndex, offsetBy: Int(run.start))
            let upper = utf8.index(utf8.startIndex, offsetBy: Int(run.end))
            var part = String(string[lower..<upper])
            if part.unicodeScalars.contains(where: Self.isBidiControl) {
                part = String(String.UnicodeScalarView(part.unicodeScalars.filter { !Self.isBidiControl($0) }))
            }
            body.appendEscaped(part)
            body.append("</tspan>")
        }
    }

    /// A run's lines under or through it; a line set on a `<text>` cannot be taken off its
    /// `<tspan>`s, so only runs carry them.
    private mutating func writeDecoration(_ decoration: TextNode.Decoration) {
        guard !decoration.isEmpty else { return }
        body.append(" text-decoration=\"")
        body.append(decoration.svgValue)
        body.append("\"")
    }

    /// The explicit bidi formatting characters (embeddings, overrides, isolates and marks).
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The font attributes of text set in `font`: the face's family, size, weight and slant as
    /// the face that measured it, and its spacing; inside text set in `outer`, what would be
    /// inherited wrongly is set back.
    private mutating func writeFont(_ font: Font, over outer: Font? = nil) {
        let face = Typesetter.Face.of(font)
        // Inside text in the same face nothing is inherited wrongly.
        let outerFace = outer.map(Typesetter.Face.of).flatMap { $0 == face ? nil : $0 }
        writeFace(Self.faceStyle(of: face), size: font.size, over: outerFace.map(Self.faceStyle))
        writeLetterSpacing(font.letterSpacing, over: outer?.letterSpacing ?? 0)
    }

    private static func faceStyle(of face: Typesetter.Face) -> FaceStyle {
        FaceStyle(family: face.family, weight: face.weight, isItalic: face.isSlanted)
    }

    /// `letter-spacing` where it differs from what the element inherits.
    private mutating func writeLetterSpacing(_ spacing: Double, over outer: Double) {
        guard spacing != outer else { return }
        body.append(" letter-spacing=\"")
        body.appendNumber(spacing)
        body.append("\"")
    }

    /// A face's attributes; inside an element set in `outer`, what would be inherited wrongly
    /// is set back (`font-weight="normal"` for a regular face in bold text, say).
    private mutating func writeFace(_ face: FaceStyle, size: Double, over outer: FaceStyle? = nil) {
        body.append(" font-family=\"")
        body.appendEscaped(face.family)
        body.append("\" font-size=\"")
        body.appendNumber(size)
        body.append("\"")
        if face.weight == 700 {
            body.append(" font-weight=\"bold\"")
        } else if face.weight != 400 {
            body.append(" font-weight=\"")
            body.appendNumber(Double(face.weight))
            body.append("\"")
        } else if let outer, outer.weight != 400 {
            body.append(" font-weight=\"normal\"")
        }
        if face.isItalic {
            body.append(" font-style=\"italic\"")
        } else if let outer, outer.isItalic {
            body.append(" font-style=\"normal\"")
        }
    }

    /// Reads the group's attributes in place, field by field: passed by value they would be
    /// copied whole (every string retained and released) for every group.
    mutating func beginGroup(_ group: UnsafePointer<GroupAttributes>) {
        if case .definition(let region)? = group.pointee.mask {
            beginMask(in: region)
            return
        }
        openGroups += 1
        body.append("<g")
        if let id = group.pointee.elementID {
            body.append(" data-id=\"")
            body.appendEscaped(id)
            body.append("\"")
        }
        if let tap = group.pointee.tapTarget {
            body.append(" data-tap=\"")
            body.appendEscaped(tap)
            body.append("\"")
        }
        // Where the escaped label went, so the <title> copies it instead of escaping it again.
        var escapedLabel = 0..<0
        if group.pointee.isHidden {
            body.append(" aria-hidden=\"true\"")
        } else if let info = group.pointee.accessibility {
            if group.pointee.tapTarget != nil || group.pointee.traits.contains(.isButton) {
                body.append(" role=\"button\"")
            } else if group.pointee.traits.contains(.isLink) {
                body.append(" role=\"link\"")
            } else if group.pointee.traits.contains(.isHeader) {
                body.append(" role=\"heading\"")
            } else if info.label != nil {
                body.append(" role=\"img\"")
            }
            if group.pointee.traits.contains(.isSelected) {
                body.append(" aria-selected=\"true\"")
            }
            if let label = info.label {
                body.append(" aria-label=\"")
                let start = body.count
                body.appendEscaped(label)
                escapedLabel = start..<body.count
                body.append("\"")
            }
        }
        switch group.pointee.transform {
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
        case .matrix(let m)?:
            body.append(" transform=\"matrix(")
            for (index, value) in [m.a, m.b, m.c, m.d].enumerated() {
                if index > 0 { body.append(" ") }
                body.appendNumber(value, decimals: 6)
            }
            body.append(" ")
            body.appendNumber(m.tx)
            body.append(" ")
            body.appendNumber(m.ty)
            body.append(")\"")
        case nil:
            break
        }
        if let opacity = group.pointee.opacity {
            body.append(" opacity=\"")
            body.appendNumber(opacity)
            body.append("\"")
        }
        if let blend = group.pointee.blendMode {
            body.append(" style=\"mix-blend-mode:")
            body.append(blend.cssName)
            body.append("\"")
        }
        if let filter = group.pointee.filter {
            body.append(" filter=\"url(#")
            define(filter)
            body.append(")\"")
        }
        if let clip = group.pointee.clip {
            body.append(" clip-path=\"url(#")
            define(clip.0, in: clip.1)
            body.append(")\"")
        }
        if case .content? = group.pointee.mask {
            body.append(" mask=\"url(#sb-m")
            body.appendHex64(lastMask)
            body.append(")\"")
        }
        body.append(">")
        if !group.pointee.isHidden, let info = group.pointee.accessibility {
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

    /// A run's fill inside a text filled with `outer`: an opaque colour in a translucent text
    /// (a link in `.secondary` text) sets its opacity back, which a `<tspan>` would inherit.
    private mutating func writeRunPaint(_ paint: Paint, over outer: Paint, frame: Rect) {
        writePaint(paint, attribute: "fill", frame: frame)
        if case .color(let color) = paint, color.opacity >= 1, case .color(let outerColor) = outer, outerColor.opacity < 1 {
            body.append(" fill-opacity=\"1\"")
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
        case .linear, .radial:
            body.append(" ")
            body.append(attribute)
            body.append("=\"url(#")
            define(gradient: paint, in: frame)
            body.append(")\"")
        case .angular(let stops, _, _, _):
            // Only a shape's fill can be swept (``writeSweep``); text and strokes take its middle color.
            writePaint(.color(Self.color(at: 0.5, in: stops)), attribute: attribute, frame: frame)
        }
    }

    /// A stroke's paint and style; SwiftUI's defaults (butt caps, miter joins, miter limit 10)
    /// written where SVG's differ.
    private mutating func writeStroke(_ stroke: Stroke, frame: Rect) {
        writePaint(stroke.paint, attribute: "stroke", frame: frame)
        body.append(" stroke-width=\"")
        body.appendNumber(stroke.style.lineWidth)
        body.append("\"")
        switch stroke.style.lineCap {
        case .butt: break
        case .round: body.append(" stroke-linecap=\"round\"")
        case .square: body.append(" stroke-linecap=\"square\"")
        }
        switch stroke.style.lineJoin {
        case .miter:
            body.append(" stroke-miterlimit=\"")
            body.appendNumber(stroke.style.miterLimit)
            body.append("\"")
        case .round: body.append(" stroke-linejoin=\"round\"")
        case .bevel: body.append(" stroke-linejoin=\"bevel\"")
        }
        if !stroke.style.dash.isEmpty {
            body.append(" stroke-dasharray=\"")
            for (index, length) in stroke.style.dash.enumerated() {
                if index > 0 { body.append(" ") }
                body.appendNumber(length)
            }
            body.append("\"")
            if stroke.style.dashPhase != 0 {
                body.append(" stroke-dashoffset=\"")
                body.appendNumber(stroke.style.dashPhase)
                body.append("\"")
            }
        }
    }

    /// A trimmed stroke: one dash as long as the kept part, the path measured as length 1, and the
    /// dash moved to where the part starts. A period of exactly the path's length lets the dash
    /// run on past the end of a closed outline into its start. SwiftUI's ellipses start at their
    /// trailing point and ours at the leading one: half the way round.
    private mutating func writeTrim(_ trim: (from: Double, to: Double), of geometry: ShapeGeometry) {
        var start = trim.from
        switch geometry {
        case .circle, .ellipse: start += 0.5
        case .inset(let inset):
            if case .circle = inset.base { start += 0.5 }
            if case .ellipse = inset.base { start += 0.5 }
        default: break
        }
        start -= start.rounded(.down)
        let length = trim.to - trim.from
        body.append(" pathLength=\"1\" stroke-dasharray=\"")
        body.appendNumber(length)
        body.append(" ")
        body.appendNumber(1 - length)
        body.append("\"")
        if start != 0 {
            body.append(" stroke-dashoffset=\"")
            body.appendNumber(-start)
            body.append("\"")
        }
    }

    /// An angular gradient filling `geometry`: SVG has no sweep gradient, so the shape clips a fan
    /// of thin wedges, each in the gradient's color at its middle (two degrees each).
    private mutating func writeSweep(_ paint: Paint, geometry: ShapeGeometry, evenOdd: Bool, frame: Rect) {
        guard case .angular(let stops, let center, let startAngle, let endAngle) = paint else { return }
        body.append("<g clip-path=\"url(#")
        define(Clip(geometry: geometry, evenOdd: evenOdd), in: frame)
        body.append(")\">")
        let pivot = frame.point(at: center)
        // Far enough to cover the frame from any centre.
        let reach = 2 * (frame.width + frame.height) + 1
        let sweep = endAngle.degrees - startAngle.degrees
        let count = max(8, Int((abs(sweep) / 2).rounded(.up)))
        func wedge(from start: Double, to end: Double, color: Color.Resolved) {
            let a = Angle(degrees: start).radians, b = Angle(degrees: end).radians
            body.append("<path d=\"M")
            body.appendNumber(pivot.x)
            body.append(" ")
            body.appendNumber(pivot.y)
            body.append(" L")
            body.appendNumber(pivot.x + reach * cos(a))
            body.append(" ")
            body.appendNumber(pivot.y + reach * sin(a))
            body.append(" L")
            body.appendNumber(pivot.x + reach * cos(b))
            body.append(" ")
            body.appendNumber(pivot.y + reach * sin(b))
            body.append(" Z\"")
            writePaint(.color(color), attribute: "fill", frame: frame)
            body.append("/>")
        }
        // Where the sweep leaves a gap, the end color fills its first half and the start color the rest.
        if abs(sweep) < 360, let first = stops.first, let last = stops.last {
            let gap = 360 - abs(sweep)
            let direction: Double = sweep >= 0 ? 1 : -1
            let gapStart = endAngle.degrees
            wedge(from: gapStart, to: gapStart + direction * gap / 2, color: last.color)
            wedge(from: gapStart + direction * gap / 2, to: gapStart + direction * gap, color: first.color)
        }
        for step in 0..<count {
            // Each wedge reaches over half the next, so no seam shows between them.
            let from = startAngle.degrees + sweep * Double(step) / Double(count)
            let to = startAngle.degrees + sweep * (Double(step) + 1.5) / Double(count)
            wedge(from: from, to: min(to, startAngle.degrees + sweep), color: Self.color(at: (Double(step) + 0.5) / Double(count), in: stops))
        }
        body.append("</g>")
    }

    /// The gradient's color at `location`: the stops on either side mixed in sRGB.
    static func color(at location: Double, in stops: [Paint.ResolvedStop]) -> Color.Resolved {
        guard let first = stops.first else { return Color.Resolved(red: 0, green: 0, blue: 0, opacity: 0) }
        if location <= first.location { return first.color }
        for (lower, upper) in zip(stops, stops.dropFirst()) where location <= upper.location {
            let span = upper.location - lower.location
            let t = span > 0 ? (location - lower.location) / span : 1
            func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
            return Color.Resolved(
                red: mix(lower.color.red, upper.color.red), green: mix(lower.color.green, upper.color.green),
                blue: mix(lower.color.blue, upper.color.blue), opacity: mix(lower.color.opacity, upper.color.opacity)
            )
        }
        return stops[stops.count - 1].color
    }

    // MARK: - Definitions

    /// Writes the id of a linear or radial gradient resolved against `frame` into the body,
    /// defining it first if no identical gradient is defined yet. The id is a hash of the definition.
    private mutating func define(gradient paint: Paint, in frame: Rect) {
        scratch.removeAll()
        var remap: (Double) -> Double = { $0 }
        switch paint {
        case .linear(_, let startPoint, let endPoint):
            // Resolved in user space against the shape's frame, as SwiftUI resolves unit points.
            let start = frame.point(at: startPoint), end = frame.point(at: endPoint)
            scratch.append("gradientUnits=\"userSpaceOnUse\" x1=\"")
            scratch.appendNumber(start.x)
            scratch.append("\" y1=\"")
            scratch.appendNumber(start.y)
            scratch.append("\" x2=\"")
            scratch.appendNumber(end.x)
            scratch.append("\" y2=\"")
            scratch.appendNumber(end.y)
            scratch.append("\">")
        case .radial(_, let center, let startRadius, let endRadius):
            let pivot = frame.point(at: center)
            scratch.append("gradientUnits=\"userSpaceOnUse\" cx=\"")
            scratch.appendNumber(pivot.x)
            scratch.append("\" cy=\"")
            scratch.appendNumber(pivot.y)
            scratch.append("\" r=\"")
            scratch.appendNumber(max(endRadius, 0))
            scratch.append("\">")
            // SVG 1.1 starts every radial gradient at the centre: the stops move out to startRadius.
            if endRadius > 0, startRadius > 0 {
                let inner = min(startRadius / endRadius, 1)
                remap = { inner + (1 - inner) * $0 }
            }
        default:
            return
        }
        let stops: [Paint.ResolvedStop]
        switch paint {
        case .linear(let s, _, _), .radial(let s, _, _, _), .angular(let s, _, _, _): stops = s
        case .color: stops = []
        }
        for stop in stops {
            scratch.append("<stop offset=\"")
            scratch.appendNumber(remap(stop.location))
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
        let radial: Bool
        if case .radial = paint { radial = true } else { radial = false }
        let hash = scratch.fnv1a() ^ (radial ? 0x9e37_79b9 : 0)
        if !defined.contains(hash) {
            defined.append(hash)
            definitions.append(radial ? "<radialGradient id=\"sb-g" : "<linearGradient id=\"sb-g")
            definitions.appendHex64(hash)
            definitions.append("\" ")
            definitions.append(scratch)
            definitions.append(radial ? "</radialGradient>" : "</linearGradient>")
        }
        body.append("sb-g")
        body.appendHex64(hash)
    }

    /// Writes the id of `filter` into the body, defining it first if it is new. The id spells
    /// the filter's value (`sb-hue90`, `sb-sat0_5`, `sb-blur4`), or hashes it (shadows).
    private mutating func define(_ filter: Filter) {
        let prefix: StaticString
        scratch.removeAll()
        switch filter {
        case .hueRotation(let angle):
            prefix = "sb-hue"
            scratch.appendNumber(angle.degrees)
        case .grayscale(let amount):
            // CSS grayscale(a) is, to within rounding, SVG saturate(1 - a).
            prefix = "sb-sat"
            scratch.appendNumber(1 - min(max(amount, 0), 1))
        case .saturation(let amount):
            prefix = "sb-sat"
            scratch.appendNumber(max(amount, 0))
        case .brightness(let amount):
            prefix = "sb-bri"
            scratch.appendNumber(amount)
        case .contrast(let amount):
            prefix = "sb-con"
            scratch.appendNumber(amount)
        case .blur(let radius):
            prefix = "sb-blur"
            scratch.appendNumber(radius)
        case .shadow(let color, let radius, let x, let y):
            prefix = "sb-sh"
            scratch.appendHex(color)
            for number in [color.opacity, radius, x, y] {
                scratch.append("_")
                scratch.appendNumber(number)
            }
        }
        var hashed = false
        if case .shadow = filter { hashed = true }
        let hash = Self.hashID(prefix, scratch)
        if !defined.contains(hash) {
            defined.append(hash)
            definitions.append("<filter id=\"")
            Self.writeFilterID(prefix, hashed: hashed, from: scratch, into: &definitions)
            // sRGB interpolation, or the matrices work on linear light and colors come out wrong.
            definitions.append("\" color-interpolation-filters=\"sRGB\"")
            switch filter {
            case .hueRotation(let angle):
                definitions.append("><feColorMatrix type=\"hueRotate\" values=\"")
                definitions.appendNumber(angle.degrees)
                definitions.append("\"/>")
            case .grayscale, .saturation:
                definitions.append("><feColorMatrix type=\"saturate\" values=\"")
                definitions.append(scratch)
                definitions.append("\"/>")
            case .brightness(let amount):
                definitions.append("><feComponentTransfer>")
                for channel: StaticString in ["R", "G", "B"] {
                    definitions.append("<feFunc")
                    definitions.append(channel)
                    definitions.append(" type=\"linear\" slope=\"1\" intercept=\"")
                    definitions.appendNumber(amount)
                    definitions.append("\"/>")
                }
                definitions.append("</feComponentTransfer>")
            case .contrast(let amount):
                definitions.append("><feComponentTransfer>")
                for channel: StaticString in ["R", "G", "B"] {
                    definitions.append("<feFunc")
                    definitions.append(channel)
                    definitions.append(" type=\"linear\" slope=\"")
                    definitions.appendNumber(amount)
                    definitions.append("\" intercept=\"")
                    definitions.appendNumber(0.5 - 0.5 * amount)
                    definitions.append("\"/>")
                }
                definitions.append("</feComponentTransfer>")
            case .blur(let radius):
                // The region grows with the blur, or its edges would be cut off.
                definitions.append(" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\"><feGaussianBlur stdDeviation=\"")
                definitions.appendNumber(radius / 2)
                definitions.append("\"/>")
            case .shadow(let color, let radius, let x, let y):
                // SVG 1.1's primitives rather than feDropShadow, which librsvg does not draw.
                definitions.append(" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\"><feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"")
                definitions.appendNumber(radius / 2)
                definitions.append("\"/><feOffset dx=\"")
                definitions.appendNumber(x)
                definitions.append("\" dy=\"")
                definitions.appendNumber(y)
                definitions.append("\" result=\"shadow\"/><feFlood flood-color=\"")
                definitions.appendHex(color)
                definitions.append("\" flood-opacity=\"")
                definitions.appendNumber(color.opacity)
                definitions.append("\"/><feComposite in2=\"shadow\" operator=\"in\"/><feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge>")
            }
            definitions.append("</filter>")
        }
        Self.writeFilterID(prefix, hashed: hashed, from: scratch, into: &body)
    }

    /// The id of the filter in ``scratch``: the prefix and the value with `.` as `_` and `-` as
    /// `m`, or (`hashed`, for shadows) the prefix and a hash of the values.
    private static func writeFilterID(_ prefix: StaticString, hashed: Bool, from scratch: borrowing SVGBytes, into bytes: inout SVGBytes) {
        bytes.append(prefix)
        if hashed {
            bytes.appendHex64(scratch.fnv1a())
        } else {
            bytes.appendIDSafe(scratch, from: 0)
        }
    }

    private static func hashID(_ prefix: StaticString, _ value: borrowing SVGBytes) -> UInt64 {
        var hash = value.fnv1a()
        for offset in 0..<prefix.utf8CodeUnitCount {
            hash ^= UInt64(prefix.utf8Start[offset])
            hash &*= 0x100_0000_01b3
        }
        return hash
    }

    /// Starts a mask's drawing, written into the body for now and moved into a `<mask>`
    /// definition at its end.
    private mutating func beginMask(in region: Rect) {
        openGroups += 1
        maskStarts.append((body.count, region, openGroups))
    }

    /// Ends a mask's drawing: defines a `<mask>` of it (its id a hash of what it draws, so equal
    /// masks share one), to be used by its alpha, as SwiftUI masks, over its region.
    private mutating func endMask() {
        let (start, region, _) = maskStarts.removeLast()
        scratch.removeAll()
        scratch.append("\" maskUnits=\"userSpaceOnUse\" x=\"")
        scratch.appendNumber(region.minX)
        scratch.append("\" y=\"")
        scratch.appendNumber(region.minY)
        scratch.append("\" width=\"")
        scratch.appendNumber(region.width)
        scratch.append("\" height=\"")
        scratch.appendNumber(region.height)
        scratch.append("\" style=\"mask-type:alpha\">")
        scratch.append(body, from: start)
        body.removeLast(from: start)
        let hash = scratch.fnv1a() ^ 0x6d61_736b
        if !defined.contains(hash) {
            defined.append(hash)
            definitions.append("<mask id=\"sb-m")
            definitions.appendHex64(hash)
            definitions.append(scratch)
            definitions.append("</mask>")
        }
        lastMask = hash
    }

    /// Writes the id of a clip path for `clip` laid out in `frame`, defining it first if new.
    private mutating func define(_ clip: Clip, in frame: Rect) {
        scratch.removeAll()
        var data = PathData(bytes: SVGBytes(capacity: 0))
        swap(&data.bytes, &scratch)
        clip.geometry.emit(in: frame, to: &data)
        swap(&data.bytes, &scratch)
        if clip.evenOdd { scratch.append("\" clip-rule=\"evenodd") }
        let hash = scratch.fnv1a() ^ 0x5bd1_e995
        if !defined.contains(hash) {
            defined.append(hash)
            definitions.append("<clipPath id=\"sb-c")
            definitions.appendHex64(hash)
            definitions.append("\" clipPathUnits=\"userSpaceOnUse\"><path d=\"")
            definitions.append(scratch)
            definitions.append("\"/></clipPath>")
        }
        body.append("sb-c")
        body.appendHex64(hash)
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
