import Foundation

/// A date (and time) chooser, as SwiftUI's `DatePicker` in iOS's compact style at rest: the
/// label, then the date and the time each on a grey pill, formatted in the environment's
/// locale and time zone.
public struct DatePicker<Label: View>: View {
    let selection: Binding<Date>
    let range: ClosedRange<Date>?
    let components: DatePickerComponents
    let label: Label

    public init(selection: Binding<Date>, displayedComponents: DatePickerComponents = [.date, .hourAndMinute], @ViewBuilder label: () -> Label) {
        self.selection = selection
        range = nil
        components = displayedComponents
        self.label = label()
    }

    public init(selection: Binding<Date>, in range: ClosedRange<Date>, displayedComponents: DatePickerComponents = [.date, .hourAndMinute], @ViewBuilder label: () -> Label) {
        self.selection = selection
        self.range = range
        components = displayedComponents
        self.label = label()
    }

    public var body: some View {
        _DatePickerBody(label: label, date: selection.wrappedValue, range: range, components: components)
    }
}

extension DatePicker where Label == Text {
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, displayedComponents: DatePickerComponents = [.date, .hourAndMinute]) {
        self.init(selection: selection, displayedComponents: displayedComponents) { Text(title) }
    }

    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, in range: ClosedRange<Date>, displayedComponents: DatePickerComponents = [.date, .hourAndMinute]) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(title) }
    }
}

/// Which parts of a date a `DatePicker` shows.
public struct DatePickerComponents: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let date = DatePickerComponents(rawValue: 1)
    public static let hourAndMinute = DatePickerComponents(rawValue: 2)
}

/// A date picker drawn.
public struct _DatePickerBody<Label: View>: PrimitiveView {
    let label: Label
    let date: Date
    let range: ClosedRange<Date>?
    let components: DatePickerComponents

    public func _makeNodes(in graph: inout ViewGraph) {
        var date = self.date
        if let range { date = graph.clamp(date, to: range, control: "DatePicker", name: label.controlName) }
        let hidesLabel = graph.environment.controls.labelsHidden
        HStack(spacing: 6) {
            if !hidesLabel {
                label.layoutPriority(1)
                Spacer()
            }
            if components.contains(.date) {
                Self.pill(Text(date, format: Date.FormatStyle(date: .abbreviated, time: .omitted)))
            }
            if components.contains(.hourAndMinute) {
                Self.pill(Text(date, format: Date.FormatStyle(date: .omitted, time: .shortened)))
            }
        }
        ._makeNodes(in: &graph)
    }

    /// UIDatePicker's compact pill: body text on a translucent grey, 6-point corners.
    static func pill(_ text: Text) -> some View {
        text
            .lineLimit(1)
            .padding(.horizontal, 11)
            .padding(.vertical, 6)
            .background(RoundedRectangle(cornerRadius: 6).fill(ControlColors.fill))
            .fixedSize()
    }
}

/// A colour chooser, as SwiftUI's `ColorPicker` at rest: the label, then the selected colour in
/// a circle inside the spectrum ring iOS draws.
public struct ColorPicker<Label: View>: View {
    let selection: Binding<Color>
    let label: Label

    public init(selection: Binding<Color>, supportsOpacity: Bool = true, @ViewBuilder label: () -> Label) {
        self.selection = selection
        self.label = label()
    }

    @Environment(\.self) private var environment

    public var body: some View {
        let hidesLabel = environment.controls.labelsHidden
        return HStack {
            if !hidesLabel {
                label.layoutPriority(1)
                Spacer()
            }
            ZStack {
                Circle().strokeBorder(
                    AngularGradient(colors: [.red, .orange, .yellow, .green, .cyan, .blue, .purple, .pink, .red], center: .center),
                    lineWidth: 3
                )
                Circle().fill(selection.wrappedValue).padding(5)
            }
            .frame(width: 28, height: 28)
        }
    }
}

extension ColorPicker where Label == Text {
    public init<S: StringProtocol>(_ title: S, selection: Binding<Color>, supportsOpacity: Bool = true) {
        self.init(selection: selection, supportsOpacity: supportsOpacity) { Text(title) }
    }
}

/// A link to a URL, as SwiftUI's `Link`: its label in the tint. The live preview opens nothing.
public struct Link<Label: View>: View {
    let destination: URL
    let label: Label

    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
    }

    public var body: some View {
        label
            .foregroundStyle(Color.accentColor)
            .accessibilityElement(children: .combine)
            .accessibilityAddTraits(.isLink)
    }
}

extension Link where Label == Text {
    public init<S: StringProtocol>(_ title: S, destination: URL) {
        self.init(destination: destination) { Text(title) }
    }
}

/// A menu, as SwiftUI's `Menu` at rest: its label, tinted as a borderless button's. The menu's
/// content is not drawn: the live preview does not open menus.
public struct Menu<Label: View, Content: View>: View {
    let label: Label
    let content: Content

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }

    public var body: some View {
        label
            .foregroundStyle(Color.accentColor)
            .accessibilityElement(children: .combine)
            .accessibilityAddTraits(.isButton)
    }
}

extension Menu where Label == Text {
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

/// A label beside a value, as SwiftUI's `LabeledContent`: the label leading, the value at the
/// trailing edge in the secondary colour, as a form's row shows it.
public struct LabeledContent<Label: View, Content: View>: View {
    let label: Label
    let content: Content

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }

    public var body: some View {
        HStack {
            label.layoutPriority(1)
            Spacer()
            content.foregroundStyle(.secondary)
        }
        .accessibilityElement(children: .combine)
    }
}

extension LabeledContent where Label == Text {
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

extension LabeledContent where Label == Text, Content == Text {
    public init<S: StringProtocol, V: StringProtocol>(_ title: S, value: V) {
        self.init(content: { Text(value) }) { Text(title) }
    }

    public init<S: StringProtocol, F: FormatStyle>(_ title: S, value: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatInput: Sendable, F.FormatOutput == String, F: Sendable {
        self.init(content: { Text(value, format: format) }) { Text(title) }
    }
}
