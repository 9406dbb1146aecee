/// A value a view owns and its actions change, as SwiftUI's `@State`.
///
/// Starboard makes a fresh instance of a component for every render, so state starts from its
/// declared value each time, as in a fresh preview: what a tap should keep belongs in an
/// `@Inspectable` property, which every window shares. An action can still change state and read
/// it back within the same tap.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    let box: ValueBox<Value>
    let initialValue: Value

    public init(wrappedValue: Value) {
        box = ValueBox(wrappedValue)
        initialValue = wrappedValue
    }

    public init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    /// A binding to the state, to hand to a child view (`$isOn`).
    public var projectedValue: Binding<Value> {
        let box = self.box
        return Binding(get: { box.value }, set: { box.value = $0 })
    }

    /// A copy with storage of its own, holding the declared value (for a fresh instance).
    public func _freshCopy() -> any DynamicProperty {
        State(wrappedValue: initialValue)
    }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() {
        self.init(wrappedValue: nil)
    }
}

/// Storage behind a property that a view's actions write through (`@State`, `@Inspectable`).
public final class ValueBox<Value>: @unchecked Sendable {
    // One render uses one instance on one thread at a time: no lock needed, and no dynamic
    // exclusivity check either (a body reads its properties dozens of times per render, and
    // each check was a runtime call; no access to a box overlaps another). The stored
    // properties are private behind accessors: a client module reaching a public stored
    // property of a class directly checks the access itself, whatever the attribute says.
    @exclusivity(unchecked) private var stored: Value
    @exclusivity(unchecked) private var storedSlot: Int32 = -1

    public var value: Value {
        @inline(__always) get { stored }
        @inline(__always) set { stored = newValue }
        @inline(__always) _modify { yield &stored }
    }

    /// Where a read of an `@Inspectable`'s storage is noted (``PropertyReads``): the property's
    /// place in its component's declaration, or -1 for storage no one watches (`@State`).
    public var readSlot: Int32 {
        @inline(__always) get { storedSlot }
        @inline(__always) set { storedSlot = newValue }
    }

    public init(_ value: Value) {
        stored = value
    }
}

/// A property of a view that keeps storage of its own (`@State`), which a fresh instance must
/// not share with the instance it was copied from.
public protocol DynamicProperty {
    func _freshCopy() -> any DynamicProperty
}

extension DynamicProperty {
    public func _freshCopy() -> any DynamicProperty { self }
}

/// Read and write access to a value owned elsewhere, as SwiftUI's `@Binding`.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value>: DynamicProperty {
    private let read: () -> Value
    private let write: (Value) -> Void
    /// Made by ``constant(_:)``: controls say a tap changes nothing rather than seem broken.
    let isConstant: Bool

    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        read = get
        write = set
        isConstant = false
    }

    private init(constant value: Value) {
        read = { value }
        write = { _ in }
        isConstant = true
    }

    /// A binding that always reads `value` and ignores writes.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(constant: value)
    }

    public init(projectedValue: Binding<Value>) {
        self = projectedValue
    }

    public var wrappedValue: Value {
        get { read() }
        nonmutating set { write(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the bound value (`$profile.name`).
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let read = self.read, write = self.write
        if isConstant { return .constant(read()[keyPath: keyPath]) }
        return Binding<Subject>(get: { read()[keyPath: keyPath] }, set: { newValue in
            var value = read()
            value[keyPath: keyPath] = newValue
            write(value)
        })
    }
}

extension View {
    /// Runs `action` when the view is tapped in the live preview (in the worker, with the values
    /// the preview shows); what it changes in `@Inspectable` properties goes to every window.
    public consuming func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View {
        modifier(_TapActionModifier(action: { _ in action() }))
    }

    /// Runs `action` with where the tap landed, in the view's own coordinates (`.local`, its
    /// top-left corner at 0, 0) or the preview's (`.global`), as SwiftUI's iOS 17 form does.
    ///
    /// A tap from the keyboard or assistive technology lands at the view's centre.
    public consuming func onTapGesture(
        count: Int = 1, coordinateSpace: CoordinateSpace = .local, perform action: @escaping (CGPoint) -> Void
    ) -> some View {
        modifier(_TapActionModifier(action: action, coordinateSpace: coordinateSpace))
    }
}

extension View {
    /// Which part of the view takes taps. Starboard's tap targets are always the view's whole
    /// frame, so this changes nothing; it is here so code written for SwiftUI reads the same.
    public consuming func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View {
        self
    }
}

/// A tap that runs an action.
public struct _TapActionModifier: ViewModifier {
    public typealias Body = Never
    let action: (Point) -> Void
    var coordinateSpace: CoordinateSpace = .local

    public static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        let mark = graph.pending.count
        content._makeNodes(in: &graph)
        // A disabled view takes no taps, as SwiftUI's `.disabled(_:)` has it.
        guard graph.environment.isEnabled else { return }
        graph.actions.append(.located(modifier.action))
        let target = TapTarget(id: nil, action: Int32(graph.actions.count - 1), isGlobal: modifier.coordinateSpace == .global)
        graph.wrapEach(from: mark, in: .tapTarget(target))
    }
}

extension State: Decodable {
    /// Only Starboard's registry makes components; it gives each `@State` its declared value.
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(
            codingPath: decoder.codingPath,
            debugDescription: "@State properties take their declared value in Starboard, they are not decoded"
        ))
    }
}
