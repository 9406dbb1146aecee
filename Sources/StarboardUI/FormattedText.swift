import Foundation
import StarboardLocking

/// Formatted dates and numbers kept across renders: formatting through Foundation (ICU) costs
/// far more than the rest of a text's render, and the same value in the same locale and time
/// zone always reads the same.
enum FormattedText {
    private struct Key: Hashable, Sendable {
        let identity: String
        let locale: String
        let timeZone: String
    }

    /// The most formatted strings kept; past it the cache starts again.
    static let capacity = 1024

    private static let cache = Locked<[Key: String]>([:])

    /// `formatting`'s text in `locale` and `timeZone`, from the cache when it was formatted before.
    static func string(_ formatting: Text.Formatting, locale: Locale, timeZone: TimeZone) -> String {
        let key = Key(identity: formatting.identity, locale: locale.identifier, timeZone: timeZone.identifier)
        if let known = cache.withLock({ $0[key] }) { return known }
        let text = formatting.zoned?(locale, timeZone) ?? formatting.format(locale)
        cache.withLock { cache in
            if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
            cache[key] = text
        }
        return text
    }
}
