/// A line that separates content: across its stack's axis (a horizontal line in a `VStack`).
public struct Divider: PrimitiveView {
    public init() {}

    public func _makeNodes(in graph: inout ViewGraph) {
        let separator = Paint.color(SystemColor.separator.resolve(in: graph.environment))
        let mark = graph.pending.count
        graph.addShape(.rectangle, ShapeDrawing(fill: separator))
        // One pixel thick.
        let thickness = 1 / max(Double(graph.environment.displayScale), 1)
        if graph.stackAxis == .horizontal {
            graph.wrapEach(from: mark, in: .frame(FrameSpec(width: thickness, alignment: .center)))
        } else {
            graph.wrapEach(from: mark, in: .frame(FrameSpec(height: thickness, alignment: .center)))
        }
    }
}

/// A title with an icon beside it, as SwiftUI's `Label`.
public struct Label<Title: View, Icon: View>: View {
    let title: Title
    let icon: Icon

    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    public var body: some View {
        _LabelBody(title: title, icon: icon)
    }
}

/// A label in the style its environment asks for (public to be specialized, as ``_ButtonBody``).
public struct _LabelBody<Title: View, Icon: View>: PrimitiveView {
    let title: Title
    let icon: Icon

    public func _makeNodes(in graph: inout ViewGraph) {
        if let style = graph.environment.customLabelStyle {
            graph.buildStyleBody(named: style.name, kind: "label style", style.makeBody(AnyView(title), AnyView(icon)))
            return
        }
        switch graph.environment.labelStyle.kind {
        case .titleOnly: title._makeNodes(in: &graph)
        case .iconOnly: icon._makeNodes(in: &graph)
        case .titleAndIcon: HStack(spacing: 8) { icon; title }._makeNodes(in: &graph)
        }
    }
}

extension Label where Title == Text, Icon == Image {
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name) })
    }
}

/// An action with a label, as SwiftUI's `Button`: the label is drawn in the tint color and a tap
/// in the live preview runs the action.
public struct Button<Label: View>: View {
    let action: () -> Void
    let label: Label
    let role: ButtonRole?

    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.init(role: nil, action: action, label: label)
    }

    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
        self.role = role
    }

    public var body: some View {
        _ButtonBody(label: label, action: action, role: role)
    }
}

extension Button where Label == Text {
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {
        self.init(action: action) { Text(title) }
    }

    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(role: role, action: action) { Text(title) }
    }
}

extension Button where Label == PrimitiveButtonStyleConfiguration.Label {
    /// A button made from a primitive style's configuration, as SwiftUI's `init(_:)`.
    public init(_ configuration: PrimitiveButtonStyleConfiguration) {
        self.init(role: configuration.role, action: configuration.trigger) { configuration.label }
    }
}

extension Button where Label == StarboardUI.Label<Text, Image> {
    public init<S: StringProtocol>(_ title: S, systemImage: String, action: @escaping () -> Void) {
        self.init(action: action) { StarboardUI.Label(title, systemImage: systemImage) }
    }
}

/// What a button does, as SwiftUI's `ButtonRole`; a destructive button is drawn in red.
public struct ButtonRole: Hashable, Sendable {
    let isDestructive: Bool
    public static let destructive = ButtonRole(isDestructive: true)
    public static let cancel = ButtonRole(isDestructive: false)
}

/// How buttons inside are drawn, as SwiftUI's built-in button styles.
public struct ButtonStyleKind: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case automatic, plain, borderless, bordered, borderedProminent }
    let kind: Kind

    public static let automatic = ButtonStyleKind(kind: .automatic)
    public static let plain = ButtonStyleKind(kind: .plain)
    public static let borderless = ButtonStyleKind(kind: .borderless)
    public static let bordered = ButtonStyleKind(kind: .bordered)
    public static let borderedProminent = ButtonStyleKind(kind: .borderedProminent)
}


/// A button's label drawn in its style, with the tap that runs its action.
///
/// Only the label's own nodes are built in generic code; the style and the tap are non-generic
/// helpers, so the component's module specializes this for its label (no generic closure, no
/// runtime metadata for the bordered label's type unless a bordered button is drawn). Public,
/// like the other `_` views, so other modules can specialize it at all: an internal generic view
/// is built through witness tables and runtime metadata on every render.
public struct _ButtonBody<Label: View>: PrimitiveView {
    let label: Label
    let action: () -> Void
    let role: ButtonRole?

