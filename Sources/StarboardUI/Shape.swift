/// A view that draws an outline in the frame it is given, as SwiftUI's `Shape`.
///
/// Write your own with `path(in:)`; unfilled, a shape is filled with the foreground style.
public protocol Shape: PrimitiveView {
    /// The outline in `rect`, the frame layout gave the shape.
    func path(in rect: CGRect) -> Path
    /// The built-in shapes' outlines, which the SVG writer draws without building a ``Path``.
    var _geometry: ShapeGeometryBox { get }
}

/// Wraps the internal description of a built-in shape's outline.
public struct ShapeGeometryBox {
    let geometry: ShapeGeometry?
    static var custom: ShapeGeometryBox { ShapeGeometryBox(geometry: nil) }
}

/// How a shape's inside is decided, as SwiftUI's `FillStyle`.
public struct FillStyle: Hashable, Sendable {
    /// The even-odd rule (holes where outlines overlap) instead of the non-zero one.
    public var isEOFilled: Bool
    public var isAntialiased: Bool

    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}

extension Shape {
    public var _geometry: ShapeGeometryBox { .custom }

    func resolvedGeometry() -> ShapeGeometry {
        if let geometry = _geometry.geometry { return geometry }
        let shape = self
        return .custom { rect in shape.path(in: rect) }
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        graph.addShape(resolvedGeometry(), ShapeDrawing(fill: graph.environment.foregroundPaint))
    }

    /// Fills the shape with a color, a gradient or a semantic style (the foreground by default).
    public func fill<S: ShapeStyle>(_ content: S = ForegroundStyle(), style: FillStyle = FillStyle()) -> _ShapeView<Self> {
        _ShapeView(shape: self, fill: AnyShapeStyle(content), fillStyle: style, stroke: nil)
    }

    /// Strokes the outline, centred on it.
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: Double = 1) -> _ShapeView<Self> {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth))
    }

    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> _ShapeView<Self> {
        _ShapeView(shape: self, fill: nil, fillStyle: FillStyle(), stroke: (AnyShapeStyle(content), style))
    }

    /// Strokes the outline in the foreground style.
    public func stroke(lineWidth: Double = 1) -> _ShapeView<Self> {
        stroke(ForegroundStyle(), lineWidth: lineWidth)
    }

    public func stroke(style: StrokeStyle) -> _ShapeView<Self> {
        stroke(ForegroundStyle(), style: style)
    }
}

/// A shape with its paint. Fill and stroke chain, as in SwiftUI since iOS 17:
/// `Circle().fill(.yellow).stroke(.orange, lineWidth: 2)` draws one outline filled and stroked.
public struct _ShapeView<S: Shape>: PrimitiveView {
    let shape: S
    let fill: AnyShapeStyle?
    let fillStyle: FillStyle
    let stroke: (style: AnyShapeStyle, stroke: StrokeStyle)?

    public func _makeNodes(in graph: inout ViewGraph) {
        // The paints are resolved against the graph's environment in place (a local copy of the
        // environment costs more than resolving them).
        graph.warnOfMissingColor(in: fill)
        graph.warnOfMissingColor(in: stroke?.style)
        let fillPaint = fill?._resolvePaint(in: graph.environment).paint
        var strokePaint: Stroke?
        if let stroke { strokePaint = Stroke(paint: stroke.style._resolvePaint(in: graph.environment).paint, style: stroke.stroke) }
        graph.addShape(shape.resolvedGeometry(), ShapeDrawing(fill: fillPaint, stroke: strokePaint, evenOdd: fillStyle.isEOFilled))
    }

    /// Also strokes the outline of the filled shape.
    public func stroke<Style: ShapeStyle>(_ content: Style, lineWidth: Double = 1) -> _ShapeView<S> {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth))
    }

    public func stroke<Style: ShapeStyle>(_ content: Style, style: StrokeStyle) -> _ShapeView<S> {
        _ShapeView(shape: shape, fill: fill, fillStyle: fillStyle, stroke: (AnyShapeStyle(content), style))
    }

    /// Also fills the stroked shape.
    public func fill<Style: ShapeStyle>(_ content: Style, style: FillStyle = FillStyle()) -> _ShapeView<S> {
        _ShapeView(shape: shape, fill: AnyShapeStyle(content), fillStyle: style, stroke: stroke)
    }
}

/// A shape that can be inset, so its stroke can lie inside its frame (`strokeBorder`).
public protocol InsettableShape: Shape {
    func inset(by amount: Double) -> InsetShape<Self>
}

extension InsettableShape {
    public func inset(by amount: Double) -> InsetShape<Self> {
        InsetShape(base: self, amount: amount)
    }

    /// Strokes inside the outline, so the whole stroke stays within the frame.
    public func strokeBorder<S: ShapeStyle>(_ content: S = ForegroundStyle(), lineWidth: Double = 1) -> _ShapeView<InsetShape<Self>> {
        inset(by: lineWidth / 2).stroke(content, lineWidth: lineWidth)
    }

