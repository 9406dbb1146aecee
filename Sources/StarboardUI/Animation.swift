/// Animation as SwiftUI spells it, for code that uses it to compile and draw: a preview is a
/// still picture of the settled state, so an animation, a transition or a matched geometry effect
/// changes nothing in it. `withAnimation` runs its body at once; `.animation(_:value:)`,
/// `.transition(_:)`, `.matchedGeometryEffect` and `.contentTransition(_:)` leave the view as it
/// is; a repeating animation is drawn at the state the view describes.

/// How a change would animate, as SwiftUI's `Animation`. Kept for code to read the same; a
/// still preview draws no frames between states.
public struct Animation: Hashable, Sendable {
    enum Curve: Hashable, Sendable {
        case linear, easeIn, easeOut, easeInOut, spring
    }

    let curve: Curve
    /// Seconds a run takes (for springs, the response).
    public let duration: Double
    var delay = 0.0
    var speed = 1.0
    /// Runs after the first; nil repeats for ever.
    var repeats: Int? = 0
    var autoreverses = false

    init(curve: Curve, duration: Double) {
        self.curve = curve
        self.duration = duration
    }

    public static let `default` = Animation(curve: .easeInOut, duration: 0.35)
    public static let linear = Animation(curve: .linear, duration: 0.35)
    public static let easeIn = Animation(curve: .easeIn, duration: 0.35)
    public static let easeOut = Animation(curve: .easeOut, duration: 0.35)
    public static let easeInOut = Animation(curve: .easeInOut, duration: 0.35)
    public static let spring = Animation(curve: .spring, duration: 0.5)
    public static let interactiveSpring = Animation(curve: .spring, duration: 0.15)
    public static let bouncy = Animation(curve: .spring, duration: 0.5)
    public static let smooth = Animation(curve: .spring, duration: 0.5)
    public static let snappy = Animation(curve: .spring, duration: 0.5)

    public static func linear(duration: Double) -> Animation { Animation(curve: .linear, duration: duration) }
    public static func easeIn(duration: Double) -> Animation { Animation(curve: .easeIn, duration: duration) }
    public static func easeOut(duration: Double) -> Animation { Animation(curve: .easeOut, duration: duration) }
    public static func easeInOut(duration: Double) -> Animation { Animation(curve: .easeInOut, duration: duration) }

    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation {
        Animation(curve: .spring, duration: response)
    }

    public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        Animation(curve: .spring, duration: duration)
    }

    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25) -> Animation {
        Animation(curve: .spring, duration: response)
    }

    public static func interpolatingSpring(stiffness: Double, damping: Double, initialVelocity: Double = 0) -> Animation {
        Animation(curve: .spring, duration: 0.5)
    }

    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation { Animation(curve: .spring, duration: duration) }
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation { Animation(curve: .spring, duration: duration) }
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation { Animation(curve: .spring, duration: duration) }

    public func delay(_ delay: Double) -> Animation {
        var copy = self
        copy.delay = delay
        return copy
    }

    public func speed(_ speed: Double) -> Animation {
        var copy = self
        copy.speed = speed
        return copy
    }

    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
        var copy = self
        copy.repeats = max(repeatCount - 1, 0)
        copy.autoreverses = autoreverses
        return copy
    }

    public func repeatForever(autoreverses: Bool = true) -> Animation {
        var copy = self
        copy.repeats = nil
        copy.autoreverses = autoreverses
        return copy
    }
}

/// Runs `body` at once: a still preview shows the state it leaves, with no frames between.
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

/// How a view would come and go, as SwiftUI's `AnyTransition`. A still preview shows the
/// views that are there, so a transition draws nothing of its own.
public struct AnyTransition: Sendable {
    let name: String

    public static let identity = AnyTransition(name: "identity")
    public static let opacity = AnyTransition(name: "opacity")
    public static let slide = AnyTransition(name: "slide")
    public static let scale = AnyTransition(name: "scale")

    public static func scale(scale: Double, anchor: UnitPoint = .center) -> AnyTransition { AnyTransition(name: "scale") }
    public static func move(edge: Edge) -> AnyTransition { AnyTransition(name: "move") }
    public static func push(from edge: Edge) -> AnyTransition { AnyTransition(name: "push") }
    public static func offset(x: Double = 0, y: Double = 0) -> AnyTransition { AnyTransition(name: "offset") }
    public static func offset(_ offset: CGSize) -> AnyTransition { AnyTransition(name: "offset") }

    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(name: "asymmetric(\(insertion.name), \(removal.name))")
    }

    public func combined(with other: AnyTransition) -> AnyTransition {
        AnyTransition(name: "\(name)+\(other.name)")
    }

    public func animation(_ animation: Animation?) -> AnyTransition { self }
}

/// How a view's content would change between states, as SwiftUI's `ContentTransition`.
public struct ContentTransition: Hashable, Sendable {
    let name: String

    public static let identity = ContentTransition(name: "identity")
    public static let opacity = ContentTransition(name: "opacity")
    public static let interpolate = ContentTransition(name: "interpolate")
    public static func numericText(countsDown: Bool = false) -> ContentTransition { ContentTransition(name: "numericText") }
    public static func numericText(value: Double) -> ContentTransition { ContentTransition(name: "numericText") }
}

/// A namespace for matched geometry effects, as SwiftUI's `@Namespace`.
@propertyWrapper
public struct Namespace: DynamicProperty {
    /// One namespace's identity.
    public struct ID: Hashable, Sendable {
        let value: Int
    }

    public init() {}

    /// Every namespace is the same one: a still preview matches no geometry between views.
    public var wrappedValue: ID { ID(value: 0) }
}

extension Namespace: Decodable {
    /// Only Starboard's registry makes components; a namespace needs no value of its own.
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(
            codingPath: decoder.codingPath,
            debugDescription: "@Namespace properties take their declared value in Starboard, they are not decoded"
        ))
    }
}

/// Which parts of a frame a matched geometry effect matches.
public struct MatchedGeometryProperties: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let position = MatchedGeometryProperties(rawValue: 1)
    public static let size = MatchedGeometryProperties(rawValue: 2)
    public static let frame: MatchedGeometryProperties = [.position, .size]
}

extension View {
    /// Animates changes to `value` in SwiftUI; a still preview shows the view as it is.
    public consuming func animation<V: Equatable>(_ animation: Animation?, value: V) -> Self { self }

    /// The implicit animation of old SwiftUI (deprecated there); a still preview shows the view.
    public consuming func animation(_ animation: Animation?) -> Self { self }

    /// How the view comes and goes in SwiftUI; a still preview shows it in place.
    public consuming func transition(_ transition: AnyTransition) -> Self { self }

    /// How the view's content changes in SwiftUI; a still preview shows the content it has.
    public consuming func contentTransition(_ transition: ContentTransition) -> Self { self }

    /// Moves the view between the frames of views with the same id in SwiftUI; a still preview
    /// draws each view in its own frame.
    public consuming func matchedGeometryEffect<ID: Hashable>(
        id: ID, in namespace: Namespace.ID, properties: MatchedGeometryProperties = .frame,
        anchor: UnitPoint = .center, isSource: Bool = true
    ) -> Self { self }
}
