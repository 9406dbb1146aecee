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
    public consuming func modifier<M: ViewModifier>(_ modifier: consuming M) -> ModifiedContent<Self, M> {
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

/// A change to one value the content inherits: `.environment(\.key, value)`, and the modifiers
/// that set one value (`.font`, `.foregroundStyle`, `.lineLimit`, …); no node of its own.
///
/// Saves and restores only the value it changes: a copy of the whole environment (a locale,
/// paints, fonts) for each `.font` or `.foregroundStyle` cost more than the rest of it.
public struct _EnvironmentKeyWritingModifier<Value>: ViewModifier {
    public typealias Body = Never
    let keyPath: WritableKeyPath<EnvironmentValues, Value>
    let value: Value

    public static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        // A foreground of a named colour the package lacks draws clear: say so (a metatype
        // comparison, folded away where the modifier is specialised for another value).
        if Value.self == ForegroundSetting.self, case .style(let style) = modifier.value as! ForegroundSetting {
            graph.warnOfMissingColor(in: style)
        }
        // Swapped in and back out: two accesses through the key path instead of a read and two writes.
        var value = modifier.value
        swap(&graph.environment[keyPath: modifier.keyPath], &value)
        content._makeNodes(in: &graph)
        swap(&graph.environment[keyPath: modifier.keyPath], &value)
    }
}

/// A view drawn behind or over the content and offered its size.
public struct _LayerModifier<Layer: View>: ViewModifier {
    public typealias Body = Never
    let layer: Layer
    let alignment: Alignment
    let inFront: Bool
    /// The edges of the screen's safe area the layer reaches into (`background(_:ignoresSafeAreaEdges:)`).
    var ignoresSafeAreaEdges: Edge.Set = []

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
            if !modifier.ignoresSafeAreaEdges.isEmpty, graph.mayHaveSafeArea {
                graph.wrapEach(from: layerMark + 1, in: .ignoresSafeArea(modifier.ignoresSafeAreaEdges))
            }
            graph.stackAxis = outerAxis
            graph.collapse(from: layerMark + 1, into: .depth(alignment: modifier.alignment))
            graph.addContainer(.layer(modifier.alignment, inFront: modifier.inFront), adoptingFrom: layerMark)
            graph.pending[slot] = graph.takeSingle()
        }
    }
}

/// The four edges of a view, as SwiftUI's `Edge`.
public enum Edge: Int8, Hashable, Sendable, CaseIterable {
    case top, leading, bottom, trailing

    /// A set of edges, as padding takes them.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ edge: Edge) { rawValue = 1 << edge.rawValue }

        public static let top = Set(.top)
        public static let leading = Set(.leading)
        public static let bottom = Set(.bottom)
        public static let trailing = Set(.trailing)
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}

extension View {
    consuming func layout(_ effect: consuming LayoutEffect) -> ModifiedContent<Self, _LayoutModifier> {
        self.modifier(_LayoutModifier(effect: effect))
    }

    /// Sets `keyPath` to `value` for the content (the modifiers below, which return this type).
    consuming func setting<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> ModifiedContent<Self, _EnvironmentKeyWritingModifier<V>> {
        self.modifier(_EnvironmentKeyWritingModifier(keyPath: keyPath, value: value))
    }

    // MARK: Frames and padding

