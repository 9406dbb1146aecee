/// Sheets, full-screen covers, alerts and confirmation dialogs, drawn over the whole screen while
/// their binding is true, as iOS 17 shows them at rest.
///
/// The modifier that asks for one records it while the view is built; once the whole view is
/// built, each is laid over it in order (``ViewGraph/addPresentations()``), so a sheet covers the
/// screen whichever view asked for it.

/// One thing shown over the screen.
struct Presentation {
    enum Kind {
        case sheet, fullScreenCover
        case alert(title: Text, message: AnyView?)
        case dialog(title: Text?, message: AnyView?)
    }

    let kind: Kind
    /// The sheet's content, or the alert's actions.
    let content: AnyView
    let dismiss: () -> Void
    /// The environment of the view that asked for it.
    let environment: EnvironmentValues
}

extension ViewGraph {
    /// Lays every presentation recorded while building over what was built (which becomes one
    /// node first); a presentation's own content may ask for another, laid over it in turn.
    mutating func addPresentations() {
        guard isOpen, !navigation.presentations.isEmpty else { return }
        collapse(from: 0, into: .vertical(spacing: defaultStackSpacing, alignment: .center))
        var next = 0
        while next < navigation.presentations.count, isOpen {
            let presentation = navigation.presentations[next]
            next += 1
            let mark = pending.count - 1
            let saved = environment
            environment = presentation.environment
            // What is inside is a screen of its own: no stack's bar around it, no list's rows.
            environment.navigation = NavigationEnvironment()
            let scopes = navigation.scopes
            navigation.scopes = []
            _PresentationLayer(presentation: presentation)._makeNodes(in: &self)
            navigation.scopes = scopes
            environment = saved
            addContainer(.stack(.depth(alignment: .center)), adoptingFrom: mark)
        }
    }
}

/// The dimming and the presented view, filling the screen.
struct _PresentationLayer: View {
    let presentation: Presentation

    var body: some View {
        switch presentation.kind {
        case .sheet:
            ZStack(alignment: .top) {
                Color.black.opacity(0.4).ignoresSafeArea()
                presentation.content
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
                    .background {
                        RoundedRectangle(cornerRadius: 10)
                            .fill(_ElevatedBackground.color)
                            .ignoresSafeArea(edges: .bottom)
                    }
                    .padding(.top, 10)
            }
        case .fullScreenCover:
            presentation.content
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .background(Color(uiColor: .systemBackground))
        case .alert(let title, let message):
            ZStack {
                Color.black.opacity(0.2).ignoresSafeArea()
                _AlertCard(title: title, message: message, actions: presentation.content, dismiss: presentation.dismiss)
            }
        case .dialog(let title, let message):
            ZStack(alignment: .bottom) {
                Color.black.opacity(0.2).ignoresSafeArea()
                _DialogSheet(title: title, message: message, actions: presentation.content, dismiss: presentation.dismiss)
            }
        }
    }
}

/// The background of a presented sheet: white in light, the elevated grey in dark.
enum _ElevatedBackground {
    static let color = Color(uiColor: UIColor(Color.Resolved(255, 255, 255), Color.Resolved(28, 28, 30)))
    /// An alert's and a dialog's card.
    static let card = Color(uiColor: UIColor(Color.Resolved(242, 242, 242), Color.Resolved(44, 44, 46)))
}

/// An alert: a 270-point card with the title, the message and the buttons (side by side when
/// there are two, else one under the other), centred on the screen.
struct _AlertCard: PrimitiveView {
    let title: Text
    let message: AnyView?
    let actions: AnyView
    let dismiss: () -> Void