    public func strokeBorder<S: ShapeStyle>(_ content: S = ForegroundStyle(), style: StrokeStyle) -> _ShapeView<InsetShape<Self>> {
        inset(by: style.lineWidth / 2).stroke(content, style: style)
    }
}

/// A shape drawn `amount` points inside its frame.
public struct InsetShape<Base: InsettableShape>: Shape {
    let base: Base
    let amount: Double

    public var _geometry: ShapeGeometryBox {
        guard let geometry = base._geometry.geometry else { return .custom }
        return ShapeGeometryBox(geometry: .inset(InsetGeometry(base: geometry, amount: amount)))
    }

    public func path(in rect: CGRect) -> Path {
        base.path(in: rect.insetBy(dx: amount, dy: amount))
    }
}

public struct Rectangle: InsettableShape {
    public init() {}
    public var _geometry: ShapeGeometryBox { ShapeGeometryBox(geometry: .rectangle) }
    public func path(in rect: CGRect) -> Path { ShapeGeometry.rectangle.path(in: rect) }
}

public struct RoundedRectangle: InsettableShape {
    public var cornerRadius: Double
    public init(cornerRadius: Double, style: RoundedCornerStyle = .circular) { self.cornerRadius = cornerRadius }
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .circular) { self.cornerRadius = cornerSize.width }
    public var _geometry: ShapeGeometryBox { ShapeGeometryBox(geometry: .roundedRectangle(cornerRadius: cornerRadius)) }
    public func path(in rect: CGRect) -> Path { ShapeGeometry.roundedRectangle(cornerRadius: cornerRadius).path(in: rect) }
}

public struct Circle: InsettableShape {
    public init() {}
    public var _geometry: ShapeGeometryBox { ShapeGeometryBox(geometry: .circle) }
    public func path(in rect: CGRect) -> Path { ShapeGeometry.circle.path(in: rect) }
}

public struct Ellipse: InsettableShape {
    public init() {}
    public var _geometry: ShapeGeometryBox { ShapeGeometryBox(geometry: .ellipse) }
    public func path(in rect: CGRect) -> Path { ShapeGeometry.ellipse.path(in: rect) }
}

public struct Capsule: InsettableShape {
    public init(style: RoundedCornerStyle = .circular) {}
    public var _geometry: ShapeGeometryBox { ShapeGeometryBox(geometry: .capsule) }
    public func path(in rect: CGRect) -> Path { ShapeGeometry.capsule.path(in: rect) }
}

/// How rounded corners are drawn; Starboard draws circular arcs for both.
public enum RoundedCornerStyle: Hashable, Sendable {
    case circular, continuous
}

extension Path: Shape {
    /// A path draws itself as given, in the coordinates of the frame it is placed in.
    public var _geometry: ShapeGeometryBox { ShapeGeometryBox(geometry: .path(self)) }
    public func path(in rect: CGRect) -> Path { self }
}

extension ShapeGeometry {
    /// The outline as a ``Path`` in `rect`'s coordinates.
    func path(in rect: Rect) -> Path {
        if case .custom(let make) = self {
            return make(Rect(origin: .zero, size: rect.size)).offsetBy(dx: rect.minX, dy: rect.minY)
        }
        var path = Path()
        emit(in: rect, to: &path)
        return path
    }

