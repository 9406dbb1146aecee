import Observation
/// Objects a view observes, as SwiftUI spells them: `ObservableObject` with `@Published`,
/// `@ObservedObject`, `@StateObject`, `@EnvironmentObject` with `.environmentObject(_:)`, and for
/// the Observation module's `@Observable` classes, `@Bindable` and `.environment(_:)`.
///
/// Combine is not on Linux, so these are Starboard's own. A render reads the object as it is when
/// the view is built; there is nothing to subscribe to, because every render builds the view
/// again: an action that changes an object the view holds shows on the next render of that view.

/// A class whose changes the views that hold it show, as Combine's `ObservableObject`.
public protocol ObservableObject: AnyObject {}

/// What `objectWillChange` gives in Starboard: a `send()` that does nothing, since every render
/// reads the object afresh.
public final class ObservableObjectPublisher {
    public init() {}
    /// Says the object is about to change; nothing needs telling in Starboard.
    public func send() {}
}

extension ObservableObject {
    /// Combine's publisher, for code that calls `objectWillChange.send()` by hand.
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}

/// A property of an ``ObservableObject`` that views show, as Combine's `@Published`. Its
/// publisher (`$property`) is not there: Combine is not on Linux.
@propertyWrapper
public struct Published<Value> {
    public var wrappedValue: Value

    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    public init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }
}

/// Bindings to an object's properties (`$model.name`), as SwiftUI's wrappers' projected values.
@dynamicMemberLookup
public struct _ObjectBindings<Object: AnyObject> {
    let object: Object

    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Object, Subject>) -> Binding<Subject> {
        let object = self.object
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}

/// An object owned elsewhere that the view shows, as SwiftUI's `@ObservedObject`.
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    public typealias Wrapper = _ObjectBindings<ObjectType>

    public var wrappedValue: ObjectType

    public init(wrappedValue: ObjectType) {
        self.wrappedValue = wrappedValue
    }

    public init(initialValue: ObjectType) {
        self.init(wrappedValue: initialValue)
    }

    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }
}

/// An object the view makes and owns, as SwiftUI's `@StateObject`.
///
/// Like `@State`, a fresh instance of a component (one per render) makes a fresh object from the
/// declared value; an action can change it and read it back within the same tap, and what a tap
/// should keep belongs in an `@Inspectable` property.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    public typealias Wrapper = _ObjectBindings<ObjectType>

    let make: () -> ObjectType
    let box: ValueBox<ObjectType?>

    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
        make = thunk
        box = ValueBox(nil)
    }

    /// The object, made the first time it is read.
    public var wrappedValue: ObjectType {
        if let object = box.value { return object }
        let object = make()
        box.value = object
        return object
    }

    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

    /// A copy that makes its own object from the declared value, for a fresh instance.
    public func _freshCopy() -> any DynamicProperty {
        StateObject(wrappedValue: make())
    }
}

/// An object an enclosing view put in the environment with `.environmentObject(_:)`, as
/// SwiftUI's `@EnvironmentObject`. Reading one that no enclosing view provided stops the render
/// with a message naming the type, as SwiftUI stops the app.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    public typealias Wrapper = _ObjectBindings<ObjectType>

    public init() {}

    public var wrappedValue: ObjectType {
        guard let object = CurrentGraph.environment.objects.object(ObjectType.self) else {
            fatalError("No ObservableObject of type \(ObjectType.self) found: add .environmentObject(_:) with one to an enclosing view")
        }
        return object
    }

    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }
}

/// Objects in the environment, by their type (`.environmentObject(_:)`, `.environment(_:)`).
struct EnvironmentObjects: @unchecked Sendable {
    // One render reads these on one thread; the objects are the view's own, as in SwiftUI.
    private var entries: [(type: ObjectIdentifier, object: AnyObject)] = []

    func object<T: AnyObject>(_ type: T.Type) -> T? {
        let key = ObjectIdentifier(type)
        return entries.last { $0.type == key }?.object as? T
    }

    mutating func insert<T: AnyObject>(_ object: T) {
        entries.append((ObjectIdentifier(T.self), object))
    }
}

struct _EnvironmentObjectModifier<Object: AnyObject>: ViewModifier {
    typealias Body = Never
    let object: Object

    static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        let saved = graph.environment.objects
        graph.environment.objects.insert(modifier.object)
        content._makeNodes(in: &graph)
        graph.environment.objects = saved
    }
}

extension View {
    /// Puts `object` in the environment, for `@EnvironmentObject` properties inside.
    public consuming func environmentObject<T: ObservableObject>(_ object: T) -> some View {
        modifier(_EnvironmentObjectModifier(object: object))
    }

    /// Puts an `@Observable` object in the environment, for `@Environment(T.self)` inside.
    public consuming func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
        modifier(_OptionalEnvironmentObjectModifier(object: object))
    }
}

struct _OptionalEnvironmentObjectModifier<Object: AnyObject>: ViewModifier {
    typealias Body = Never
    let object: Object?

    static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        guard let object = modifier.object else { return content._makeNodes(in: &graph) }
        _EnvironmentObjectModifier._makeNodes(modifier: _EnvironmentObjectModifier(object: object), content: content, in: &graph)
    }
}

/// Bindings to the properties of an `@Observable` object, as SwiftUI's `@Bindable`.
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Value: AnyObject>: DynamicProperty {
    public var wrappedValue: Value

    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    public init(_ wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    public var projectedValue: Bindable<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let object = wrappedValue
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}

// Components are made by decoding (Starboard's registry fills `@Inspectable` properties); these
// wrappers take their declared value instead, as `@State` does.

extension ObservedObject: Decodable {
    public init(from decoder: any Decoder) throws { throw notDecoded(decoder, "@ObservedObject") }
}

extension StateObject: Decodable {
    public init(from decoder: any Decoder) throws { throw notDecoded(decoder, "@StateObject") }
}

extension EnvironmentObject: Decodable {
    public init(from decoder: any Decoder) throws { throw notDecoded(decoder, "@EnvironmentObject") }
}

extension Bindable: Decodable {
    public init(from decoder: any Decoder) throws { throw notDecoded(decoder, "@Bindable") }
}

private func notDecoded(_ decoder: any Decoder, _ wrapper: String) -> DecodingError {
    .dataCorrupted(.init(
        codingPath: decoder.codingPath,
        debugDescription: "\(wrapper) properties take their declared value in Starboard, they are not decoded"
    ))
}