    public func _makeNodes(in graph: inout ViewGraph) {
        let mark = graph.pending.count
        if let style = graph.environment.customButtonStyle {
            // The style's body is the button; its label inherits what is around the button,
            // without the tint the built-in styles give it.
            graph.buildStyleBody(named: style.name, kind: "button style", style.makeBody(AnyView(label), role, action))
            if !style.isPrimitive { graph.endButton(nil, action: action, from: mark) }
            return
        }
        let button = graph.beginButton(role: role)
        if let fill = button.background {
            label
                .padding(EdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12))
                .background(_PaintedShape(geometry: .roundedRectangle(cornerRadius: 8), paint: fill))
                ._makeNodes(in: &graph)
        } else {
            label._makeNodes(in: &graph)
        }
        graph.endButton(button, action: action, from: mark)
    }
}

/// What a button's style changed while its label is built.
struct ButtonStyling {
    /// The foreground before the button set its own.
    let savedForeground: Paint?
    /// The bordered styles' background fill; nil for the borderless ones.
    let background: Paint?
}

extension ViewGraph {
    /// Sets the foreground a button's label is drawn in (the tint, or white on a prominent
    /// button) and says what goes behind it.
    mutating func beginButton(role: ButtonRole?) -> ButtonStyling {
        // A disabled button is grey; a destructive one red, as the built-in styles draw them.
        let tint: Paint
        if !environment.isEnabled {
            tint = .color(SystemColor.tertiary.resolve(in: environment))
        } else if role == .destructive {
            tint = .color(SystemColor.red.resolve(in: environment))
        } else {
            tint = Paint.color(SystemColor.accent.resolve(in: environment))
        }
        let saved = environment.foreground
        let kind = environment.buttonStyle.kind
        // A foreground set around the button wins over the style's, as in SwiftUI:
        // `Button("Go") {}.foregroundColor(.white)` draws a white title.
        if saved == nil {
            switch kind {
            case .plain: break
            case .borderedProminent: environment.foreground = .color(Color.Resolved(red: 1, green: 1, blue: 1))
            default: environment.foreground = tint
            }
        }
        let background: Paint?
        switch kind {
        case .borderedProminent:
            background = tint
        case .bordered:
            if case .color(var color) = tint {
                color.opacity *= 0.15
                background = .color(color)
            } else {
                background = tint
            }
        default:
            background = nil
        }
        return ButtonStyling(savedForeground: saved, background: background)
    }

    /// Restores the foreground and makes what the label left since `mark` one tap target that
    /// runs `action`.
    mutating func endButton(_ styling: ButtonStyling?, action: @escaping () -> Void, from mark: Int) {
        if let styling { environment.foreground = styling.savedForeground }
        // The whole label is one tap target (its views stacked if it has several).
        collapse(from: mark, into: .horizontal(spacing: defaultStackSpacing, alignment: .center))
        guard isOpen else { return }
        // One element to assistive technology, named by the text of its label (a `Label`'s
        // title, not its icon), as SwiftUI's buttons are; a label set on the button wins.
        var info = AccessibilityInfo()
        info.traits = .isButton
        info.children = .combine
        wrapEach(from: pending.count - 1, in: .accessibility(info))
        // A disabled one is still a button to assistive technology, but one that takes no tap.
        guard environment.isEnabled else { return }
        actions.append(.plain(action))
        let action = Int32(actions.count - 1)
        wrapEach(from: pending.count - 1, in: .tapTarget(TapTarget(id: nil, action: action)))
    }
}

/// A shape already painted, for controls that draw their own parts.
struct _PaintedShape: PrimitiveView {
    let geometry: ShapeGeometry
    let paint: Paint

    func _makeNodes(in graph: inout ViewGraph) {
        graph.addShape(geometry, ShapeDrawing(fill: paint))
    }
}

/// An on/off switch with a label, as SwiftUI's `Toggle`; a tap flips the bound value.
public struct Toggle<Label: View>: View {
    let isOn: Binding<Bool>
    let label: Label

    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
    }

    public var body: some View {
        _ToggleBody(label: label, isOn: isOn)
    }
}

/// A toggle in the style its environment asks for: its own `ToggleStyle`, else the switch.
public struct _ToggleBody<Label: View>: PrimitiveView {
    let label: Label
    let isOn: Binding<Bool>

    public func _makeNodes(in graph: inout ViewGraph) {
        let constant = graph.noteConstant(isOn.isConstant, control: "Toggle", name: label.controlName)
        defer { graph.endConstant(constant) }
        if let style = graph.environment.toggleStyle {
            graph.buildStyleBody(named: style.name, kind: "toggle style", style.makeBody(AnyView(label), isOn))
        } else {
            _SwitchToggle(label: label, isOn: isOn)._makeNodes(in: &graph)
        }
    }
}

