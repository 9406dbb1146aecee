/// An SVG document and what assistive technology sees in it.
public struct Rendering: Sendable {
    public var svg: String
    /// The size of the image in points (the SVG's width and height).
    public var size: Size
    /// Every element with accessibility information or a tap target, in drawing order.
    public var accessibility: [AccessibilityElement]
}

/// Lays out a view at its ideal size and writes it as SVG. Pure: the same view gives the same bytes.
public enum Renderer {
    public static func render(_ view: some View, title: String? = nil, typesetter: Typesetter = .shared) -> Rendering {
        render(node: view.node, title: title, typesetter: typesetter)
    }

    public static func render(node: ViewNode, title: String? = nil, typesetter: Typesetter = .shared) -> Rendering {
        var engine = LayoutEngine(typesetter: typesetter)
        let environment = Environment()
        let size = engine.size(node, .unspecified, environment)
        var nodes: [RenderNode] = []
        engine.place(node, in: Rect(origin: .zero, size: size), environment, into: &nodes)
        var writer = SVGWriter()
        let svg = writer.document(nodes, size: size, title: title)
        return Rendering(svg: svg, size: size, accessibility: engine.elements)
    }
}
