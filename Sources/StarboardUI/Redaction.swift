/// Why a view's content is hidden, as SwiftUI's `RedactionReasons`.
public struct RedactionReasons: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Content not loaded yet: text draws as rounded bars, images as boxes.
    public static let placeholder = RedactionReasons(rawValue: 1 << 0)
    /// Content a privacy-sensitive view hides. Starboard has no `.privacySensitive()`, so, as in
    /// SwiftUI for views not marked so, nothing changes.
    public static let privacy = RedactionReasons(rawValue: 1 << 1)
    /// Content of a widget that is out of date: drawn as is in a still preview.
    public static let invalidated = RedactionReasons(rawValue: 1 << 2)
}

extension View {
    /// Hides the content inside for `reason`, adding to the reasons set around it, as
    /// SwiftUI's `redacted(reason:)`. With `.placeholder`, each line of text is a rounded bar
    /// of its own width and an image or a symbol a rounded box of its size, both in the
    /// foreground at a fifth of its opacity; layout is unchanged. Shapes and colours draw as
    /// they are. `@Environment(\.redactionReasons)` reads the reasons.
    public consuming func redacted(reason: RedactionReasons) -> some View {
        modifier(_RedactionModifier(reasons: reason, adds: true))
    }

    /// Shows the content inside whatever reasons were set around it.
    public consuming func unredacted() -> some View {
        modifier(_RedactionModifier(reasons: [], adds: false))
    }
}

struct _RedactionModifier: ViewModifier {
    typealias Body = Never
    let reasons: RedactionReasons
    let adds: Bool

    static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        let saved = graph.environment.redactionReasons
        graph.environment.redactionReasons = modifier.adds ? saved.union(modifier.reasons) : []
        content._makeNodes(in: &graph)
        graph.environment.redactionReasons = saved
    }
}

extension EnvironmentValues {
    /// Whether text and images are drawn as placeholders here.
    var isPlaceholder: Bool { redactionReasons.contains(.placeholder) }
}

/// How a placeholder is painted: the foreground (the first colour of a gradient) at a fifth of
/// its opacity, so black text makes light grey bars and white text dark ones.
func placeholderPaint(_ paint: Paint) -> Paint {
    var color: Color.Resolved
    switch paint {
    case .color(let resolved): color = resolved
    case .linear(let stops, _, _), .radial(let stops, _, _, _), .angular(let stops, _, _, _):
        color = stops.first?.color ?? Color.Resolved(red: 0, green: 0, blue: 0)
    }
    color.opacity *= 0.2
    return .color(color)
}

extension LayoutEngine {
    /// A placeholder text: a rounded bar over each line, as wide as the line's text and placed
    /// as its text would be, 70% of the line's height and centred in it.
    mutating func placeRedactedText(_ text: TextNode, _ layout: TextLayout, in rect: Rect) {
        let barHeight = (layout.lineHeight * 0.7).rounded()
        let paint = placeholderPaint(text.paint)
        func bar(width: Double, line: Int) {
            guard width > 0 else { return }
            let left = rect.minX + (rect.width - width) * text.alignment.fraction
            let top = rect.minY + Double(line) * layout.linePitch + (layout.lineHeight - barHeight) / 2
            graph.shapes.append(ShapeNode(geometry: .roundedRectangle(cornerRadius: min(4, barHeight / 4)), drawing: ShapeDrawing(fill: paint)))
            display.items.append(.shape(Int32(graph.shapes.count - 1), frame: Rect(x: left, y: top, width: width, height: barHeight)))
        }
        if let lines = layout.lines {
            for (index, line) in lines.enumerated() { bar(width: line.width, line: index) }
        } else {
            bar(width: layout.size.width, line: 0)
        }
    }
}
