/// What assistive technology hears about a view, and the id tools use to find it.
public struct AccessibilityInfo: Hashable, Sendable {
    public var identifier: String?
    public var label: String?
    public var value: String?
    public var hint: String?
    public var traits: AccessibilityTraits = []
    public var removedTraits: AccessibilityTraits = []
    /// Hidden from assistive technology, with everything inside.
    public var isHidden = false
    /// Made an element of its own by `accessibilityElement(children:)`, which says what becomes
    /// of the elements inside.
    public var children: AccessibilityChildBehavior?

    public init(identifier: String? = nil, label: String? = nil, value: String? = nil, hint: String? = nil) {
        self.identifier = identifier
        self.label = label
        self.value = value
        self.hint = hint
    }

    /// Later modifiers fill what earlier ones left empty, as chained SwiftUI accessibility modifiers do.
    func merged(over inner: AccessibilityInfo) -> AccessibilityInfo {
        var merged = self
        merged.fill(from: inner)
        return merged
    }

    /// Takes what `outer` says where this says nothing: ``merged(over:)`` in place, without
    /// copying the facts that are already set.
    mutating func fill(from outer: AccessibilityInfo) {
        if identifier == nil, let identifier = outer.identifier { self.identifier = identifier }
        if label == nil, let label = outer.label { self.label = label }
        if value == nil, let value = outer.value { self.value = value }
        if hint == nil, let hint = outer.hint { self.hint = hint }
        traits.formUnion(outer.traits)
        removedTraits.formUnion(outer.removedTraits)
        if outer.isHidden { isHidden = true }
        if children == nil { children = outer.children }
    }

    /// The traits in effect.
    var effectiveTraits: AccessibilityTraits { traits.subtracting(removedTraits) }
}

/// What kind of element a view is to assistive technology, as SwiftUI's `AccessibilityTraits`.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let isButton = AccessibilityTraits(rawValue: 1 << 0)
    public static let isHeader = AccessibilityTraits(rawValue: 1 << 1)
    public static let isSelected = AccessibilityTraits(rawValue: 1 << 2)
    public static let isLink = AccessibilityTraits(rawValue: 1 << 3)
    public static let isImage = AccessibilityTraits(rawValue: 1 << 4)
    public static let isStaticText = AccessibilityTraits(rawValue: 1 << 5)
    public static let isSummaryElement = AccessibilityTraits(rawValue: 1 << 6)
    public static let isToggle = AccessibilityTraits(rawValue: 1 << 7)
    public static let isSearchField = AccessibilityTraits(rawValue: 1 << 8)
    public static let isModal = AccessibilityTraits(rawValue: 1 << 9)
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 10)

    /// The traits' names, as the inspector shows them.
    public var names: [String] {
        // Every element of a render asks: the table is built once, and a lone button (most
        // tappable elements) is one shared array.
        if self == .isButton { return Self.buttonName }
        guard rawValue != 0 else { return [] }
        var names: [String] = []
        names.reserveCapacity(rawValue.nonzeroBitCount)
        for (trait, name) in Self.namedTraits where contains(trait) {
            names.append(name)
        }
        return names
    }

    private static let namedTraits: [(AccessibilityTraits, String)] = [
        (.isButton, "button"), (.isHeader, "header"), (.isSelected, "selected"), (.isLink, "link"),
        (.isImage, "image"), (.isStaticText, "staticText"), (.isSummaryElement, "summaryElement"),
        (.isToggle, "toggle"), (.isSearchField, "searchField"), (.isModal, "modal"),
        (.updatesFrequently, "updatesFrequently"),
    ]

    private static let buttonName = ["button"]
}

/// What becomes of the elements inside one made by `accessibilityElement(children:)`.
public struct AccessibilityChildBehavior: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case ignore, combine, contain }
    let kind: Kind

    /// The children are not elements; the new element has only what is set on it.
    public static let ignore = AccessibilityChildBehavior(kind: .ignore)
    /// The children's labels and text join into the new element's label.
    public static let combine = AccessibilityChildBehavior(kind: .combine)
    /// The children stay elements, inside the new one.
    public static let contain = AccessibilityChildBehavior(kind: .contain)
}

extension View {
    consuming func accessibility(_ info: consuming AccessibilityInfo) -> ModifiedContent<Self, _LayoutModifier> {
        layout(.accessibility(info))
    }

    public consuming func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View {
        accessibility(AccessibilityInfo(label: String(label)))
    }

    public consuming func accessibilityLabel(_ label: Text) -> some View {
        accessibility(AccessibilityInfo(label: label.plainString))
    }

    /// An empty value is no value, as in SwiftUI.
    public consuming func accessibilityValue<S: StringProtocol>(_ value: S) -> some View {
        accessibility(AccessibilityInfo(value: value.isEmpty ? nil : String(value)))
    }

    public consuming func accessibilityValue(_ value: Text) -> some View {
        accessibility(AccessibilityInfo(value: value.plainString))
    }

    /// An empty hint is no hint, as in SwiftUI.
    public consuming func accessibilityHint<S: StringProtocol>(_ hint: S) -> some View {
        accessibility(AccessibilityInfo(hint: hint.isEmpty ? nil : String(hint)))
    }

    public consuming func accessibilityHint(_ hint: Text) -> some View {
        accessibility(AccessibilityInfo(hint: hint.plainString))
    }

    public consuming func accessibilityIdentifier(_ identifier: String) -> some View {
        accessibility(AccessibilityInfo(identifier: identifier))
    }

    public consuming func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View {
        var info = AccessibilityInfo()
        info.traits = traits
        return accessibility(info)
    }

    public consuming func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> some View {
        var info = AccessibilityInfo()
        info.removedTraits = traits
        return accessibility(info)
    }

    /// Makes the view one element; `children` says what becomes of the elements inside.
    public consuming func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View {
        var info = AccessibilityInfo()
        info.children = children
        return accessibility(info)
    }

    /// Hides the view, and everything in it, from assistive technology.
    public consuming func accessibilityHidden(_ hidden: Bool) -> some View {
        var info = AccessibilityInfo()
        info.isHidden = hidden
        return accessibility(info)
    }

    /// All accessibility facts at once; nil leaves a fact unset.
    public consuming func accessibility(identifier: String? = nil, label: String? = nil, value: String? = nil, hint: String? = nil) -> some View {
        accessibility(AccessibilityInfo(identifier: identifier, label: label, value: value, hint: hint))
    }

    /// Marks the view as something a person can tap; `id` comes back to the component's
    /// `tap(_:)`. Views that act by themselves use `onTapGesture` or `Button` instead.
    public consuming func tappable(id: String) -> some View {
        layout(.tapTarget(TapTarget(id: id, action: nil)))
    }
}
