import Foundation

/// A view that draws with a ``GraphicsContext``, as SwiftUI's `Canvas`: it takes the space it
/// is offered (10 × 10 points when offered nothing, as a shape) and calls `renderer` with a
/// context and that size.
///
/// What the renderer draws becomes SVG paths, texts and groups, not a bitmap. `colorMode:` and
/// `symbols:` are not in the subset and do not compile; `opaque` and `rendersAsynchronously`
/// are accepted and change nothing in a still picture.
public struct Canvas: PrimitiveView {
    let renderer: (inout GraphicsContext, CGSize) -> Void

    public init(opaque: Bool = false, rendersAsynchronously: Bool = false, renderer: @escaping (inout GraphicsContext, CGSize) -> Void) {
        self.renderer = renderer
    }

    public func _makeNodes(in graph: inout ViewGraph) {
        let renderer = self.renderer
        graph.geometries.append(GeometryContent(
            build: { proxy, graph in
                let recorder = CanvasRecorder()
                var context = GraphicsContext(environment: graph.environment, recorder: recorder)
                renderer(&context, proxy.size)
                let mark = graph.pending.count
                CanvasNodes.add(recorder.commands, size: proxy.size, in: &graph)
                graph.collapse(from: mark, into: .depth(alignment: .topLeading))
            },
            environment: graph.environment, stackAxis: nil
        ))
        graph.addLeaf(.geometry(Int32(graph.geometries.count - 1)))
    }
}

/// Turns a canvas's recorded calls into nodes: each call's drawing, inside the groups its
/// transform, clips, opacity and blend mode need, in a canvas-sized frame.
enum CanvasNodes {
    static func add(_ commands: [CanvasCommand], size: CGSize, in graph: inout ViewGraph) {
        for command in commands {
            guard graph.isOpen else { return }
            let mark = graph.pending.count
            switch command.kind {
            case .fill(let path, let shading, let evenOdd):
                var drawing = ShapeDrawing(fill: paint(shading, for: path, size: size, in: graph.environment))
                drawing.evenOdd = evenOdd
                graph.addShape(.path(path), drawing)
            case .stroke(let path, let shading, let style):
                graph.addShape(.path(path), ShapeDrawing(stroke: Stroke(paint: paint(shading, for: path, size: size, in: graph.environment), style: style)))
            case .text(let text, let placement):
                text._makeNodes(in: &graph)
                place(placement, from: mark, size: nil, in: &graph)
            case .image(let image, let placement):
                var image = image
                if case .rect = placement { image = image.resizable() }
                image._makeNodes(in: &graph)
                place(placement, from: mark, size: image.isResizable ? nil : image.side(in: graph.environment), in: &graph)
            case .layer(let inner):
                add(inner, size: size, in: &graph)
                graph.collapse(from: mark, into: .depth(alignment: .topLeading))
            }
            graph.collapse(from: mark, into: .depth(alignment: .topLeading))
            // Texts and images are smaller than the canvas: a canvas-sized frame puts the groups
            // around them at the canvas's corner, where their transforms are written about.
            graph.wrapEach(from: mark, in: .frame(FrameSpec(width: size.width, height: size.height, alignment: .topLeading)))
            wrapInState(command, isLayer: { if case .layer = command.kind { true } else { false } }(), from: mark, in: &graph)
        }
    }

    /// The groups around one call, innermost first: the transform left over after its clips',
    /// each clip under the transform it was made in, and the opacity and blend mode outermost.
    /// A layer's calls carry their own transforms and clips, so the layer adds only its opacity
    /// and blend mode.
    private static func wrapInState(_ command: CanvasCommand, isLayer: Bool, from mark: Int, in graph: inout ViewGraph) {
        var current = isLayer ? AffineTransform.identity : command.transform
        if !isLayer {
            for clip in command.clips.reversed() {
                guard let inverse = clip.transform.inverted() else {
                    // A clip under a transform that flattens everything leaves nothing to draw.
                    graph.pending.removeLast(graph.pending.count - mark)
                    graph.addLeaf(.empty)
                    return
                }
                let inner = current.followed(by: inverse)
                if inner != .identity { graph.wrapEach(from: mark, in: .group(GroupEffect(transform: inner))) }
                graph.wrapEach(from: mark, in: .clip(Clip(geometry: .path(clip.path), evenOdd: clip.evenOdd)))
                current = clip.transform
            }
        }
        let opacity = command.opacity < 1 ? max(command.opacity, 0) : nil
        let blend = command.blendMode == .normal ? nil : command.blendMode
        if current != .identity || opacity != nil || blend != nil {
            graph.wrapEach(from: mark, in: .group(GroupEffect(transform: current == .identity ? nil : current, opacity: opacity, blendMode: blend)))
        }
    }

