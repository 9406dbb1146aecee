import Foundation

/// A value kept under a key, as SwiftUI's `@AppStorage` keeps it in `UserDefaults`:
///
/// ```swift
/// @AppStorage("showsDistance") private var showsDistance = true
/// ```
///
/// A preview is a picture that must not depend on the machine that draws it, so Starboard keeps
/// these values in memory, one store per preview: every key starts at the value the view
/// declares, a tap that writes one (`showsDistance.toggle()`, or through `$showsDistance`)
/// shows on the next render, as `@State` does, and every view of the preview that names the key
/// reads what was written. The store lives as long as the preview's taps do (the page's reset
/// starts it over). `store:` and `.defaultAppStorage(_:)` are accepted and never read or
/// written: no preview touches the defaults of the machine or of an app group.
///
/// Outside a preview (a component's render), each render starts from the declared values; a
/// wrapper read or written outside any render keeps what it was given for itself.
@propertyWrapper
public struct AppStorage<Value>: DynamicProperty {
    let slot: StoredSlot<Value>

    public var wrappedValue: Value {
        get { slot.value }
        nonmutating set { slot.value = newValue }
    }

    /// A binding to the stored value, to hand to a control (`Toggle("Metric", isOn: $isMetric)`).
    public var projectedValue: Binding<Value> {
        let slot = self.slot
        return Binding(get: { slot.value }, set: { slot.value = $0 })
    }
}

/// A value kept under a key for the scene, as SwiftUI's `@SceneStorage`: in a preview, kept as
/// ``AppStorage`` keeps its values (in memory, one store per preview), apart from them.
@propertyWrapper
public struct SceneStorage<Value>: DynamicProperty {
    let slot: StoredSlot<Value>

    public var wrappedValue: Value {
        get { slot.value }
        nonmutating set { slot.value = newValue }
    }

    public var projectedValue: Binding<Value> {
        let slot = self.slot
        return Binding(get: { slot.value }, set: { slot.value = $0 })
    }
}

// MARK: - The types a store keeps

/// A type `@AppStorage` and `@SceneStorage` keep as it is, as `UserDefaults` keeps its property
/// list values: `Bool`, `Int`, `Double`, `String`, `URL`, `Data` and `Date`.
public protocol _StoredValue {
    /// The value from what a store holds under its key; nil when that is of another kind.
    static func _fromStored(_ stored: Any) -> Self?
}

extension Bool: _StoredValue {
    public static func _fromStored(_ stored: Any) -> Bool? {
        // `UserDefaults` keeps numbers alike, so an integer 0 or 1 reads as a Boolean.
        if let value = stored as? Bool { return value }
        if let number = stored as? Int, number == 0 || number == 1 { return number == 1 }
        return nil
    }
}

extension Int: _StoredValue {
    public static func _fromStored(_ stored: Any) -> Int? {
        if let value = stored as? Int { return value }
        if let number = stored as? Double, let exact = Int(exactly: number) { return exact }
        if let flag = stored as? Bool { return flag ? 1 : 0 }
        return nil
    }
}

extension Double: _StoredValue {
    public static func _fromStored(_ stored: Any) -> Double? {
        if let value = stored as? Double { return value }
        if let number = stored as? Int { return Double(number) }
        return nil
    }
}

extension String: _StoredValue {
    public static func _fromStored(_ stored: Any) -> String? { stored as? String }
}

extension URL: _StoredValue {
    public static func _fromStored(_ stored: Any) -> URL? { stored as? URL }
}

extension Data: _StoredValue {
    public static func _fromStored(_ stored: Any) -> Data? { stored as? Data }
}

extension Date: _StoredValue {
    public static func _fromStored(_ stored: Any) -> Date? { stored as? Date }
}

// MARK: - Declaring them

extension AppStorage {
    /// A `Bool`, `Int`, `Double`, `String`, `URL`, `Data` or `Date` under `key`, `wrappedValue`
    /// until something writes it.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value: _StoredValue {
        slot = StoredSlot(key: key, scope: .app, default: wrappedValue)
    }

    /// An enumeration kept as its raw integer.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value: RawRepresentable, Value.RawValue == Int {
        slot = StoredSlot(key: key, scope: .app, default: wrappedValue)
    }

    /// An enumeration kept as its raw string.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value: RawRepresentable, Value.RawValue == String {
        slot = StoredSlot(key: key, scope: .app, default: wrappedValue)
    }

    /// An optional value under `key`, nil until something writes it; writing nil removes it.
    public init<Wrapped: _StoredValue>(_ key: String, store: UserDefaults? = nil) where Value == Wrapped? {
        slot = StoredSlot(key: key, scope: .app)
    }

    public init<Wrapped: RawRepresentable>(_ key: String, store: UserDefaults? = nil) where Value == Wrapped?, Wrapped.RawValue == Int {
        slot = StoredSlot(key: key, scope: .app)
    }

    public init<Wrapped: RawRepresentable>(_ key: String, store: UserDefaults? = nil) where Value == Wrapped?, Wrapped.RawValue == String {
        slot = StoredSlot(key: key, scope: .app)
    }
}

extension SceneStorage {
    /// A `Bool`, `Int`, `Double`, `String`, `URL`, `Data` or `Date` under `key`, `wrappedValue`
    /// until something writes it.
    public init(wrappedValue: Value, _ key: String) where Value: _StoredValue {
        slot = StoredSlot(key: key, scope: .scene, default: wrappedValue)
    }

    public init(wrappedValue: Value, _ key: String) where Value: RawRepresentable, Value.RawValue == Int {
        slot = StoredSlot(key: key, scope: .scene, default: wrappedValue)
    }

