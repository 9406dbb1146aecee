import Foundation

/// An outline made of lines and curves, in the coordinates of the view that draws it.
///
/// Also a ``Shape``: like SwiftUI's `Path`, it takes the space it is offered and draws itself as given.
public struct Path: Hashable, Sendable {
    /// One drawing command.
    public enum Element: Hashable, Sendable {
        case move(to: Point)
        case line(to: Point)
        case quadCurve(to: Point, control: Point)
        case curve(to: Point, control1: Point, control2: Point)
        /// An elliptical arc in SVG's endpoint form.
        case arc(to: Point, radii: Size, rotation: Angle, largeArc: Bool, sweep: Bool)
        case closeSubpath
    }

    public private(set) var elements: [Element] = []
    /// Where the pen is, so relative helpers (arcs by centre) know where they start.
    private var current: Point?

    public init() {}

    /// Builds a path by calling `build` with an empty one, as SwiftUI's `Path { path in … }`.
    public init(_ build: (inout Path) -> Void) {
        build(&self)
    }

    public mutating func move(to point: Point) {
        elements.append(.move(to: point))
        current = point
    }

    public mutating func addLine(to point: Point) {
        elements.append(.line(to: point))
        current = point
    }

    /// Adds a line to each point in turn, starting with a move to the first one.
    public mutating func addLines(_ points: [Point]) {
        guard let first = points.first else { return }
        // Room for the lines and a closing command at once, rather than regrowing on every append.
        reserveCapacity(elements.count + points.count + 1)
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    public mutating func addQuadCurve(to point: Point, control: Point) {
        elements.append(.quadCurve(to: point, control: control))
        current = point
    }

    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        elements.append(.curve(to: point, control1: control1, control2: control2))
        current = point
    }

    /// Adds an arc of a circle around `center` from `startAngle` to `endAngle`, as SwiftUI draws
    /// it: angles grow clockwise on screen (y points down), and `clockwise` is meant in the y-up
    /// space of Core Graphics, so `clockwise: false` runs clockwise on screen.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool) {
        let radius = Double(radius)
        let start = Point(x: center.x + radius * cos(startAngle.radians), y: center.y + radius * sin(startAngle.radians))
        let end = Point(x: center.x + radius * cos(endAngle.radians), y: center.y + radius * sin(endAngle.radians))
        if current == nil { move(to: start) } else { addLine(to: start) }
        let onScreenClockwise = !clockwise
        var sweep = endAngle.degrees - startAngle.degrees
        if onScreenClockwise { while sweep < 0 { sweep += 360 } } else { while sweep > 0 { sweep -= 360 } }
        let radii = Size(width: radius, height: radius)
        if abs(sweep) >= 360 {
            // SVG cannot draw a full circle as one arc: split it in two halves.
            let mid = Point(x: 2 * center.x - start.x, y: 2 * center.y - start.y)
            elements.append(.arc(to: mid, radii: radii, rotation: .zero, largeArc: false, sweep: onScreenClockwise))
            elements.append(.arc(to: start, radii: radii, rotation: .zero, largeArc: false, sweep: onScreenClockwise))
            current = start
            return
        }
        elements.append(.arc(to: end, radii: radii, rotation: .zero, largeArc: abs(sweep) > 180, sweep: onScreenClockwise))
        current = end
    }

    /// A rectangle as its own closed subpath.
    public mutating func addRect(_ rect: CGRect) {
        move(to: rect.origin)
        addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        closeSubpath()
    }

    public mutating func addRects(_ rects: [CGRect]) {
        for rect in rects { addRect(rect) }
    }

    /// A rectangle with rounded corners as its own closed subpath.
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .circular) {
        ShapeGeometry.roundedRectangle(cornerRadius: Double(min(cornerSize.width, cornerSize.height))).emit(in: rect, to: &self)
    }

    /// An ellipse filling `rect` as its own closed subpath.
    public mutating func addEllipse(in rect: CGRect) {
        ShapeGeometry.ellipse.emit(in: rect, to: &self)
    }

    /// Another path's elements appended to this one.
    public mutating func addPath(_ path: Path) {
        elements.append(contentsOf: path.elements)
        current = path.current ?? current
    }

    public init(_ rect: CGRect) {
        self.init()
        addRect(rect)
    }

    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .circular) {
        self.init()
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .circular) {
        self.init()
        addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
    }

    public init(ellipseIn rect: CGRect) {
        self.init()
        addEllipse(in: rect)
    }

    /// The path moved by (`dx`, `dy`).
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path {
        applying(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: Double(dx), ty: Double(dy)))
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Where the last element ended.
    public var currentPoint: CGPoint? { current }

    /// Adds an SVG-style elliptical arc from the current point to `point`.
    public mutating func addArc(to point: Point, radii: Size, rotation: Angle = .zero, largeArc: Bool, sweep: Bool) {
        elements.append(.arc(to: point, radii: radii, rotation: rotation, largeArc: largeArc, sweep: sweep))
        current = point
    }

    /// Makes room for `count` elements in all, growing at least geometrically so that repeated
    /// calls stay amortised O(1) per element.
    public mutating func reserveCapacity(_ count: Int) {
        guard elements.capacity < count else { return }
        elements.reserveCapacity(max(count, elements.capacity * 2))
    }

    public mutating func closeSubpath() {
        elements.append(.closeSubpath)
    }

    /// Draws the path into `sink`, moved by `offset`.
    func emit<Sink: PathSink & ~Copyable>(translatedBy offset: Point, to sink: inout Sink) {
        func moved(_ p: Point) -> Point { Point(x: p.x + offset.x, y: p.y + offset.y) }
        for element in elements {
            switch element {
            case .move(let p): sink.move(to: moved(p))
            case .line(let p): sink.addLine(to: moved(p))
            case .quadCurve(let p, let c): sink.addQuadCurve(to: moved(p), control: moved(c))
            case .curve(let p, let c1, let c2): sink.addCurve(to: moved(p), control1: moved(c1), control2: moved(c2))
            case .arc(let p, let radii, let rotation, let large, let sweep):
                sink.addArc(to: moved(p), radii: radii, rotation: rotation, largeArc: large, sweep: sweep)
            case .closeSubpath: sink.closeSubpath()
            }
        }
    }

    /// The path moved and scaled by `transform` (arcs keep their radii scaled by the x factor).
    public func applying(_ transform: AffineTransform) -> Path {
        var copy = Path()
        copy.elements = elements.map { element in
            switch element {
            case .move(let p): .move(to: transform.apply(p))
            case .line(let p): .line(to: transform.apply(p))
            case .quadCurve(let p, let c): .quadCurve(to: transform.apply(p), control: transform.apply(c))
            case .curve(let p, let c1, let c2): .curve(to: transform.apply(p), control1: transform.apply(c1), control2: transform.apply(c2))
            case .arc(let p, let r, let rot, let large, let sweep):
                .arc(to: transform.apply(p), radii: Size(width: r.width * abs(transform.a), height: r.height * abs(transform.d)), rotation: rot, largeArc: large, sweep: sweep)
            case .closeSubpath: .closeSubpath
            }
        }
        return copy
    }
}

/// Something that takes drawing commands: a ``Path`` collects them, the SVG writer writes them.
protocol PathSink: ~Copyable {
    mutating func move(to point: Point)
    mutating func addLine(to point: Point)
    mutating func addQuadCurve(to point: Point, control: Point)
    mutating func addCurve(to point: Point, control1: Point, control2: Point)
    mutating func addArc(to point: Point, radii: Size, rotation: Angle, largeArc: Bool, sweep: Bool)
    mutating func closeSubpath()
}

extension Path: PathSink {}