    /// A text's or an image's frame and offset: at a point by its anchor, or over a rectangle.
    /// `size` is the image's own when known; a text's anchor is met with a zero-sized frame
    /// aligned to the nearest edge or centre.
    private static func place(_ placement: CanvasCommand.Placement, from mark: Int, size: Double?, in graph: inout ViewGraph) {
        switch placement {
        case .rect(let rect):
            graph.wrapEach(from: mark, in: .frame(FrameSpec(width: rect.width, height: rect.height, alignment: .topLeading)))
            graph.wrapEach(from: mark, in: .offset(x: rect.minX, y: rect.minY))
        case .point(let point, let anchor):
            if let side = size {
                graph.wrapEach(from: mark, in: .offset(x: point.x - anchor.x * side, y: point.y - anchor.y * side))
                return
            }
            graph.wrapEach(from: mark, in: .fixedSize(horizontal: true, vertical: true))
            let horizontal: HorizontalAlignment = anchor.x < 0.25 ? .leading : anchor.x > 0.75 ? .trailing : .center
            let vertical: VerticalAlignment = anchor.y < 0.25 ? .top : anchor.y > 0.75 ? .bottom : .center
            if ![0, 0.5, 1].contains(anchor.x) || ![0, 0.5, 1].contains(anchor.y) {
                graph.warnings.append("a Canvas draws text anchored at its edges or centre: anchor (\(anchor.x), \(anchor.y)) is taken to the nearest")
            }
            graph.wrapEach(from: mark, in: .frame(FrameSpec(width: 0, height: 0, alignment: Alignment(horizontal: horizontal, vertical: vertical))))
            graph.wrapEach(from: mark, in: .offset(x: point.x, y: point.y))
        }
    }

    /// The paint of a shading; unit points of a shape style are the path's bounds', written as
    /// the canvas's (the frame the path is painted in).
    static func paint(_ shading: GraphicsContext.Shading, for path: Path, size: CGSize, in environment: EnvironmentValues) -> Paint {
        func unit(_ point: CGPoint) -> UnitPoint {
            UnitPoint(x: size.width > 0 ? point.x / size.width : 0, y: size.height > 0 ? point.y / size.height : 0)
        }
        switch shading.kind {
        case .color(let color):
            return .color(color.resolve(in: environment))
        case .foreground:
            return environment.foregroundPaint
        case .linear(let gradient, let start, let end):
            return .linear(gradient.resolved(in: environment), start: unit(start), end: unit(end))
        case .radial(let gradient, let center, let startRadius, let endRadius):
            return .radial(gradient.resolved(in: environment), center: unit(center), startRadius: startRadius, endRadius: endRadius)
        case .style(let style):
            let bounds = path.boundingRect
            func moved(_ point: UnitPoint) -> UnitPoint {
                unit(CGPoint(x: bounds.minX + point.x * bounds.width, y: bounds.minY + point.y * bounds.height))
            }
            switch style._resolvePaint(in: environment).paint {
            case .color(let color): return .color(color)
            case .linear(let stops, let start, let end): return .linear(stops, start: moved(start), end: moved(end))
            case .radial(let stops, let center, let startRadius, let endRadius): return .radial(stops, center: moved(center), startRadius: startRadius, endRadius: endRadius)
            case .angular(let stops, let center, let startAngle, let endAngle): return .angular(stops, center: moved(center), startAngle: startAngle, endAngle: endAngle)
            }
        }
    }
}

extension Path {
    /// The smallest rectangle that holds the path's outline (curves at their extremes), as
    /// SwiftUI's `boundingRect`; `.null` for an empty path.
    public var boundingRect: CGRect {
        var sink = BoundsSink()
        emit(translatedBy: .zero, to: &sink)
        return sink.bounds ?? .null
    }
}
