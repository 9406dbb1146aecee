import Foundation

/// What a `Canvas` draws with, as SwiftUI's `GraphicsContext`: fills and strokes of paths in
/// colors and gradients, text and symbol images, under a transform, an opacity, a blend mode
/// and clips, in layers.
///
/// Each drawing call is recorded with the state it was made in and becomes part of the SVG
/// (a path, a text, groups for the transform and the clips), so what a canvas draws is as crisp,
/// searchable and inspectable as the rest of the preview. Copies of a context draw into the same
/// canvas, each with its own state, as SwiftUI's do. Filters (`addFilter`), `clipToLayer`,
/// resolved text and images, conic gradients and gradient options are not in the subset and do
/// not compile.
public struct GraphicsContext {
    /// The transform from the context's coordinates to the canvas's.
    public var transform: CGAffineTransform = .identity
    /// Multiplies the opacity of everything drawn next.
    public var opacity: Double = 1
    /// How what is drawn next mixes with what is already drawn.
    public var blendMode: BlendMode = .normal
    /// The environment of the canvas.
    public let environment: EnvironmentValues

    var clips: [CanvasCommand.ClipStep] = []
    let recorder: CanvasRecorder

    init(environment: EnvironmentValues, recorder: CanvasRecorder) {
        self.environment = environment
        self.recorder = recorder
    }

    // MARK: - Transforms

    /// Moves the origin of what is drawn next by (`x`, `y`) in the current coordinates.
    public mutating func translateBy(x: CGFloat, y: CGFloat) {
        concatenate(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y))
    }

    /// Scales what is drawn next by (`x`, `y`) about the current origin.
    public mutating func scaleBy(x: CGFloat, y: CGFloat) {
        concatenate(AffineTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0))
    }

    /// Turns what is drawn next by `angle` (clockwise on screen) about the current origin.
    public mutating func rotate(by angle: Angle) {
        concatenate(AffineTransform.rotation(angle, about: .zero))
    }

    /// Applies `matrix` before the current transform, as Core Graphics' `concatenate`.
    public mutating func concatenate(_ matrix: CGAffineTransform) {
        transform = matrix.followed(by: transform)
    }

    /// Cuts everything drawn next to `path` (in the current coordinates), inside what earlier
    /// clips left.
    public mutating func clip(to path: Path, style: FillStyle = FillStyle()) {
        clips.append(CanvasCommand.ClipStep(path: path, evenOdd: style.isEOFilled, transform: transform))
    }

    // MARK: - Drawing

    /// Fills `path` with `shading`.
    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
        record(.fill(path, shading, evenOdd: style.isEOFilled))
    }

    /// Strokes `path` with `shading` in `style`.
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        record(.stroke(path, shading, style))
    }

    /// Strokes `path` with `shading`, `lineWidth` points wide.
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
        record(.stroke(path, shading, StrokeStyle(lineWidth: lineWidth)))
    }

    /// Draws `text` at its ideal size with its `anchor` at `point`. Anchors other than the
    /// edges and centre are taken to the nearest of those, with a warning.
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        record(.text(text, .point(point, anchor: anchor)))
    }

    /// Draws `text` wrapped to `rect`'s width from its top-leading corner.
    public func draw(_ text: Text, in rect: CGRect) {
        record(.text(text, .rect(rect)))
    }

    /// Draws a symbol image at its size for the environment's font with its `anchor` at `point`.
    public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {
        record(.image(image, .point(point, anchor: anchor)))
    }

    /// Draws a symbol image stretched over `rect`.
    public func draw(_ image: Image, in rect: CGRect) {
        record(.image(image, .rect(rect)))
    }

    /// Draws what `content` draws as one layer, then composites it with this context's opacity
    /// and blend mode. The layer starts with this context's transform and clips.
    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        var layer = GraphicsContext(environment: environment, recorder: CanvasRecorder())
        layer.transform = transform
        layer.clips = clips
        try content(&layer)
        record(.layer(layer.recorder.commands))
    }

    private func record(_ kind: CanvasCommand.Kind) {
        recorder.commands.append(CanvasCommand(kind: kind, transform: transform, opacity: opacity, blendMode: blendMode, clips: clips))
    }

    // MARK: - Shading and blending

    /// A color or gradient to fill or stroke with, as SwiftUI's `GraphicsContext.Shading`.
    /// Gradient points are in the context's coordinates.
    public struct Shading: Sendable {
        enum Kind: Sendable {
            case color(Color)
            case style(any ShapeStyle)
            case linear(Gradient, start: CGPoint, end: CGPoint)
            case radial(Gradient, center: CGPoint, startRadius: Double, endRadius: Double)
            case foreground
        }

        let kind: Kind

        /// One color.
        public static func color(_ color: Color) -> Shading { Shading(kind: .color(color)) }

        /// Any shape style; a gradient's unit points are resolved against the bounds of the path.
        public static func style<S: ShapeStyle>(_ style: S) -> Shading { Shading(kind: .style(style)) }

        /// A gradient along the line from `startPoint` to `endPoint`.
        public static func linearGradient(_ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint) -> Shading {
            Shading(kind: .linear(gradient, start: startPoint, end: endPoint))
        }

        /// A gradient in circles about `center` from `startRadius` to `endRadius`.
        public static func radialGradient(_ gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat) -> Shading {
            Shading(kind: .radial(gradient, center: center, startRadius: startRadius, endRadius: endRadius))
        }

        /// The environment's foreground style.
        public static var foreground: Shading { Shading(kind: .foreground) }
    }

    /// The blend modes a canvas can draw in, as SwiftUI's `GraphicsContext.BlendMode`; those
    /// CSS's `mix-blend-mode` cannot say (the Porter-Duff ones, `clear`, `copy`, `plusDarker`,
    /// `plusLighter`) are missing, so asking for one does not compile.
    public typealias BlendMode = StarboardUI.BlendMode
}

/// One recorded drawing call and the state it was made in.
struct CanvasCommand {
    enum Kind {
        case fill(Path, GraphicsContext.Shading, evenOdd: Bool)
        case stroke(Path, GraphicsContext.Shading, StrokeStyle)
        case text(Text, Placement)
        case image(Image, Placement)
        case layer([CanvasCommand])
    }

    /// Where a text or an image goes.
    enum Placement {
        case point(CGPoint, anchor: UnitPoint)
        case rect(CGRect)
    }

    /// A clip and the transform it was made under.
    struct ClipStep {
        var path: Path
        var evenOdd: Bool
        var transform: AffineTransform
    }

    var kind: Kind
    var transform: AffineTransform
    var opacity: Double
    var blendMode: BlendMode
    var clips: [ClipStep]
}

/// Where a canvas's drawing calls go; shared by every copy of its context.
final class CanvasRecorder {
    var commands: [CanvasCommand] = []
}