    func _makeNodes(in graph: inout ViewGraph) {
        var buttons = graph.buildPresentedButtons(actions, dismiss: dismiss, height: 44, font: .system(size: 17))
        if buttons.isEmpty {
            // SwiftUI gives an alert without actions an OK button.
            buttons = graph.buildPresentedButtons(AnyView(Button("OK") {}), dismiss: dismiss, height: 44, font: .system(size: 17))
        }
        // The cancel button goes first of two, last of more, as iOS orders them.
        let cancel = buttons.filter { graph.navigation.buttonRoles[$0] == .cancel }
        let others = buttons.filter { graph.navigation.buttonRoles[$0] != .cancel }
        let ordered = buttons.count == 2 ? cancel + others : others + cancel
        VStack(spacing: 0) {
            VStack(spacing: 4) {
                title.font(.system(size: 17, weight: .semibold))
                if let message { message.font(.system(size: 13)) }
            }
            .multilineTextAlignment(.center)
            .foregroundStyle(Color.primary)
            .padding(.horizontal, 16)
            .padding(.top, 19)
            .padding(.bottom, 17)
            .frame(maxWidth: .infinity)
            _Hairline(vertical: false)
            if ordered.count == 2 {
                HStack(spacing: 0) {
                    _BuiltNodes(nodes: [ordered[0]])
                    _Hairline(vertical: true)
                    _BuiltNodes(nodes: [ordered[1]])
                }
                .fixedSize(horizontal: false, vertical: true)
            } else {
                _SeparatedNodes(nodes: ordered)
            }
        }
        .frame(width: 270)
        .background(RoundedRectangle(cornerRadius: 14).fill(_ElevatedBackground.card))
        .clipShape(RoundedRectangle(cornerRadius: 14))
        .accessibilityAddTraits(.isModal)
        ._makeNodes(in: &graph)
    }
}

/// A confirmation dialog as an iPhone shows it: an action sheet at the bottom, the title and the
/// buttons on one card and the cancel button on its own under it.
struct _DialogSheet: PrimitiveView {
    let title: Text?
    let message: AnyView?
    let actions: AnyView
    let dismiss: () -> Void

    func _makeNodes(in graph: inout ViewGraph) {
        let buttons = graph.buildPresentedButtons(actions, dismiss: dismiss, height: 57, font: .system(size: 20))
        var cancel = buttons.filter { graph.navigation.buttonRoles[$0] == .cancel }
        let others = buttons.filter { graph.navigation.buttonRoles[$0] != .cancel }
        if cancel.isEmpty {
            // An iPhone's dialog always has a way out.
            cancel = graph.buildPresentedButtons(AnyView(Button("Cancel", role: .cancel) {}), dismiss: dismiss, height: 57, font: .system(size: 20))
        }
        let hasHeading = title != nil || message != nil
        VStack(spacing: 8) {
            VStack(spacing: 0) {
                if hasHeading {
                    VStack(spacing: 4) {
                        if let title { title.font(.system(size: 13, weight: .semibold)) }
                        if let message { message.font(.system(size: 13)) }
                    }
                    .multilineTextAlignment(.center)
                    .foregroundStyle(Color(uiColor: .secondaryLabel))
                    .padding(.horizontal, 16)
                    .padding(.vertical, 14)
                    .frame(maxWidth: .infinity)
                    if !others.isEmpty { _Hairline(vertical: false) }
                }
                _SeparatedNodes(nodes: others)
            }
            .background(RoundedRectangle(cornerRadius: 14).fill(_ElevatedBackground.card))
            .clipShape(RoundedRectangle(cornerRadius: 14))
            _BuiltNodes(nodes: cancel)
                .background(RoundedRectangle(cornerRadius: 14).fill(_ElevatedBackground.color))
                .clipShape(RoundedRectangle(cornerRadius: 14))
        }
        .padding(.horizontal, 8)
        .padding(.bottom, 8)
        .accessibilityAddTraits(.isModal)
        ._makeNodes(in: &graph)
    }
}

/// Built nodes one under the other with a hairline between each two.
struct _SeparatedNodes: PrimitiveView {
    let nodes: [Int32]

    func _makeNodes(in graph: inout ViewGraph) {
        let mark = graph.pending.count
        for (position, node) in nodes.enumerated() {
            if position > 0 { _Hairline(vertical: false)._makeNodes(in: &graph) }
            graph.pending.append(node)
        }
        graph.addContainer(.stack(.vertical(spacing: 0, alignment: .center)), adoptingFrom: mark)
    }
}