    /// Draws the outline in `rect` into `sink`: the SVG writer writes path data this way, with
    /// no ``Path`` in between for the built-in shapes.
    func emit<Sink: PathSink & ~Copyable>(in rect: Rect, to sink: inout Sink) {
        switch self {
        case .rectangle:
            Self.roundedRect(rect, radius: 0, to: &sink)
        case .roundedRectangle(let radius):
            Self.roundedRect(rect, radius: min(radius, rect.width / 2, rect.height / 2), to: &sink)
        case .capsule:
            Self.roundedRect(rect, radius: min(rect.width, rect.height) / 2, to: &sink)
        case .circle:
            let side = min(rect.width, rect.height)
            Self.ellipse(Rect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side), to: &sink)
        case .ellipse:
            Self.ellipse(rect, to: &sink)
        case .path(let path):
            path.emit(translatedBy: rect.origin, to: &sink)
        case .custom(let make):
            // SwiftUI asks a shape for its path in its own space, its frame at the origin: a
            // `path(in:)` that starts at (0, 0) rather than `rect.minX` draws where it is placed.
            make(Rect(origin: .zero, size: rect.size)).emit(translatedBy: rect.origin, to: &sink)
        case .inset(let inset):
            inset.base.emit(in: rect.insetBy(dx: inset.amount, dy: inset.amount), to: &sink)
        }
    }

    private static func roundedRect<Sink: PathSink & ~Copyable>(_ rect: Rect, radius: Double, to sink: inout Sink) {
        guard radius > 0 else {
            sink.move(to: rect.origin)
            sink.addLine(to: Point(x: rect.maxX, y: rect.minY))
            sink.addLine(to: Point(x: rect.maxX, y: rect.maxY))
            sink.addLine(to: Point(x: rect.minX, y: rect.maxY))
            sink.closeSubpath()
            return
        }
        let r = Size(width: radius, height: radius)
        sink.move(to: Point(x: rect.minX + radius, y: rect.minY))
        sink.addLine(to: Point(x: rect.maxX - radius, y: rect.minY))
        sink.addArc(to: Point(x: rect.maxX, y: rect.minY + radius), radii: r, rotation: .zero, largeArc: false, sweep: true)
        sink.addLine(to: Point(x: rect.maxX, y: rect.maxY - radius))
        sink.addArc(to: Point(x: rect.maxX - radius, y: rect.maxY), radii: r, rotation: .zero, largeArc: false, sweep: true)
        sink.addLine(to: Point(x: rect.minX + radius, y: rect.maxY))
        sink.addArc(to: Point(x: rect.minX, y: rect.maxY - radius), radii: r, rotation: .zero, largeArc: false, sweep: true)
        sink.addLine(to: Point(x: rect.minX, y: rect.minY + radius))
        sink.addArc(to: Point(x: rect.minX + radius, y: rect.minY), radii: r, rotation: .zero, largeArc: false, sweep: true)
        sink.closeSubpath()
    }

    private static func ellipse<Sink: PathSink & ~Copyable>(_ rect: Rect, to sink: inout Sink) {
        let radii = Size(width: rect.width / 2, height: rect.height / 2)
        sink.move(to: Point(x: rect.minX, y: rect.midY))
        sink.addArc(to: Point(x: rect.maxX, y: rect.midY), radii: radii, rotation: .zero, largeArc: false, sweep: true)
        sink.addArc(to: Point(x: rect.minX, y: rect.midY), radii: radii, rotation: .zero, largeArc: false, sweep: true)
        sink.closeSubpath()
    }
}


extension Shape {
    /// The part of the outline from `from` to `to`, fractions of its length from where it starts
    /// (a circle's trailing point, going clockwise; a rectangle's top-leading corner), as
    /// SwiftUI's `trim(from:to:)`: the progress ring's arc. Only strokes of a trimmed shape are
    /// drawn here (their outline filled, too, as iOS 17 chains it); filling the trimmed shape
    /// itself does not compile.
    public func trim(from startFraction: Double = 0, to endFraction: Double = 1) -> _TrimmedShape<Self> {
        _TrimmedShape(shape: self, from: min(max(startFraction, 0), 1), to: min(max(endFraction, 0), 1))
    }
}

/// A shape cut to part of its outline, to be stroked.
public struct _TrimmedShape<S: Shape> {
    let shape: S
    let from: Double
    let to: Double

    public func stroke<Style: ShapeStyle>(_ content: Style, lineWidth: Double = 1) -> _TrimmedShapeView<S> {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth))
    }

    public func stroke<Style: ShapeStyle>(_ content: Style, style: StrokeStyle) -> _TrimmedShapeView<S> {
        _TrimmedShapeView(trimmed: self, style: AnyShapeStyle(content), stroke: style)
    }

    /// Strokes the kept part in the foreground style.
    public func stroke(lineWidth: Double = 1) -> _TrimmedShapeView<S> {
        stroke(ForegroundStyle(), lineWidth: lineWidth)
    }

    public func stroke(style: StrokeStyle) -> _TrimmedShapeView<S> {
        stroke(ForegroundStyle(), style: style)
    }
}

/// A trimmed shape's stroke.
public struct _TrimmedShapeView<S: Shape>: PrimitiveView {
    let trimmed: _TrimmedShape<S>
    let style: AnyShapeStyle
    let stroke: StrokeStyle

    /// Paints the stroke with `content`, as iOS 17's `.trim(…).stroke(style:).fill(…)` fills
    /// the stroked outline (an angular gradient paints its middle colour, as on every stroke).
    public func fill<Style: ShapeStyle>(_ content: Style, style: FillStyle = FillStyle()) -> _TrimmedShapeView<S> {
        _TrimmedShapeView(trimmed: trimmed, style: AnyShapeStyle(content), stroke: stroke)
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        // Nothing kept still takes its frame, as an empty path does in SwiftUI.
        let kept = trimmed.to > trimmed.from
        graph.warnOfMissingColor(in: style)
        var drawing = ShapeDrawing(stroke: kept ? Stroke(paint: style._resolvePaint(in: graph.environment).paint, style: stroke) : nil)
        if kept, trimmed.to - trimmed.from < 1 { drawing.trim = (trimmed.from, trimmed.to) }
        graph.addShape(trimmed.shape.resolvedGeometry(), drawing)
    }
}
