/// How a preview asks to be shown: its layout and orientation, and the device it names, from
/// `#Preview(traits:)`, `.previewLayout(_:)`, `.previewInterfaceOrientation(_:)` and
/// `.previewDevice(_:)`.
///
/// A plain value carried on each catalogue entry, for `list` and the catalog; the render lays
/// the preview out by the same declarations (``CanvasLayout``).
public struct PreviewTraits: Sendable, Hashable {
    /// `.device` unless the preview asks otherwise, as in Xcode.
    public var layout: PreviewLayout
    public var orientation: InterfaceOrientation
    /// The device `.previewDevice(_:)` names, if any.
    public var device: String?

    public init(layout: PreviewLayout = .device, orientation: InterfaceOrientation = .portrait, device: String? = nil) {
        self.layout = layout
        self.orientation = orientation
        self.device = device
    }

    /// What a preview's modifiers declared; `.device` and portrait where they are silent.
    init(_ declared: DeclaredCanvas) {
        self.init(layout: declared.layout ?? .device, orientation: declared.orientation ?? .portrait, device: declared.device?.name)
    }

    /// The traits after applying `traits` in order (a later one wins).
    public init(_ traits: [PreviewTrait]) {
        self.init()
        for trait in traits { trait.apply(&self) }
    }
}

/// One trait of a `#Preview`, as SwiftUI's `PreviewTrait`: `.sizeThatFitsLayout`,
/// `.fixedLayout(width:height:)`, `.landscapeLeft`…
public struct PreviewTrait: Sendable {
    let apply: @Sendable (inout PreviewTraits) -> Void

    /// The device's screen, as Xcode lays a preview out unless told otherwise.
    public static let defaultLayout = PreviewTrait { $0.layout = .device }
    /// The view's ideal size.
    public static let sizeThatFitsLayout = PreviewTrait { $0.layout = .sizeThatFits }
    /// A container of this size.
    public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait {
        PreviewTrait { $0.layout = .fixed(width: width, height: height) }
    }
    public static let portrait = PreviewTrait { $0.orientation = .portrait }
    public static let portraitUpsideDown = PreviewTrait { $0.orientation = .portraitUpsideDown }
    public static let landscapeLeft = PreviewTrait { $0.orientation = .landscapeLeft }
    public static let landscapeRight = PreviewTrait { $0.orientation = .landscapeRight }
}
