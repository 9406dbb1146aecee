/// A choice among tagged options, as SwiftUI's `Picker`, drawn at rest in its style: the
/// option whose ``View/tag(_:)`` equals the selection is the one shown selected.
///
/// `.segmented` draws the options side by side, `.menu` (the default) the selection with its
/// chevrons, `.inline` the options as rows with a checkmark (a wheel outside a form, as iOS
/// draws it) and `.wheel` the selection with its neighbours. A tap on a segment, a row or a
/// wheel's neighbour selects that option.
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
    let selection: Binding<SelectionValue>
    let label: Label
    let content: Content

    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.selection = selection
        self.content = content()
        self.label = label()
    }

    public var body: some View {
        let selection = self.selection
        return _PickerBody(
            label: label, content: content, selected: AnyHashable(selection.wrappedValue), isConstant: selection.isConstant,
            choose: { tag in if let value = tag.base as? SelectionValue { selection.wrappedValue = value } }
        )
    }
}

extension Picker where Label == Text {
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(title) }
    }
}

/// A picker drawn, with its selection's type erased.
public struct _PickerBody<Label: View, Content: View>: PrimitiveView {
    let label: Label
    let content: Content
    let selected: AnyHashable
    let isConstant: Bool
    let choose: (AnyHashable) -> Void

    public func _makeNodes(in graph: inout ViewGraph) {
        let controls = graph.environment.controls
        var style = controls.picker
        if style == .automatic { style = .menu }
        if style == .inline && !controls.inForm { style = .wheel }
        let name = label.controlName
        let constant = graph.noteConstant(isConstant, control: "Picker", name: name)
        defer { graph.endConstant(constant) }
        let id = graph.nextControlID("picker")
        // The options' nodes, built once for their tags; the parts below place them.
        var options = graph.withChangedEnvironment({ environment in
            if style == .segmented { environment.font = .system(size: 13) }
            if style == .wheel { environment.font = .system(size: 21) }
            // A menu's selection is tinted outside a form and secondary in a form's row; the
            // options are built before they are placed, so they take the colour now.
            if style == .menu, environment.foreground == nil {
                let color: SystemColor = controls.inForm ? .secondary : .accent
                environment.foreground = .color(color.resolve(in: environment))
            }
        }) { graph in graph.collectTags { content._makeNodes(in: &$0) } }
        graph.pending.removeLast(options.count)
        let untagged = options.indices.filter { options[$0].tag == nil }
        if !untagged.isEmpty {
            graph.warnings.append("Picker\(name.isEmpty ? "" : " \"\(name)\""): option\(untagged.count == 1 ? "" : "s") \(untagged.map { String($0 + 1) }.joined(separator: ", ")) \(untagged.count == 1 ? "has" : "have") no tag(_:) and cannot be selected")
        }
        let selectedIndex = options.firstIndex { $0.tag == selected }
        if selectedIndex == nil, !options.isEmpty {
            graph.warnings.append("Picker\(name.isEmpty ? "" : " \"\(name)\""): no option is tagged \(selected.base); none is drawn selected")
        }
        if style == .segmented, let selectedIndex {
            // iOS draws the selected segment's title semibold: the selected option again, bolder.
            let bold = graph.withChangedEnvironment({ $0.font = .system(size: 13, weight: .semibold) }) { graph in
                graph.collectTags { content._makeNodes(in: &$0) }
            }
            graph.pending.removeLast(bold.count)
            if bold.indices.contains(selectedIndex) { options[selectedIndex] = bold[selectedIndex] }
        }
        let parts = _PickerParts(id: id, options: options, selectedIndex: selectedIndex, choose: choose)
        let hidesLabel = controls.labelsHidden
        switch style {
        case .segmented:
            parts.segmented._makeNodes(in: &graph)
        case .wheel:
            parts.wheel._makeNodes(in: &graph)
        case .inline:
            parts.inlineRows(&graph)
        default:
            if controls.inForm {
                HStack {
                    if !hidesLabel { label.layoutPriority(1) }
                    Spacer()
                    parts.menuValue(tint: false)
                }
                ._makeNodes(in: &graph)
            } else {
                parts.menuValue(tint: true)._makeNodes(in: &graph)
            }
        }
    }
}

/// The parts a picker draws from its options' nodes.
struct _PickerParts {
    let id: String
    let options: [TaggedItem]
    let selectedIndex: Int?
    let choose: (AnyHashable) -> Void

    func tap<V: View>(_ index: Int, _ content: V) -> some View {
        let option = options[index]
        let choose = self.choose
        return _ControlTap(id: "\(id)-option-\(index + 1)", content: content) {
            if let tag = option.tag { choose(tag) }
        }
    }

