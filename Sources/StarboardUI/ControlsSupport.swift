/// How the controls inside are drawn (`.pickerStyle`, `.textFieldStyle`, `.labelsHidden`) and
/// whether they are rows of a `Form`, which iOS draws them differently in.
struct ControlEnvironment {
    var picker = PickerStyleKind.automatic
    var textField = TextFieldStyleKind.automatic
    var labelsHidden = false
    /// True for the views of a `Form`'s content: a picker is a menu row, a text field bare.
    var inForm = false
    /// The style `.progressViewStyle(_:)` set; nil for iOS's own.
    var progressStyle: ProgressViewStyleBox?
}

/// A form's content, marked as such for the controls in it.
struct _FormContent<Content: View>: PrimitiveView {
    let content: Content

    func _makeNodes(in graph: inout ViewGraph) {
        graph.withEnvironment({ $0.controls.inForm = true }) { content._makeNodes(in: &$0) }
    }
}

extension View {
    /// Hides the labels of the controls inside (a stepper's, a picker's), as SwiftUI's
    /// `labelsHidden()`; they still name the controls to assistive technology.
    public consuming func labelsHidden() -> some View {
        _ControlEnvironmentModifier(content: self) { $0.labelsHidden = true }
    }
}

/// Content built with the control environment changed.
public struct _ControlEnvironmentModifier<Content: View>: PrimitiveView {
    let content: Content
    let change: (inout ControlEnvironment) -> Void

    public func _makeNodes(in graph: inout ViewGraph) {
        graph.withEnvironment({ change(&$0.controls) }) { content._makeNodes(in: &$0) }
    }
}

/// A node already built, placed where this view stands: a control builds its content once (to
/// read the tags) and then places those nodes inside the parts it draws.
struct _BuiltNode: PrimitiveView {
    let node: Int32

    func _makeNodes(in graph: inout ViewGraph) {
        graph.pending.append(node)
    }
}

/// A part of a control (a stepper's half, a segment) that a tap in the live preview acts on,
/// under a stable id (`stepper-1-increment`) the page and tests can name.
struct _ControlTap<Content: View>: PrimitiveView {
    let id: String
    let content: Content
    let action: () -> Void

    func _makeNodes(in graph: inout ViewGraph) {
        let mark = graph.pending.count
        content._makeNodes(in: &graph)
        graph.collapse(from: mark, into: .horizontal(spacing: 0, alignment: .center))
        guard graph.isOpen, graph.environment.isEnabled else { return }
        var info = AccessibilityInfo()
        info.traits = .isButton
        info.children = .combine
        graph.wrapEach(from: graph.pending.count - 1, in: .accessibility(info))
        graph.actions.append(.plain(action))
        graph.wrapEach(from: graph.pending.count - 1, in: .tapTarget(TapTarget(id: id, action: Int32(graph.actions.count - 1))))
    }
}

extension ViewGraph {
    /// Builds with the environment changed by `change`, then restores it; returns what `body` does.
    mutating func withChangedEnvironment<R>(_ change: (inout EnvironmentValues) -> Void, _ body: (inout ViewGraph) -> R) -> R {
        let saved = environment
        change(&environment)
        defer { environment = saved }
        return body(&self)
    }

    /// The id of the next control of `kind` built in this render: `stepper-1`, `stepper-2`, …
    /// Counted from the tap targets already made, so a render and a tap number them alike.
    func nextControlID(_ kind: String) -> String {
        let prefix = kind + "-"
        var seen = Set<Substring>()
        for target in tapTargets {
            guard let id = target.id, id.hasPrefix(prefix) else { continue }
            let rest = id.dropFirst(prefix.count)
            seen.insert(rest.prefix { $0 != "-" })
        }
        return "\(kind)-\(seen.count + 1)"
    }

    /// `value` inside `bounds`, as the control clamps it; a value outside is noted in the render.
    mutating func clamp<V: Comparable>(_ value: V, to bounds: ClosedRange<V>, control: String, name: String) -> V {
        let clamped = min(max(value, bounds.lowerBound), bounds.upperBound)
        if clamped != value {
            warnings.append("\(control)\(name.isEmpty ? "" : " \"\(name)\""): its value \(value) is outside \(bounds.lowerBound)...\(bounds.upperBound); drawn as \(clamped), as \(control) clamps it")
        }
        return clamped
    }
}

extension View {
    /// The text of a label that is a `Text`, to name a control in a warning; empty otherwise.
    var controlName: String {
        guard let text = self as? Text else { return "" }
        return text.plainString
    }
}

/// What a tap on a control whose binding is `.constant` does: nothing, and the tap says so (its
/// reply carries the note into the actions log), so a preview that cannot change is not taken
/// for a broken one. The render itself says nothing: the control draws as it would.
extension ViewGraph {
    /// Marks where a control's actions start when `isConstant`; ``endConstant(_:)`` (deferred
    /// by the control) gives every action built since then the note.
    mutating func noteConstant(_ isConstant: Bool, control: String, name: String) -> (start: Int32, note: String)? {
        guard isConstant else { return nil }
        return (Int32(actions.count), "\(control)\(name.isEmpty ? "" : " \"\(name)\"") is bound to a constant: nothing changed")
    }

    mutating func endConstant(_ mark: (start: Int32, note: String)?) {
        guard let mark, Int32(actions.count) > mark.start else { return }
        constantActions.append((mark.start..<Int32(actions.count), mark.note))
    }

    /// The note of a tap on action `action`, if it belongs to a control bound to a constant.
    func constantNote(of action: Int32) -> String? {
        constantActions.last { $0.actions.contains(action) }?.note
    }
}

/// Colours of the controls' parts, iOS 17's in light and dark.
enum ControlColors {
    /// The fill behind a stepper, a segmented picker and a date's pill (tertiarySystemFill).
    static let fill = Color(uiColor: .tertiarySystemFill)
    /// The empty part of a slider's or a gauge's track (systemFill).
    static let track = Color(uiColor: .systemFill)
    /// The selected segment of a segmented picker.
    static let selectedSegment = Color(uiColor: UIColor(Color.Resolved(255, 255, 255), Color.Resolved(99, 99, 102)))
    /// The border of a rounded text field.
    static let fieldBorder = Color(uiColor: .systemGray4)
    static let fieldBackground = Color(uiColor: .tertiarySystemBackground)
}
