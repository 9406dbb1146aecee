import StarboardUI

/// Declares an inspectable property next to the stored property it fills, as `@IBInspectable`
/// or swift-argument-parser's `@Option` do:
///
/// ```swift
/// @Inspectable("Star Count", range: 1...20, help: "How many stars the control shows")
/// var starCount = 5
/// ```
///
/// The initial value is the default the inspector resets to.
///
/// Like SwiftUI's `@State`, the value can be set from an action in the view's body
/// (`Button { rating = 3 }`); `$rating` is a `Binding` to hand to a child view. Starboard makes a
/// fresh instance, with storage of its own, for every render.
@propertyWrapper
public struct Inspectable<Value: InspectableValue>: Sendable {
    private let storage: ValueBox<Value>
    let label: String?
    let help: String?
    let constraints: Constraints
    /// The declared default, kept when the value changes.
    let defaultValue: Value

    public var wrappedValue: Value {
        get {
            // Noted while a component renders: which views read which property (PropertyReads).
            if PropertyReads.isRecording { PropertyReads.note(storage.readSlot) }
            return storage.value
        }
        nonmutating set { storage.value = newValue }
    }

    /// A binding to the property, to hand to a child view (`$rating`).
    public var projectedValue: Binding<Value> {
        let storage = self.storage
        return Binding(get: {
            if PropertyReads.isRecording { PropertyReads.note(storage.readSlot) }
            return storage.value
        }, set: { storage.value = $0 })
    }

    init(wrappedValue: Value, label: String?, help: String?, constraints: Constraints) {
        self.storage = ValueBox(wrappedValue)
        self.defaultValue = wrappedValue
        self.label = label
        self.help = help
        var merged = Value.intrinsicConstraints
        merged.minimum = constraints.minimum ?? merged.minimum
        merged.maximum = constraints.maximum ?? merged.maximum
        merged.step = constraints.step ?? merged.step
        merged.maxLength = constraints.maxLength ?? merged.maxLength
        merged.upperBound = constraints.upperBound
        self.constraints = merged
    }

    /// A property with no limits beyond its type's (Bool, Color, a choice, a date, a point).
    public init(wrappedValue: Value, _ label: String? = nil, help: String? = nil) {
        self.init(wrappedValue: wrappedValue, label: label, help: help, constraints: Constraints())
    }
}

extension Inspectable where Value == Int {
    /// An integer in `range`, nudged by `step`. `atMost`/`below` name another integer property
    /// that bounds this one (a rating at most the star count); lowering it clamps this value.
    public init(wrappedValue: Value, _ label: String? = nil, range: ClosedRange<Int>, step: Int = 1,
                atMost: String? = nil, below: String? = nil, help: String? = nil) {
        let bound = atMost.map { DependentBound(property: $0, inclusive: true) } ?? below.map { DependentBound(property: $0, inclusive: false) }
        self.init(wrappedValue: wrappedValue, label: label, help: help, constraints: Constraints(
            minimum: Double(range.lowerBound), maximum: Double(range.upperBound), step: Double(step), upperBound: bound
        ))
    }
}

extension Inspectable where Value == Double {
    /// A number in `range`, moved by `step` on a slider.
    public init(wrappedValue: Value, _ label: String? = nil, range: ClosedRange<Double>, step: Double? = nil, help: String? = nil) {
        self.init(wrappedValue: wrappedValue, label: label, help: help, constraints: Constraints(
            minimum: range.lowerBound, maximum: range.upperBound, step: step ?? (range.upperBound - range.lowerBound) / 100
        ))
    }
}

extension Inspectable where Value == Angle {
    /// An angle in degrees, 0…360 unless given.
    public init(wrappedValue: Value, _ label: String? = nil, range: ClosedRange<Double> = 0...360, step: Double = 1, help: String? = nil) {
        self.init(wrappedValue: wrappedValue, label: label, help: help, constraints: Constraints(
            minimum: range.lowerBound, maximum: range.upperBound, step: step
        ))
    }
}