    /// iOS 17's segmented control: 32 points tall, the selected segment a raised white (grey in
    /// dark) lozenge on a translucent grey, hairlines between the unselected ones.
    var segmented: some View {
        HStack(spacing: 0) {
            ForEach(Array(options.indices), id: \.self) { index in
                if index > 0 {
                    let hidden = index == selectedIndex || index - 1 == selectedIndex
                    Rectangle().fill(Color(uiColor: .opaqueSeparator)).frame(width: 1, height: 16).opacity(hidden ? 0 : 1)
                }
                tap(index, segment(index))
            }
        }
        .padding(2)
        .frame(height: 32)
        .background(RoundedRectangle(cornerRadius: 9).fill(ControlColors.fill))
    }

    @ViewBuilder
    func segment(_ index: Int) -> some View {
        let node = _BuiltNode(node: options[index].node).lineLimit(1).frame(maxWidth: .infinity, maxHeight: .infinity)
        if index == selectedIndex {
            node.background(
                RoundedRectangle(cornerRadius: 7)
                    .fill(ControlColors.selectedSegment)
                    .shadow(color: Color(white: 0, opacity: 0.12), radius: 4, y: 3)
            )
            .accessibilityAddTraits(.isSelected)
        } else {
            node
        }
    }

    /// A menu picker at rest: the selected option and the up-and-down chevrons, tinted outside a
    /// form and secondary in a form's row.
    func menuValue(tint: Bool) -> some View {
        HStack(spacing: 4) {
            if let selectedIndex { _BuiltNode(node: options[selectedIndex].node) }
            VStack(spacing: 1) {
                Image(systemName: "chevron.up")
                Image(systemName: "chevron.down")
            }
            .font(.system(size: 8, weight: .semibold))
        }
        .foregroundStyle(tint ? Color.accentColor : Color.secondary)
    }

    /// An inline picker in a form: each option a row of the form, the selected one checked.
    func inlineRows(_ graph: inout ViewGraph) {
        for index in options.indices {
            tap(index, HStack {
                _BuiltNode(node: options[index].node)
                Spacer()
                if index == selectedIndex {
                    Image(systemName: "checkmark").font(.body.weight(.semibold)).foregroundStyle(Color.accentColor)
                }
            })
            .accessibilityAddTraits(index == selectedIndex ? .isSelected : [])
            ._makeNodes(in: &graph)
        }
    }

    /// UIPickerView at rest: 216 points tall, the selection on a grey band across the middle,
    /// two neighbours either side fading out.
    var wheel: some View {
        let center = selectedIndex ?? 0
        return ZStack {
            RoundedRectangle(cornerRadius: 8).fill(ControlColors.fill).frame(height: 34).padding(.horizontal, 8)
            ForEach(Array(options.indices), id: \.self) { index in
                let distance = index - center
                if abs(distance) <= 3 {
                    tap(index, _BuiltNode(node: options[index].node).lineLimit(1))
                        .opacity(1 - Double(abs(distance)) * 0.28)
                        .scaleEffect(1 - Double(abs(distance)) * 0.06)
                        .offset(y: Double(distance) * 34)
                }
            }
        }
        .frame(maxWidth: .infinity)
        .frame(height: 216)
        .clipped()
    }
}

/// How pickers inside are drawn, as SwiftUI's `PickerStyle`: only the built-in styles.
public protocol PickerStyle {
    var _kind: PickerStyleKind { get }
}

/// The built-in picker styles.
public enum PickerStyleKind: Hashable, Sendable { case automatic, menu, segmented, inline, wheel }

public struct DefaultPickerStyle: PickerStyle {
    public init() {}
    public var _kind: PickerStyleKind { .automatic }
}

public struct MenuPickerStyle: PickerStyle {
    public init() {}
    public var _kind: PickerStyleKind { .menu }
}

public struct SegmentedPickerStyle: PickerStyle {
    public init() {}
    public var _kind: PickerStyleKind { .segmented }
}

public struct InlinePickerStyle: PickerStyle {
    public init() {}
    public var _kind: PickerStyleKind { .inline }
}

public struct WheelPickerStyle: PickerStyle {
    public init() {}
    public var _kind: PickerStyleKind { .wheel }
}

extension PickerStyle where Self == DefaultPickerStyle {
    public static var automatic: DefaultPickerStyle { DefaultPickerStyle() }
}

extension PickerStyle where Self == MenuPickerStyle {
    public static var menu: MenuPickerStyle { MenuPickerStyle() }
}

extension PickerStyle where Self == SegmentedPickerStyle {
    public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}

extension PickerStyle where Self == InlinePickerStyle {
    public static var inline: InlinePickerStyle { InlinePickerStyle() }
}

extension PickerStyle where Self == WheelPickerStyle {
    public static var wheel: WheelPickerStyle { WheelPickerStyle() }
}

extension View {
    /// Draws the pickers inside in `style`, as SwiftUI's `pickerStyle(_:)`.
    public consuming func pickerStyle<S: PickerStyle>(_ style: S) -> some View {
        let kind = style._kind
        return _ControlEnvironmentModifier(content: self) { $0.picker = kind }
    }
}
