/// A view that draws an outline in the frame it is given.
public protocol Shape: PrimitiveView {
    var geometry: ShapeGeometry { get }
}

extension Shape {
    public var node: ViewNode { .shape(geometry, ShapeStyle()) }

    /// Fills the shape with a color.
    public func fill(_ color: Color) -> AnyView {
        AnyView(node: .shape(geometry, ShapeStyle(fill: .color(color))))
    }

    /// Fills the shape with a gradient whose unit points resolve against the shape's frame.
    public func fill(_ gradient: LinearGradient) -> AnyView {
        AnyView(node: .shape(geometry, ShapeStyle(fill: .linearGradient(gradient))))
    }

    /// Strokes the outline.
    public func stroke(_ color: Color, lineWidth: Double = 1) -> AnyView {
        AnyView(node: .shape(geometry, ShapeStyle(stroke: Stroke(paint: .color(color), lineWidth: lineWidth))))
    }

    /// Fills and strokes the shape in one go (SwiftUI needs an overlay for this).
    public func fill(_ fill: Color, stroke: Color, lineWidth: Double) -> AnyView {
        AnyView(node: .shape(geometry, ShapeStyle(fill: .color(fill), stroke: Stroke(paint: .color(stroke), lineWidth: lineWidth))))
    }
}

public struct Rectangle: Shape {
    public init() {}
    public var geometry: ShapeGeometry { .rectangle }
}

public struct RoundedRectangle: Shape {
    public var cornerRadius: Double
    public init(cornerRadius: Double) { self.cornerRadius = cornerRadius }
    public var geometry: ShapeGeometry { .roundedRectangle(cornerRadius: cornerRadius) }
}

public struct Circle: Shape {
    public init() {}
    public var geometry: ShapeGeometry { .circle }
}

public struct Ellipse: Shape {
    public init() {}
    public var geometry: ShapeGeometry { .ellipse }
}

public struct Capsule: Shape {
    public init() {}
    public var geometry: ShapeGeometry { .capsule }
}

extension Path: Shape {
    public var geometry: ShapeGeometry { .path(self) }
}
