/// Styles as SwiftUI spells them: `ButtonStyle`, `PrimitiveButtonStyle`, `ToggleStyle` and
/// `LabelStyle` protocols whose `makeBody(configuration:)` draws the control, the built-in styles
/// as structs with their static shorthands (`.plain`, `.bordered`, `.switch`, `.titleOnly`), and
/// `.buttonStyle(_:)`, `.toggleStyle(_:)`, `.labelStyle(_:)` setting them for everything inside.
///
/// A preview is a still picture: `isPressed` is always false.

// MARK: - Button styles

/// Draws a button from its label, as SwiftUI's `ButtonStyle`; the whole body takes the tap.
public protocol ButtonStyle {
    associatedtype Body: View
    typealias Configuration = ButtonStyleConfiguration
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a ``ButtonStyle`` draws from.
public struct ButtonStyleConfiguration {
    /// The button's label, drawn in the environment where the style places it.
    public struct Label: PrimitiveView {
        let content: AnyView
        public func _makeNodes(in graph: inout ViewGraph) { content._makeNodes(in: &graph) }
    }

    public let label: Label
    /// Whether the button is held down: never, in a still preview.
    public let isPressed: Bool
    public let role: ButtonRole?
}

/// Draws a button and decides when it fires, as SwiftUI's `PrimitiveButtonStyle`: the body takes
/// no tap by itself; call `configuration.trigger()` from a gesture of its own.
public protocol PrimitiveButtonStyle {
    associatedtype Body: View
    typealias Configuration = PrimitiveButtonStyleConfiguration
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a ``PrimitiveButtonStyle`` draws from.
public struct PrimitiveButtonStyleConfiguration {
    /// The button's label, drawn in the environment where the style places it.
    public struct Label: PrimitiveView {
        let content: AnyView
        public func _makeNodes(in graph: inout ViewGraph) { content._makeNodes(in: &graph) }
    }

    public let label: Label
    public let role: ButtonRole?
    let action: () -> Void

    /// Runs the button's action.
    public func trigger() { action() }
}

/// A built-in button style: drawn by Starboard itself rather than by a `makeBody`.
protocol BuiltInButtonStyle {
    var kind: ButtonStyleKind { get }
}

/// Turns a style's body into a view without naming its type (the environment holds any style).
final class ButtonStyleBox: @unchecked Sendable {
    // Made once by `.buttonStyle(_:)` and only read after: no lock needed.
    let name: String
    let makeBody: (_ label: AnyView, _ role: ButtonRole?, _ action: @escaping () -> Void) -> AnyView
    /// A `PrimitiveButtonStyle` takes its own taps; a `ButtonStyle`'s body is one tap target.
    let isPrimitive: Bool

    init<S: ButtonStyle>(_ style: S) {
        name = "\(S.self)"
        isPrimitive = false
        makeBody = { label, role, _ in
            AnyView(style.makeBody(configuration: ButtonStyleConfiguration(label: .init(content: label), isPressed: false, role: role)))
        }
    }

    init<S: PrimitiveButtonStyle>(primitive style: S) {
        name = "\(S.self)"
        isPrimitive = true
        makeBody = { label, role, action in
            AnyView(style.makeBody(configuration: PrimitiveButtonStyleConfiguration(label: .init(content: label), role: role, action: action)))
        }
    }
}

/// The platform's button style: borderless in a plain view, as on iOS.
public struct DefaultButtonStyle: PrimitiveButtonStyle, BuiltInButtonStyle {
    public init() {}
    var kind: ButtonStyleKind { .automatic }
    public func makeBody(configuration: Configuration) -> some View { Button(action: configuration.trigger) { configuration.label } }
}

/// A label drawn as it is: no tint, no border.
public struct PlainButtonStyle: PrimitiveButtonStyle, BuiltInButtonStyle {
    public init() {}
    var kind: ButtonStyleKind { .plain }
    public func makeBody(configuration: Configuration) -> some View { Button(action: configuration.trigger) { configuration.label } }
}

/// A label drawn in the tint colour, no border.
public struct BorderlessButtonStyle: PrimitiveButtonStyle, BuiltInButtonStyle {
    public init() {}
    var kind: ButtonStyleKind { .borderless }
    public func makeBody(configuration: Configuration) -> some View { Button(action: configuration.trigger) { configuration.label } }
}

/// A label in the tint colour on a pale rounded rectangle of it.
public struct BorderedButtonStyle: PrimitiveButtonStyle, BuiltInButtonStyle {
    public init() {}
    var kind: ButtonStyleKind { .bordered }
    public func makeBody(configuration: Configuration) -> some View { Button(action: configuration.trigger) { configuration.label } }
}

/// A white label on a rounded rectangle of the tint colour.
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle, BuiltInButtonStyle {
    public init() {}
    var kind: ButtonStyleKind { .borderedProminent }
    public func makeBody(configuration: Configuration) -> some View { Button(action: configuration.trigger) { configuration.label } }
}

extension PrimitiveButtonStyle where Self == DefaultButtonStyle {
    public static var automatic: DefaultButtonStyle { DefaultButtonStyle() }
}

extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
    public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

/// Sets the button style for the content: a built-in one by its kind, any other by its box.
struct _ButtonStyleModifier: ViewModifier {
    typealias Body = Never
    let kind: ButtonStyleKind
    let custom: ButtonStyleBox?

