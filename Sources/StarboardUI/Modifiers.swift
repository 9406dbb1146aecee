/// A view with a modifier applied, as SwiftUI's `ModifiedContent`.
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier

    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: Never { fatalError("ModifiedContent is a primitive view and has no body") }

    public func _makeNodes(in graph: inout ViewGraph) {
        guard graph.enter() else { return }
        Modifier._makeNodes(modifier: modifier, content: content, in: &graph)
        graph.leave()
    }
}

/// Something that changes a view, as SwiftUI's `ViewModifier`. Write your own with
/// `body(content:)`; the built-in modifiers add nodes of their own instead.
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Content) -> Body
    /// Adds the modified content's nodes. Custom modifiers get it from `body(content:)`.
    static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph)
}

extension ViewModifier {
    public static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        graph.modifierContents.append { graph in content._makeNodes(in: &graph) }
        modifier.body(content: _ViewModifier_Content())._makeNodes(in: &graph)
        graph.modifierContents.removeLast()
    }
}

extension ViewModifier where Body == Never {
    public func body(content: Content) -> Never {
        fatalError("\(Self.self) is a primitive modifier and has no body")
    }
}

/// The view a custom modifier's `body(content:)` is given: the view it modifies.
public struct _ViewModifier_Content<Modifier: ViewModifier>: PrimitiveView {
    public func _makeNodes(in graph: inout ViewGraph) {
        guard let build = graph.modifierContents.popLast() else { return }
        build(&graph)
        graph.modifierContents.append(build)
    }
}

extension View {
    /// Applies `modifier` to this view.
    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

/// A layout or drawing modifier: a node of its own over each view of its content.
public struct _LayoutModifier: ViewModifier {
    public typealias Body = Never
    let effect: LayoutEffect

    public static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        let mark = graph.pending.count
        content._makeNodes(in: &graph)
        graph.wrapEach(from: mark, in: modifier.effect)
    }
}

/// A change to what the content inherits (font, color, text settings); no node of its own.
public struct _EnvironmentModifier: ViewModifier {
    public typealias Body = Never
    let change: Change

    enum Change {
        case foregroundColor(Color?)
        case font(Font?)
        case fontWeight(Font.Weight?)
        case italic
        case lineLimit(Int?)
        case truncationMode(Text.TruncationMode)
        case multilineTextAlignment(TextAlignment)
    }

    public static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        let saved = graph.environment
        switch modifier.change {
        case .foregroundColor(let color): graph.environment.foregroundColor = color
        case .font(let font): graph.environment.font = font
        case .fontWeight(let weight): graph.environment.fontWeight = weight
        case .italic: graph.environment.italic = true
        case .lineLimit(let limit): graph.environment.lineLimit = limit
        case .truncationMode(let mode): graph.environment.truncationMode = mode
        case .multilineTextAlignment(let alignment): graph.environment.multilineTextAlignment = alignment
        }
        content._makeNodes(in: &graph)
        graph.environment = saved
    }
}

/// A view drawn behind or over the content and offered its size.
public struct _LayerModifier<Layer: View>: ViewModifier {
    public typealias Body = Never
    let layer: Layer
    let alignment: Alignment
    let inFront: Bool

    public static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        let mark = graph.pending.count
        content._makeNodes(in: &graph)
        // Each view of the content gets the layer, as any modifier on a group.
        for slot in mark..<graph.pending.count {
            guard graph.isOpen else { return }
            let item = graph.pending[slot]
            let layerMark = graph.pending.count
            graph.pending.append(item)
            let outerAxis = graph.stackAxis
            graph.stackAxis = nil
            modifier.layer._makeNodes(in: &graph)
            graph.stackAxis = outerAxis
            graph.collapse(from: layerMark + 1, into: .depth(alignment: modifier.alignment))
            graph.addContainer(.layer(modifier.alignment, inFront: modifier.inFront), adoptingFrom: layerMark)
            graph.pending[slot] = graph.takeSingle()
        }
    }
}

extension View {
    func layout(_ effect: LayoutEffect) -> ModifiedContent<Self, _LayoutModifier> {
        self.modifier(_LayoutModifier(effect: effect))
    }

    func environment(_ change: _EnvironmentModifier.Change) -> ModifiedContent<Self, _EnvironmentModifier> {
        self.modifier(_EnvironmentModifier(change: change))
    }

    /// A fixed size in either dimension; nil keeps the child's own size there.
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> some View {
        layout(.frame(FrameSpec(width: width, height: height, alignment: alignment)))
    }

    /// A flexible frame; `maxWidth: .infinity` takes all the width offered.
    public func frame(
        minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil,
        alignment: Alignment = .center
    ) -> some View {
        layout(.frame(FrameSpec(minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight, maxHeight: maxHeight, alignment: alignment)))
    }

    public func padding(_ insets: EdgeInsets) -> some View {
        layout(.padding(insets))
    }

    /// The same padding on every edge; SwiftUI's default of 16 when none is given.
    public func padding(_ length: Double = 16) -> some View {
        layout(.padding(EdgeInsets(length)))
    }

