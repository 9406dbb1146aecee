/// What fills or strokes a shape or text, resolved against the environment: a color or a gradient.
public struct _ResolvedPaint: Sendable {
    let paint: Paint

    init(_ paint: Paint) {
        self.paint = paint
    }
}

/// A resolved paint, as the SVG writer draws it.
enum Paint: Sendable {
    case color(Color.Resolved)
    /// Unit points resolved against the frame of what is painted, as SwiftUI does.
    case linear([ResolvedStop], start: UnitPoint, end: UnitPoint)
    case radial([ResolvedStop], center: UnitPoint, startRadius: Double, endRadius: Double)
    case angular([ResolvedStop], center: UnitPoint, startAngle: Angle, endAngle: Angle)

    /// One color of a gradient at a location from 0 to 1.
    struct ResolvedStop: Sendable {
        var color: Color.Resolved
        var location: Double
    }
}

/// Something that can fill or stroke a shape or paint text: a color, a gradient or a semantic
/// style such as `.primary`, as SwiftUI's `ShapeStyle`.
public protocol ShapeStyle: Sendable {
    /// The paint in `environment`.
    func _resolvePaint(in environment: EnvironmentValues) -> _ResolvedPaint
    /// Why the colour sets of the package's resources the style paints with could not be
    /// found (each paints clear); empty when there are none or every one was found.
    var _assetProblems: [String] { get }
}

extension ShapeStyle {
    public var _assetProblems: [String] { [] }
}

extension Color: ShapeStyle {
    public func _resolvePaint(in environment: EnvironmentValues) -> _ResolvedPaint {
        _ResolvedPaint(.color(resolve(in: environment)))
    }

    public var _assetProblems: [String] { assetProblem.map { [$0] } ?? [] }
}

extension Color: PrimitiveView {
    /// A color as a view fills the space it is offered, as in SwiftUI.
    public func _makeNodes(in graph: inout ViewGraph) {
        if let problem = assetProblem, case .asset(let name, _, _) = storage {
            graph.warnings.append(problem)
            let mark = graph.pending.count
            graph.addShape(.rectangle, ShapeDrawing(stroke: Stroke(paint: graph.environment.foregroundPaint, style: StrokeStyle(lineWidth: 1, dash: [3, 3]))))
            let box = graph.takeSingle()
            graph.withEnvironment({ $0.font = .caption2 }) { graph in
                Text(name).lineLimit(1).padding(4)._makeNodes(in: &graph)
            }
            let label = graph.takeSingle()
            graph.pending.append(box)
            graph.pending.append(label)
            graph.addContainer(.stack(.depth(alignment: .center)), adoptingFrom: mark)
            graph.wrapEach(from: mark, in: .frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity, alignment: .center)))
            return
        }
        graph.addShape(.rectangle, ShapeDrawing(fill: .color(resolve(in: graph.environment))))
    }
}

extension ViewGraph {
    /// Warns of a resource colour a style could not find (once per message). Inlined down to
    /// the nil check, as every shape and `foregroundStyle` asks and almost none has a problem.
    @inline(__always)
    mutating func warnOfMissingColor(in style: AnyShapeStyle?) {
        guard let style, !style.assetProblems.isEmpty else { return }
        for problem in style.assetProblems { warnOfMissingColor(problem) }
    }

    /// Warns of `problem`, a missing colour's, if there is one.
    mutating func warnOfMissingColor(_ problem: String?) {
        if let problem { warnOnce(problem) }
    }
}

/// Colors spread along a line, around a centre or out from it, as SwiftUI's `Gradient`.
public struct Gradient: Hashable, Sendable {
    /// One color at a location from 0 to 1.
    public struct Stop: Hashable, Sendable {
        public var color: Color
        public var location: Double

        public init(color: Color, location: Double) {
            self.color = color
            self.location = location
        }
    }

    public var stops: [Stop]

    public init(stops: [Stop]) {
        self.stops = stops
    }

