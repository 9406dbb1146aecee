import StarboardInspector

/// How a crash or hang of component code is told: to the client whose request it was, and to
/// every subscriber of the component until its next good render.
enum CrashReport {
    /// "RatingControl crashed while rendering with starCount=13: <the trap message>", as the page shows it.
    static func describe(_ error: HostError, component: String, with values: String) -> String {
        switch error {
        case .crashed(let message): "\(component) crashed while rendering with \(values): \(message)"
        case .timedOut(let seconds): "\(component) timed out after \(JSONValue.format(seconds)) s while rendering with \(values)"
        case .unavailable(let message): "\(component) could not be rendered with \(values): \(message)"
        }
    }

    /// "starCount=13; a tap on star-3": the changes a batch carried, or "its current values".
    static func summary(of items: [PendingChange]) -> String {
        let parts = items.map { summary(of: $0.change) }.filter { !$0.isEmpty }
        return parts.isEmpty ? "its current values" : parts.joined(separator: "; ")
    }

    static func summary(of change: WorkerChange) -> String {
        switch change {
        case .set(let values):
            guard case .object(let members) = values else { return "" }
            return members.map { "\($0.0)=\(shortText($0.1))" }.joined(separator: ", ")
        case .reset(let names):
            return "a reset of " + (names?.joined(separator: ", ") ?? "every property")
        case .tap(let tap):
            let place = tap.environment == .standard ? "" : " in \(tap.environment.name)"
            return "a tap on \(tap.target)\(place)"
        case .restore:
            return ""
        case .replace(let values):
            return "a return to " + summary(of: .set(values))
        }
    }

    /// A value as it reads in a message, cut after 40 characters.
    static func shortText(_ value: JSONValue) -> String {
        let text = value.stringValue ?? value.description
        return text.count > 40 ? String(text.prefix(37)) + "…" : text
    }
}
