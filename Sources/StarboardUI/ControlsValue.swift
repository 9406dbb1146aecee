/// A control that adds or takes away a step, as SwiftUI's `Stepper`: its label, then the
/// minus and plus halves at the trailing edge. A tap on a half in the live preview steps the
/// bound value (or runs `onIncrement`/`onDecrement`); a half at its bound is greyed and takes
/// no tap, as on iOS.
public struct Stepper<Label: View>: View {
    let label: Label
    /// Read when the stepper is built, so it shows the bound value as it is then.
    let parts: () -> _StepperParts

    public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label) {
        self.label = label()
        parts = { _StepperParts(value: value, bounds: bounds, step: step) }
    }

    public init<V: Strideable>(value: Binding<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label) {
        self.label = label()
        parts = { _StepperParts(value: value, bounds: nil, step: step) }
    }

    public init(@ViewBuilder label: () -> Label, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?) {
        self.label = label()
        parts = { _StepperParts(increment: onIncrement, decrement: onDecrement, value: nil, isConstant: false, clamp: { _, _ in }) }
    }

    public var body: some View {
        _StepperBody(label: label, parts: parts())
    }
}

extension Stepper where Label == Text {
    public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1) {
        self.init(value: value, in: bounds, step: step) { Text(title) }
    }

    public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, step: V.Stride = 1) {
        self.init(value: value, step: step) { Text(title) }
    }

    public init<S: StringProtocol>(_ title: S, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?) {
        self.init(label: { Text(title) }, onIncrement: onIncrement, onDecrement: onDecrement)
    }
}

/// What a stepper's halves do, with its value's type erased so the drawing is not generic over it.
struct _StepperParts {
    /// Nil when the half is disabled (the value at its bound, or no action given).
    var increment: (() -> Void)?
    var decrement: (() -> Void)?
    /// The value as assistive technology reads it.
    var value: String?
    var isConstant: Bool
    /// Notes a bound value outside the bounds in the graph's warnings (named by the label).
    var clamp: (inout ViewGraph, String) -> Void

    init(increment: (() -> Void)?, decrement: (() -> Void)?, value: String?, isConstant: Bool, clamp: @escaping (inout ViewGraph, String) -> Void) {
        self.increment = increment
        self.decrement = decrement
        self.value = value
        self.isConstant = isConstant
        self.clamp = clamp
    }

    init<V: Strideable>(value binding: Binding<V>, bounds: ClosedRange<V>?, step: V.Stride) {
        let raw = binding.wrappedValue
        let value = bounds.map { min(max(raw, $0.lowerBound), $0.upperBound) } ?? raw
        let canIncrement = bounds.map { value < $0.upperBound } ?? true
        let canDecrement = bounds.map { value > $0.lowerBound } ?? true
        // A step past a bound lands on the bound, as SwiftUI's stepper does.
        func stepped(by stride: V.Stride) -> V {
            let next = value.advanced(by: stride)
            guard let bounds else { return next }
            return min(max(next, bounds.lowerBound), bounds.upperBound)
        }
        increment = canIncrement ? { binding.wrappedValue = stepped(by: step) } : nil
        decrement = canDecrement ? { binding.wrappedValue = stepped(by: -step) } : nil
        self.value = "\(value)"
        isConstant = binding.isConstant
        clamp = { graph, name in
            if let bounds { _ = graph.clamp(raw, to: bounds, control: "Stepper", name: name) }
        }
    }
}

/// A stepper drawn: the clamping note, then the label and the two halves.
public struct _StepperBody<Label: View>: PrimitiveView {
    let label: Label
    let parts: _StepperParts

    public func _makeNodes(in graph: inout ViewGraph) {
        let name = label.controlName
        parts.clamp(&graph, name)
        let constant = graph.noteConstant(parts.isConstant, control: "Stepper", name: name)
        defer { graph.endConstant(constant) }
        let id = graph.nextControlID("stepper")
        let hidesLabel = graph.environment.controls.labelsHidden
        HStack {
            if !hidesLabel {
                label.layoutPriority(1)
                Spacer()
            }
            HStack(spacing: 0) {
                half("minus", id: id + "-decrement", accessibility: "Decrement", action: parts.decrement)
                Rectangle().fill(Color(uiColor: .opaqueSeparator)).frame(width: 1, height: 18)
                    .frame(height: 32).background(Rectangle().fill(ControlColors.fill))
                half("plus", id: id + "-increment", accessibility: "Increment", action: parts.increment)
            }
            // UIStepper: 94 × 32 points on a rounded, translucent grey. Each half paints its own
            // part of the grey, so the whole half (not only its thin glyph) takes a click.
            .frame(width: 94, height: 32)
            .clipShape(RoundedRectangle(cornerRadius: 8))
        }
        .accessibilityValue(parts.value ?? "")
        ._makeNodes(in: &graph)
    }