/// A separator line a third of a point thick.
struct _Hairline: View {
    let vertical: Bool

    var body: some View {
        if vertical {
            Rectangle().fill(Color(uiColor: .separator)).frame(width: 0.33)
        } else {
            Rectangle().fill(Color(uiColor: .separator)).frame(height: 0.33)
        }
    }
}

extension ViewGraph {
    /// Builds an alert's or a dialog's buttons in its style (full width, `height` tall, in the
    /// tint, a cancel one semibold, a destructive one red; a tap runs the action and dismisses)
    /// and returns their nodes, each with its role recorded.
    mutating func buildPresentedButtons(_ actions: AnyView, dismiss: @escaping () -> Void, height: Double, font: Font) -> [Int32] {
        let mark = pending.count
        let style = ButtonStyleBox(primitive: _PresentedButtonStyle(dismiss: dismiss, height: height, font: font))
        withEnvironment({ $0.customButtonStyle = style; $0.buttonStyle = .automatic }) { graph in
            actions._makeNodes(in: &graph)
        }
        let built = takePending(from: mark)
        if built.contains(where: { !navigation.presentedButtons.contains($0) }) {
            // A text field in an alert, say: Starboard draws only buttons there.
            warnings.append("an alert's or a confirmation dialog's actions hold a view that is not a Button; Starboard draws only buttons there, and leaves the rest out")
        }
        return built.filter { navigation.presentedButtons.contains($0) }
    }
}

/// An alert's or a dialog's button.
struct _PresentedButtonStyle: PrimitiveButtonStyle {
    let dismiss: () -> Void
    let height: Double
    let font: Font

    func makeBody(configuration: Configuration) -> some View {
        _PresentedButton(configuration: configuration, dismiss: dismiss, height: height, font: font)
    }
}

struct _PresentedButton: PrimitiveView {
    let configuration: PrimitiveButtonStyleConfiguration
    let dismiss: () -> Void
    let height: Double
    let font: Font

    func _makeNodes(in graph: inout ViewGraph) {
        let mark = graph.pending.count
        let role = configuration.role
        let color: Color = role == .destructive ? Color(uiColor: .systemRed) : Color(uiColor: .link)
        configuration.label
            .font(role == .cancel ? font.weight(.semibold) : font)
            .foregroundStyle(color)
            .lineLimit(1)
            .padding(.horizontal, 12)
            .frame(maxWidth: .infinity)
            .frame(height: height)
            ._makeNodes(in: &graph)
        let trigger = configuration.trigger, dismiss = self.dismiss
        graph.addTap(id: nil, from: mark, action: { trigger(); dismiss() })
        guard let node = graph.pending.last else { return }
        graph.navigation.presentedButtons.insert(node)
        if let role { graph.navigation.buttonRoles[node] = role }
    }
}

// MARK: - Modifiers

/// Records a presentation while its binding is true.
public struct _PresentationModifier: ViewModifier {
    public typealias Body = Never
    let isPresented: Bool
    let kind: Presentation.Kind
    let content: () -> AnyView
    let dismiss: () -> Void

    public static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        content._makeNodes(in: &graph)
        guard modifier.isPresented else { return }
        graph.navigation.presentations.append(Presentation(
            kind: modifier.kind, content: modifier.content(), dismiss: modifier.dismiss, environment: graph.environment
        ))
    }
}

/// Whether a dialog shows its title, as SwiftUI's `Visibility`.
public enum Visibility: Hashable, Sendable, CaseIterable {
    case automatic, visible, hidden
}

