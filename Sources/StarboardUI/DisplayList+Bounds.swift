import Foundation

extension DisplayList {
    /// The rectangle everything in the list paints, in the root's points: shapes' outlines with
    /// the outer half of their strokes, texts' frames, through each group's transform and clip,
    /// with blurs and shadows spread by their radius. Nil when nothing is drawn.
    ///
    /// Exact for lines, curves and arcs; miter joins sharper than a right angle are not
    /// followed to their tips, and a rotated ellipse's arc is sampled.
    ///
    /// Its own loop rather than a ``DisplayListVisitor``: as a visitor its level stack was a
    /// stored array (on the heap, where this local one is not) and its steps were not inlined
    /// into the walk, 7 k more instructions a ProfileSummary render.
    func drawnBounds(graph: ViewGraph) -> Rect? {
        struct Level {
            var toRoot: AffineTransform
            var clip: Rect?
            var filter: Filter?
            /// What the group's content paints so far, in the root's points.
            var bounds: Rect?
        }
        var stack = [Level(toRoot: .identity, clip: nil, filter: nil, bounds: nil)]
        func add(_ rect: Rect) {
            var root = stack[stack.count - 1].toRoot.boundingBox(of: rect)
            if let clip = stack[stack.count - 1].clip { root = root.intersection(clip) }
            guard !root.isNull else { return }
            stack[stack.count - 1].bounds = stack[stack.count - 1].bounds.map { $0.union(root) } ?? root
        }
        for item in items {
            switch item {
            case .shape(let index, let frame):
                let shape = graph.shapes[Int(index)]
                guard var outline = Self.outline(shape.geometry, in: frame) else { continue }
                if let stroke = shape.drawing.stroke {
                    let half = stroke.style.lineWidth / 2
                    outline = outline.insetBy(dx: -half, dy: -half)
                } else if shape.drawing.fill == nil {
                    continue
                }
                add(outline)
            case .text(_, _, let frame):
                add(frame)
            case .beginGroup(let index):
                let attributes = groups[Int(index)]
                var inner = stack[stack.count - 1]
                inner.bounds = nil
                switch attributes.transform {
                case .scale(let x, let y, let pivot)?:
                    inner.toRoot = AffineTransform.scale(x, y, about: pivot).followed(by: inner.toRoot)
                case .rotate(let degrees, let pivot)?:
                    inner.toRoot = AffineTransform.rotation(.degrees(degrees), about: pivot).followed(by: inner.toRoot)
                case .matrix(let matrix)?:
                    inner.toRoot = matrix.followed(by: inner.toRoot)
                case nil:
                    break
                }
                if let (_, rect) = attributes.clip {
                    let clip = inner.toRoot.boundingBox(of: rect)
                    inner.clip = inner.clip.map { $0.intersection(clip) } ?? clip
                }
                inner.filter = attributes.filter
                stack.append(inner)
            case .endGroup:
                let level = stack.removeLast()
                guard var bounds = level.bounds else { continue }
                if level.filter != nil {
                    // In root points: a filter inside a turned group is spread a little too far.
                    bounds = Self.painted(bounds, by: level.filter)
                    if let clip = stack[stack.count - 1].clip { bounds = bounds.intersection(clip) }
                }
                guard !bounds.isNull else { continue }
                stack[stack.count - 1].bounds = stack[stack.count - 1].bounds.map { $0.union(bounds) } ?? bounds
            }
        }
        return stack[0].bounds
    }

    /// What a filter paints given `bounds`: a blur spreads three standard deviations (half its
    /// radius each), a shadow adds a copy moved by its offset and spread by its blur.
    private static func painted(_ bounds: Rect, by filter: Filter?) -> Rect {
        switch filter {
        case .blur(let radius)?:
            return bounds.insetBy(dx: -1.5 * radius, dy: -1.5 * radius)
        case .shadow(_, let radius, let x, let y)?:
            return bounds.union(bounds.offsetBy(dx: x, dy: y).insetBy(dx: -1.5 * radius, dy: -1.5 * radius))
        default:
            return bounds
        }
    }

    /// The rectangle an outline lies in, in the frame's coordinates.
    private static func outline(_ geometry: ShapeGeometry, in frame: Rect) -> Rect? {
        switch geometry {
        case .rectangle, .roundedRectangle, .ellipse, .capsule:
            return frame
        case .circle:
            let side = min(frame.width, frame.height)
            return Rect(x: frame.midX - side / 2, y: frame.midY - side / 2, width: side, height: side)
        case .path, .custom:
            var sink = BoundsSink()
            geometry.emit(in: frame, to: &sink)
            return sink.bounds
        case .inset(let inset):
            return outline(inset.base, in: frame.insetBy(dx: inset.amount, dy: inset.amount))
        }
    }
}