    @ViewBuilder
    func half(_ symbol: String, id: String, accessibility: String, action: (() -> Void)?) -> some View {
        let glyph = Image(systemName: symbol)
            .font(.system(size: 15, weight: .semibold))
            .frame(width: 46.5, height: 32)
            .background(Rectangle().fill(ControlColors.fill))
        if let action {
            _ControlTap(id: id, content: glyph.foregroundStyle(Color.primary).accessibilityLabel(accessibility), action: action)
        } else {
            glyph.foregroundColor(Color(uiColor: .tertiaryLabel)).accessibilityLabel(accessibility)
        }
    }
}

/// A control for a value in a range, as SwiftUI's `Slider`, drawn at rest: the track filled in
/// the tint up to the value, the white thumb there, and the minimum and maximum labels at its
/// ends. Its label names it to assistive technology only, as on iOS.
public struct Slider<Label: View, ValueLabel: View>: View {
    /// The bound value and the bounds as doubles, read when the slider is built.
    let read: () -> (value: Double, bounds: ClosedRange<Double>)
    let label: Label
    let minimumValueLabel: ValueLabel?
    let maximumValueLabel: ValueLabel?

    init<V: BinaryFloatingPoint>(value: Binding<V>, bounds: ClosedRange<V>, label: Label, minimum: ValueLabel?, maximum: ValueLabel?) where V.Stride: BinaryFloatingPoint {
        read = { (Double(value.wrappedValue), Double(bounds.lowerBound)...Double(bounds.upperBound)) }
        self.label = label
        minimumValueLabel = minimum
        maximumValueLabel = maximum
    }

    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride = 1,
        @ViewBuilder label: () -> Label, @ViewBuilder minimumValueLabel: () -> ValueLabel, @ViewBuilder maximumValueLabel: () -> ValueLabel
    ) where V.Stride: BinaryFloatingPoint {
        self.init(value: value, bounds: bounds, label: label(), minimum: minimumValueLabel(), maximum: maximumValueLabel())
    }

    public var body: some View {
        let (value, bounds) = read()
        return _SliderBody(value: value, bounds: bounds, name: label.controlName, minimum: minimumValueLabel, maximum: maximumValueLabel)
    }
}

extension Slider where Label == EmptyView, ValueLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1) where V.Stride: BinaryFloatingPoint {
        self.init(value: value, bounds: bounds, label: EmptyView(), minimum: nil, maximum: nil)
    }

    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride) where V.Stride: BinaryFloatingPoint {
        self.init(value: value, bounds: bounds, label: EmptyView(), minimum: nil, maximum: nil)
    }
}

extension Slider where ValueLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride = 1, @ViewBuilder label: () -> Label) where V.Stride: BinaryFloatingPoint {
        self.init(value: value, bounds: bounds, label: label(), minimum: nil, maximum: nil)
    }
}

/// A slider drawn at its value.
public struct _SliderBody<ValueLabel: View>: PrimitiveView {
    let value: Double
    let bounds: ClosedRange<Double>
    let name: String
    let minimum: ValueLabel?
    let maximum: ValueLabel?