/// The switch style: the label, then the switch at the trailing edge; a tap flips the value.
struct _SwitchToggle<Label: View>: View {
    let label: Label
    let isOn: Binding<Bool>

    @Environment(\.isEnabled) private var isEnabled

    var body: some View {
        let isOn = self.isOn
        return HStack {
            // The label takes the room the switch leaves, as SwiftUI's toggle gives it.
            label.layoutPriority(1)
            Spacer()
            // Disabled, the switch is dimmed, as on iOS.
            if isEnabled {
                _Switch(isOn: isOn.wrappedValue)
            } else {
                _Switch(isOn: isOn.wrappedValue).opacity(0.5)
            }
        }
        .onTapGesture { isOn.wrappedValue.toggle() }
        .accessibilityElement(children: .combine)
        .accessibilityValue(isOn.wrappedValue ? "On" : "Off")
        .accessibilityAddTraits(.isToggle)
    }
}

extension Toggle where Label == Text {
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }
}

/// The switch of a toggle: a 51 × 31 capsule, green when on, with a white knob.
struct _Switch: View {
    let isOn: Bool

    var body: some View {
        ZStack(alignment: isOn ? .trailing : .leading) {
            Capsule().fill(isOn ? Color.green : Color(white: 0.47, opacity: 0.16))
            Circle()
                .fill(Color.white)
                .frame(width: 27, height: 27)
                .shadow(color: Color(white: 0, opacity: 0.15), radius: 2, y: 1)
                .padding(2)
        }
        .frame(width: 51, height: 31)
    }
}

/// Content that would scroll, drawn at rest: offered unlimited length along its axes, shown from
/// its top-leading corner and clipped to the scroll view's frame.
public struct ScrollView<Content: View>: View {
    let axes: Axis.Set
    let content: Content

    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }

    @ViewBuilder public var body: some View {
        let vertical = axes.contains(.vertical), horizontal = axes.contains(.horizontal)
        // A scroll view takes the size it is offered whatever its content's (its ideal size is
        // the content's), and shows the content's start. Scrolling down only, it is the scroll
        // container a `List` is: the content reaches under the home indicator and the bars.
        if vertical && !horizontal {
            VStack(spacing: 0) { content }
                .layout(.frame(FrameSpec(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity, alignment: .top, scrollsVertically: true)))
        } else {
            VStack(spacing: 0) { content }
                .fixedSize(horizontal: horizontal, vertical: vertical)
                .frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity, alignment: horizontal && !vertical ? .leading : .topLeading)
                .clipped()
        }
    }
}

extension Axis {
    /// A set of axes, as scroll views take them.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

/// Rows drawn as a list at rest, as SwiftUI's `List` in its inset grouped style: each view of the
/// content a row with a separator, each `Section` a group of rows under its header.
public struct List<Content: View>: View {
    let content: Content

    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        self.content = ForEach(data, id: id, content: rowContent)
    }

    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.content = ForEach(data, content: rowContent)
    }

    /// A row for each number of `data`, as SwiftUI's `List(0..<10) { i in … }`.
    public init<RowContent: View>(_ data: Range<Int>, @ViewBuilder rowContent: @escaping (Int) -> RowContent)
    where Content == ForEach<Range<Int>, Int, RowContent> {
        self.content = ForEach(data, content: rowContent)
    }

    public var body: some View {
        // In the style `.listStyle(_:)` chose (ListStyles.swift).
        _StyledList(content: content)
    }
}

/// A form: a list of controls.
public struct Form<Content: View>: View {
    let content: Content

    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: some View {
        // Controls in a form draw as its rows (a picker as a menu row, a text field bare).
        List { _FormContent(content: content) }
    }
}

/// A group of rows under a header (and over a footer) in a `List` or `Form`.
public struct Section<Parent: View, Content: View, Footer: View>: View {
    let header: Parent
    let content: Content
    let footer: Footer

    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
        self.header = header()
        self.content = content()
        self.footer = footer()
    }

    public var body: some View {
        _SectionMarker(content: VStack(alignment: .leading, spacing: 6) {
            _SectionHeader(content: header)
                .font(.footnote)
                .foregroundStyle(.secondary)
                .padding(.leading, 16)
            _Rows(content: content)
            footer
                .font(.footnote)
                .foregroundStyle(.secondary)
                .padding(.leading, 16)
        }
        .padding(.vertical, 8))
    }
}

