import Inspector

/// Every component Starboard shows, in sidebar order. Add yours with one line.
public let registeredComponents: [any Component.Type] = [
    RatingControl.self,
    HikeBadge.self,
    PageControl.self,
    ProfileSummary.self,
]

/// The registry of ``registeredComponents``; throws if two share a name or one is declared wrongly.
public func makeRegistry() throws(RegistryError) -> Registry {
    try Registry(registeredComponents)
}
