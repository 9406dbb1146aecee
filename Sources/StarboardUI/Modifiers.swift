extension View {
    func modified(_ modifier: Modifier) -> AnyView {
        AnyView(node: .modified(node, modifier))
    }

    /// A fixed size in either dimension; nil keeps the child's own size there.
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> AnyView {
        modified(.frame(FrameSpec(width: width, height: height, alignment: alignment)))
    }

    /// A flexible frame; `maxWidth: .infinity` takes all the width offered.
    public func frame(
        minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil,
        alignment: Alignment = .center
    ) -> AnyView {
        modified(.frame(FrameSpec(minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight, maxHeight: maxHeight, alignment: alignment)))
    }

    public func padding(_ insets: EdgeInsets) -> AnyView {
        modified(.padding(insets))
    }

    /// The same padding on every edge; SwiftUI's default of 16 when none is given.
    public func padding(_ length: Double = 16) -> AnyView {
        modified(.padding(EdgeInsets(length)))
    }

    /// Moves the drawing without changing layout.
    public func offset(x: Double = 0, y: Double = 0) -> AnyView {
        modified(.offset(x: x, y: y))
    }

    /// Places the view's centre at `point` in its parent's coordinates; takes all the space offered.
    public func position(x: Double, y: Double) -> AnyView {
        modified(.position(Point(x: x, y: y)))
    }

    /// Scales the drawing about `anchor` without changing layout.
    public func scaleEffect(_ scale: Double, anchor: UnitPoint = .center) -> AnyView {
        modified(.scale(x: scale, y: scale, anchor: anchor))
    }

    public func scaleEffect(x: Double = 1, y: Double = 1, anchor: UnitPoint = .center) -> AnyView {
        modified(.scale(x: x, y: y, anchor: anchor))
    }

    /// Rotates the drawing about `anchor` (clockwise for positive angles) without changing layout.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> AnyView {
        modified(.rotation(angle, anchor: anchor))
    }

    public func opacity(_ value: Double) -> AnyView {
        modified(.opacity(value))
    }

    /// Constrains the view to a width/height ratio; nil uses the child's own ideal ratio.
    public func aspectRatio(_ ratio: Double? = nil, contentMode: ContentMode) -> AnyView {
        modified(.aspectRatio(ratio, contentMode))
    }

    public func scaledToFit() -> AnyView {
        aspectRatio(nil, contentMode: .fit)
    }

    public func scaledToFill() -> AnyView {
        aspectRatio(nil, contentMode: .fill)
    }

    /// Shifts every hue of the subtree by `angle`, as CSS `hue-rotate()`.
    public func hueRotation(_ angle: Angle) -> AnyView {
        modified(.filter(.hueRotation(angle)))
    }

    /// Removes `amount` (0…1) of the subtree's color, as CSS `grayscale()`.
    public func grayscale(_ amount: Double) -> AnyView {
        modified(.filter(.grayscale(amount)))
    }

    /// Draws `background` behind the view, offered the view's size.
    public func background(_ background: some View, alignment: Alignment = .center) -> AnyView {
        modified(.layer(background.node, alignment: alignment, inFront: false))
    }

    /// Draws `overlay` over the view, offered the view's size.
    public func overlay(_ overlay: some View, alignment: Alignment = .center) -> AnyView {
        modified(.layer(overlay.node, alignment: alignment, inFront: true))
    }

    /// The color shapes and text inside use when they set none of their own.
    public func foregroundColor(_ color: Color) -> AnyView {
        modified(.foregroundColor(color))
    }

    /// The font text inside uses unless it sets its own.
    public func font(_ font: Font) -> AnyView {
        modified(.font(font))
    }

    public func accessibilityLabel(_ label: String) -> AnyView {
        modified(.accessibility(AccessibilityInfo(label: label)))
    }

    public func accessibilityValue(_ value: String) -> AnyView {
        modified(.accessibility(AccessibilityInfo(value: value)))
    }

    public func accessibilityHint(_ hint: String) -> AnyView {
        modified(.accessibility(AccessibilityInfo(hint: hint)))
    }

    public func accessibilityIdentifier(_ identifier: String) -> AnyView {
        modified(.accessibility(AccessibilityInfo(identifier: identifier)))
    }

    /// All accessibility facts at once; nil leaves a fact unset.
    public func accessibility(identifier: String? = nil, label: String? = nil, value: String? = nil, hint: String? = nil) -> AnyView {
        modified(.accessibility(AccessibilityInfo(identifier: identifier, label: label, value: value, hint: hint)))
    }

    /// Marks the view as something a person can tap; `id` comes back to the component's tap handler.
    public func tappable(id: String) -> AnyView {
        modified(.tapTarget(id))
    }
}
