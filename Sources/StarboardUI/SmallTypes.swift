import Foundation

// MARK: - Text with format specifiers

/// A string literal given to `Text`, as SwiftUI's `LocalizedStringKey`: its interpolations take
/// printf-style specifiers (`Text("\(distance, specifier: "%.1f") km")`). Starboard shows the
/// text as written: there are no string tables to look it up in.
public struct LocalizedStringKey: ExpressibleByStringInterpolation, Hashable, Sendable {
    let string: String
    /// The literal as Markdown, its interpolated values escaped: SwiftUI reads a literal's own
    /// `**` and `[…](…)` as Markdown, never those of the values put into it.
    let markdown: String

    public init(_ value: String) {
        string = value
        markdown = value
    }

    public init(stringLiteral value: String) {
        string = value
        markdown = value
    }

    public init(stringInterpolation: StringInterpolation) {
        string = stringInterpolation.output
        markdown = stringInterpolation.markdown
    }

    /// Builds the text of an interpolated literal.
    public struct StringInterpolation: StringInterpolationProtocol {
        var output = ""
        var markdown = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            output.reserveCapacity(literalCapacity + 8 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            output += literal
            markdown += literal
        }

        /// An interpolated value: as it is, and escaped in the Markdown.
        private mutating func appendValue(_ value: String) {
            output += value
            markdown += MarkdownText.escaped(value)
        }

        public mutating func appendInterpolation<T>(_ value: T) {
            appendValue(String(describing: value))
        }

        /// A number written with a printf-style specifier, `%.1f` or `%d`, in the POSIX locale
        /// (as SwiftUI writes a specifier, whatever the language).
        public mutating func appendInterpolation<T: CVarArg>(_ value: T, specifier: String) {
            appendValue(String(format: specifier, locale: nil, value))
        }

        /// A value in a Foundation format style, formatted for US English (a literal is built
        /// before the view knows its environment's locale).
        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
            if let localizable = format as? any LocaleAdjustableFormat, let localized = localizable.localized(Locale(identifier: "en_US")) as? F {
                appendValue(localized.format(input))
            } else {
                appendValue(format.format(input))
            }
        }

        /// Text inside text: its string (its own styling is not kept).
        public mutating func appendInterpolation(_ text: Text) {
            appendValue(text.first.string + text.rest.map(\.string).joined())
        }
    }
}

extension Text {
    /// A literal, with its interpolations and their specifiers written out; no string table is
    /// looked in. Its inline Markdown (bold, italic, code, links) is read as SwiftUI reads a
    /// literal's (`MarkdownText`); a `String` variable's is not.
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        self.init(markdown: key.markdown, plain: key.string)
    }
}

// MARK: - CGAffineTransform

/// Core Graphics' name for an affine transform, so `Path.applying(_:)` reads as in SwiftUI.
public typealias CGAffineTransform = AffineTransform

extension AffineTransform {
    public init() {
        self = .identity
    }

    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: Double(tx), ty: Double(ty))
    }

    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: Double(sx), b: 0, c: 0, d: Double(sy), tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians: clockwise on screen, where y grows downward.
    public init(rotationAngle angle: CGFloat) {
        let cosine = cos(Double(angle)), sine = sin(Double(angle))
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// `self`, then `other`, as Core Graphics' `concatenating(_:)`.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        followed(by: other)
    }

    /// A translation applied before `self`.
    public func translatedBy(x: CGFloat, y: CGFloat) -> AffineTransform {
        AffineTransform(translationX: x, y: y).followed(by: self)
    }

    /// A scale applied before `self`.
    public func scaledBy(x: CGFloat, y: CGFloat) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).followed(by: self)
    }

    /// A rotation by `angle` radians applied before `self`.
    public func rotated(by angle: CGFloat) -> AffineTransform {
        AffineTransform(rotationAngle: angle).followed(by: self)
    }
}

extension CGPoint {
    /// The point moved by `transform`, as Core Graphics' `applying(_:)`.
    public func applying(_ transform: AffineTransform) -> CGPoint {
        let point = transform.apply(Point(x: Double(x), y: Double(y)))
        return CGPoint(x: point.x, y: point.y)
    }
}

// MARK: - Colour gradients

extension Color {
    /// The colour as a gentle top-to-bottom gradient, as SwiftUI's `Color.gradient`: from a
    /// little lighter at the top to the colour itself at the bottom.
    public var gradient: LinearGradient {
        // A missing colour set stays one, so the gradient warns where it is drawn.
        if assetProblem != nil { return LinearGradient(colors: [self, self], startPoint: .top, endPoint: .bottom) }
        return LinearGradient(colors: [lightened(by: 0.15), self], startPoint: .top, endPoint: .bottom)
    }

    /// This colour mixed with white by `amount`, in light and dark alike.
    func lightened(by amount: Double) -> Color {
        func mix(_ color: Resolved) -> Resolved {
            Resolved(
                red: color.red + (1 - color.red) * amount, green: color.green + (1 - color.green) * amount,
                blue: color.blue + (1 - color.blue) * amount, opacity: color.opacity
            )
        }
        var light = EnvironmentValues(), dark = EnvironmentValues()
        light.colorScheme = .light
        dark.colorScheme = .dark
        return Color(storage: .system(.adaptive(light: SystemColor.pack(mix(resolve(in: light))), dark: SystemColor.pack(mix(resolve(in: dark))))))
    }
}