    /// Moves the drawing without changing layout.
    public func offset(x: Double = 0, y: Double = 0) -> some View {
        layout(.offset(x: x, y: y))
    }

    /// Places the view's centre at `point` in its parent's coordinates; takes all the space offered.
    public func position(x: Double, y: Double) -> some View {
        layout(.position(Point(x: x, y: y)))
    }

    /// Scales the drawing about `anchor` without changing layout.
    public func scaleEffect(_ scale: Double, anchor: UnitPoint = .center) -> some View {
        layout(.scale(x: scale, y: scale, anchor: anchor))
    }

    public func scaleEffect(x: Double = 1, y: Double = 1, anchor: UnitPoint = .center) -> some View {
        layout(.scale(x: x, y: y, anchor: anchor))
    }

    /// Rotates the drawing about `anchor` (clockwise for positive angles) without changing layout.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        layout(.rotation(angle, anchor: anchor))
    }

    public func opacity(_ value: Double) -> some View {
        layout(.opacity(value))
    }

    /// Constrains the view to a width/height ratio; nil uses the child's own ideal ratio.
    public func aspectRatio(_ ratio: Double? = nil, contentMode: ContentMode) -> some View {
        layout(.aspectRatio(ratio, contentMode))
    }

    public func scaledToFit() -> some View {
        aspectRatio(nil, contentMode: .fit)
    }

    public func scaledToFill() -> some View {
        aspectRatio(nil, contentMode: .fill)
    }

    /// Shifts every hue of the subtree by `angle`, as CSS `hue-rotate()`.
    public func hueRotation(_ angle: Angle) -> some View {
        layout(.filter(.hueRotation(angle)))
    }

    /// Removes `amount` (0…1) of the subtree's color, as CSS `grayscale()`.
    public func grayscale(_ amount: Double) -> some View {
        layout(.filter(.grayscale(amount)))
    }

    /// Proposes the view its ideal size, so text keeps its one line whatever it is offered.
    public func fixedSize() -> some View {
        layout(.fixedSize(horizontal: true, vertical: true))
    }

    /// Proposes the view its ideal size along the chosen axes.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        layout(.fixedSize(horizontal: horizontal, vertical: vertical))
    }

    /// Draws `background` behind the view, offered the view's size.
    public func background<Background: View>(_ background: Background, alignment: Alignment = .center) -> some View {
        modifier(_LayerModifier(layer: background, alignment: alignment, inFront: false))
    }

    /// Draws the views `content` builds behind the view, offered its size.
    public func background<Background: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Background) -> some View {
        modifier(_LayerModifier(layer: content(), alignment: alignment, inFront: false))
    }

    /// Draws `overlay` over the view, offered the view's size.
    public func overlay<Overlay: View>(_ overlay: Overlay, alignment: Alignment = .center) -> some View {
        modifier(_LayerModifier(layer: overlay, alignment: alignment, inFront: true))
    }

    /// Draws the views `content` builds over the view, offered its size.
    public func overlay<Overlay: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Overlay) -> some View {
        modifier(_LayerModifier(layer: content(), alignment: alignment, inFront: true))
    }

    /// The color shapes and text inside use when they set none of their own.
    public func foregroundColor(_ color: Color?) -> some View {
        environment(.foregroundColor(color))
    }

    /// The font text inside uses unless it sets its own; a weight set inside is kept.
    public func font(_ font: Font?) -> some View {
        environment(.font(font))
    }

    /// The weight of the text inside, whatever its font.
    public func fontWeight(_ weight: Font.Weight?) -> some View {
        environment(.fontWeight(weight))
    }

    public func bold(_ isActive: Bool = true) -> some View {
        environment(.fontWeight(isActive ? .bold : nil))
    }

    public func italic() -> some View {
        environment(.italic)
    }

    /// The most lines the text inside may take; the last one is truncated.
    public func lineLimit(_ limit: Int?) -> some View {
        environment(.lineLimit(limit))
    }

    public func truncationMode(_ mode: Text.TruncationMode) -> some View {
        environment(.truncationMode(mode))
    }

    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        environment(.multilineTextAlignment(alignment))
    }

    public func accessibilityLabel(_ label: String) -> some View {
        layout(.accessibility(AccessibilityInfo(label: label)))
    }

    public func accessibilityValue(_ value: String) -> some View {
        layout(.accessibility(AccessibilityInfo(value: value)))
    }

    public func accessibilityHint(_ hint: String) -> some View {
        layout(.accessibility(AccessibilityInfo(hint: hint)))
    }

    public func accessibilityIdentifier(_ identifier: String) -> some View {
        layout(.accessibility(AccessibilityInfo(identifier: identifier)))
    }

    /// All accessibility facts at once; nil leaves a fact unset.
    public func accessibility(identifier: String? = nil, label: String? = nil, value: String? = nil, hint: String? = nil) -> some View {
        layout(.accessibility(AccessibilityInfo(identifier: identifier, label: label, value: value, hint: hint)))
    }

    /// Marks the view as something a person can tap; `id` comes back to the component's tap handler.
    public func tappable(id: String) -> some View {
        layout(.tapTarget(id))
    }
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
