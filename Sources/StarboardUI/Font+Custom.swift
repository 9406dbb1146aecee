extension Font {
    /// A font by name, as SwiftUI's `Font.custom(_:size:)`, scaling with the Dynamic Type size
    /// as body text does.
    ///
    /// The name is a family, a PostScript name or a file name (without its extension) of a font
    /// file in the package's resources (the `.resources` bundles SwiftPM builds beside the
    /// executable) or in `STARBOARD_FONT_DIR`; else of an installed font fontconfig knows. When
    /// none has it, the DejaVu face of the font's weight and slant stands in and the render says
    /// so in a warning.
    public static func custom(_ name: String, size: Double) -> Font {
        custom(name, size: size, relativeTo: .body)
    }

    /// A font by name that scales with the Dynamic Type size as `textStyle` does, as SwiftUI's
    /// `Font.custom(_:size:relativeTo:)`.
    public static func custom(_ name: String, size: Double, relativeTo textStyle: TextStyle) -> Font {
        var font = Font(size: size)
        font.customName = name
        font.textStyle = textStyle
        return font
    }

    /// A font by name at a size that stays whatever the Dynamic Type size, as SwiftUI's
    /// `Font.custom(_:fixedSize:)`.
    public static func custom(_ name: String, fixedSize: Double) -> Font {
        var font = Font(size: fixedSize)
        font.customName = name
        return font
    }
}
