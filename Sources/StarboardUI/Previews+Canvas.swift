extension View {
    /// The canvas the preview is laid out on: a device's screen (`.device`), the size the view
    /// chooses (`.sizeThatFits`) or a fixed size. A window or `--device` may choose another.
    public consuming func previewLayout(_ layout: PreviewLayout) -> some View {
        modifier(_PreviewCanvasModifier(change: .layout(layout)))
    }

    /// The device the preview is shown on, by the name Xcode's device menu gives it
    /// (`"iPhone SE (3rd generation)"`); a device Starboard does not know is named in a warning
    /// and the standard one is used.
    public consuming func previewDevice(_ device: PreviewDevice?) -> some View {
        modifier(_PreviewCanvasModifier(change: .device(device)))
    }

    /// The way up the preview's device is held.
    public consuming func previewInterfaceOrientation(_ orientation: InterfaceOrientation) -> some View {
        modifier(_PreviewCanvasModifier(change: .orientation(orientation)))
    }
}

/// How a preview is laid out, as SwiftUI's `PreviewLayout`: see ``CanvasLayout``, which it
/// chooses.
public enum PreviewLayout: Sendable, Hashable {
    /// The device's screen.
    case device
    /// The size the view chooses, with nothing it draws cut.
    case sizeThatFits
    /// A screen of this size.
    case fixed(width: CGFloat, height: CGFloat)
}

/// A device name, as SwiftUI's `PreviewDevice`.
public struct PreviewDevice: Sendable, ExpressibleByStringLiteral {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
}

/// Records what a preview modifier asks of the canvas; the outermost one wins.
public struct _PreviewCanvasModifier: ViewModifier {
    public typealias Body = Never
    let change: Change

    enum Change {
        case layout(PreviewLayout)
        case device(PreviewDevice?)
        case orientation(InterfaceOrientation)
    }

    public static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        // Set before the content is built, so `.ignoresSafeArea` inside knows the canvas; an
        // outer modifier has set its part first and keeps it.
        switch modifier.change {
        case .layout(let layout):
            if graph.declaredCanvas.layout == nil { graph.declaredCanvas.layout = layout }
        case .orientation(let orientation):
            if graph.declaredCanvas.orientation == nil { graph.declaredCanvas.orientation = orientation }
        case .device(nil):
            break
        case .device(let name?):
            if let device = Device.named(name.rawValue) {
                if graph.declaredCanvas.device == nil { graph.declaredCanvas.device = device }
            } else {
                // Shown on a device all the same: the standard one.
                if graph.declaredCanvas.device == nil { graph.declaredCanvas.device = .standard }
                let warning = "unknown preview device \"\(name.rawValue)\"; shown on the \(Device.standard.name). Known devices: "
                    + Device.all.map(\.name).joined(separator: ", ")
                graph.warnOnce(warning)
            }
        }
        let mark = graph.pending.count
        content._makeNodes(in: &graph)
        // Per preview too: a provider's preview shown alone (and its catalogue entry's traits)
        // takes what its own modifiers asked, the outermost winning.
        for item in graph.pending[mark...] {
            var declared = graph.previewCanvases[item] ?? DeclaredCanvas()
            switch modifier.change {
            case .layout(let layout): declared.layout = layout
            case .orientation(let orientation): declared.orientation = orientation
            case .device(nil): break
            case .device(let name?): declared.device = Device.named(name.rawValue) ?? .standard
            }
            graph.previewCanvases[item] = declared
        }
    }
}