/// Marks the node a section made, so the list around it keeps it whole instead of making it a row.
struct _SectionMarker<Content: View>: PrimitiveView {
    let content: Content

    func _makeNodes(in graph: inout ViewGraph) {
        let mark = graph.pending.count
        content._makeNodes(in: &graph)
        graph.sections.append(contentsOf: graph.pending[mark...])
    }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { EmptyView() })
    }
}

extension Section where Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(content: content, header: header, footer: { EmptyView() })
    }

    public init(header: Parent, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { header }, footer: { EmptyView() })
    }
}

extension Section where Parent == Text, Footer == EmptyView {
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(title) }, footer: { EmptyView() })
    }
}

/// A section's header: its text in capitals unless a `.textCase(_:)` around it says otherwise.
struct _SectionHeader<Content: View>: PrimitiveView {
    let content: Content

    func _makeNodes(in graph: inout ViewGraph) {
        let set = graph.environment.textCaseSetting
        if set == nil { graph.environment.textCaseSetting = .some(.uppercase) }
        content._makeNodes(in: &graph)
        graph.environment.textCaseSetting = set
    }
}

/// A list's content: sections as they are, other views gathered into groups of rows.
struct _ListBody<Content: View>: PrimitiveView {
    let content: Content

    func _makeNodes(in graph: inout ViewGraph) {
        graph.makeStack(.vertical(spacing: 0, alignment: .leading), axis: .vertical, _Rows(content: content, sectionsPassThrough: true))
    }
}

/// Views as rows on a rounded card, a separator between each two.
struct _Rows<Content: View>: PrimitiveView {
    let content: Content
    var sectionsPassThrough = false

    func _makeNodes(in graph: inout ViewGraph) {
        guard graph.enter() else { return }
        defer { graph.leave() }
        let style = graph.environment.navigation.listStyle
        let background = Paint.color(style.rowBackground.color.resolve(in: graph.environment))
        let separator = Paint.color(SystemColor.separator.resolve(in: graph.environment))
        let mark = graph.pending.count
        let sectionMark = graph.sections.count
        content._makeNodes(in: &graph)
        let items = Array(graph.pending[mark...])
        graph.pending.removeLast(items.count)
        let sections = Set(graph.sections[sectionMark...])
        var run: [Int32] = []
        func flushRun(_ graph: inout ViewGraph) {
            guard !run.isEmpty else { return }
            let cardMark = graph.pending.count
            for (position, row) in run.enumerated() {
                if position > 0 {
                    graph.addShape(.rectangle, ShapeDrawing(fill: separator))
                    graph.wrapEach(from: graph.pending.count - 1, in: .frame(FrameSpec(height: 1, alignment: .center)))
                    graph.wrapEach(from: graph.pending.count - 1, in: .padding(EdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 0)))
                }
                graph.pending.append(row)
                graph.wrapEach(from: graph.pending.count - 1, in: .padding(EdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)))
                graph.wrapEach(from: graph.pending.count - 1, in: .frame(FrameSpec(maxWidth: .infinity, minHeight: 44, alignment: .leading)))
            }
            graph.addContainer(.stack(.vertical(spacing: 0, alignment: .leading)), adoptingFrom: cardMark)
            graph.wrapEach(from: graph.pending.count - 1, in: .clip(Clip(geometry: .roundedRectangle(cornerRadius: style.cornerRadius), evenOdd: false)))
            // The card's white behind the rows.
            let card = graph.takeSingle()
            let layerMark = graph.pending.count
            graph.pending.append(card)
            graph.addShape(.roundedRectangle(cornerRadius: style.cornerRadius), ShapeDrawing(fill: background))
            graph.addContainer(.layer(.center, inFront: false), adoptingFrom: layerMark)
            run.removeAll()
        }
        for item in items {
            if sectionsPassThrough, sections.contains(item) {
                flushRun(&graph)
                graph.pending.append(item)
            } else {
                run.append(item)
            }
        }
        flushRun(&graph)
    }
}

/// A semantic background color filling the space it is offered.
struct _PaintedBackground: PrimitiveView {
    let color: Color

    init(color: SystemColor) {
        self.color = Color(storage: .system(color))
    }

    init(uiColor: UIColor) {
        color = uiColor.color
    }

    func _makeNodes(in graph: inout ViewGraph) {
        graph.addShape(.rectangle, ShapeDrawing(fill: .color(color.resolve(in: graph.environment))))
    }
}
