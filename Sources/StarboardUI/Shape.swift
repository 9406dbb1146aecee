/// A view that draws an outline in the frame it is given, as SwiftUI's `Shape`.
///
/// Write your own with `path(in:)`; unfilled, a shape is filled with the foreground color.
public protocol Shape: PrimitiveView {
    /// The outline in `rect`, the frame layout gave the shape.
    func path(in rect: Rect) -> Path
    /// The built-in shapes' outlines, which the SVG writer draws without building a ``Path``.
    var _geometry: ShapeGeometryBox { get }
}

/// Wraps the internal description of a built-in shape's outline.
public struct ShapeGeometryBox {
    let geometry: ShapeGeometry?
    static var custom: ShapeGeometryBox { ShapeGeometryBox(geometry: nil) }
}

extension Shape {
    public var _geometry: ShapeGeometryBox { .custom }

    func resolvedGeometry() -> ShapeGeometry {
        if let geometry = _geometry.geometry { return geometry }
        let shape = self
        return .custom { rect in shape.path(in: rect) }
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        let foreground = graph.environment.foregroundColor ?? EnvironmentValues.defaultForeground
        graph.addShape(resolvedGeometry(), ShapeDrawing(fill: .color(foreground)))
    }

    /// Fills the shape with a color or a gradient.
    public func fill(_ style: some ShapeStyle) -> _ShapeView<Self> {
        _ShapeView(shape: self, fill: style._paint, stroke: nil)
    }

    /// Strokes the outline.
    public func stroke(_ style: some ShapeStyle, lineWidth: Double = 1) -> _ShapeView<Self> {
        _ShapeView(shape: self, fill: nil, stroke: Stroke(paint: style._paint, lineWidth: lineWidth))
    }

    /// Fills and strokes the shape in one go (SwiftUI needs an overlay for this).
    public func fill(_ fill: some ShapeStyle, stroke: some ShapeStyle, lineWidth: Double) -> _ShapeView<Self> {
        _ShapeView(shape: self, fill: fill._paint, stroke: Stroke(paint: stroke._paint, lineWidth: lineWidth))
    }
}

/// A shape with its paint.
public struct _ShapeView<S: Shape>: PrimitiveView {
    let shape: S
    let fill: Paint?
    let stroke: Stroke?

    public func _makeNodes(in graph: inout ViewGraph) {
        graph.addShape(shape.resolvedGeometry(), ShapeDrawing(fill: fill, stroke: stroke))
    }
}

/// Something that can fill or stroke a shape: a color or a gradient, as SwiftUI's `ShapeStyle`.
public protocol ShapeStyle: Sendable {
    /// The paint the SVG writer uses.
    var _paint: Paint { get }
}

extension Color: ShapeStyle {
    public var _paint: Paint { .color(self) }
}

extension LinearGradient: ShapeStyle {
    public var _paint: Paint { .linearGradient(self) }
}

extension Color: PrimitiveView {
    /// A color as a view fills the space it is offered, as in SwiftUI.
    public func _makeNodes(in graph: inout ViewGraph) {
        graph.addShape(.rectangle, ShapeDrawing(fill: .color(self)))
    }
}

public struct Rectangle: Shape {
    public init() {}
    public var _geometry: ShapeGeometryBox { ShapeGeometryBox(geometry: .rectangle) }
    public func path(in rect: Rect) -> Path { ShapeGeometry.rectangle.path(in: rect) }
}

public struct RoundedRectangle: Shape {
    public var cornerRadius: Double
    public init(cornerRadius: Double) { self.cornerRadius = cornerRadius }
    public var _geometry: ShapeGeometryBox { ShapeGeometryBox(geometry: .roundedRectangle(cornerRadius: cornerRadius)) }
    public func path(in rect: Rect) -> Path { ShapeGeometry.roundedRectangle(cornerRadius: cornerRadius).path(in: rect) }
}

public struct Circle: Shape {
    public init() {}
    public var _geometry: ShapeGeometryBox { ShapeGeometryBox(geometry: .circle) }
    public func path(in rect: Rect) -> Path { ShapeGeometry.circle.path(in: rect) }
}

public struct Ellipse: Shape {
    public init() {}
    public var _geometry: ShapeGeometryBox { ShapeGeometryBox(geometry: .ellipse) }
    public func path(in rect: Rect) -> Path { ShapeGeometry.ellipse.path(in: rect) }
}

public struct Capsule: Shape {
    public init() {}
    public var _geometry: ShapeGeometryBox { ShapeGeometryBox(geometry: .capsule) }
    public func path(in rect: Rect) -> Path { ShapeGeometry.capsule.path(in: rect) }
}

extension Path: Shape {
    /// A path draws itself as given, in the coordinates of the frame it is placed in.
    public var _geometry: ShapeGeometryBox { ShapeGeometryBox(geometry: .path(self)) }
    public func path(in rect: Rect) -> Path { self }
}

extension ShapeGeometry {
    /// The outline as a ``Path`` in `rect`'s coordinates.
    func path(in rect: Rect) -> Path {
        if case .custom(let make) = self { return make(rect) }
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
            make(rect).emit(translatedBy: .zero, to: &sink)
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

extension ShapeStyle where Self == Color {
    public static var black: Color { .black }
    public static var white: Color { .white }
    public static var clear: Color { .clear }
    public static var gray: Color { .gray }
    public static var blue: Color { .blue }
    public static var red: Color { .red }
    public static var orange: Color { .orange }
    public static var yellow: Color { .yellow }
    public static var green: Color { .green }
    public static var secondary: Color { .secondary }
}
