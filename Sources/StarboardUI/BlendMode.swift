/// How a view's colors mix with what is drawn below it, as SwiftUI's `BlendMode`.
///
/// Only the modes CSS's `mix-blend-mode` can say are here: SwiftUI's Porter-Duff modes
/// (`sourceAtop`, `destinationOver`, `destinationOut`) and `plusDarker` / `plusLighter` have no
/// equivalent a browser and librsvg both draw, so a view that asks for one fails to compile
/// rather than drawing in the wrong mode.
public enum BlendMode: Hashable, Sendable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn
    case softLight, hardLight, difference, exclusion, hue, saturation, color, luminosity

    /// The `mix-blend-mode` keyword.
    var cssName: StaticString {
        switch self {
        case .normal: "normal"
        case .multiply: "multiply"
        case .screen: "screen"
        case .overlay: "overlay"
        case .darken: "darken"
        case .lighten: "lighten"
        case .colorDodge: "color-dodge"
        case .colorBurn: "color-burn"
        case .softLight: "soft-light"
        case .hardLight: "hard-light"
        case .difference: "difference"
        case .exclusion: "exclusion"
        case .hue: "hue"
        case .saturation: "saturation"
        case .color: "color"
        case .luminosity: "luminosity"
        }
    }
}

/// What a group of drawing adds beyond the modifiers' own groups: any affine transform (a
/// `Canvas`'s), an opacity and a blend mode.
struct GroupEffect {
    /// In the coordinates of the frame the group is laid out in (its top-left corner is 0, 0).
    var transform: AffineTransform?
    var opacity: Double?
    var blendMode: BlendMode?
    /// The group is a mask's drawing or the content it masks (Mask.swift).
    var mask: MaskPart?
}

extension AffineTransform {
    /// This transform, written for a frame whose top-left corner is at `origin` (the transform
    /// of the root's points that does to the frame what `self` does to its own coordinates).
    func about(_ origin: Point) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: -origin.x, ty: -origin.y)
            .followed(by: self)
            .followed(by: AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: origin.x, ty: origin.y))
    }
}

extension View {
    /// Mixes the view's colors with what is below it in `mode` (SVG's `mix-blend-mode`).
    /// `.normal` draws as without the modifier.
    public consuming func blendMode(_ mode: BlendMode) -> some View {
        layout(.group(GroupEffect(blendMode: mode == .normal ? nil : mode)))
    }
}
