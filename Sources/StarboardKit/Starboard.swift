import StarboardCommands
import StarboardInspector

/// Starboard for your own package: one executable target whose `main.swift` is
///
/// ```swift
/// import StarboardKit
/// import MyComponents
///
/// Starboard.main(components: [TagChip.self, PriceTag.self])
/// ```
///
/// gets every command (`serve`, `list`, `render`, `audit`, `snapshot`, `export`, `new`, `help`)
/// for those components. `serve` runs component code in a worker, which is this same executable
/// started again, so the worker serves the same components; `serve --watch` rebuilds this
/// executable's own product.
public enum Starboard {
    /// Runs the command line with `components` registered, in sidebar order, and exits. Two
    /// components with one name, or one declared wrongly, stop it with an error naming them.
    /// Every `#Preview` and `PreviewProvider` preview in the program is an entry too, after the
    /// components (or a variant, when it shows one): `components: []` shows previews alone.
    public static func main(components: [any Component.Type]) -> Never {
        main(arguments: Array(CommandLine.arguments.dropFirst()), registry: { () throws(RegistryError) in try Registry(components, previewEntries: true) })
    }

    /// As ``main(components:)``, with the arguments (after the program name) and the registry given.
    public static func main(arguments: [String], registry: @escaping () throws(RegistryError) -> Registry) -> Never {
        StarboardCommand.main(arguments, registry: registry)
    }
}