    public func _makeNodes(in graph: inout ViewGraph) {
        let clamped = graph.clamp(value, to: bounds, control: "Slider", name: name)
        let span = bounds.upperBound - bounds.lowerBound
        let fraction = span > 0 ? (clamped - bounds.lowerBound) / span : 0
        let valueText = "\(Int((fraction * 100).rounded()))%"
        HStack(spacing: 10) {
            if let minimum { minimum }
            GeometryReader { proxy in
                // UISlider: a 4-point track, a 28-point thumb whose centre stays on the track.
                let travel = max(proxy.size.width - 28, 0)
                ZStack(alignment: .leading) {
                    Capsule().fill(ControlColors.track).frame(height: 4)
                    Capsule().fill(Color.accentColor).frame(width: 14 + travel * fraction, height: 4)
                    Circle()
                        .fill(Color.white)
                        .frame(width: 28, height: 28)
                        .shadow(color: Color(white: 0, opacity: 0.15), radius: 4, y: 2)
                        // Leading padding, not an offset, so the thumb mirrors right to left.
                        .padding(.leading, travel * fraction)
                }
                .frame(width: proxy.size.width, height: 28, alignment: .leading)
            }
            .frame(height: 28)
            if let maximum { maximum }
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(name)
        .accessibilityValue(valueText)
        ._makeNodes(in: &graph)
    }
}

/// A value within a range, shown as a filled bar, as SwiftUI's `Gauge` in iOS's default
/// (linear capacity) style: the label and the current value above, the minimum and maximum
/// labels below its ends.
public struct Gauge<Label: View, CurrentValueLabel: View, BoundsLabel: View>: View {
    let fraction: Double
    let raw: Double
    let bounds: ClosedRange<Double>
    let label: Label
    let currentValueLabel: CurrentValueLabel?
    let minimumValueLabel: BoundsLabel?
    let maximumValueLabel: BoundsLabel?

    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel,
        @ViewBuilder minimumValueLabel: () -> BoundsLabel, @ViewBuilder maximumValueLabel: () -> BoundsLabel
    ) {
        self.init(value, bounds, label(), currentValueLabel(), minimumValueLabel(), maximumValueLabel())
    }

    init<V: BinaryFloatingPoint>(_ value: V, _ bounds: ClosedRange<V>, _ label: Label, _ current: CurrentValueLabel?, _ minimum: BoundsLabel?, _ maximum: BoundsLabel?) {
        raw = Double(value)
        self.bounds = Double(bounds.lowerBound)...Double(bounds.upperBound)
        let span = self.bounds.upperBound - self.bounds.lowerBound
        let clamped = min(max(raw, self.bounds.lowerBound), self.bounds.upperBound)
        fraction = span > 0 ? (clamped - self.bounds.lowerBound) / span : 0
        self.label = label
        currentValueLabel = current
        minimumValueLabel = minimum
        maximumValueLabel = maximum
    }

    public var body: some View {
        _GaugeBody(fraction: fraction, raw: raw, bounds: bounds, name: label.controlName, label: label,
                   current: currentValueLabel, minimum: minimumValueLabel, maximum: maximumValueLabel)
    }
}

extension Gauge where CurrentValueLabel == EmptyView, BoundsLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label) {
        self.init(value, bounds, label(), nil, nil, nil)
    }
}

extension Gauge where BoundsLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label, @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        self.init(value, bounds, label(), currentValueLabel(), nil, nil)
    }
}

/// A gauge drawn.
public struct _GaugeBody<Label: View, CurrentValueLabel: View, BoundsLabel: View>: PrimitiveView {
    let fraction: Double
    let raw: Double
    let bounds: ClosedRange<Double>
    let name: String
    let label: Label
    let current: CurrentValueLabel?
    let minimum: BoundsLabel?
    let maximum: BoundsLabel?

    public func _makeNodes(in graph: inout ViewGraph) {
        _ = graph.clamp(raw, to: bounds, control: "Gauge", name: name)
        let fraction = fraction
        VStack(alignment: .leading, spacing: 4) {
            HStack {
                label
                Spacer()
                if let current { current.foregroundStyle(.secondary) }
            }
            GeometryReader { proxy in
                ZStack(alignment: .leading) {
                    Capsule().fill(ControlColors.track)
                    Capsule().fill(Color.accentColor).frame(width: proxy.size.width * fraction)
                }
                .frame(width: proxy.size.width, height: 6, alignment: .leading)
            }
            .frame(height: 6)
            if minimum != nil || maximum != nil {
                HStack {
                    if let minimum { minimum }
                    Spacer()
                    if let maximum { maximum }
                }
                .font(.caption)
                .foregroundStyle(.secondary)
            }
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(name)
        .accessibilityValue("\(Int((fraction * 100).rounded()))%")
        ._makeNodes(in: &graph)
    }
}