    /// A fixed size in either dimension; nil keeps the child's own size there.
    public consuming func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        layout(.frame(FrameSpec(width: width.map(Double.init), height: height.map(Double.init), alignment: alignment)))
    }

    /// A flexible frame; `maxWidth: .infinity` takes all the width offered. Ideal sizes are what
    /// the frame takes when offered nothing.
    public consuming func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
        minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
        alignment: Alignment = .center
    ) -> some View {
        layout(.frame(FrameSpec(
            minWidth: minWidth.map(Double.init), maxWidth: maxWidth.map(Double.init),
            minHeight: minHeight.map(Double.init), maxHeight: maxHeight.map(Double.init),
            idealWidth: idealWidth.map(Double.init), idealHeight: idealHeight.map(Double.init), alignment: alignment
        )))
    }

    public consuming func padding(_ insets: EdgeInsets) -> some View {
        layout(.padding(insets))
    }

    /// Padding on `edges`; SwiftUI's default of 16 points when no length is given.
    public consuming func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        let amount = Double(length ?? 16)
        return layout(.padding(EdgeInsets(
            top: edges.contains(.top) ? amount : 0, leading: edges.contains(.leading) ? amount : 0,
            bottom: edges.contains(.bottom) ? amount : 0, trailing: edges.contains(.trailing) ? amount : 0
        )))
    }

    /// The same padding on every edge.
    public consuming func padding(_ length: CGFloat) -> some View {
        layout(.padding(EdgeInsets(Double(length))))
    }

    /// Proposes the view its ideal size, so text keeps its one line whatever it is offered.
    public consuming func fixedSize() -> some View {
        layout(.fixedSize(horizontal: true, vertical: true))
    }

    /// Proposes the view its ideal size along the chosen axes.
    public consuming func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        layout(.fixedSize(horizontal: horizontal, vertical: vertical))
    }

    /// Constrains the view to a width/height ratio; nil uses the child's own ideal ratio.
    public consuming func aspectRatio(_ ratio: CGFloat? = nil, contentMode: ContentMode) -> some View {
        layout(.aspectRatio(ratio.map(Double.init), contentMode))
    }

    public consuming func aspectRatio(_ ratio: CGSize, contentMode: ContentMode) -> some View {
        layout(.aspectRatio(ratio.height > 0 ? Double(ratio.width / ratio.height) : nil, contentMode))
    }

    public consuming func scaledToFit() -> some View {
        aspectRatio(nil, contentMode: .fit)
    }

    public consuming func scaledToFill() -> some View {
        aspectRatio(nil, contentMode: .fill)
    }

    // MARK: Position and transforms

    /// Moves the drawing without changing layout.
    public consuming func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        layout(.offset(x: Double(x), y: Double(y)))
    }

    public consuming func offset(_ offset: CGSize) -> some View {
        layout(.offset(x: Double(offset.width), y: Double(offset.height)))
    }

    /// Places the view's centre at `point` in its parent's coordinates; takes all the space offered.
    public consuming func position(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        layout(.position(CGPoint(x: x, y: y)))
    }

    public consuming func position(_ position: CGPoint) -> some View {
        layout(.position(position))
    }

    /// Scales the drawing about `anchor` without changing layout.
    public consuming func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> some View {
        layout(.scale(x: Double(scale), y: Double(scale), anchor: anchor))
    }

    public consuming func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> some View {
        layout(.scale(x: Double(x), y: Double(y), anchor: anchor))
    }

    public consuming func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> some View {
        layout(.scale(x: Double(scale.width), y: Double(scale.height), anchor: anchor))
    }

    /// Rotates the drawing about `anchor` (clockwise for positive angles) without changing layout.
    public consuming func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        layout(.rotation(angle, anchor: anchor))
    }

    /// Which siblings a stack offers room first: a higher priority is offered all the room left
    /// once the others' smallest sizes are set aside.
    public consuming func layoutPriority(_ value: Double) -> some View {
        layout(.layoutPriority(value))
    }

    /// The drawing order among siblings: a higher index is drawn in front.
    public consuming func zIndex(_ value: Double) -> some View {
        layout(.zIndex(value))
    }

    // MARK: Drawing effects

    /// Disfavored so that `Color.teal.opacity(0.2)` is the color's own `opacity`, a `Color`
    /// usable as a view or a style, as in SwiftUI.
    @_disfavoredOverload
    public consuming func opacity(_ value: Double) -> some View {
        layout(.opacity(value))
    }

    /// Shifts every hue of the subtree by `angle`, as CSS `hue-rotate()`.
    public consuming func hueRotation(_ angle: Angle) -> some View {
        layout(.filter(.hueRotation(angle)))
    }

    /// Removes `amount` (0…1) of the subtree's color, as CSS `grayscale()`.
    public consuming func grayscale(_ amount: Double) -> some View {
        layout(.filter(.grayscale(amount)))
    }

    /// Scales saturation: 0 is gray, 1 unchanged.
    public consuming func saturation(_ amount: Double) -> some View {
        layout(.filter(.saturation(amount)))
    }

    /// Adds `amount` to every color channel: 0 unchanged, 1 white.
    public consuming func brightness(_ amount: Double) -> some View {
        layout(.filter(.brightness(amount)))
    }

    /// Scales contrast around mid-gray: 1 unchanged, 0 gray.
    public consuming func contrast(_ amount: Double) -> some View {
        layout(.filter(.contrast(amount)))
    }

    /// A Gaussian blur of the drawing.
    public consuming func blur(radius: CGFloat, opaque: Bool = false) -> some View {
        layout(.filter(.blur(radius: Double(radius))))
    }

    /// A blurred, offset copy of the drawing's shape behind it; SwiftUI's default color is black
    /// at a third opacity.
    public consuming func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View {
        modifier(_ShadowModifier(color: color, radius: Double(radius), x: Double(x), y: Double(y)))
    }

    /// Cuts the drawing to `shape` laid out in the view's frame.
    public consuming func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
        layout(.clip(Clip(geometry: shape.resolvedGeometry(), evenOdd: style.isEOFilled)))
    }

    /// Shows the view only where `mask` is, as SwiftUI's `.mask(_:)`. A shape (laid out in the
    /// view's frame and filled opaque) masks as it clips, so it clips; any other view masks by
    /// its alpha (Mask.swift).
    public consuming func mask<S: Shape>(_ mask: S) -> some View {
        clipShape(mask)
    }

    /// Shows the view only where the shape `mask` builds is (iOS 15's spelling).
    public consuming func mask<S: Shape>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> S) -> some View {
        clipShape(mask())
    }

    /// Cuts the drawing to the view's frame.
    public consuming func clipped(antialiased: Bool = false) -> some View {
        clipShape(Rectangle())
    }

    /// Rounds the view's corners by clipping it.
    public consuming func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View {
        clipShape(RoundedRectangle(cornerRadius: Double(radius)))
    }

    /// A border of `width` points inside the view's frame.
    public consuming func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View {
        overlay(Rectangle().strokeBorder(content, lineWidth: Double(width)))
    }

    // MARK: Layers

    /// Draws `background` behind the view, offered the view's size.
    /// (Disfavored: a color or gradient, both a view and a style, takes the style form.)
    @_disfavoredOverload
    public consuming func background<Background: View>(_ background: Background, alignment: Alignment = .center) -> some View {
        modifier(_LayerModifier(layer: background, alignment: alignment, inFront: false))
    }

    /// Draws the views `content` builds behind the view, offered its size.
    public consuming func background<Background: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Background) -> some View {
        modifier(_LayerModifier(layer: content(), alignment: alignment, inFront: false))
    }

    /// Fills the view's frame behind it with a style, reaching into the screen's safe area on
    /// `edges` where the view touches it (as SwiftUI's does).
    public consuming func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        modifier(_LayerModifier(layer: Rectangle().fill(style), alignment: .center, inFront: false, ignoresSafeAreaEdges: edges))
    }

    /// Fills `shape` in the view's frame behind it with a style.
    public consuming func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T) -> some View {
        modifier(_LayerModifier(layer: shape.fill(style), alignment: .center, inFront: false))
    }

    /// Draws `overlay` over the view, offered the view's size.
    /// (Disfavored: a color or gradient, both a view and a style, takes the style form.)
    @_disfavoredOverload
    public consuming func overlay<Overlay: View>(_ overlay: Overlay, alignment: Alignment = .center) -> some View {
        modifier(_LayerModifier(layer: overlay, alignment: alignment, inFront: true))
    }

    /// Draws the views `content` builds over the view, offered its size.
    public consuming func overlay<Overlay: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Overlay) -> some View {
        modifier(_LayerModifier(layer: content(), alignment: alignment, inFront: true))
    }

    /// Fills the view's frame over it with a style.
    public consuming func overlay<S: ShapeStyle>(_ style: S) -> some View {
        modifier(_LayerModifier(layer: Rectangle().fill(style), alignment: .center, inFront: true))
    }

    // MARK: Environment

    /// The style shapes and text inside use when they set none of their own.
    public consuming func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        setting(\.foregroundSetting, .style(AnyShapeStyle(style)))
    }

    /// The color shapes and text inside use when they set none of their own.
    public consuming func foregroundColor(_ color: Color?) -> some View {
        setting(\.foregroundSetting, .style(color.map { AnyShapeStyle($0) }))
    }

    /// The tint buttons, toggles and `.tint` styles inside use.
    public consuming func tint(_ tint: Color?) -> some View {
        setting(\.tint, tint)
    }

    /// The accent color inside (the tint).
    public consuming func accentColor(_ color: Color?) -> some View {
        setting(\.tint, color)
    }

    /// The font text inside uses unless it sets its own; a weight set inside is kept.
    public consuming func font(_ font: Font?) -> some View {
        setting(\.font, font)
    }

    /// The weight of the text inside, whatever its font.
    public consuming func fontWeight(_ weight: Font.Weight?) -> some View {
        setting(\.fontWeight, weight)
    }

    public consuming func bold(_ isActive: Bool = true) -> some View {
        setting(\.fontWeight, isActive ? .bold : nil)
    }

    public consuming func italic(_ isActive: Bool = true) -> some View {
        setting(\.italic, isActive)
    }

    /// The design of text inside, over its font's, as SwiftUI's `fontDesign(_:)`; nil keeps the font's.
    public consuming func fontDesign(_ design: Font.Design?) -> some View {
        setting(\.fontDesign, design)
    }

    /// Text inside in the monospaced design, as SwiftUI's `monospaced(_:)`.
    public consuming func monospaced(_ isActive: Bool = true) -> some View {
        setting(\.fontDesign, isActive ? .monospaced : nil)
    }

    /// Digits of one width in text inside, as SwiftUI's `monospacedDigit()`: DejaVu's digits
    /// already are, so text is set as it was.
    public consuming func monospacedDigit() -> some View {
        self
    }

    /// The most lines the text inside may take; the last one is truncated.
    public consuming func lineLimit(_ limit: Int?) -> some View {
        setting(\.lineLimit, limit)
    }

    public consuming func truncationMode(_ mode: Text.TruncationMode) -> some View {
        setting(\.truncationMode, mode)
    }

    public consuming func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        setting(\.multilineTextAlignment, alignment)
    }

    /// Points between the lines of wrapped text inside, as SwiftUI's `lineSpacing(_:)`: the
    /// text is that much taller for each line after the first.
    public consuming func lineSpacing(_ lineSpacing: CGFloat) -> some View {
        setting(\.lineSpacing, lineSpacing)
    }

    /// Whether a person may select text inside, as SwiftUI's `textSelection(_:)`. Selecting
    /// changes nothing in a still frame, so the view is drawn as it was.
    public consuming func textSelection<S: TextSelectability>(_ selectability: S) -> some View {
        self
    }

    /// How far text inside may shrink before it is truncated, as SwiftUI's
    /// `minimumScaleFactor(_:)`: a text that would be cut short is set at the largest scale down
    /// to `factor` (0 to 1) at which it fits, else at `factor` and truncated.
    public consuming func minimumScaleFactor(_ factor: CGFloat) -> some View {
        setting(\.minimumScaleFactor, min(1, max(0, factor)))
    }

    /// Text inside in capitals or small letters, as SwiftUI's `textCase(_:)`; nil leaves it as written.
    public consuming func textCase(_ textCase: Text.Case?) -> some View {
        setting(\.textCase, textCase)
    }

    /// Kerning for text inside that sets none of its own (``Text/kerning(_:)``).
    public consuming func kerning(_ kerning: CGFloat) -> some View {
        setting(\.kerning, Double(kerning))
    }

    /// Tracking for text inside that sets none of its own (``Text/tracking(_:)``).
    public consuming func tracking(_ tracking: CGFloat) -> some View {
        setting(\.tracking, Double(tracking))
    }

    /// Sets one environment value for the view and what it contains.
    public consuming func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        setting(keyPath, value)
    }
}

