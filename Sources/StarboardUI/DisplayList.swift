/// What layout produced, in drawing order: positioned shapes and text between the starts and
/// ends of groups. Flat, so a render fills one array instead of a tree of boxes; the SVG
/// writer and the audit read it through one walk (``DisplayListVisitor``).
struct DisplayList {
    var items: [DisplayItem] = []
    /// How each drawn text was set, in drawing order.
    var texts: [TextLayout] = []
    var groups: [GroupAttributes] = []
}

/// One drawing step; indices point into the graph's tables or the list's own.
enum DisplayItem {
    /// A filled and/or stroked outline (``ViewGraph/shapes``) in `frame`; gradients resolve
    /// against the frame too.
    case shape(Int32, frame: Rect)
    /// A text (``ViewGraph/texts``) set as ``DisplayList/texts`` says, in `frame`.
    case text(Int32, layout: Int32, frame: Rect)
    /// The start of a group (``DisplayList/groups``).
    case beginGroup(Int32)
    case endGroup
}

/// What a group adds to its children.
struct GroupAttributes {
    var transform: GroupTransform?
    var opacity: Double?
    /// How the group's content mixes with what is below it (`mix-blend-mode`).
    var blendMode: BlendMode?
    var filter: Filter?
    /// An outline the group's content is cut to, in the frame it was laid out in.
    var clip: (Clip, Rect)?
    /// The clip is a scroll container's: what it cuts is scrolled out of sight, not cut short.
    var clipScrolls = false
    /// A mask's drawing (written as a `<mask>` over `region`, not drawn), or content masked by
    /// the mask written just before it.
    var mask: GroupMask?
    var traits: AccessibilityTraits = []
    /// Hidden from assistive technology (`aria-hidden`).
    var isHidden = false
    var accessibility: AccessibilityInfo?
    /// The id a tap on this group reports.
    var tapTarget: String?
    /// The element id written as `data-id`, set for accessibility elements and tap targets.
    var elementID: String?
}

/// A group's side of a mask (``GroupAttributes/mask``).
enum GroupMask {
    case definition(region: Rect)
    case content
}

/// A transform as SVG can say it briefly.
enum GroupTransform {
    case rotate(degrees: Double, about: Point)
    case scale(x: Double, y: Double, about: Point)
    /// Any affine transform, in the root's points (a `Canvas`'s `translateBy`, `rotate`, …).
    case matrix(AffineTransform)
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
    /// Its traits by name (`button`, `header`, …).
    public var traits: [String]

    public init(id: String, label: String?, value: String?, hint: String?, frame: Rect, isTappable: Bool, traits: [String] = []) {
        self.id = id
        self.label = label
        self.value = value
        self.hint = hint
        self.frame = frame
        self.isTappable = isTappable
        self.traits = traits
    }
}