// MARK: - Progress

/// Progress, as SwiftUI's `ProgressView`: a bar filled to `value / total` in the tint, or, with
/// no value, the spinning indicator drawn still (eight spokes, fading round). A title sits above
/// a bar and below a spinner. `.progressViewStyle(_:)` draws it otherwise (ProgressViewStyle.swift).
public struct ProgressView<Label: View>: View {
    let fraction: Double?
    let label: Label
    var currentValueLabel: AnyView? = nil
    /// False for a progress view made without a label (a style's `configuration.label` is nil).
    var hasLabel = Label.self != EmptyView.self

    public var body: some View {
        _StyledProgress(fraction: fraction, label: hasLabel ? AnyView(label) : nil, currentValueLabel: currentValueLabel)
    }
}

extension ProgressView where Label == EmptyView {
    /// The spinner.
    public init() {
        self.init(fraction: nil, label: EmptyView())
    }

    /// A bar filled to `value / total`; the spinner when `value` is nil.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        self.init(fraction: Self.fraction(value, total), label: EmptyView())
    }
}

extension ProgressView where Label == Text {
    /// The spinner over a title.
    public init<S: StringProtocol>(_ title: S) {
        self.init(fraction: nil, label: Text(title))
    }

    /// A title over a bar filled to `value / total`.
    public init<S: StringProtocol, V: BinaryFloatingPoint>(_ title: S, value: V?, total: V = 1.0) {
        self.init(fraction: Self.fraction(value, total), label: Text(title))
    }
}

extension ProgressView {
    /// A label over a bar filled to `value / total`.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) {
        self.init(fraction: Self.fraction(value, total), label: label())
    }

    /// A label over a bar filled to `value / total`, with the current value's label under it.
    public init<V: BinaryFloatingPoint, C: View>(
        value: V?, total: V = 1.0, @ViewBuilder label: () -> Label, @ViewBuilder currentValueLabel: () -> C
    ) {
        self.init(fraction: Self.fraction(value, total), label: label(), currentValueLabel: AnyView(currentValueLabel()))
    }

    /// The spinner over a label.
    public init(@ViewBuilder label: () -> Label) {
        self.init(fraction: nil, label: label())
    }

    static func fraction<V: BinaryFloatingPoint>(_ value: V?, _ total: V) -> Double? {
        guard let value else { return nil }
        guard total > 0, value.isFinite else { return 0 }
        return min(max(Double(value) / Double(total), 0), 1)
    }
}

/// A 4-point track as wide as it is offered, filled from the leading edge.
struct _ProgressBar: View {
    let fraction: Double

    var body: some View {
        GeometryReader { geometry in
            ZStack(alignment: .leading) {
                Capsule().fill(Color(.systemGray5))
                Capsule().fill(Color.accentColor).frame(width: geometry.size.width * fraction)
            }
        }
        .frame(height: 4)
    }
}

/// The activity indicator at rest: eight grey spokes, each fainter than the one before.
struct _Spinner: View {
    var body: some View {
        ZStack {
            ForEach(0..<8) { spoke in
                Capsule()
                    .fill(Color(.systemGray).opacity(1 - Double(spoke) * 0.1))
                    .frame(width: 2.5, height: 6)
                    .offset(y: -6.5)
                    .rotationEffect(.degrees(Double(spoke) * -45))
            }
        }
        .frame(width: 20, height: 20)
        .accessibilityElement()
        .accessibilityLabel("In progress")
    }
}

// MARK: - Appearing and tasks

extension View {
    /// Runs `action` once before the preview is drawn; the view is then built again with what it
    /// set, as SwiftUI shows a view after its `onAppear` ran.
    public consuming func onAppear(perform action: (() -> Void)? = nil) -> some View {
        modifier(_AppearModifier(action: action))
    }

    /// Runs `action` when `value` changes between two renders of the same view, which a still
    /// preview never does (each render starts from the values given): it does not run.
    public consuming func onChange<V: Equatable>(of value: V, perform action: @escaping (V) -> Void) -> Self { self }

    /// iOS 17's form: with `initial`, `action` runs once as the view appears (as `onAppear` does,
    /// the view is then built again); later changes do not come in a still preview.
    public consuming func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some View {
        modifier(_AppearModifier(action: initial ? { action(value, value) } : nil))
    }

    /// iOS 17's form without the values.
    public consuming func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View {
        modifier(_AppearModifier(action: initial ? action : nil))
    }

    /// A preview never disappears: `action` does not run.
    public consuming func onDisappear(perform action: (() -> Void)? = nil) -> Self { self }

    /// Accepted so the view compiles; the task does not run (a still preview starts no work, and
    /// a render does not wait for any).
    public consuming func task(priority: TaskPriority = .userInitiated, _ action: @escaping () async -> Void) -> Self { self }

    /// Accepted so the view compiles; the task does not run.
    public consuming func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping () async -> Void) -> Self { self }
}

struct _AppearModifier: ViewModifier {
    typealias Body = Never
    let action: (() -> Void)?

    static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        if graph.collectsAppearActions, let action = modifier.action { graph.appearActions.append(action) }
        content._makeNodes(in: &graph)
    }
}
