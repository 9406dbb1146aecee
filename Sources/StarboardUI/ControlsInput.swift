/// A field of editable text, as SwiftUI's `TextField`, drawn at rest: its text, or its prompt
/// (its title when it has none) in the placeholder colour when the text is empty.
///
/// Typing is out of scope: the live preview shows the bound text and a tap changes nothing;
/// change the text through the bound `@Inspectable` property.
public struct TextField<Label: View>: View {
    let text: Binding<String>
    let prompt: Text?
    let axis: Axis
    let label: Label

    public init(text: Binding<String>, prompt: Text? = nil, axis: Axis = .horizontal, @ViewBuilder label: () -> Label) {
        self.text = text
        self.prompt = prompt
        self.axis = axis
        self.label = label()
    }

    public var body: some View {
        _TextFieldBody(text: text.wrappedValue, placeholder: prompt ?? (label as? Text), axis: axis, isSecure: false)
    }
}

extension TextField where Label == Text {
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text? = nil) {
        self.init(text: text, prompt: prompt) { Text(title) }
    }

    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text? = nil, axis: Axis) {
        self.init(text: text, prompt: prompt, axis: axis) { Text(title) }
    }
}

/// A field whose text is shown as dots, as SwiftUI's `SecureField`, drawn at rest.
public struct SecureField<Label: View>: View {
    let text: Binding<String>
    let prompt: Text?
    let label: Label

    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        self.text = text
        self.prompt = prompt
        self.label = label()
    }

    public var body: some View {
        _TextFieldBody(text: text.wrappedValue, placeholder: prompt ?? (label as? Text), axis: .horizontal, isSecure: true)
    }
}

extension SecureField where Label == Text {
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text? = nil) {
        self.init(text: text, prompt: prompt) { Text(title) }
    }
}

/// A text field's look: its text or placeholder, in the style the environment asks for.
struct _TextFieldBody: View {
    let text: String
    let placeholder: Text?
    let axis: Axis
    let isSecure: Bool

    @Environment(\.self) private var environment

    var body: some View {
        let style = environment.controls.textField
        let shown: Text
        if text.isEmpty {
            shown = (placeholder ?? Text(verbatim: "")).foregroundColor(Color(uiColor: .placeholderText))
        } else {
            // iOS shows a secure field's characters as bullets.
            shown = Text(verbatim: isSecure ? String(repeating: "\u{2022}", count: text.count) : text)
        }
        let line = shown
            .lineLimit(axis == .vertical ? nil : 1)
            .frame(maxWidth: .infinity, alignment: .leading)
        return Group {
            if style == .roundedBorder {
                // UITextField's rounded rect: 34 points tall, a hairline border, 5-point corners.
                line
                    .padding(.horizontal, 7)
                    .frame(minHeight: 34)
                    .background(RoundedRectangle(cornerRadius: 5).fill(ControlColors.fieldBackground))
                    .overlay(RoundedRectangle(cornerRadius: 5).strokeBorder(ControlColors.fieldBorder, lineWidth: 0.5))
            } else {
                line
            }
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(placeholder ?? Text(verbatim: ""))
        .accessibilityValue(isSecure ? "" : text)
    }
}

/// How text fields inside are drawn, as SwiftUI's `TextFieldStyle`: only the built-in styles.
public protocol TextFieldStyle {
    var _kind: TextFieldStyleKind { get }
}

/// The built-in text field styles.
public enum TextFieldStyleKind: Hashable, Sendable { case automatic, plain, roundedBorder }

/// A bare field, as iOS draws one by default.
public struct DefaultTextFieldStyle: TextFieldStyle {
    public init() {}
    public var _kind: TextFieldStyleKind { .automatic }
}

/// Text alone, no border.
public struct PlainTextFieldStyle: TextFieldStyle {
    public init() {}
    public var _kind: TextFieldStyleKind { .plain }
}

/// A field in a rounded, bordered box.
public struct RoundedBorderTextFieldStyle: TextFieldStyle {
    public init() {}
    public var _kind: TextFieldStyleKind { .roundedBorder }
}

extension TextFieldStyle where Self == DefaultTextFieldStyle {
    public static var automatic: DefaultTextFieldStyle { DefaultTextFieldStyle() }
}

extension TextFieldStyle where Self == PlainTextFieldStyle {
    public static var plain: PlainTextFieldStyle { PlainTextFieldStyle() }
}

extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
    public static var roundedBorder: RoundedBorderTextFieldStyle { RoundedBorderTextFieldStyle() }
}

extension View {
    /// Draws the text fields inside in `style`, as SwiftUI's `textFieldStyle(_:)`.
    public consuming func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View {
        let kind = style._kind
        return _ControlEnvironmentModifier(content: self) { $0.textField = kind }
    }
}
