import Foundation
import StarboardInspector

/// Every component Starboard shows, in sidebar order. Add yours with one line.
public let registeredComponents: [any Component.Type] = [
    RatingControl.self,
    HikeBadge.self,
    PageControl.self,
    ProfileSummary.self,
]

/// The registry of ``registeredComponents`` (plus the diagnostic ones when `STARBOARD_DIAGNOSTICS=1`);
/// throws if two share a name or one is declared wrongly.
public func makeRegistry() throws(RegistryError) -> Registry {
    let diagnostics = ProcessInfo.processInfo.environment["STARBOARD_DIAGNOSTICS"] == "1"
    return try Registry(registeredComponents + (diagnostics ? diagnosticComponents : []))
}
