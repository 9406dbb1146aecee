import Foundation

/// An SF Symbol, as SwiftUI's `Image(systemName:)`, or an image of the package's own resources,
/// as `Image("name")`. Starboard draws a small built-in set of symbols as paths, sized by the
/// font; resource images (``AssetCatalog``) are embedded in the SVG as data URIs, at their size
/// in points. Any other name draws a labelled placeholder (with a warning in the render), never
/// a silent blank.
public struct Image: PrimitiveView, Equatable {
    let name: String
    var isResizable = false
    var scale: Scale?
    /// Where the image comes from.
    var source: Source = .symbol
    var renderingMode: TemplateRenderingMode?

    enum Source: Equatable {
        case symbol
        /// A resource image, from one bundle's folder or (nil) every bundle beside the executable.
        case resource(bundlePath: String?)
    }

    public init(systemName: String) {
        name = systemName
    }

    /// The image `name` of an asset catalogue or an image file (PNG, JPEG, SVG) in the package's
    /// resources: in `bundle` when given (`.module`), else in every resource bundle beside the
    /// executable.
    public init(_ name: String, bundle: Bundle? = nil) {
        self.name = name
        source = .resource(bundlePath: bundle?.bundlePath)
    }

    /// Whether a resource image keeps its colours or is a mask painted with the foreground.
    public enum TemplateRenderingMode: Hashable, Sendable {
        case original, template
    }

    /// `.template` paints the image's opaque parts with the foreground style, as SwiftUI does;
    /// symbols are always painted so.
    public func renderingMode(_ mode: TemplateRenderingMode?) -> Image {
        var copy = self
        copy.renderingMode = mode
        return copy
    }

    /// A symbol stretches to the frame it is offered instead of following the font.
    public func resizable() -> Image {
        var copy = self
        copy.isResizable = true
        return copy
    }

    /// Image scales relative to the font, as SwiftUI's `Image.Scale`.
    public enum Scale: Hashable, Sendable {
        case small, medium, large

        var factor: Double {
            switch self {
            case .small: 0.8
            case .medium: 1
            case .large: 1.3
            }
        }
    }

    /// The names Starboard can draw.
    public static var availableSymbols: [String] { Symbol.table.keys.sorted() }

