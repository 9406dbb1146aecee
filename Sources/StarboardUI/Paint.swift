/// What fills or strokes a shape: a solid color or a linear gradient.
public enum Paint: Hashable, Sendable {
    case color(Color)
    case linearGradient(LinearGradient)
}

/// A gradient along a line given in the unit space of the view it fills.
///
/// `startPoint` and `endPoint` are resolved against the frame of the shape being filled,
/// as SwiftUI does: `.top` to `UnitPoint(x: 0.5, y: 0.6)` runs down the top 60 % of the shape.
public struct LinearGradient: Hashable, Sendable {
    /// One color at a location from 0 (the start point) to 1 (the end point).
    public struct Stop: Hashable, Sendable {
        public var color: Color
        public var location: Double

        public init(color: Color, location: Double) {
            self.color = color
            self.location = location
        }
    }

    public var stops: [Stop]
    public var startPoint: UnitPoint
    public var endPoint: UnitPoint

    public init(stops: [Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.stops = stops
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    /// Colors spread evenly from start to end.
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        let last = Double(max(colors.count - 1, 1))
        self.init(
            stops: colors.enumerated().map { Stop(color: $0.element, location: Double($0.offset) / last) },
            startPoint: startPoint, endPoint: endPoint
        )
    }
}

/// A stroke: paint and line width.
public struct Stroke: Hashable, Sendable {
    public var paint: Paint
    public var lineWidth: Double

    public init(paint: Paint, lineWidth: Double) {
        self.paint = paint
        self.lineWidth = lineWidth
    }
}