    public init(wrappedValue: Value, _ key: String) where Value: RawRepresentable, Value.RawValue == String {
        slot = StoredSlot(key: key, scope: .scene, default: wrappedValue)
    }

    public init<Wrapped: _StoredValue>(_ key: String) where Value == Wrapped? {
        slot = StoredSlot(key: key, scope: .scene)
    }

    public init<Wrapped: RawRepresentable>(_ key: String) where Value == Wrapped?, Wrapped.RawValue == Int {
        slot = StoredSlot(key: key, scope: .scene)
    }

    public init<Wrapped: RawRepresentable>(_ key: String) where Value == Wrapped?, Wrapped.RawValue == String {
        slot = StoredSlot(key: key, scope: .scene)
    }
}

extension View {
    /// The defaults `@AppStorage` inside uses when it names no `store:`. Accepted so code
    /// written for SwiftUI compiles; a preview keeps its values in memory whatever is given.
    public consuming func defaultAppStorage(_ store: UserDefaults) -> some View {
        self
    }
}

// Components are made by decoding (Starboard's registry fills `@Inspectable` properties); these
// wrappers keep their declared value instead, as `@State` does.

extension AppStorage: Decodable {
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(
            codingPath: decoder.codingPath,
            debugDescription: "@AppStorage properties take their declared value in Starboard, they are not decoded"
        ))
    }
}

extension SceneStorage: Decodable {
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(
            codingPath: decoder.codingPath,
            debugDescription: "@SceneStorage properties take their declared value in Starboard, they are not decoded"
        ))
    }
}

// MARK: - How each kind of value is read and written, for both wrappers

extension StoredSlot where Value: _StoredValue {
    convenience init(key: String, scope: Scope, default defaultValue: Value) {
        self.init(key: key, scope: scope, default: defaultValue, read: Value._fromStored, write: { $0 })
    }
}

extension StoredSlot where Value: RawRepresentable, Value.RawValue == Int {
    convenience init(key: String, scope: Scope, default defaultValue: Value) {
        self.init(key: key, scope: scope, default: defaultValue, read: { Int._fromStored($0).flatMap(Value.init(rawValue:)) }, write: { $0.rawValue })
    }
}

extension StoredSlot where Value: RawRepresentable, Value.RawValue == String {
    convenience init(key: String, scope: Scope, default defaultValue: Value) {
        self.init(key: key, scope: scope, default: defaultValue, read: { String._fromStored($0).flatMap(Value.init(rawValue:)) }, write: { $0.rawValue })
    }
}

extension StoredSlot {
    /// An optional value: nil until written, and writing nil removes the key.
    convenience init<Wrapped: _StoredValue>(key: String, scope: Scope) where Value == Wrapped? {
        self.init(key: key, scope: scope, default: nil, read: { Wrapped._fromStored($0) }, write: { $0 })
    }

    convenience init<Wrapped: RawRepresentable>(key: String, scope: Scope) where Value == Wrapped?, Wrapped.RawValue == Int {
        self.init(key: key, scope: scope, default: nil, read: { Int._fromStored($0).flatMap(Wrapped.init(rawValue:)) }, write: { $0?.rawValue })
    }

    convenience init<Wrapped: RawRepresentable>(key: String, scope: Scope) where Value == Wrapped?, Wrapped.RawValue == String {
        self.init(key: key, scope: scope, default: nil, read: { String._fromStored($0).flatMap(Wrapped.init(rawValue:)) }, write: { $0?.rawValue })
    }
}

// MARK: - Where the values live

/// The values a preview's `@AppStorage` and `@SceneStorage` keep, by key: kept by the preview's
/// ``NavigationSession``, so they last from tap to tap as what was pushed or selected does.
public final class StoredValues: @unchecked Sendable {
    // One render uses one session on one thread at a time: no lock needed.
    var app: [String: Any] = [:]
    var scene: [String: Any] = [:]

    public init() {}

    /// The store the code running on this thread reads and writes: the preview's being built or
    /// tapped, else the one a preview is being made in (``_NavigationSessionRoot/init(session:making:)``).
    static var current: StoredValues? {
        if let graph = CurrentGraph.graph { return graph.pointee.navigation.session.storage }
        return making
    }

    /// The store of the preview whose view is being made (its `init` may read or write a key).
    @TaskLocal static var making: StoredValues?
}

/// One `@AppStorage` or `@SceneStorage`: its key, declared value and how its type is kept.
final class StoredSlot<Value>: @unchecked Sendable {
    enum Scope { case app, scene }

    let key: String
    let scope: Scope
    let defaultValue: Value
    let read: (Any) -> Value?
    /// What the store keeps for a value; nil removes the key (an optional set to nil).
    let write: (Value) -> Any?
    /// Used only when no render or preview is running: a wrapper read or written then keeps
    /// what it was given for itself.
    private var own: [String: Any] = [:]

    init(key: String, scope: Scope, default defaultValue: Value, read: @escaping (Any) -> Value?, write: @escaping (Value) -> Any?) {
        self.key = key
        self.scope = scope
        self.defaultValue = defaultValue
        self.read = read
        self.write = write
    }

    var value: Value {
        get {
            let stored = StoredValues.current.map { scope == .app ? $0.app[key] : $0.scene[key] } ?? own[key]
            // A value of another kind under the key reads as the declared one, as `UserDefaults` does.
            return stored.flatMap(read) ?? defaultValue
        }
        set {
            let kept = write(newValue)
            guard let store = StoredValues.current else {
                own[key] = kept
                return
            }
            switch scope {
            case .app: store.app[key] = kept
            case .scene: store.scene[key] = kept
            }
        }
    }
}