extension Inspectable where Value == String {
    /// Text of at most `maxLength` characters.
    public init(wrappedValue: Value, _ label: String? = nil, maxLength: Int, help: String? = nil) {
        self.init(wrappedValue: wrappedValue, label: label, help: help, constraints: Constraints(maxLength: maxLength))
    }
}

extension Inspectable where Value == Size {
    /// A size whose width and height each lie in `range`.
    public init(wrappedValue: Value, _ label: String? = nil, range: ClosedRange<Double>, help: String? = nil) {
        self.init(wrappedValue: wrappedValue, label: label, help: help, constraints: Constraints(
            minimum: range.lowerBound, maximum: range.upperBound, step: 1
        ))
    }
}

extension Inspectable where Value == Point {
    /// A point whose coordinates each lie in `range`.
    public init(wrappedValue: Value, _ label: String? = nil, range: ClosedRange<Double>, help: String? = nil) {
        self.init(wrappedValue: wrappedValue, label: label, help: help, constraints: Constraints(
            minimum: range.lowerBound, maximum: range.upperBound, step: 1
        ))
    }
}

/// What the registry sees of any `@Inspectable` property, whatever its value type.
protocol InspectableProperty: Sendable {
    func descriptor(name: String) -> PropertyDescriptor
    var currentValue: PropertyValue { get }
    /// A copy holding `value`, as the type `T` a decoder is asked for. (Throwing rather than
    /// returning `T?` spares a generic `Optional<T>` metadata look-up per property per render.)
    func filled<T>(with value: PropertyValue, as type: T.Type) throws(NotFillable) -> T
    /// Puts `value` in this wrapper's storage, which the instance it was read from shares: how a
    /// kept instance is filled for the next render without a new instance or new storage.
    func refill(with value: PropertyValue) throws(NotFillable)
    /// Marks this wrapper's storage (and that of every copy filled from it) as the property in
    /// `slot` of its component's declaration, for ``PropertyReads``.
    func watchReads(as slot: Int32)
}

/// Why a wrapper could not be filled as the type a decoder asked for.
enum NotFillable: Error {
    /// The decoder wants another type: the stored property is not this wrapper.
    case otherType
    /// The value is of another kind than the property (or not one of a choice's cases).
    case wrongKind
}

extension Inspectable: InspectableProperty {
    func descriptor(name: String) -> PropertyDescriptor {
        PropertyDescriptor(
            name: name, label: label ?? PropertyDescriptor.title(fromName: name), kind: Value.kind,
            defaultValue: defaultValue.propertyValue, constraints: constraints, help: help
        )
    }

    var currentValue: PropertyValue { storage.value.propertyValue }

    func watchReads(as slot: Int32) {
        storage.readSlot = slot
    }

    func filled<T>(with value: PropertyValue, as type: T.Type) throws(NotFillable) -> T {
        guard T.self == Self.self else { throw .otherType }
        guard let typed = Value(propertyValue: value) else { throw .wrongKind }
        let copy = Inspectable(filling: self, with: typed)
        // T is Self (checked above): a reinterpretation, without the cost of a dynamic cast.
        return unsafeBitCast(copy, to: T.self)
    }

    func refill(with value: PropertyValue) throws(NotFillable) {
        guard Value._fill(storage, from: value) else { throw .wrongKind }
    }
}

extension Inspectable {
    /// The declaration of `template` with storage of its own holding `value`.
    init(filling template: Inspectable, with value: Value) {
        storage = ValueBox(value)
        storage.readSlot = template.storage.readSlot
        label = template.label
        help = template.help
        constraints = template.constraints
        defaultValue = template.defaultValue
    }
}

extension Inspectable: Decodable {
    /// Only the registry's instance decoder makes components; it hands out ready-made wrappers
    /// and never calls this.
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(
            codingPath: decoder.codingPath,
            debugDescription: "@Inspectable properties are filled by the Starboard registry, not decoded"
        ))
    }
}
