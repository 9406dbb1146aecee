/// A translucent background, as SwiftUI's `Material`, approximated by a translucent fill.
///
/// iOS blurs what is behind a material and tints it; SVG 1.1 cannot read what is behind an
/// element (there is no `backdrop-filter`), so Starboard draws each material as a flat fill of
/// the tint alone: white at a rising opacity in light, a near-black grey in dark, thinner
/// materials letting more through. What is behind shows through unblurred. The values are
/// Starboard's own choice (docs/swiftui.md lists them), not measured from UIKit.
public struct Material: ShapeStyle, Hashable {
    enum Thickness: Hashable, Sendable, CaseIterable {
        case ultraThin, thin, regular, thick, ultraThick, bar
    }

    let thickness: Thickness

    public static let ultraThin = Material(thickness: .ultraThin)
    public static let thin = Material(thickness: .thin)
    public static let regular = Material(thickness: .regular)
    public static let thick = Material(thickness: .thick)
    public static let ultraThick = Material(thickness: .ultraThick)
    /// The material of toolbars and tab bars.
    public static let bar = Material(thickness: .bar)

    /// The fill standing in for the material in `scheme`.
    func resolved(in scheme: ColorScheme) -> Color.Resolved {
        let light = scheme == .light
        let opacity: Double
        switch thickness {
        case .ultraThin: opacity = light ? 0.35 : 0.4
        case .thin: opacity = light ? 0.5 : 0.55
        case .regular: opacity = light ? 0.65 : 0.7
        case .thick: opacity = light ? 0.8 : 0.82
        case .ultraThick: opacity = light ? 0.9 : 0.92
        case .bar: opacity = 0.94
        }
        // Light materials are white, a bar a little grey; dark ones the grey of a dark grouped
        // background, a bar a little darker.
        if light {
            let white = thickness == .bar ? 0.976 : 1
            return Color.Resolved(red: white, green: white, blue: white, opacity: opacity)
        }
        let grey = thickness == .bar ? 0.071 : 0.11
        return Color.Resolved(red: grey, green: grey, blue: grey + (thickness == .bar ? 0 : 0.008), opacity: opacity)
    }

    public func _resolvePaint(in environment: EnvironmentValues) -> _ResolvedPaint {
        _ResolvedPaint(.color(resolved(in: environment.colorScheme)))
    }
}

extension ShapeStyle where Self == Material {
    public static var ultraThinMaterial: Material { .ultraThin }
    public static var thinMaterial: Material { .thin }
    public static var regularMaterial: Material { .regular }
    public static var thickMaterial: Material { .thick }
    public static var ultraThickMaterial: Material { .ultraThick }
    public static var bar: Material { .bar }
}
