import StarboardUI

/// A UI component Starboard can inspect: a view with `@Inspectable` properties, a default
/// instance, named variants and, if it reacts to taps, a tap handler.
///
/// ```swift
/// struct TagChip: Component {
///     @Inspectable(maxLength: 30) var text = "New"
///     @Inspectable var tint = Color(red8: 0, green8: 122, blue8: 255)
///
///     static let variants = [Variant<TagChip>("Long") { $0.text = "A much longer tag" }]
///
///     var body: some View {
///         Text(text).padding(6).background…
///     }
/// }
/// ```
///
/// Store only `@Inspectable` properties (use `let` or `static` for constants): Starboard makes a
/// fresh instance from the defaults plus the inspected values for every render, as Interface
/// Builder does with a designable, and that is how it fills each stored property.
public protocol Component: View, Decodable, ComponentMetatype {
    /// The instance with every property at its default.
    init()
    /// The name the registry, the CLI and the protocol use; the type's name by default.
    static var name: String { get }
    /// What the inspector shows; "Rating Control" for `RatingControl` by default.
    static var title: String { get }
    /// One sentence on what the component is.
    static var summary: String { get }
    /// Named configurations shown side by side, like a `PreviewProvider`'s previews.
    static var variants: [Variant<Self>] { get }
    /// Environments `starboard snapshot` records the defaults in, beside the standard one
    /// (`[.dark, .textSize(.accessibility3), .rightToLeft]`), so CI guards them too.
    static var environments: [RenderEnvironment] { get }
    /// Reacts to a tap on the view marked `.tappable(id: target)`; returns false for an unknown target.
    mutating func tap(_ target: String) -> Bool
}

extension Component {
    public static var name: String { String(describing: Self.self) }
    public static var title: String { PropertyDescriptor.title(fromName: name) }
    public static var summary: String { "" }
    public static var variants: [Variant<Self>] { [] }
    public static var environments: [RenderEnvironment] { [] }
    public mutating func tap(_ target: String) -> Bool { false }
}

extension Component {
    /// The defaults with some properties changed, as a ``Variant`` changes them:
    /// `TagChip { $0.text = "Hello"; $0.cornerRadius = 4 }`.
    ///
    /// This is the initializer Copy as Swift and the Docs tab's usage snippet write, so they
    /// compile wherever the component's `init()` and properties are visible: in its own module,
    /// and in an app that imports a package whose component is `public` with a `public init() {}`
    /// and `public var` inspectable properties.
    public init(_ configure: (inout Self) -> Void) {
        self.init()
        configure(&self)
    }
}

/// A named configuration of a component: the defaults with some properties changed.
public struct Variant<C: Component>: Sendable {
    public let name: String
    let configure: @Sendable (inout C) -> Void

    public init(_ name: String, configure: @escaping @Sendable (inout C) -> Void = { _ in }) {
        self.name = name
        self.configure = configure
    }
}

#if compiler(>=6.2)
/// Lets a component's type be captured by the `@Sendable` closures the registry keeps (Swift 6.2
/// and later check metatypes for `Sendable` too: `SendableMetatype`). A component is a value
/// type with static, immutable declarations, so its metatype is safe to share.
public protocol ComponentMetatype: SendableMetatype {}
#else
/// Nothing before Swift 6.2, which does not check metatypes for `Sendable`.
public protocol ComponentMetatype {}
#endif