/// Follows a path and keeps the smallest rectangle that holds it: curves at their extremes
/// (where the derivative is zero), arcs at the ends of their axes within the sweep.
///
/// Keeps the rectangle as its edges and makes it at the end: a `CGRect.union` per point was a
/// call into Foundation that is not inlined, and the most of this sink's time.
struct BoundsSink: PathSink {
    private var minX = Double.infinity, minY = Double.infinity
    private var maxX = -Double.infinity, maxY = -Double.infinity
    private var last = Point.zero

    var bounds: Rect? {
        guard minX <= maxX else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    private mutating func include(_ point: Point) {
        guard point.x.isFinite, point.y.isFinite else { return }
        minX = min(minX, point.x)
        minY = min(minY, point.y)
        maxX = max(maxX, point.x)
        maxY = max(maxY, point.y)
    }

    mutating func move(to point: Point) {
        include(point)
        last = point
    }

    mutating func addLine(to point: Point) {
        include(point)
        last = point
    }

    mutating func addQuadCurve(to point: Point, control: Point) {
        // Raised to a cubic with the same curve.
        let c1 = Point(x: last.x + 2 / 3 * (control.x - last.x), y: last.y + 2 / 3 * (control.y - last.y))
        let c2 = Point(x: point.x + 2 / 3 * (control.x - point.x), y: point.y + 2 / 3 * (control.y - point.y))
        addCurve(to: point, control1: c1, control2: c2)
    }

    mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        let start = last
        func at(_ t: Double) -> Point {
            let u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return Point(x: a * start.x + b * control1.x + c * control2.x + d * point.x,
                         y: a * start.y + b * control1.y + c * control2.y + d * point.y)
        }
        for t in Self.extremes(start.x, control1.x, control2.x, point.x) + Self.extremes(start.y, control1.y, control2.y, point.y) {
            include(at(t))
        }
        include(point)
        last = point
    }

    /// Where in (0, 1) a cubic with these coefficients along one axis turns.
    private static func extremes(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
        // The derivative is 3(a t² + b t + c).
        let a = -p0 + 3 * p1 - 3 * p2 + p3, b = 2 * (p0 - 2 * p1 + p2), c = p1 - p0
        var roots: [Double] = []
        if abs(a) < 1e-12 {
            if abs(b) > 1e-12 { roots.append(-c / b) }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                roots.append((-b + root) / (2 * a))
                roots.append((-b - root) / (2 * a))
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }

    /// SVG's endpoint arc, turned into its centre form (SVG 1.1, appendix F.6.5) so its extremes
    /// can be found: sampled finely when the ellipse is rotated, exact when it is not.
    mutating func addArc(to point: Point, radii: Size, rotation: Angle, largeArc: Bool, sweep: Bool) {
        defer {
            include(point)
            last = point
        }
        var rx = abs(radii.width), ry = abs(radii.height)
        guard rx > 1e-12, ry > 1e-12, last != point else { return }
        let phi = rotation.radians, cosPhi = cos(phi), sinPhi = sin(phi)
        let dx = (last.x - point.x) / 2, dy = (last.y - point.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy, y1 = -sinPhi * dx + cosPhi * dy
        let scale = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if scale > 1 {
            rx *= scale.squareRoot()
            ry *= scale.squareRoot()
        }
        let numerator = max(0, rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1)
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = denominator > 0 ? (numerator / denominator).squareRoot() : 0
        if largeArc == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry, cy1 = -factor * ry * x1 / rx
        let cx = cosPhi * cx1 - sinPhi * cy1 + (last.x + point.x) / 2
        let cy = sinPhi * cx1 + cosPhi * cy1 + (last.y + point.y) / 2
        func angle(_ ux: Double, _ uy: Double) -> Double { atan2(uy, ux) }
        let theta1 = angle((x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((-x1 - cx1) / rx, (-y1 - cy1) / ry) - theta1
        if sweep, delta < 0 { delta += 2 * .pi }
        if !sweep, delta > 0 { delta -= 2 * .pi }
        func at(_ theta: Double) -> Point {
            Point(x: cx + rx * cos(theta) * cosPhi - ry * sin(theta) * sinPhi,
                  y: cy + rx * cos(theta) * sinPhi + ry * sin(theta) * cosPhi)
        }
        if abs(sinPhi) < 1e-12 {
            // The axes' ends: every quarter turn the sweep passes.
            var k = (min(theta1, theta1 + delta) / (.pi / 2)).rounded(.up)
            while k * .pi / 2 <= max(theta1, theta1 + delta) {
                include(at(k * .pi / 2))
                k += 1
            }
        } else {
            for step in 1..<64 { include(at(theta1 + delta * Double(step) / 64)) }
        }
    }

    mutating func closeSubpath() {}
}
