import Foundation

/// A point, a size and a rectangle are Foundation's `CGPoint`, `CGSize` and `CGRect`, as in
/// SwiftUI; these names are kept so that code written before that keeps compiling.
public typealias Point = CGPoint
public typealias Size = CGSize
public typealias Rect = CGRect

extension CGRect {
    /// The point at `unit` inside the rectangle, where (0, 0) is the top-left and (1, 1) the bottom-right corner.
    public func point(at unit: UnitPoint) -> CGPoint {
        CGPoint(x: origin.x + unit.x * size.width, y: origin.y + unit.y * size.height)
    }
}

/// A point in a view's unit space: (0, 0) is its top-leading corner, (1, 1) its bottom-trailing one.
public struct UnitPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// Insets on the four edges of a rectangle.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same inset on all four edges.
    public init(_ all: Double) {
        self.init(top: all, leading: all, bottom: all, trailing: all)
    }
}

/// An angle, stored in degrees because that is what designers type and what SVG writes.
public struct Angle: Hashable, Sendable, Comparable {
    public var degrees: Double

    public init(degrees: Double) {
        self.degrees = degrees
    }

    public init(radians: Double) {
        self.degrees = radians * 180 / .pi
    }

    public var radians: Double { degrees * .pi / 180 }

    public static func degrees(_ value: Double) -> Angle { Angle(degrees: value) }
    public static func radians(_ value: Double) -> Angle { Angle(radians: value) }
    public static let zero = Angle(degrees: 0)

    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.degrees < rhs.degrees }

    public static func + (lhs: Angle, rhs: Angle) -> Angle { Angle(degrees: lhs.degrees + rhs.degrees) }
    public static func - (lhs: Angle, rhs: Angle) -> Angle { Angle(degrees: lhs.degrees - rhs.degrees) }
    public static prefix func - (angle: Angle) -> Angle { Angle(degrees: -angle.degrees) }
    public static func * (lhs: Angle, rhs: Double) -> Angle { Angle(degrees: lhs.degrees * rhs) }
    public static func * (lhs: Double, rhs: Angle) -> Angle { Angle(degrees: lhs * rhs.degrees) }
    public static func / (lhs: Angle, rhs: Double) -> Angle { Angle(degrees: lhs.degrees / rhs) }
    public static func += (lhs: inout Angle, rhs: Angle) { lhs = lhs + rhs }
    public static func -= (lhs: inout Angle, rhs: Angle) { lhs = lhs - rhs }
}

/// The two layout axes.
public enum Axis: Sendable {
    case horizontal
    case vertical
}

/// An affine transform, `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` (SVG's `matrix(a b c d tx ty)`).
public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A scale by (`sx`, `sy`) that leaves `anchor` where it is.
    public static func scale(_ sx: Double, _ sy: Double, about anchor: Point) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: anchor.x * (1 - sx), ty: anchor.y * (1 - sy))
    }

    /// A rotation by `angle` (clockwise on screen, as SwiftUI) that leaves `anchor` where it is.
    public static func rotation(_ angle: Angle, about anchor: Point) -> AffineTransform {
        let cosine = cos(angle.radians), sine = sin(angle.radians)
        return AffineTransform(
            a: cosine, b: sine, c: -sine, d: cosine,
            tx: anchor.x - cosine * anchor.x + sine * anchor.y,
            ty: anchor.y - sine * anchor.x - cosine * anchor.y
        )
    }

    /// The transform that applies `self` first and then `other`.
    public func followed(by other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty
        )
    }

    /// The transform that undoes this one; nil when it flattens the plane (a scale by 0).
    public func inverted() -> AffineTransform? {
        let determinant = a * d - b * c
        guard abs(determinant) > 1e-12 else { return nil }
        return AffineTransform(
            a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
            tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant
        )
    }

    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The smallest axis-aligned rectangle that holds `rect` once transformed.
    public func boundingBox(of rect: Rect) -> Rect {
        // Four corners folded in place: this runs for every accessibility element, so no arrays.
        let a = apply(rect.origin), b = apply(Point(x: rect.maxX, y: rect.minY))
        let c = apply(Point(x: rect.minX, y: rect.maxY)), d = apply(Point(x: rect.maxX, y: rect.maxY))
        let minX = Self.least(a.x, b.x, c.x, d.x), minY = Self.least(a.y, b.y, c.y, d.y)
        return Rect(x: minX, y: minY, width: Self.greatest(a.x, b.x, c.x, d.x) - minX, height: Self.greatest(a.y, b.y, c.y, d.y) - minY)
    }

    /// The smallest of four values, compared in order as `Sequence.min()` does.
    private static func least(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
        var result = a
        if b < result { result = b }
        if c < result { result = c }
        if d < result { result = d }
        return result
    }

    /// The largest of four values, compared in order as `Sequence.max()` does.
    private static func greatest(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
        var result = a
        if result < b { result = b }
        if result < c { result = c }
        if result < d { result = d }
        return result
    }

    public var isIdentity: Bool { self == .identity }

    /// It only moves (no scale, turn or skew): what it maps keeps its size and lines up with
    /// the screen's edges.
    var isTranslation: Bool { a == 1 && b == 0 && c == 0 && d == 1 }
}