    static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        let saved = (graph.environment.buttonStyle, graph.environment.customButtonStyle)
        graph.environment.buttonStyle = modifier.kind
        graph.environment.customButtonStyle = modifier.custom
        content._makeNodes(in: &graph)
        (graph.environment.buttonStyle, graph.environment.customButtonStyle) = saved
    }
}

extension View {
    /// Draws the buttons inside with `style`'s `makeBody`.
    public consuming func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        modifier(_ButtonStyleModifier(kind: .automatic, custom: ButtonStyleBox(style)))
    }

    /// Draws the buttons inside with `style`: a built-in one, or one whose `makeBody` calls
    /// `configuration.trigger()` from a gesture of its own.
    public consuming func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
        if let builtIn = style as? any BuiltInButtonStyle {
            return modifier(_ButtonStyleModifier(kind: builtIn.kind, custom: nil))
        }
        return modifier(_ButtonStyleModifier(kind: .automatic, custom: ButtonStyleBox(primitive: style)))
    }
}

// MARK: - Toggle styles

/// Draws a toggle from its label and bound value, as SwiftUI's `ToggleStyle`. The body takes no
/// tap by itself: flip `configuration.isOn` from a gesture or button of its own.
public protocol ToggleStyle {
    associatedtype Body: View
    typealias Configuration = ToggleStyleConfiguration
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a ``ToggleStyle`` draws from.
public struct ToggleStyleConfiguration {
    /// The toggle's label, drawn in the environment where the style places it.
    public struct Label: PrimitiveView {
        let content: AnyView
        public func _makeNodes(in graph: inout ViewGraph) { content._makeNodes(in: &graph) }
    }

    public let label: Label
    /// The toggle's value; `configuration.$isOn` is its binding.
    @Binding public var isOn: Bool
    /// Whether the toggle stands for several values, some on and some off: never here.
    public var isMixed: Bool { false }
}

/// The platform's toggle style: a switch, as on iOS.
public struct DefaultToggleStyle: ToggleStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        _SwitchToggle(label: configuration.label, isOn: configuration.$isOn)
    }
}

/// A label with a switch at the trailing edge.
public struct SwitchToggleStyle: ToggleStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        _SwitchToggle(label: configuration.label, isOn: configuration.$isOn)
    }
}

extension ToggleStyle where Self == DefaultToggleStyle {
    public static var automatic: DefaultToggleStyle { DefaultToggleStyle() }
}

extension ToggleStyle where Self == SwitchToggleStyle {
    public static var `switch`: SwitchToggleStyle { SwitchToggleStyle() }
}

/// Turns a toggle style's body into a view without naming its type.
final class ToggleStyleBox: @unchecked Sendable {
    // Made once by `.toggleStyle(_:)` and only read after: no lock needed.
    let name: String
    let makeBody: (_ label: AnyView, _ isOn: Binding<Bool>) -> AnyView

    init<S: ToggleStyle>(_ style: S) {
        name = "\(S.self)"
        makeBody = { label, isOn in
            AnyView(style.makeBody(configuration: ToggleStyleConfiguration(label: .init(content: label), isOn: isOn)))
        }
    }
}

extension View {
    /// Draws the toggles inside with `style`'s `makeBody`.
    public consuming func toggleStyle<S: ToggleStyle>(_ style: S) -> some View {
        let box: ToggleStyleBox? = (style is DefaultToggleStyle || style is SwitchToggleStyle) ? nil : ToggleStyleBox(style)
        return environment(\.toggleStyle, box)
    }
}

// MARK: - Label styles

/// Draws a label from its title and icon, as SwiftUI's `LabelStyle`.
public protocol LabelStyle {
    associatedtype Body: View
    typealias Configuration = LabelStyleConfiguration
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a ``LabelStyle`` draws from.
public struct LabelStyleConfiguration {
    /// The label's title.
    public struct Title: PrimitiveView {
        let content: AnyView
        public func _makeNodes(in graph: inout ViewGraph) { content._makeNodes(in: &graph) }
    }

