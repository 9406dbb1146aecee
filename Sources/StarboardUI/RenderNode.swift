/// A view after layout: positioned drawing commands in the SVG's coordinate space.
///
/// Layout builds this tree; ``SVGWriter`` walks it.
public indirect enum RenderNode: Sendable {
    /// A filled and/or stroked outline; `frame` is what gradients resolve against.
    case shape(Path, ShapeStyle, frame: Rect)
    /// A line of text; `baseline` is the left end of its baseline.
    case text(String, font: Font, color: Color, baseline: Point)
    case group(GroupAttributes, [RenderNode])
}

/// What a group adds to its children.
public struct GroupAttributes: Sendable {
    public var transform: GroupTransform?
    public var opacity: Double?
    public var filter: Filter?
    public var accessibility: AccessibilityInfo?
    /// The id a tap on this group reports.
    public var tapTarget: String?
    /// The element id written as `data-id`, set for accessibility elements and tap targets.
    public var elementID: String?

    public init() {}
}

/// A transform as SVG can say it briefly.
public enum GroupTransform: Sendable {
    case rotate(degrees: Double, about: Point)
    case scale(x: Double, y: Double, about: Point)
}

/// One element that assistive technology (and Starboard's inspector) sees.
public struct AccessibilityElement: Hashable, Sendable {
    public var id: String
    public var label: String?
    public var value: String?
    public var hint: String?
    /// Where the element ends up in the rendered image, in points.
    public var frame: Rect
    /// Whether a tap on it is routed back to the component.
    public var isTappable: Bool

    public init(id: String, label: String?, value: String?, hint: String?, frame: Rect, isTappable: Bool) {
        self.id = id
        self.label = label
        self.value = value
        self.hint = hint
        self.frame = frame
        self.isTappable = isTappable
    }
}
