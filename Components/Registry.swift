import Foundation
import StarboardInspector

/// Every component Starboard shows, in sidebar order. Add yours with one line.
public let registeredComponents: [any Component.Type] = [
    RatingControl.self,
    HikeBadge.self,
    PageControl.self,
    ProfileSummary.self,
    ControlsProfileEditor.self,
    ControlsGallery.self,
]

/// What the `starboard` executable registers: ``registeredComponents``, plus the diagnostic ones
/// when `STARBOARD_DIAGNOSTICS=1`.
public var shippedComponents: [any Component.Type] {
    let diagnostics = ProcessInfo.processInfo.environment["STARBOARD_DIAGNOSTICS"] == "1"
    return registeredComponents + (diagnostics ? diagnosticComponents : [])
}

/// The registry of ``shippedComponents``; throws if two share a name or one is declared wrongly.
public func makeRegistry() throws(RegistryError) -> Registry {
    try Registry(shippedComponents)
}
