import StarboardUI

/// A Swift type an inspectable property can have. Starboard knows how to show, parse and check it.
public protocol InspectableValue: Sendable {
    static var kind: PropertyKind { get }
    var propertyValue: PropertyValue { get }
    init?(propertyValue: PropertyValue)
    /// Constraints every property of this type gets, such as a choice's cases.
    static var intrinsicConstraints: Constraints { get }
    /// Puts the value `propertyValue` holds in `box`; false when it holds another kind. How a
    /// kept instance is refilled: inside a conformance the optional the initializer returns needs
    /// no lookup of its metadata, which generic code made on every property of every render.
    static func _fill(_ box: ValueBox<Self>, from propertyValue: PropertyValue) -> Bool
}

extension InspectableValue {
    public static var intrinsicConstraints: Constraints { Constraints() }

    @inlinable
    public static func _fill(_ box: ValueBox<Self>, from propertyValue: PropertyValue) -> Bool {
        guard let value = Self(propertyValue: propertyValue) else { return false }
        box.value = value
        return true
    }
}

extension Int: InspectableValue {
    public static var kind: PropertyKind { .integer }
    public var propertyValue: PropertyValue { .integer(self) }
    public init?(propertyValue: PropertyValue) {
        guard case .integer(let v) = propertyValue else { return nil }
        self = v
    }
}

extension Double: InspectableValue {
    public static var kind: PropertyKind { .double }
    public var propertyValue: PropertyValue { .double(self) }
    public init?(propertyValue: PropertyValue) {
        guard case .double(let v) = propertyValue else { return nil }
        self = v
    }
}

extension Bool: InspectableValue {
    public static var kind: PropertyKind { .bool }
    public var propertyValue: PropertyValue { .bool(self) }
    public init?(propertyValue: PropertyValue) {
        guard case .bool(let v) = propertyValue else { return nil }
        self = v
    }
}

extension String: InspectableValue {
    public static var kind: PropertyKind { .string }
    public var propertyValue: PropertyValue { .string(self) }
    public init?(propertyValue: PropertyValue) {
        guard case .string(let v) = propertyValue else { return nil }
        self = v
    }
}

extension Size: InspectableValue {
    public static var kind: PropertyKind { .size }
    public var propertyValue: PropertyValue { .size(self) }
    public init?(propertyValue: PropertyValue) {
        guard case .size(let v) = propertyValue else { return nil }
        self = v
    }
}

extension Point: InspectableValue {
    public static var kind: PropertyKind { .point }
    public var propertyValue: PropertyValue { .point(self) }
    public init?(propertyValue: PropertyValue) {
        guard case .point(let v) = propertyValue else { return nil }
        self = v
    }
}

extension Color: InspectableValue {
    public static var kind: PropertyKind { .color }
    /// An inspected color is a fixed sRGB value: a system color is taken at its light value.
    public var propertyValue: PropertyValue {
        let rgb = lightValue
        return .color(Color(red: rgb.red, green: rgb.green, blue: rgb.blue, opacity: rgb.opacity))
    }
    public init?(propertyValue: PropertyValue) {
        guard case .color(let v) = propertyValue else { return nil }
        self = v
    }
}

extension Angle: InspectableValue {
    public static var kind: PropertyKind { .angle }
    /// A full turn in whole degrees unless the declaration says otherwise.
    public static var intrinsicConstraints: Constraints { Constraints(minimum: 0, maximum: 360, step: 1) }
    public var propertyValue: PropertyValue { .angle(degrees) }
    public init?(propertyValue: PropertyValue) {
        guard case .angle(let v) = propertyValue else { return nil }
        self = .degrees(v)
    }
}

extension CalendarDate: InspectableValue {
    public static var kind: PropertyKind { .date }
    public var propertyValue: PropertyValue { .date(self) }
    public init?(propertyValue: PropertyValue) {
        guard case .date(let v) = propertyValue else { return nil }
        self = v
    }
}

/// An enum whose cases a person picks from, shown as a segmented control or a menu.
///
/// ```swift
/// enum Season: String, InspectableChoice { case spring, summer, autumn, winter }
/// ```
public protocol InspectableChoice: InspectableValue, CaseIterable, RawRepresentable<String> {
    /// What the inspector shows for the case; the raw value by default.
    var label: String { get }
}

extension InspectableChoice {
    public var label: String { PropertyDescriptor.title(fromName: rawValue) }
    public static var kind: PropertyKind { .choice }
    public var propertyValue: PropertyValue { .choice(rawValue) }
    public init?(propertyValue: PropertyValue) {
        guard case .choice(let v) = propertyValue else { return nil }
        self.init(rawValue: v)
    }
    public static var intrinsicConstraints: Constraints {
        // `String(describing:)` names the case, unless the enum describes itself otherwise.
        Constraints(options: allCases.map { ChoiceOption(value: $0.rawValue, label: $0.label, caseName: $0 is any CustomStringConvertible ? nil : String(describing: $0)) })
    }
}
