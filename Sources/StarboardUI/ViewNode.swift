/// The value tree every view resolves to; layout walks it.
///
/// Authors never build nodes by hand: they write views (``HStack``, ``Text``, shapes) and
/// modifiers, which produce nodes.
public indirect enum ViewNode: Sendable {
    case empty
    case shape(ShapeGeometry, ShapeStyle)
    case text(TextRun)
    case stack(StackKind, [ViewNode])
    /// Several views with no layout of their own; stacks take them as their own children.
    case group([ViewNode])
    case spacer(minLength: Double)
    /// Content that depends on the size offered, as SwiftUI's `GeometryReader`.
    case geometry(@Sendable (Size) -> ViewNode)
    case modified(ViewNode, Modifier)
}

/// How a stack arranges its children.
public enum StackKind: Sendable {
    case horizontal(spacing: Double, alignment: VerticalAlignment)
    case vertical(spacing: Double, alignment: HorizontalAlignment)
    case depth(alignment: Alignment)
}

/// The outline of a shape, resolved against the frame layout gives it.
public enum ShapeGeometry: Hashable, Sendable {
    case rectangle
    case roundedRectangle(cornerRadius: Double)
    case ellipse
    /// A circle as large as fits, centred.
    case circle
    case capsule
    /// A path in the coordinates of the frame it is placed in.
    case path(Path)
}

/// How a shape is painted. With neither fill nor stroke it is filled with the foreground color.
public struct ShapeStyle: Hashable, Sendable {
    public var fill: Paint?
    public var stroke: Stroke?

    public init(fill: Paint? = nil, stroke: Stroke? = nil) {
        self.fill = fill
        self.stroke = stroke
    }
}

/// A single line of text and how it is set.
public struct TextRun: Hashable, Sendable {
    public var string: String
    /// Nil takes the font set around it with `.font(_:)`, else ``Font/body``.
    public var font: Font?
    public var color: Color?

    public init(string: String, font: Font?, color: Color?) {
        self.string = string
        self.font = font
        self.color = color
    }
}

/// What a modifier does to the view it wraps.
public enum Modifier: Sendable {
    case frame(FrameSpec)
    case padding(EdgeInsets)
    case offset(x: Double, y: Double)
    case position(Point)
    case scale(x: Double, y: Double, anchor: UnitPoint)
    case rotation(Angle, anchor: UnitPoint)
    case opacity(Double)
    case aspectRatio(Double?, ContentMode)
    case filter(Filter)
    case accessibility(AccessibilityInfo)
    case tapTarget(String)
    case foregroundColor(Color)
    case font(Font)
    /// A view drawn behind (or, with `inFront`, over) the child, sized to it.
    case layer(ViewNode, alignment: Alignment, inFront: Bool)
}

/// A frame's fixed or flexible sizes; nil leaves that dimension to the child or the proposal.
public struct FrameSpec: Hashable, Sendable {
    public var width: Double?
    public var height: Double?
    public var minWidth: Double?
    public var maxWidth: Double?
    public var minHeight: Double?
    public var maxHeight: Double?
    public var alignment: Alignment
}

/// Whether `aspectRatio` fits inside the offered space or fills it.
public enum ContentMode: Sendable {
    case fit
    case fill
}

/// A color filter with the semantics of the CSS filter functions of the same name.
public enum Filter: Hashable, Sendable {
    /// Rotates hues by an angle (CSS `hue-rotate()`, SVG `feColorMatrix type="hueRotate"`).
    case hueRotation(Angle)
    /// Removes `amount` (0…1) of the saturation (CSS `grayscale()`, SVG `saturate` with `1 - amount`).
    case grayscale(Double)

    /// True when the filter changes nothing (no hue turn, no gray), so no SVG filter is written.
    public var isIdentity: Bool {
        switch self {
        case .hueRotation(let angle): angle.degrees.truncatingRemainder(dividingBy: 360) == 0
        case .grayscale(let amount): amount <= 0
        }
    }
}

/// What assistive technology hears about a view, and the id tools use to find it.
public struct AccessibilityInfo: Hashable, Sendable {
    public var identifier: String?
    public var label: String?
    public var value: String?
    public var hint: String?

    public init(identifier: String? = nil, label: String? = nil, value: String? = nil, hint: String? = nil) {
        self.identifier = identifier
        self.label = label
        self.value = value
        self.hint = hint
    }

    /// Later modifiers fill what earlier ones left empty, as chained SwiftUI accessibility modifiers do.
    func merged(over inner: AccessibilityInfo) -> AccessibilityInfo {
        AccessibilityInfo(
            identifier: identifier ?? inner.identifier, label: label ?? inner.label,
            value: value ?? inner.value, hint: hint ?? inner.hint
        )
    }
}
