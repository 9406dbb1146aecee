import Synchronization

/// An SVG document and what assistive technology sees in it.
public struct Rendering: Sendable {
    public var svg: String
    /// The size of the image in points (the SVG's width and height).
    public var size: Size
    /// Every element with accessibility information or a tap target, in drawing order.
    public var accessibility: [AccessibilityElement]
    /// How much layout work the render took.
    public var statistics: RenderStatistics
}

/// Lays out a view at its ideal size and writes it as SVG. Pure: the same view gives the same bytes.
public enum Renderer {
    /// Engines whose arrays the next renders reuse, one per render running at once (up to a few).
    private static let spares = Mutex<[Spare]>([])

    /// An engine waiting for a render. It holds no views (a reset empties it) and is taken out of
    /// the pool before use, so one thread at a time has it.
    private struct Spare: @unchecked Sendable {
        var engine: LayoutEngine
    }

    /// Renders `view`; throws when it is bigger or deeper than `limits` allow.
    public static func render(
        _ view: some View, title: String? = nil, limits: RenderLimits = .standard, typesetter: Typesetter = .shared
    ) throws(RenderLimits.Exceeded) -> Rendering {
        // Engines in the pool were emptied when they were put back.
        var engine = spares.withLock { $0.popLast()?.engine } ?? LayoutEngine(graph: ViewGraph(limits: limits), typesetter: typesetter)
        engine.prepare(limits: limits, typesetter: typesetter)
        defer {
            if engine.isWorthKeeping {
                engine.reset(limits: limits, typesetter: typesetter)
                let kept = Spare(engine: engine)
                spares.withLock { if $0.count < 4 { $0.append(kept) } }
            }
        }
        view._makeNodes(in: &engine.graph)
        if let exceeded = engine.graph.exceeded { throw exceeded }
        // Several views at the top are stacked as a `VStack` would stack them.
        engine.graph.collapse(from: 0, into: .vertical(spacing: defaultStackSpacing, alignment: .center))
        let root = engine.graph.takeSingle()
        engine.statistics.nodes = engine.graph.nodes.count
        let size = engine.layOutRoot(root)
        if let exceeded = engine.graph.exceeded { throw exceeded }
        var writer = SVGWriter()
        let svg = writer.document(engine.display, graph: engine.graph, size: size, title: title)
        return Rendering(svg: svg, size: size, accessibility: engine.elements, statistics: engine.statistics)
    }
}
