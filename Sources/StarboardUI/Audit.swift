/// Something in a render that breaks in its environment: text too faint for what is behind it,
/// text cut short or running out of its frame, a tap target too small or without a label, layout
/// that does not mirror right to left.
public struct AuditFinding: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Text whose contrast with the color behind it is under WCAG 2's minimum.
        case contrast
        /// Text shortened with an ellipsis because it did not fit.
        case truncatedText
        /// Text drawn outside the image or outside a clip around it.
        case clippedText
        /// A tap target under 44 × 44 points.
        case smallTapTarget
        /// Something a person can tap with no accessibility label.
        case unlabeledControl
        /// A fixed horizontal offset or position, which does not mirror right to left.
        case unmirroredOffset
        /// Characters no installed face has, drawn as empty boxes ("tofu").
        case missingGlyphs
    }

    public var kind: Kind
    /// What it is about, as a person would find it: the text, or the element's label or id.
    public var subject: String
    /// The sentence the audit reports.
    public var message: String
    /// Where it is in the image, in points.
    public var frame: CGRect
    /// The contrast ratio found, and the one required (for `.contrast`).
    public var ratio: Double?
    public var requiredRatio: Double?
}

/// WCAG 2's contrast arithmetic.
public enum Contrast {
    /// Relative luminance of an sRGB color (WCAG 2.x).
    public static func luminance(_ color: Color.Resolved) -> Double {
        func linear(_ channel: Double) -> Double {
            let c = min(max(channel, 0), 1)
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    /// The contrast ratio of two opaque colors, 1 to 21.
    public static func ratio(_ a: Color.Resolved, _ b: Color.Resolved) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// `top` drawn over an opaque `bottom`.
    public static func composite(_ top: Color.Resolved, over bottom: Color.Resolved) -> Color.Resolved {
        let a = min(max(top.opacity, 0), 1)
        return Color.Resolved(
            red: top.red * a + bottom.red * (1 - a), green: top.green * a + bottom.green * (1 - a),
            blue: top.blue * a + bottom.blue * (1 - a), opacity: 1
        )
    }

    /// WCAG 2's minimum for text: 3:1 for large text (18 pt, or 14 pt bold), 4.5:1 otherwise.
    public static func required(forTextOfSize size: Double, bold: Bool) -> Double {
        size >= 18 || (bold && size >= 14) ? 3 : 4.5
    }
}

/// Checks a laid-out render. Colors are taken where each text's centre is: the canvas (white,
/// or black in dark), then every shape drawn before the text whose frame holds that point, with
/// the opacity and color filters of the groups around each.
///
/// A visitor of the display list (``DisplayListVisitor``): it looks at each text as the walk
/// reaches it, against the shapes it passed; ``findings(elements:unmirrored:)`` adds what the
/// accessibility elements and layout's notes show.
struct Auditor: DisplayListVisitor {
    /// What text must stay inside, in layout's points: the screen, or the preview's own frame.
    let canvas: CGRect
    /// The canvas's color, under everything.
    let background: Color.Resolved

    /// What a group does to the colors and places inside it.
    private struct Context {
        var toRoot: AffineTransform = .identity
        var opacity = 1.0
        var filters: [Filter] = []
        var clip: CGRect?
        /// What the innermost scroll container around shows, in root space: text it cuts is
        /// scrolled out of sight (rows below the screen), not cut short.
        var scrollShows: CGRect?
        /// Inside a mask's drawing, which is never seen.
        var inMask = false
    }

    private var stack = [Context()]
    /// Shapes drawn so far, in root space, with the color each gives at a point.
    private var painted: [(frame: CGRect, context: Context, paint: Paint, localFrame: CGRect)] = []
    private var found: [AuditFinding] = []

    init(canvas: CGRect, environment: EnvironmentValues) {
        self.canvas = canvas
        background = environment.colorScheme == .dark ? Color.Resolved(red: 0, green: 0, blue: 0) : Color.Resolved(red: 1, green: 1, blue: 1)
    }

    /// What the walk found, then the tap targets among `elements` that are too small or have no
    /// label, then the fixed offsets and positions that do not mirror (`unmirrored`).
    func findings(elements: [AccessibilityElement], unmirrored: [(modifier: String, frame: CGRect)]) -> [AuditFinding] {
        var found = found
        for element in elements where element.isTappable {
            let name = element.label ?? element.id
            if element.frame.width < 44 - 1e-9 || element.frame.height < 44 - 1e-9 {
                found.append(AuditFinding(
                    kind: .smallTapTarget, subject: name,
                    message: "the tap target \u{201C}\(name)\u{201D} is \(Self.points(element.frame.width)) × \(Self.points(element.frame.height)) pt; at least 44 × 44 pt is needed",
                    frame: element.frame
                ))
            }
            if (element.label ?? "").isEmpty {
                found.append(AuditFinding(
                    kind: .unlabeledControl, subject: element.id,
                    message: "the tap target \u{201C}\(element.id)\u{201D} has no accessibility label",
                    frame: element.frame
                ))
            }
        }
        for (modifier, frame) in unmirrored {
            found.append(AuditFinding(
                kind: .unmirroredOffset, subject: modifier,
                message: "\(modifier) keeps its place right to left; lay the view out with padding, alignment or a stack so it mirrors",
                frame: frame
            ))
        }
        return found
    }

    // MARK: - Drawing steps

    mutating func beginGroup(_ group: UnsafePointer<GroupAttributes>) {
        var inner = stack[stack.count - 1]
        inner.toRoot = group.pointee.contentToRoot(inner.toRoot)
        if case .definition? = group.pointee.mask { inner.inMask = true }
        if let opacity = group.pointee.opacity { inner.opacity *= opacity }
        if let filter = group.pointee.filter { inner.filters.append(filter) }
        inner.clip = group.pointee.contentClip(inner.clip, toRoot: inner.toRoot)
        if group.pointee.clipScrolls, let (_, rect) = group.pointee.clip { inner.scrollShows = inner.toRoot.boundingBox(of: rect) }
        stack.append(inner)
    }

    mutating func endGroup() {
        stack.removeLast()
    }

    mutating func shape(_ shape: UnsafePointer<ShapeNode>, frame: Rect) {
        let context = stack[stack.count - 1]
        // A mask's drawing is never seen: it neither paints behind text nor is read.
        guard !context.inMask, let fill = shape.pointee.drawing.fill else { return }
        var rootFrame = context.toRoot.boundingBox(of: frame)
        if let clip = context.clip { rootFrame = rootFrame.intersection(clip) }
        painted.append((rootFrame, context, fill, frame))
    }

    mutating func text(_ text: UnsafePointer<TextNode>, layout: UnsafePointer<TextLayout>, frame: Rect) {
        let context = stack[stack.count - 1]
        guard !context.inMask else { return }
        let text = text.pointee
        let layout = layout.pointee
        let rootFrame = context.toRoot.boundingBox(of: frame)
        let subject = text.string
        // What is behind the text's centre, bottom up.
        let centre = CGPoint(x: rootFrame.midX, y: rootFrame.midY)
        var behind = background
        for shape in painted where shape.frame.contains(centre) {
            let local = shape.context.toRoot.inverted()?.apply(centre) ?? centre
            var color = Self.color(of: shape.paint, at: local, in: shape.localFrame)
            color = Self.filtered(color, shape.context.filters)
            color.opacity *= shape.context.opacity
            behind = Contrast.composite(color, over: behind)
        }
        var worst: Double?
        for color in Self.colors(of: text.paint) {
            var textColor = Self.filtered(color, context.filters)
            textColor.opacity *= context.opacity
            let ratio = Contrast.ratio(Contrast.composite(textColor, over: behind), behind)
            worst = min(worst ?? ratio, ratio)
        }
        let bold = text.font.weight >= .semibold
        let required = Contrast.required(forTextOfSize: text.font.size, bold: bold)
        if let worst, worst < required - 1e-9 {
            found.append(AuditFinding(
                kind: .contrast, subject: subject,
                message: "\u{201C}\(Self.short(subject))\u{201D} has a contrast of \(Self.ratioText(worst)) with the color behind it (\(behind.hexText)); WCAG 2 asks for \(Self.ratioText(required))" + (required == 3 ? " for large text" : ""),
                frame: rootFrame, ratio: worst, requiredRatio: required
            ))
        }
        if let lines = layout.lines, lines.contains(where: \.isTruncated) {
            found.append(AuditFinding(
                kind: .truncatedText, subject: subject,
                message: "\u{201C}\(Self.short(subject))\u{201D} is cut short to fit (\(lines.count) line\(lines.count == 1 ? "" : "s") of \(Self.points(text.font.size)) pt text)",
                frame: rootFrame
            ))
        }
        if !layout.missing.isEmpty {
            let codes = layout.missing.prefix(8).map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: ", ")
            found.append(AuditFinding(
                kind: .missingGlyphs, subject: subject,
                message: "\u{201C}\(Self.short(subject))\u{201D} has characters no installed font has (\(codes)\(layout.missing.count > 8 ? ", …" : "")); they are drawn as empty boxes",
                frame: rootFrame
            ))
        }
        let bounds = canvas
        let limit = context.clip.map { $0.intersection(bounds) } ?? bounds
        let scrolledAway = context.scrollShows.map { !$0.insetBy(dx: -0.5, dy: -0.5).contains(rootFrame) } ?? false
        if !scrolledAway, !limit.insetBy(dx: -0.5, dy: -0.5).contains(rootFrame) {
            found.append(AuditFinding(
                kind: .clippedText, subject: subject,
                message: "\u{201C}\(Self.short(subject))\u{201D} runs outside " + (context.clip == nil ? "the component" : "the clip around it") + " (\(Self.rectText(rootFrame)) in \(Self.rectText(limit)))",
                frame: rootFrame
            ))
        }
    }

    // MARK: - Colors

    /// The colors a paint can show (for text: the stops of a gradient, each a worst case).
    static func colors(of paint: Paint) -> [Color.Resolved] {
        switch paint {
        case .color(let color): [color]
        case .linear(let stops, _, _), .radial(let stops, _, _, _), .angular(let stops, _, _, _): stops.map(\.color)
        }
    }

    /// The color a paint gives at `point` of a shape laid out in `frame`.
    static func color(of paint: Paint, at point: CGPoint, in frame: CGRect) -> Color.Resolved {
        switch paint {
        case .color(let color):
            return color
        case .linear(let stops, let start, let end):
            let a = frame.point(at: start), b = frame.point(at: end)
            let dx = b.x - a.x, dy = b.y - a.y
            let length = dx * dx + dy * dy
            let t = length > 0 ? ((point.x - a.x) * dx + (point.y - a.y) * dy) / length : 0
            return SVGWriter.color(at: min(max(Double(t), 0), 1), in: stops)
        case .radial(let stops, let center, let startRadius, let endRadius):
            let c = frame.point(at: center)
            let distance = Double(hypot(point.x - c.x, point.y - c.y))
            let t = endRadius > startRadius ? (distance - startRadius) / (endRadius - startRadius) : 0
            return SVGWriter.color(at: min(max(t, 0), 1), in: stops)
        case .angular(let stops, let center, let startAngle, let endAngle):
            let c = frame.point(at: center)
            var degrees = Double(atan2(point.y - c.y, point.x - c.x)) * 180 / .pi
            while degrees < startAngle.degrees { degrees += 360 }
            let sweep = endAngle.degrees - startAngle.degrees
            let t = sweep != 0 ? (degrees - startAngle.degrees) / sweep : 0
            return SVGWriter.color(at: min(max(t, 0), 1), in: stops)
        }
    }

    /// A color through the groups' color filters, innermost first, with SVG's matrices.
    static func filtered(_ color: Color.Resolved, _ filters: [Filter]) -> Color.Resolved {
        var c = color
        for filter in filters.reversed() {
            switch filter {
            case .hueRotation(let angle):
                let cosine = cos(angle.radians), sine = sin(angle.radians)
                let m: [Double] = [
                    0.213 + cosine * 0.787 - sine * 0.213, 0.715 - cosine * 0.715 - sine * 0.715, 0.072 - cosine * 0.072 + sine * 0.928,
                    0.213 - cosine * 0.213 + sine * 0.143, 0.715 + cosine * 0.285 + sine * 0.140, 0.072 - cosine * 0.072 - sine * 0.283,
                    0.213 - cosine * 0.213 - sine * 0.787, 0.715 - cosine * 0.715 + sine * 0.715, 0.072 + cosine * 0.928 + sine * 0.072,
                ]
                c = apply(m, to: c)
            case .grayscale(let amount):
                c = saturate(c, 1 - min(max(amount, 0), 1))
            case .saturation(let amount):
                c = saturate(c, max(amount, 0))
            case .brightness(let amount):
                c = Color.Resolved(red: c.red + amount, green: c.green + amount, blue: c.blue + amount, opacity: c.opacity)
            case .contrast(let amount):
                func f(_ x: Double) -> Double { x * amount + 0.5 - 0.5 * amount }
                c = Color.Resolved(red: f(c.red), green: f(c.green), blue: f(c.blue), opacity: c.opacity)
            case .blur, .shadow:
                break
            }
            c = Color.Resolved(red: min(max(c.red, 0), 1), green: min(max(c.green, 0), 1), blue: min(max(c.blue, 0), 1), opacity: c.opacity)
        }
        return c
    }

    private static func saturate(_ c: Color.Resolved, _ s: Double) -> Color.Resolved {
        apply([
            0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s,
            0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s,
            0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s,
        ], to: c)
    }

    private static func apply(_ m: [Double], to c: Color.Resolved) -> Color.Resolved {
        Color.Resolved(
            red: m[0] * c.red + m[1] * c.green + m[2] * c.blue,
            green: m[3] * c.red + m[4] * c.green + m[5] * c.blue,
            blue: m[6] * c.red + m[7] * c.green + m[8] * c.blue,
            opacity: c.opacity
        )
    }

    // MARK: - Wording

    static func short(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(39)) + "\u{2026}"
    }

    static func ratioText(_ ratio: Double) -> String {
        SVGWriter.number(ratio, decimals: 2) + ":1"
    }

    static func points(_ value: Double) -> String {
        SVGWriter.number(value, decimals: 1)
    }

    static func rectText(_ rect: CGRect) -> String {
        "x \(points(rect.minX)), y \(points(rect.minY)), \(points(rect.width)) × \(points(rect.height))"
    }
}

extension Color.Resolved {
    /// `#RRGGBB`, for messages.
    var hexText: String {
        var bytes = SVGBytes(capacity: 8)
        bytes.appendHex(self)
        return bytes.string
    }
}