    /// Colors spread evenly.
    public init(colors: [Color]) {
        let last = Double(max(colors.count - 1, 1))
        stops = colors.enumerated().map { Stop(color: $0.element, location: Double($0.offset) / last) }
    }

    /// The missing colour sets among the stops: each paints clear, and must say so.
    var assetProblems: [String] {
        stops.compactMap { $0.color.assetProblem }
    }

    func resolved(in environment: EnvironmentValues) -> [Paint.ResolvedStop] {
        stops.map { Paint.ResolvedStop(color: $0.color.resolve(in: environment), location: min(max($0.location, 0), 1)) }
    }
}

/// A gradient along a line between two unit points of what it fills, as SwiftUI's.
///
/// `startPoint` and `endPoint` are resolved against the frame of the shape being filled:
/// `.top` to `UnitPoint(x: 0.5, y: 0.6)` runs down the top 60 % of the shape.
public struct LinearGradient: ShapeStyle, PrimitiveView, Hashable {
    public var gradient: Gradient
    public var startPoint: UnitPoint
    public var endPoint: UnitPoint

    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }

    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }

    public func _resolvePaint(in environment: EnvironmentValues) -> _ResolvedPaint {
        _ResolvedPaint(.linear(gradient.resolved(in: environment), start: startPoint, end: endPoint))
    }

    public var _assetProblems: [String] { gradient.assetProblems }

    /// As a view, a gradient fills the space it is offered.
    public func _makeNodes(in graph: inout ViewGraph) {
        for problem in gradient.assetProblems { graph.warnOfMissingColor(problem) }
        graph.addShape(.rectangle, ShapeDrawing(fill: _resolvePaint(in: graph.environment).paint))
    }
}

/// A gradient in circles around a centre, from `startRadius` to `endRadius` points.
public struct RadialGradient: ShapeStyle, PrimitiveView, Hashable {
    public var gradient: Gradient
    public var center: UnitPoint
    public var startRadius: Double
    public var endRadius: Double

    public init(gradient: Gradient, center: UnitPoint, startRadius: Double, endRadius: Double) {
        self.gradient = gradient
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
    }

    public init(colors: [Color], center: UnitPoint, startRadius: Double, endRadius: Double) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: Double, endRadius: Double) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    public func _resolvePaint(in environment: EnvironmentValues) -> _ResolvedPaint {
        _ResolvedPaint(.radial(gradient.resolved(in: environment), center: center, startRadius: startRadius, endRadius: endRadius))
    }

    public var _assetProblems: [String] { gradient.assetProblems }

    public func _makeNodes(in graph: inout ViewGraph) {
        for problem in gradient.assetProblems { graph.warnOfMissingColor(problem) }
        graph.addShape(.rectangle, ShapeDrawing(fill: _resolvePaint(in: graph.environment).paint))
    }
}

/// A gradient that sweeps around a centre from `startAngle` to `endAngle` (a conic gradient).
///
/// SVG has no sweep gradient: Starboard draws it as thin wedges clipped to the shape.
public struct AngularGradient: ShapeStyle, PrimitiveView, Hashable {
    public var gradient: Gradient
    public var center: UnitPoint
    public var startAngle: Angle
    public var endAngle: Angle

    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .degrees(360)) {
        self.gradient = gradient
        self.center = center
        self.startAngle = startAngle
        self.endAngle = endAngle
    }

    public init(colors: [Color], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .degrees(360)) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }

    public init(gradient: Gradient, center: UnitPoint, angle: Angle) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: angle + .degrees(360))
    }

    public func _resolvePaint(in environment: EnvironmentValues) -> _ResolvedPaint {
        _ResolvedPaint(.angular(gradient.resolved(in: environment), center: center, startAngle: startAngle, endAngle: endAngle))
    }

    public var _assetProblems: [String] { gradient.assetProblems }

    public func _makeNodes(in graph: inout ViewGraph) {
        for problem in gradient.assetProblems { graph.warnOfMissingColor(problem) }
        graph.addShape(.rectangle, ShapeDrawing(fill: _resolvePaint(in: graph.environment).paint))
    }
}