/// A shadow: its color resolves against the environment, so the filter is made when built.
public struct _ShadowModifier: ViewModifier {
    public typealias Body = Never
    let color: Color
    let radius: Double
    let x: Double
    let y: Double

    public static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        let mark = graph.pending.count
        content._makeNodes(in: &graph)
        let color = modifier.color.resolve(in: graph.environment)
        graph.wrapEach(from: mark, in: .filter(.shadow(color: color, radius: modifier.radius, x: modifier.x, y: modifier.y)))
    }
}

/// Whether `aspectRatio` fits inside the offered space or fills it.
public enum ContentMode: Hashable, Sendable {
    case fit
    case fill
}

/// A filter over a view's drawing, written as an SVG filter.
public enum Filter: Hashable, Sendable {
    /// Rotates hues by an angle (CSS `hue-rotate()`, SVG `feColorMatrix type="hueRotate"`).
    case hueRotation(Angle)
    /// Removes `amount` (0…1) of the saturation (CSS `grayscale()`, SVG `saturate` with `1 - amount`).
    case grayscale(Double)
    /// Scales saturation: 0 is gray, 1 unchanged, more is more vivid (SVG `saturate`).
    case saturation(Double)
    /// Adds `amount` to every color channel (SwiftUI's `brightness`).
    case brightness(Double)
    /// Scales each channel's distance from mid-gray by `amount` (SwiftUI's `contrast`).
    case contrast(Double)
    /// A Gaussian blur; the standard deviation is half the radius, as for CSS shadows.
    case blur(radius: Double)
    /// A blurred, offset copy of the drawing's shape in `color` behind it.
    case shadow(color: Color.Resolved, radius: Double, x: Double, y: Double)

    /// True when the filter changes nothing, so no SVG filter is written.
    public var isIdentity: Bool {
        switch self {
        case .hueRotation(let angle): angle.degrees.truncatingRemainder(dividingBy: 360) == 0
        case .grayscale(let amount): amount <= 0
        case .saturation(let amount): amount == 1
        case .brightness(let amount): amount == 0
        case .contrast(let amount): amount == 1
        case .blur(let radius): radius <= 0
        case .shadow(let color, _, _, _): color.opacity <= 0
        }
    }
}
