import Foundation
import StarboardInspector

/// Every component Starboard shows, in sidebar order. Add yours with one line.
public let registeredComponents: [any Component.Type] = [
    RatingControl.self,
    HikeBadge.self,
    PageControl.self,
    ProfileSummary.self,
]

/// Screens of iOS's own controls at iOS's metrics and colours (Components/Screens), registered
/// only when `STARBOARD_SCREENS=1`: iOS's grey placeholders, 32-point segments and system blue
/// fail the audit as iOS draws them, and the shipped components must pass it.
public let controlScreens: [any Component.Type] = [
    ControlsProfileEditor.self,
    ControlsGallery.self,
]

/// What the `starboard` executable registers: ``registeredComponents``, plus the diagnostic ones
/// when `STARBOARD_DIAGNOSTICS=1` and the control screens when `STARBOARD_SCREENS=1`.
public var shippedComponents: [any Component.Type] {
    let environment = ProcessInfo.processInfo.environment
    let diagnostics = environment["STARBOARD_DIAGNOSTICS"] == "1"
    let screens = environment["STARBOARD_SCREENS"] == "1"
    return registeredComponents + (diagnostics ? diagnosticComponents : []) + (screens ? controlScreens : [])
}

/// The registry of ``shippedComponents``; throws if two share a name or one is declared wrongly.
public func makeRegistry() throws(RegistryError) -> Registry {
    try Registry(shippedComponents)
}
