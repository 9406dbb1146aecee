/// Forms of a symbol chosen around it, as SwiftUI's `SymbolVariants`:
/// `.symbolVariant(.fill)`, `.symbolVariant(.circle.fill)`.
///
/// A variant names another symbol: `star` with `.fill` is `star.fill`; `.slash`, then `.circle`,
/// `.square` or `.rectangle`, then `.fill` are added in SF Symbols' order. Where the built-in set
/// has no such symbol, the plain one is drawn (as SwiftUI draws a symbol with no such variant)
/// and the render says which name it looked for.
public struct SymbolVariants: Hashable, Sendable {
    var shape: Shape?
    var isFilled = false
    var isSlashed = false

    enum Shape: String, Hashable, Sendable { case circle, square, rectangle }

    public static let none = SymbolVariants()
    public static let fill = SymbolVariants(isFilled: true)
    public static let circle = SymbolVariants(shape: .circle)
    public static let square = SymbolVariants(shape: .square)
    public static let rectangle = SymbolVariants(shape: .rectangle)
    public static let slash = SymbolVariants(isSlashed: true)

    public var fill: SymbolVariants { var copy = self; copy.isFilled = true; return copy }
    public var circle: SymbolVariants { var copy = self; copy.shape = .circle; return copy }
    public var square: SymbolVariants { var copy = self; copy.shape = .square; return copy }
    public var rectangle: SymbolVariants { var copy = self; copy.shape = .rectangle; return copy }
    public var slash: SymbolVariants { var copy = self; copy.isSlashed = true; return copy }

    /// Whether these variants include all of `other`'s.
    public func contains(_ other: SymbolVariants) -> Bool {
        (other.shape == nil || other.shape == shape) && (!other.isFilled || isFilled) && (!other.isSlashed || isSlashed)
    }

    /// `name` in these variants: the parts it lacks added in SF Symbols' order.
    func applied(to name: String) -> String {
        var pieces = name.split(separator: ".").map(String.init)
        let shapes = ["circle", "square", "rectangle"]
        let filled = pieces.last == "fill"
        if filled { pieces.removeLast() }
        var ownShape: String?
        if let last = pieces.last, shapes.contains(last) {
            ownShape = last
            pieces.removeLast()
        }
        let slashed = pieces.last == "slash"
        if slashed { pieces.removeLast() }
        if slashed || isSlashed { pieces.append("slash") }
        if let form = ownShape ?? shape?.rawValue { pieces.append(form) }
        if filled || isFilled { pieces.append("fill") }
        return pieces.joined(separator: ".")
    }
}

/// How a symbol's layers are painted, as SwiftUI's `SymbolRenderingMode`. Starboard draws
/// `.monochrome` and `.hierarchical`; `.palette` and `.multicolor` are missing (and do not compile).
public struct SymbolRenderingMode: Hashable, Sendable {
    let isHierarchical: Bool

    /// Every layer in the foreground style.
    public static let monochrome = SymbolRenderingMode(isHierarchical: false)
    /// The enclosure of a symbol that has one (`checkmark.circle`, `exclamationmark.triangle`) in
    /// the foreground at half its opacity, the mark inside it in the foreground; a filled
    /// enclosure's mark is drawn in the foreground rather than cut out.
    public static let hierarchical = SymbolRenderingMode(isHierarchical: true)
}

extension View {
    /// Draws the symbols inside in `variant` where the built-in set has that form.
    public consuming func symbolVariant(_ variant: SymbolVariants) -> some View {
        modifier(_SymbolStyleModifier(variant: variant, mode: nil))
    }

    /// Paints the symbols inside with `mode`; nil keeps what was set around them.
    public consuming func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View {
        modifier(_SymbolStyleModifier(variant: nil, mode: mode))
    }
}

struct _SymbolStyleModifier: ViewModifier {
    typealias Body = Never
    let variant: SymbolVariants?
    let mode: SymbolRenderingMode?

    static func _makeNodes<C: View>(modifier: Self, content: C, in graph: inout ViewGraph) {
        let saved = (graph.environment.symbolVariants, graph.environment.symbolRenderingMode)
        // Variants add up, as SwiftUI's do: `.symbolVariant(.circle)` around `.symbolVariant(.fill)`.
        if let variant = modifier.variant {
            var merged = graph.environment.symbolVariants
            if variant.shape != nil { merged.shape = variant.shape }
            merged.isFilled = merged.isFilled || variant.isFilled
            merged.isSlashed = merged.isSlashed || variant.isSlashed
            if variant == .none { merged = .none }
            graph.environment.symbolVariants = merged
        }
        if let mode = modifier.mode { graph.environment.symbolRenderingMode = mode }
        content._makeNodes(in: &graph)
        (graph.environment.symbolVariants, graph.environment.symbolRenderingMode) = saved
    }
}

extension Symbol {
    /// The symbol `name` becomes in `environment`'s variants: the varied one where the set has
    /// it, else `name` with a warning naming the one looked for.
    static func resolve(_ name: String, in graph: inout ViewGraph) -> String {
        let variants = graph.environment.symbolVariants
        guard variants != .none else { return name }
        let varied = variants.applied(to: name)
        guard varied != name else { return name }
        if table[varied] != nil { return varied }
        if table[name] != nil {
            let message = "no symbol \"\(varied)\" for .symbolVariant on \"\(name)\": Starboard draws \(table.count) symbols (see docs/swiftui.md); \"\(name)\" stands in"
            graph.warnOnce(message)
        }
        return name
    }

    /// Whether the first part is an enclosure the others sit in (the secondary layer).
    static func hasEnclosure(_ name: String) -> Bool {
        name.contains(".circle") || name.contains(".triangle") || name.contains(".square")
    }
}

extension Paint {
    /// The paint with every colour's opacity multiplied by `factor`.
    func fading(by factor: Double) -> Paint {
        func fade(_ stops: [ResolvedStop]) -> [ResolvedStop] {
            stops.map { ResolvedStop(color: Color.Resolved(red: $0.color.red, green: $0.color.green, blue: $0.color.blue, opacity: $0.color.opacity * factor), location: $0.location) }
        }
        switch self {
        case .color(let color):
            return .color(Color.Resolved(red: color.red, green: color.green, blue: color.blue, opacity: color.opacity * factor))
        case .linear(let stops, let start, let end): return .linear(fade(stops), start: start, end: end)
        case .radial(let stops, let center, let startRadius, let endRadius): return .radial(fade(stops), center: center, startRadius: startRadius, endRadius: endRadius)
        case .angular(let stops, let center, let startAngle, let endAngle): return .angular(fade(stops), center: center, startAngle: startAngle, endAngle: endAngle)
        }
    }
}