    /// The label's icon.
    public struct Icon: PrimitiveView {
        let content: AnyView
        public func _makeNodes(in graph: inout ViewGraph) { content._makeNodes(in: &graph) }
    }

    public let title: Title
    public let icon: Icon
}

/// A built-in label style: drawn by Starboard itself.
protocol BuiltInLabelStyle {
    var kind: LabelStyleKind { get }
}

/// The platform's label style: title and icon.
public struct DefaultLabelStyle: LabelStyle, BuiltInLabelStyle {
    public init() {}
    var kind: LabelStyleKind { .titleAndIcon }
    public func makeBody(configuration: Configuration) -> some View { HStack(spacing: 8) { configuration.icon; configuration.title } }
}

/// The icon, then the title.
public struct TitleAndIconLabelStyle: LabelStyle, BuiltInLabelStyle {
    public init() {}
    var kind: LabelStyleKind { .titleAndIcon }
    public func makeBody(configuration: Configuration) -> some View { HStack(spacing: 8) { configuration.icon; configuration.title } }
}

/// Only the title.
public struct TitleOnlyLabelStyle: LabelStyle, BuiltInLabelStyle {
    public init() {}
    var kind: LabelStyleKind { .titleOnly }
    public func makeBody(configuration: Configuration) -> some View { configuration.title }
}

/// Only the icon.
public struct IconOnlyLabelStyle: LabelStyle, BuiltInLabelStyle {
    public init() {}
    var kind: LabelStyleKind { .iconOnly }
    public func makeBody(configuration: Configuration) -> some View { configuration.icon }
}

extension LabelStyle where Self == DefaultLabelStyle {
    public static var automatic: DefaultLabelStyle { DefaultLabelStyle() }
}

extension LabelStyle where Self == TitleAndIconLabelStyle {
    public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}

extension LabelStyle where Self == TitleOnlyLabelStyle {
    public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() }
}

extension LabelStyle where Self == IconOnlyLabelStyle {
    public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}

/// Turns a label style's body into a view without naming its type.
final class LabelStyleBox: @unchecked Sendable {
    // Made once by `.labelStyle(_:)` and only read after: no lock needed.
    let name: String
    let makeBody: (_ title: AnyView, _ icon: AnyView) -> AnyView

    init<S: LabelStyle>(_ style: S) {
        name = "\(S.self)"
        makeBody = { title, icon in
            AnyView(style.makeBody(configuration: LabelStyleConfiguration(title: .init(content: title), icon: .init(content: icon))))
        }
    }
}

/// Sets the label style for the content: a built-in one by its kind, any other by its box.
struct _LabelStyleModifier: ViewModifier {
    typealias Body = Never
    let kind: LabelStyleKind
    let custom: LabelStyleBox?

    static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        let saved = (graph.environment.labelStyle, graph.environment.customLabelStyle)
        graph.environment.labelStyle = modifier.kind
        graph.environment.customLabelStyle = modifier.custom
        content._makeNodes(in: &graph)
        (graph.environment.labelStyle, graph.environment.customLabelStyle) = saved
    }
}

extension View {
    /// Draws the labels inside with `style`.
    public consuming func labelStyle<S: LabelStyle>(_ style: S) -> some View {
        if let builtIn = style as? any BuiltInLabelStyle {
            return modifier(_LabelStyleModifier(kind: builtIn.kind, custom: nil))
        }
        return modifier(_LabelStyleModifier(kind: .titleAndIcon, custom: LabelStyleBox(style)))
    }
}

// MARK: - Enabled

extension View {
    /// Disables the controls inside, as SwiftUI's `.disabled(_:)`: their taps are ignored, the
    /// built-in controls are drawn dimmed, and `@Environment(\.isEnabled)` reads false. A view
    /// inside a disabled one stays disabled whatever it says.
    public consuming func disabled(_ disabled: Bool) -> some View {
        modifier(_DisabledModifier(disabled: disabled))
    }
}

struct _DisabledModifier: ViewModifier {
    typealias Body = Never
    let disabled: Bool

    static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        let saved = graph.environment.isEnabled
        graph.environment.isEnabled = saved && !modifier.disabled
        content._makeNodes(in: &graph)
        graph.environment.isEnabled = saved
    }
}

// MARK: - Drawing a style's body

extension ViewGraph {
    /// Builds a style's body; past the depth limit (a `makeBody` that makes the same control
    /// again) the error names the style.
    mutating func buildStyleBody(named name: String, kind: String, _ body: AnyView) {
        let wasOpen = isOpen
        body._makeNodes(in: &self)
        if wasOpen { blameDepth(onStyle: name, kind: kind) }
    }
}