extension View {
    /// A sheet over the screen while `isPresented` is true.
    public consuming func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        modifier(_PresentationModifier(
            isPresented: isPresented.wrappedValue, kind: .sheet, content: { AnyView(content()) },
            dismiss: { isPresented.wrappedValue = false; onDismiss?() }
        ))
    }

    /// A sheet for `item` while it is not nil.
    public consuming func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        let current = item.wrappedValue
        return modifier(_PresentationModifier(
            isPresented: current != nil, kind: .sheet, content: { AnyView(current.map(content)) },
            dismiss: { item.wrappedValue = nil; onDismiss?() }
        ))
    }

    /// A view covering the whole screen while `isPresented` is true.
    public consuming func fullScreenCover<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        modifier(_PresentationModifier(
            isPresented: isPresented.wrappedValue, kind: .fullScreenCover, content: { AnyView(content()) },
            dismiss: { isPresented.wrappedValue = false; onDismiss?() }
        ))
    }

    /// An alert while `isPresented` is true; a tap on one of its buttons runs it and dismisses.
    public consuming func alert<Actions: View>(
        _ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: @escaping () -> Actions
    ) -> some View {
        modifier(_PresentationModifier(
            isPresented: isPresented.wrappedValue, kind: .alert(title: title, message: nil), content: { AnyView(actions()) },
            dismiss: { isPresented.wrappedValue = false }
        ))
    }

    public consuming func alert<Actions: View, Message: View>(
        _ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: @escaping () -> Actions,
        @ViewBuilder message: () -> Message
    ) -> some View {
        let message = AnyView(message())
        return modifier(_PresentationModifier(
            isPresented: isPresented.wrappedValue, kind: .alert(title: title, message: message), content: { AnyView(actions()) },
            dismiss: { isPresented.wrappedValue = false }
        ))
    }

    public consuming func alert<Actions: View>(
        _ title: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: @escaping () -> Actions
    ) -> some View {
        alert(Text(title), isPresented: isPresented, actions: actions)
    }

    public consuming func alert<Actions: View, Message: View>(
        _ title: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: @escaping () -> Actions,
        @ViewBuilder message: () -> Message
    ) -> some View {
        alert(Text(title), isPresented: isPresented, actions: actions, message: message)
    }

    @_disfavoredOverload
    public consuming func alert<S: StringProtocol, Actions: View>(
        _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: @escaping () -> Actions
    ) -> some View {
        alert(Text(title), isPresented: isPresented, actions: actions)
    }

    @_disfavoredOverload
    public consuming func alert<S: StringProtocol, Actions: View, Message: View>(
        _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: @escaping () -> Actions,
        @ViewBuilder message: () -> Message
    ) -> some View {
        alert(Text(title), isPresented: isPresented, actions: actions, message: message)
    }

    /// A confirmation dialog while `isPresented` is true: on an iPhone, an action sheet at the
    /// bottom; the title shows only with `titleVisibility: .visible`.
    public consuming func confirmationDialog<Actions: View>(
        _ title: Text, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: @escaping () -> Actions
    ) -> some View {
        modifier(_PresentationModifier(
            isPresented: isPresented.wrappedValue,
            kind: .dialog(title: titleVisibility == .visible ? title : nil, message: nil), content: { AnyView(actions()) },
            dismiss: { isPresented.wrappedValue = false }
        ))
    }

    public consuming func confirmationDialog<Actions: View, Message: View>(
        _ title: Text, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: @escaping () -> Actions, @ViewBuilder message: () -> Message
    ) -> some View {
        let message = AnyView(message())
        return modifier(_PresentationModifier(
            isPresented: isPresented.wrappedValue,
            kind: .dialog(title: titleVisibility == .visible ? title : nil, message: message), content: { AnyView(actions()) },
            dismiss: { isPresented.wrappedValue = false }
        ))
    }

    public consuming func confirmationDialog<Actions: View>(
        _ title: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: @escaping () -> Actions
    ) -> some View {
        confirmationDialog(Text(title), isPresented: isPresented, titleVisibility: titleVisibility, actions: actions)
    }

    public consuming func confirmationDialog<Actions: View, Message: View>(
        _ title: LocalizedStringKey, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: @escaping () -> Actions, @ViewBuilder message: () -> Message
    ) -> some View {
        confirmationDialog(Text(title), isPresented: isPresented, titleVisibility: titleVisibility, actions: actions, message: message)
    }
}
