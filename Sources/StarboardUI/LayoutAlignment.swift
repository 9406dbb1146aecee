/// A kind of alignment guide, as SwiftUI's `AlignmentID`: a type whose default value says where
/// the guide falls in a view that does not set it with `alignmentGuide(_:computeValue:)`.
///
/// ```swift
/// private enum MidAccount: AlignmentID {
///     static func defaultValue(in context: ViewDimensions) -> CGFloat { context[VerticalAlignment.center] }
/// }
/// extension VerticalAlignment { static let midAccount = VerticalAlignment(MidAccount.self) }
/// ```
public protocol AlignmentID {
    /// Where the guide falls in a view of `context`'s size that gives no explicit value.
    static func defaultValue(in context: ViewDimensions) -> CGFloat
}

/// One guide: its type, and for the built-in ones the fraction of the view's length it falls at
/// (which layout uses directly, and mirrors right to left for leading and trailing).
struct AlignmentKey: Hashable, @unchecked Sendable {
    // A metatype of a protocol whose conformers' metatypes are not all Sendable; it is only ever
    // called (`defaultValue`), never mutated, so sharing it is safe.
    let id: any AlignmentID.Type
    let fraction: Double?

    static func == (lhs: AlignmentKey, rhs: AlignmentKey) -> Bool {
        ObjectIdentifier(lhs.id) == ObjectIdentifier(rhs.id)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(id))
    }

    /// The guide's value in a view of `length` along its axis with dimensions `dimensions`.
    func defaultValue(length: Double, in dimensions: ViewDimensions) -> Double {
        if let fraction { return length * fraction }
        return Double(id.defaultValue(in: dimensions))
    }

    var typeName: String { String(describing: id) }
}

private enum LeadingGuide: AlignmentID { static func defaultValue(in context: ViewDimensions) -> CGFloat { 0 } }
private enum HorizontalCenterGuide: AlignmentID { static func defaultValue(in context: ViewDimensions) -> CGFloat { context.width / 2 } }
private enum TrailingGuide: AlignmentID { static func defaultValue(in context: ViewDimensions) -> CGFloat { context.width } }
private enum TopGuide: AlignmentID { static func defaultValue(in context: ViewDimensions) -> CGFloat { 0 } }
private enum VerticalCenterGuide: AlignmentID { static func defaultValue(in context: ViewDimensions) -> CGFloat { context.height / 2 } }
private enum BottomGuide: AlignmentID { static func defaultValue(in context: ViewDimensions) -> CGFloat { context.height } }

/// A guide across a view's width that children of a `VStack` (or a frame, a `ZStack`) line up on.
///
/// A struct, as SwiftUI's, so an `AlignmentID` of your own makes a new one; compare alignments
/// with `==` rather than switching over them.
public struct HorizontalAlignment: Hashable, Sendable {
    let key: AlignmentKey

    /// An alignment whose default value `id` gives.
    public init(_ id: any AlignmentID.Type) {
        key = AlignmentKey(id: id, fraction: nil)
    }

    private init(builtIn id: any AlignmentID.Type, fraction: Double) {
        key = AlignmentKey(id: id, fraction: fraction)
    }

    public static let leading = HorizontalAlignment(builtIn: LeadingGuide.self, fraction: 0)
    public static let center = HorizontalAlignment(builtIn: HorizontalCenterGuide.self, fraction: 0.5)
    public static let trailing = HorizontalAlignment(builtIn: TrailingGuide.self, fraction: 1)

    /// Where a built-in guide falls as a fraction of the width; a grid lays a guide of your own
    /// out as the centre, with a warning (``ViewGraph/warnIfCustom(_:_:in:)``).
    var fraction: Double { key.fraction ?? 0.5 }
    /// Leading, centre or trailing.
    var isBuiltIn: Bool { key.fraction != nil }
}

/// A guide across a view's height that children of an `HStack` (or a frame, a `ZStack`) line up on.
public struct VerticalAlignment: Hashable, Sendable {
    let key: AlignmentKey

    /// An alignment whose default value `id` gives.
    public init(_ id: any AlignmentID.Type) {
        key = AlignmentKey(id: id, fraction: nil)
    }

    private init(builtIn id: any AlignmentID.Type, fraction: Double) {
        key = AlignmentKey(id: id, fraction: fraction)
    }

    public static let top = VerticalAlignment(builtIn: TopGuide.self, fraction: 0)
    public static let center = VerticalAlignment(builtIn: VerticalCenterGuide.self, fraction: 0.5)
    public static let bottom = VerticalAlignment(builtIn: BottomGuide.self, fraction: 1)

    var fraction: Double { key.fraction ?? 0.5 }
    var isBuiltIn: Bool { key.fraction != nil }
}

/// A horizontal and a vertical alignment together, as frames and `ZStack` use.
public struct Alignment: Hashable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment

    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)

    var isBuiltIn: Bool { horizontal.isBuiltIn && vertical.isBuiltIn }
}

/// A view's size and where its alignment guides fall, as an `alignmentGuide` closure and a
/// ``Layout`` see it: `d[.leading]`, `d[VerticalAlignment.center]`, `d[explicit: .top]`.
public struct ViewDimensions: Equatable, Sendable {
    public let width: CGFloat
    public let height: CGFloat
    /// Guides the view sets itself (`alignmentGuide`), innermost first; a later one wins.
    var explicit: [(key: AlignmentKey, value: Double)]

    init(size: Size, explicit: [(key: AlignmentKey, value: Double)] = []) {
        width = size.width
        height = size.height
        self.explicit = explicit
    }

    public static func == (lhs: ViewDimensions, rhs: ViewDimensions) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.explicit.elementsEqual(rhs.explicit) { $0.key == $1.key && $0.value == $1.value }
    }

    func value(_ key: AlignmentKey, length: Double) -> Double {
        if let set = explicitValue(key) { return set }
        return key.defaultValue(length: length, in: self)
    }

    func explicitValue(_ key: AlignmentKey) -> Double? {
        explicit.last { $0.key == key }?.value
    }

    public subscript(guide: HorizontalAlignment) -> CGFloat { value(guide.key, length: width) }
    public subscript(guide: VerticalAlignment) -> CGFloat { value(guide.key, length: height) }
    public subscript(explicit guide: HorizontalAlignment) -> CGFloat? { explicitValue(guide.key).map { CGFloat($0) } }
    public subscript(explicit guide: VerticalAlignment) -> CGFloat? { explicitValue(guide.key).map { CGFloat($0) } }
}

extension ViewGraph {
    /// Grids (`Grid`, `GridRow`, the lazy grids and their `GridItem`s) place cells by fraction
    /// and do not line up guides of an `AlignmentID` of the author's own: they centre, and the
    /// render says so rather than drawing it silently. Stacks and frames read guides
    /// (Layout+AlignmentGuides.swift).
    ///
    /// The keys come apart rather than as an array: every stack and frame asks, and an array
    /// literal was an allocation each time for a check that almost always finds nothing.
    mutating func warnIfCustom(_ key: AlignmentKey, _ other: AlignmentKey? = nil, in container: String) {
        if key.fraction == nil { warnCustom(key, in: container) }
        if let other, other.fraction == nil { warnCustom(other, in: container) }
    }

    private mutating func warnCustom(_ key: AlignmentKey, in container: String) {
        let message = "\(container) aligns on \(key.typeName), an AlignmentID of your own, which Starboard does not line up yet: it is centred"
        warnOnce(message)
    }
}
