/// Progress view styles as SwiftUI spells them: the `ProgressViewStyle` protocol whose
/// `makeBody(configuration:)` draws a progress view from its fraction and labels, the built-in
/// styles (`.automatic`, `.linear`, `.circular`) and `.progressViewStyle(_:)` setting one for
/// everything inside.

/// Draws a progress view, as SwiftUI's `ProgressViewStyle`.
public protocol ProgressViewStyle {
    associatedtype Body: View
    typealias Configuration = ProgressViewStyleConfiguration
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a ``ProgressViewStyle`` draws from.
public struct ProgressViewStyleConfiguration {
    /// The progress view's label, drawn in the environment where the style places it.
    public struct Label: PrimitiveView {
        let content: AnyView
        public func _makeNodes(in graph: inout ViewGraph) { content._makeNodes(in: &graph) }
    }

    /// The view that tells the current value (`currentValueLabel:`).
    public struct CurrentValueLabel: PrimitiveView {
        let content: AnyView
        public func _makeNodes(in graph: inout ViewGraph) { content._makeNodes(in: &graph) }
    }

    /// How much is done, 0 to 1; nil for a progress view with no value (the spinner).
    public let fractionCompleted: Double?
    /// The label, nil when the progress view has none.
    public var label: Label?
    /// The current value's label, nil when the progress view has none.
    public var currentValueLabel: CurrentValueLabel?
}

/// The platform's style: a bar with a value, the spinner without, as on iOS.
public struct DefaultProgressViewStyle: ProgressViewStyle, BuiltInProgressViewStyle {
    public init() {}
    var kind: ProgressStyleKind { .automatic }
    public func makeBody(configuration: Configuration) -> some View { ProgressView(configuration) }
}

/// A bar filled from the leading edge.
public struct LinearProgressViewStyle: ProgressViewStyle, BuiltInProgressViewStyle {
    public init() {}
    var kind: ProgressStyleKind { .linear }
    public func makeBody(configuration: Configuration) -> some View { ProgressView(configuration) }
}

/// The spinner, whatever the value: on iOS a circular progress view is indeterminate.
public struct CircularProgressViewStyle: ProgressViewStyle, BuiltInProgressViewStyle {
    public init() {}
    var kind: ProgressStyleKind { .circular }
    public func makeBody(configuration: Configuration) -> some View { ProgressView(configuration) }
}

extension ProgressViewStyle where Self == DefaultProgressViewStyle {
    public static var automatic: DefaultProgressViewStyle { DefaultProgressViewStyle() }
}

extension ProgressViewStyle where Self == LinearProgressViewStyle {
    public static var linear: LinearProgressViewStyle { LinearProgressViewStyle() }
}

extension ProgressViewStyle where Self == CircularProgressViewStyle {
    public static var circular: CircularProgressViewStyle { CircularProgressViewStyle() }
}

/// Which look a built-in progress style draws.
enum ProgressStyleKind {
    case automatic, linear, circular
}

/// A built-in progress style: drawn by Starboard itself rather than by a `makeBody`.
protocol BuiltInProgressViewStyle {
    var kind: ProgressStyleKind { get }
}

/// The progress style the environment holds: a built-in look, or a style's body, each with the
/// style that was in force where it was set (what `ProgressView(configuration)` in a `makeBody`
/// draws with, as in SwiftUI, so a style that only adjusts the one around it does not recurse).
final class ProgressViewStyleBox: @unchecked Sendable {
    // Made once by `.progressViewStyle(_:)` and only read after: no lock needed.
    let name: String
    let kind: ProgressStyleKind
    let makeBody: ((ProgressViewStyleConfiguration) -> AnyView)?
    let outer: ProgressViewStyleBox?

    init<S: ProgressViewStyle>(_ style: S, outer: ProgressViewStyleBox?) {
        name = "\(S.self)"
        self.outer = outer
        if let builtIn = style as? any BuiltInProgressViewStyle {
            kind = builtIn.kind
            makeBody = nil
        } else {
            kind = .automatic
            makeBody = { AnyView(style.makeBody(configuration: $0)) }
        }
    }
}

extension View {
    /// Draws the progress views inside with `style`.
    public consuming func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View {
        modifier(_ProgressViewStyleModifier(make: { ProgressViewStyleBox(style, outer: $0) }))
    }
}

struct _ProgressViewStyleModifier: ViewModifier {
    typealias Body = Never
    let make: (ProgressViewStyleBox?) -> ProgressViewStyleBox

    static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        let saved = graph.environment.controls.progressStyle
        graph.environment.controls.progressStyle = modifier.make(saved)
        content._makeNodes(in: &graph)
        graph.environment.controls.progressStyle = saved
    }
}

extension ProgressView where Label == ProgressViewStyleConfiguration.Label {
    /// The progress view a style's configuration describes, drawn with the style in force around
    /// the one being defined: inside a `makeBody` it draws the look that style adjusts.
    public init(_ configuration: ProgressViewStyleConfiguration) {
        self.init(
            fraction: configuration.fractionCompleted, label: configuration.label ?? .init(content: AnyView(EmptyView())),
            currentValueLabel: configuration.currentValueLabel.map { AnyView($0) }, hasLabel: configuration.label != nil
        )
    }
}

/// A progress view as its style draws it.
struct _StyledProgress: PrimitiveView {
    let fraction: Double?
    let label: AnyView?
    let currentValueLabel: AnyView?

    func _makeNodes(in graph: inout ViewGraph) {
        let style = graph.environment.controls.progressStyle
        if let style, let makeBody = style.makeBody {
            let configuration = ProgressViewStyleConfiguration(
                fractionCompleted: fraction, label: label.map { .init(content: $0) },
                currentValueLabel: currentValueLabel.map { .init(content: $0) }
            )
            let body = makeBody(configuration)
            graph.withEnvironment({ $0.controls.progressStyle = style.outer }) { graph in
                graph.buildStyleBody(named: style.name, kind: "ProgressView", body)
            }
            return
        }
        let spinner = fraction == nil || style?.kind == .circular
        Self.look(fraction: spinner ? nil : fraction ?? 0, label: label ?? AnyView(EmptyView()), currentValueLabel: currentValueLabel)
            ._makeNodes(in: &graph)
    }


    /// iOS's look: a title over a bar (and the current value's label under it), or the spinner
    /// over a grey title. Built in place, not as a view of its own, so the view outline shows
    /// the `ProgressView` the author wrote.
    @ViewBuilder
    static func look(fraction: Double?, label: AnyView, currentValueLabel: AnyView?) -> some View {
        if let fraction {
            VStack(alignment: .leading, spacing: 4) {
                label
                _ProgressBar(fraction: fraction)
                if let currentValueLabel {
                    currentValueLabel.font(.caption).foregroundStyle(.secondary)
                }
            }
            .accessibilityElement(children: .combine)
            .accessibilityValue("\(Int((fraction * 100).rounded())) percent")
        } else {
            VStack(spacing: 8) {
                _Spinner()
                label.foregroundStyle(.secondary)
            }
        }
    }
}