    /// The side of the square a symbol takes in `environment`: a little more than its font's size.
    func side(in environment: EnvironmentValues) -> Double {
        let font = (environment.font ?? .body).scaled(for: environment.dynamicTypeSize)
        return font.size * 1.15 * (scale ?? environment.imageScale).factor
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        if case .resource(let bundlePath) = source {
            makeResourceNodes(bundlePath: bundlePath, in: &graph)
            return
        }
        let font = (graph.environment.font ?? .body).scaled(for: graph.environment.dynamicTypeSize)
        let scale = self.scale ?? graph.environment.imageScale
        let side = self.side(in: graph.environment)
        let foreground = graph.environment.foregroundPaint
        let mark = graph.pending.count
        let name = Symbol.resolve(self.name, in: &graph)
        if graph.environment.isPlaceholder, Symbol.table[name] != nil {
            // A placeholder symbol: a box of the symbol's square.
            graph.addShape(.roundedRectangle(cornerRadius: side / 5), ShapeDrawing(fill: placeholderPaint(foreground)))
        } else if let symbol = Symbol.table[name] {
            let lineWidth = max(1, font.size / 9.5) * scale.factor
            let outerAxis = graph.stackAxis
            graph.stackAxis = nil
            let layered = graph.environment.symbolRenderingMode?.isHierarchical == true && Symbol.hasEnclosure(name) && symbol.parts.count > 1
            for (index, part) in symbol.parts.enumerated() {
                let drawing: ShapeDrawing
                // Hierarchical: the enclosure at half the foreground's opacity, the mark in it in full.
                let paint = layered && index == 0 ? foreground.fading(by: 0.5) : foreground
                switch part.style {
                case .fill: drawing = ShapeDrawing(fill: paint)
                case .stroke: drawing = ShapeDrawing(stroke: Stroke(paint: paint, style: StrokeStyle(lineWidth: lineWidth, lineCap: .round, lineJoin: .round)))
                case .knockout where layered:
                    drawing = ShapeDrawing(stroke: Stroke(paint: foreground, style: StrokeStyle(lineWidth: lineWidth, lineCap: .round, lineJoin: .round)))
                case .knockout: drawing = ShapeDrawing(stroke: Stroke(paint: .color(SystemColor.background.resolve(in: graph.environment)), style: StrokeStyle(lineWidth: lineWidth, lineCap: .round, lineJoin: .round)))
                }
                let unit = part.path
                graph.addShape(.custom { rect in unit.scaled(to: rect) }, drawing)
            }
            graph.stackAxis = outerAxis
            graph.collapse(from: mark, into: .depth(alignment: .center))
        } else {
            // Once per name: a row of five missing stars is one thing to fix.
            let message = "no symbol \"\(name)\": Starboard draws \(Symbol.table.count) symbols (see docs/swiftui.md); a placeholder stands in"
            graph.warnOnce(message)
            graph.addShape(.roundedRectangle(cornerRadius: side / 5), ShapeDrawing(stroke: Stroke(
                paint: foreground, style: StrokeStyle(lineWidth: 1, dash: [2, 2])
            )))
            let placeholder = graph.takeSingle()
            graph.withEnvironment({ $0.font = Font(size: side * 0.6) }) { graph in
                Text("?")._makeNodes(in: &graph)
            }
            let question = graph.takeSingle()
            graph.pending.append(placeholder)
            graph.pending.append(question)
            graph.addContainer(.stack(.depth(alignment: .center)), adoptingFrom: mark)
            graph.wrapEach(from: mark, in: .accessibility(AccessibilityInfo(label: "Missing symbol \(name)")))
        }
        if !isResizable {
            graph.wrapEach(from: mark, in: .frame(FrameSpec(width: side, height: side, alignment: .center)))
        }
    }
}

extension Image {
    /// A resource image: a rectangle painted with the image, its size in points unless resizable,
    /// when it takes what it is offered and its own size only when offered nothing (so
    /// `.scaledToFit()` keeps its aspect ratio).
    private func makeResourceNodes(bundlePath: String?, in graph: inout ViewGraph) {
        let catalog = AssetCatalog.catalog(for: bundlePath)
        let scheme = graph.environment.colorScheme
        let mark = graph.pending.count
        switch catalog.image(named: name, scale: Double(graph.environment.displayScale), scheme: scheme) {
        case .found(let asset):
            if graph.environment.isPlaceholder {
                graph.addShape(.roundedRectangle(cornerRadius: 4), ShapeDrawing(fill: placeholderPaint(graph.environment.foregroundPaint)))
            } else {
                let tint = renderingMode == .template ? graph.environment.foregroundPaint : nil
                graph.addShape(.rectangle, ShapeDrawing(fill: tint, image: asset))
            }
            let size = asset.pointSize
            let frame = isResizable
                ? FrameSpec(idealWidth: Double(size.width), idealHeight: Double(size.height), alignment: .center)
                : FrameSpec(width: Double(size.width), height: Double(size.height), alignment: .center)
            graph.wrapEach(from: mark, in: .frame(frame))
            var info = AccessibilityInfo(label: name)
            info.traits = .isImage
            graph.wrapEach(from: mark, in: .accessibility(info))
        case .missing:
            graph.warnings.append("no image \"\(name)\" in \(bundlePath.map { AssetCatalog.shortPath($0) } ?? "the package's resources") (asset catalogue image sets, PNG, JPEG or SVG files); a placeholder stands in")
            placeholder(label: name, in: &graph)
        case .refused(let reason):
            graph.warnings.append("image \"\(name)\" refused: \(reason); a placeholder stands in")
            placeholder(label: name, in: &graph)
        }
    }

    /// A dashed box with the image's name, where an image could not be drawn.
    private func placeholder(label: String, in graph: inout ViewGraph) {
        let mark = graph.pending.count
        graph.addShape(.roundedRectangle(cornerRadius: 4), ShapeDrawing(stroke: Stroke(
            paint: graph.environment.foregroundPaint, style: StrokeStyle(lineWidth: 1, dash: [3, 3])
        )))
        let box = graph.takeSingle()
        graph.withEnvironment({ $0.font = .caption2 }) { graph in
            Text(label).lineLimit(1).padding(4)._makeNodes(in: &graph)
        }
        let text = graph.takeSingle()
        graph.pending.append(box)
        graph.pending.append(text)
        graph.addContainer(.stack(.depth(alignment: .center)), adoptingFrom: mark)
        if isResizable {
            graph.wrapEach(from: mark, in: .frame(FrameSpec(minWidth: 24, idealWidth: 60, idealHeight: 40, alignment: .center)))
        } else {
            // As large as its label, at least 40 points, and no larger: an image has its own size.
            graph.wrapEach(from: mark, in: .frame(FrameSpec(minWidth: 40, minHeight: 40, alignment: .center)))
            graph.wrapEach(from: mark, in: .fixedSize(horizontal: true, vertical: true))
        }
        graph.wrapEach(from: mark, in: .accessibility(AccessibilityInfo(label: "Missing image \(label)")))
    }
}

extension View {
    /// The size of symbols inside relative to their font.
    public consuming func imageScale(_ scale: Image.Scale) -> some View {
        environment(\.imageScale, scale)
    }
}

/// A built-in symbol: outlines in a unit square, filled or stroked.
struct Symbol {
    enum Style { case fill, stroke, knockout }