/// The semantic levels of the foreground: primary, secondary, tertiary and quaternary text.
public struct HierarchicalShapeStyle: ShapeStyle {
    let level: SystemColor

    public func _resolvePaint(in environment: EnvironmentValues) -> _ResolvedPaint {
        _ResolvedPaint(.color(level.resolve(in: environment)))
    }
}

/// The tint color (`.tint(_:)`, else the accent color).
public struct TintShapeStyle: ShapeStyle {
    public func _resolvePaint(in environment: EnvironmentValues) -> _ResolvedPaint {
        _ResolvedPaint(.color(SystemColor.accent.resolve(in: environment)))
    }
}

/// The foreground style the view inherits.
public struct ForegroundStyle: ShapeStyle {
    public init() {}

    public func _resolvePaint(in environment: EnvironmentValues) -> _ResolvedPaint {
        _ResolvedPaint(environment.foregroundPaint)
    }
}

/// Any shape style, its type erased.
public struct AnyShapeStyle: ShapeStyle {
    private let resolve: @Sendable (EnvironmentValues) -> _ResolvedPaint
    /// Why a resource colour it paints with could not be found, for the render's warnings: a
    /// missing colour set paints clear, and must not do so in silence.
    let assetProblems: [String]

    public init<S: ShapeStyle>(_ style: S) {
        resolve = { style._resolvePaint(in: $0) }
        assetProblems = style._assetProblems
    }

    public var _assetProblems: [String] { assetProblems }

    public func _resolvePaint(in environment: EnvironmentValues) -> _ResolvedPaint {
        resolve(environment)
    }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: .primary) }
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: .secondary) }
    public static var tertiary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: .tertiary) }
    public static var quaternary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: .quaternary) }
}

extension ShapeStyle where Self == TintShapeStyle {
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

extension ShapeStyle where Self == ForegroundStyle {
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

extension ShapeStyle where Self == Color {
    public static var black: Color { Color.black }
    public static var white: Color { Color.white }
    public static var clear: Color { Color.clear }
    public static var red: Color { Color.red }
    public static var orange: Color { Color.orange }
    public static var yellow: Color { Color.yellow }
    public static var green: Color { Color.green }
    public static var mint: Color { Color.mint }
    public static var teal: Color { Color.teal }
    public static var cyan: Color { Color.cyan }
    public static var blue: Color { Color.blue }
    public static var indigo: Color { Color.indigo }
    public static var purple: Color { Color.purple }
    public static var pink: Color { Color.pink }
    public static var brown: Color { Color.brown }
    public static var gray: Color { Color.gray }
    public static var accentColor: Color { Color.accentColor }
}

extension ShapeStyle where Self == LinearGradient {
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }

    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }

    public static func linearGradient(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(stops: stops, startPoint: startPoint, endPoint: endPoint)
    }
}

extension ShapeStyle where Self == RadialGradient {
    public static func radialGradient(_ gradient: Gradient, center: UnitPoint, startRadius: Double, endRadius: Double) -> RadialGradient {
        RadialGradient(gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }

    public static func radialGradient(colors: [Color], center: UnitPoint, startRadius: Double, endRadius: Double) -> RadialGradient {
        RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}

extension ShapeStyle where Self == AngularGradient {
    public static func angularGradient(_ gradient: Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, startAngle: startAngle, endAngle: endAngle)
    }

    public static func angularGradient(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(colors: colors, center: center, startAngle: startAngle, endAngle: endAngle)
    }

    public static func conicGradient(_ gradient: Gradient, center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, angle: angle)
    }
}

/// How a stroke is drawn, as SwiftUI's `StrokeStyle`.
public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public var miterLimit: Double
    public var dash: [Double]
    public var dashPhase: Double

    public enum LineCap: Hashable, Sendable { case butt, round, square }
    public enum LineJoin: Hashable, Sendable { case miter, round, bevel }

    public init(lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10, dash: [Double] = [], dashPhase: Double = 0) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// A stroke: paint and style.
struct Stroke: Sendable {
    var paint: Paint
    var style: StrokeStyle
}