    struct Part {
        var path: Path
        var style: Style
    }

    let parts: [Part]

    static func stroked(_ build: (inout Path) -> Void) -> Part { Part(path: Path(build), style: .stroke) }
    static func filled(_ build: (inout Path) -> Void) -> Part { Part(path: Path(build), style: .fill) }
    static func knocked(_ build: (inout Path) -> Void) -> Part { Part(path: Path(build), style: .knockout) }

    static func star(_ path: inout Path) {
        for index in 0..<10 {
            let angle = Double(index) * .pi / 5 - .pi / 2
            let r = index.isMultiple(of: 2) ? 0.5 : 0.2
            let point = CGPoint(x: 0.5 + r * cos(angle), y: 0.53 + r * sin(angle))
            if index == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.closeSubpath()
    }

    static func heart(_ path: inout Path) {
        path.move(to: CGPoint(x: 0.5, y: 0.9))
        path.addCurve(to: CGPoint(x: 0.05, y: 0.35), control1: CGPoint(x: 0.25, y: 0.72), control2: CGPoint(x: 0.05, y: 0.58))
        path.addArc(center: CGPoint(x: 0.275, y: 0.33), radius: 0.225, startAngle: .degrees(180), endAngle: .degrees(0), clockwise: false)
        path.addArc(center: CGPoint(x: 0.725, y: 0.33), radius: 0.225, startAngle: .degrees(180), endAngle: .degrees(0), clockwise: false)
        path.addCurve(to: CGPoint(x: 0.5, y: 0.9), control1: CGPoint(x: 0.95, y: 0.58), control2: CGPoint(x: 0.75, y: 0.72))
        path.closeSubpath()
    }

    static func circle(_ path: inout Path) { path.addEllipse(in: CGRect(x: 0.04, y: 0.04, width: 0.92, height: 0.92)) }
    static func check(_ path: inout Path) { path.addLines([CGPoint(x: 0.28, y: 0.52), CGPoint(x: 0.44, y: 0.68), CGPoint(x: 0.72, y: 0.34)]) }
    static func cross(_ path: inout Path, _ inset: Double) {
        path.move(to: CGPoint(x: inset, y: inset)); path.addLine(to: CGPoint(x: 1 - inset, y: 1 - inset))
        path.move(to: CGPoint(x: 1 - inset, y: inset)); path.addLine(to: CGPoint(x: inset, y: 1 - inset))
    }
    static func plus(_ path: inout Path, _ inset: Double) {
        path.move(to: CGPoint(x: 0.5, y: inset)); path.addLine(to: CGPoint(x: 0.5, y: 1 - inset))
        path.move(to: CGPoint(x: inset, y: 0.5)); path.addLine(to: CGPoint(x: 1 - inset, y: 0.5))
    }
    static func mountains(_ path: inout Path) {
        path.move(to: CGPoint(x: 0.02, y: 0.85))
        path.addLine(to: CGPoint(x: 0.36, y: 0.3))
        path.addLine(to: CGPoint(x: 0.56, y: 0.62))
        path.addLine(to: CGPoint(x: 0.7, y: 0.44))
        path.addLine(to: CGPoint(x: 0.98, y: 0.85))
        path.closeSubpath()
    }
    static func bell(_ path: inout Path) {
        path.move(to: CGPoint(x: 0.14, y: 0.76))
        path.addLine(to: CGPoint(x: 0.86, y: 0.76))
        path.addCurve(to: CGPoint(x: 0.76, y: 0.45), control1: CGPoint(x: 0.78, y: 0.66), control2: CGPoint(x: 0.76, y: 0.6))
        path.addArc(center: CGPoint(x: 0.5, y: 0.42), radius: 0.26, startAngle: .degrees(0), endAngle: .degrees(180), clockwise: true)
        path.addCurve(to: CGPoint(x: 0.14, y: 0.76), control1: CGPoint(x: 0.24, y: 0.6), control2: CGPoint(x: 0.22, y: 0.66))
        path.closeSubpath()
        path.addEllipse(in: CGRect(x: 0.42, y: 0.8, width: 0.16, height: 0.14))
    }
    static func person(_ path: inout Path) {
        path.addEllipse(in: CGRect(x: 0.3, y: 0.06, width: 0.4, height: 0.4))
        path.move(to: CGPoint(x: 0.08, y: 0.94))
        path.addCurve(to: CGPoint(x: 0.92, y: 0.94), control1: CGPoint(x: 0.1, y: 0.5), control2: CGPoint(x: 0.9, y: 0.5))
        path.closeSubpath()
    }
    static func sun(_ path: inout Path) {
        path.addEllipse(in: CGRect(x: 0.3, y: 0.3, width: 0.4, height: 0.4))
        for index in 0..<8 {
            let angle = Double(index) * .pi / 4
            path.move(to: CGPoint(x: 0.5 + 0.3 * cos(angle), y: 0.5 + 0.3 * sin(angle)))
            path.addLine(to: CGPoint(x: 0.5 + 0.46 * cos(angle), y: 0.5 + 0.46 * sin(angle)))
        }
    }
    static func moon(_ path: inout Path) {
        path.move(to: CGPoint(x: 0.62, y: 0.06))
        path.addCurve(to: CGPoint(x: 0.94, y: 0.62), control1: CGPoint(x: 0.4, y: 0.4), control2: CGPoint(x: 0.6, y: 0.75))
        path.addCurve(to: CGPoint(x: 0.62, y: 0.06), control1: CGPoint(x: 0.8, y: 1.05), control2: CGPoint(x: 0.05, y: 0.85))
        path.closeSubpath()
    }
    static func house(_ path: inout Path) {
        path.addLines([CGPoint(x: 0.06, y: 0.5), CGPoint(x: 0.5, y: 0.1), CGPoint(x: 0.94, y: 0.5)])
        path.addLines([CGPoint(x: 0.18, y: 0.42), CGPoint(x: 0.18, y: 0.92), CGPoint(x: 0.82, y: 0.92), CGPoint(x: 0.82, y: 0.42)])
    }
    static func magnifier(_ path: inout Path) {
        path.addEllipse(in: CGRect(x: 0.08, y: 0.08, width: 0.62, height: 0.62))
        path.move(to: CGPoint(x: 0.61, y: 0.61))
        path.addLine(to: CGPoint(x: 0.92, y: 0.92))
    }
    /// A tray's outline, open at the top, its floor's dip drawn by `trayFloor`.
    static func tray(_ path: inout Path) {
        path.addLines([CGPoint(x: 0.06, y: 0.56), CGPoint(x: 0.2, y: 0.16), CGPoint(x: 0.8, y: 0.16), CGPoint(x: 0.94, y: 0.56),
                       CGPoint(x: 0.94, y: 0.86), CGPoint(x: 0.06, y: 0.86)])
        path.closeSubpath()
    }
    static func trayFloor(_ path: inout Path) {
        path.addLines([CGPoint(x: 0.06, y: 0.56), CGPoint(x: 0.34, y: 0.56), CGPoint(x: 0.4, y: 0.68), CGPoint(x: 0.6, y: 0.68),
                       CGPoint(x: 0.66, y: 0.56), CGPoint(x: 0.94, y: 0.56)])
    }
    static func chevron(_ path: inout Path, _ points: [(Double, Double)]) {
        path.addLines(points.map { CGPoint(x: $0.0, y: $0.1) })
    }

    static let table: [String: Symbol] = [
        "star": Symbol(parts: [stroked(star)]),
        "star.fill": Symbol(parts: [filled(star)]),
        "heart": Symbol(parts: [stroked(heart)]),
        "heart.fill": Symbol(parts: [filled(heart)]),
        "circle": Symbol(parts: [stroked(circle)]),
        "circle.fill": Symbol(parts: [filled(circle)]),
        "square": Symbol(parts: [stroked { $0.addRect(CGRect(x: 0.08, y: 0.08, width: 0.84, height: 0.84)) }]),
        "square.fill": Symbol(parts: [filled { $0.addRect(CGRect(x: 0.08, y: 0.08, width: 0.84, height: 0.84)) }]),
        "checkmark": Symbol(parts: [stroked { $0.addLines([CGPoint(x: 0.12, y: 0.52), CGPoint(x: 0.38, y: 0.8), CGPoint(x: 0.88, y: 0.2)]) }]),
        "checkmark.circle": Symbol(parts: [stroked(circle), stroked(check)]),
        "checkmark.circle.fill": Symbol(parts: [filled(circle), knocked(check)]),
        "xmark": Symbol(parts: [stroked { cross(&$0, 0.18) }]),
        "xmark.circle": Symbol(parts: [stroked(circle), stroked { cross(&$0, 0.34) }]),
        "xmark.circle.fill": Symbol(parts: [filled(circle), knocked { cross(&$0, 0.34) }]),
        "plus": Symbol(parts: [stroked { plus(&$0, 0.12) }]),
        "plus.circle": Symbol(parts: [stroked(circle), stroked { plus(&$0, 0.28) }]),
        "plus.circle.fill": Symbol(parts: [filled(circle), knocked { plus(&$0, 0.28) }]),
        "minus": Symbol(parts: [stroked { $0.move(to: CGPoint(x: 0.12, y: 0.5)); $0.addLine(to: CGPoint(x: 0.88, y: 0.5)) }]),
        "info.circle": Symbol(parts: [stroked(circle), stroked { $0.move(to: CGPoint(x: 0.5, y: 0.45)); $0.addLine(to: CGPoint(x: 0.5, y: 0.74)) },
                                      filled { $0.addEllipse(in: CGRect(x: 0.45, y: 0.24, width: 0.1, height: 0.1)) }]),
        "exclamationmark.triangle": Symbol(parts: [
            stroked { $0.addLines([CGPoint(x: 0.5, y: 0.08), CGPoint(x: 0.94, y: 0.88), CGPoint(x: 0.06, y: 0.88)]); $0.closeSubpath() },
            stroked { $0.move(to: CGPoint(x: 0.5, y: 0.38)); $0.addLine(to: CGPoint(x: 0.5, y: 0.6)) },
            filled { $0.addEllipse(in: CGRect(x: 0.45, y: 0.68, width: 0.1, height: 0.1)) },
        ]),
        "chevron.left": Symbol(parts: [stroked { chevron(&$0, [(0.64, 0.14), (0.32, 0.5), (0.64, 0.86)]) }]),
        "chevron.right": Symbol(parts: [stroked { chevron(&$0, [(0.36, 0.14), (0.68, 0.5), (0.36, 0.86)]) }]),
        "chevron.up": Symbol(parts: [stroked { chevron(&$0, [(0.14, 0.64), (0.5, 0.32), (0.86, 0.64)]) }]),
        "chevron.down": Symbol(parts: [stroked { chevron(&$0, [(0.14, 0.36), (0.5, 0.68), (0.86, 0.36)]) }]),
        "bell": Symbol(parts: [stroked(bell)]),
        "bell.fill": Symbol(parts: [filled(bell)]),
        "person": Symbol(parts: [stroked(person)]),
        "person.fill": Symbol(parts: [filled(person)]),
        "mountain.2": Symbol(parts: [stroked(mountains)]),
        "mountain.2.fill": Symbol(parts: [filled(mountains)]),
        "sun.max": Symbol(parts: [stroked(sun)]),
        "sun.max.fill": Symbol(parts: [filled { $0.addEllipse(in: CGRect(x: 0.3, y: 0.3, width: 0.4, height: 0.4)) }, stroked(sun)]),
        "moon": Symbol(parts: [stroked(moon)]),
        "moon.fill": Symbol(parts: [filled(moon)]),
        "house": Symbol(parts: [stroked(house)]),
        "magnifyingglass": Symbol(parts: [stroked(magnifier)]),
        "checkmark.square": Symbol(parts: [stroked { $0.addRect(CGRect(x: 0.08, y: 0.08, width: 0.84, height: 0.84)) }, stroked(check)]),
        "checkmark.square.fill": Symbol(parts: [filled { $0.addRect(CGRect(x: 0.08, y: 0.08, width: 0.84, height: 0.84)) }, knocked(check)]),
        "waveform.path.ecg": Symbol(parts: [stroked {
            $0.addLines([CGPoint(x: 0.04, y: 0.55), CGPoint(x: 0.26, y: 0.55), CGPoint(x: 0.36, y: 0.3), CGPoint(x: 0.48, y: 0.86),
                         CGPoint(x: 0.6, y: 0.14), CGPoint(x: 0.7, y: 0.55), CGPoint(x: 0.96, y: 0.55)])
        }]),
        "tray": Symbol(parts: [stroked(tray), stroked(trayFloor)]),
        "tray.fill": Symbol(parts: [filled(tray), knocked(trayFloor)]),
        "leaf": Symbol(parts: [stroked {
            $0.move(to: CGPoint(x: 0.12, y: 0.88))
            $0.addCurve(to: CGPoint(x: 0.88, y: 0.12), control1: CGPoint(x: 0.1, y: 0.3), control2: CGPoint(x: 0.5, y: 0.12))
            $0.addCurve(to: CGPoint(x: 0.12, y: 0.88), control1: CGPoint(x: 0.88, y: 0.5), control2: CGPoint(x: 0.7, y: 0.9))
        }]),
    ]
}

extension Path {
    /// A path drawn in the unit square, stretched over `rect`.
    func scaled(to rect: CGRect) -> Path {
        applying(AffineTransform(a: Double(rect.width), b: 0, c: 0, d: Double(rect.height), tx: Double(rect.minX), ty: Double(rect.minY)))
    }
}

/// How a `Label` shows its title and icon, as SwiftUI's built-in label styles.
public struct LabelStyleKind: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case titleAndIcon, titleOnly, iconOnly }
    let kind: Kind

    public static let automatic = LabelStyleKind(kind: .titleAndIcon)
    public static let titleAndIcon = LabelStyleKind(kind: .titleAndIcon)
    public static let titleOnly = LabelStyleKind(kind: .titleOnly)
    public static let iconOnly = LabelStyleKind(kind: .iconOnly)
}

