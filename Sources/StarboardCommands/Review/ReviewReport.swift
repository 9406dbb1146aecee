import Foundation

/// What a review found, as `review.json` keeps it: the renders that differ, with both sides'
/// SVG or message and their line diff, and the keys of those that do not. Shards' reports are
/// joined into one with ``merged(_:)``.
struct ReviewReport: Codable, Equatable, Sendable {
    enum Status: String, Codable, Sendable {
        case changed, added, removed
    }

    struct Entry: Codable, Equatable, Sendable {
        var entry: String
        var variant: String?
        var environment: String
        var status: Status
        /// The old side's SVG; nil when it has none (added, or it failed: see `baseMessage`).
        var baseSVG: String?
        var baseMessage: String?
        var newSVG: String?
        var newMessage: String?
        var diff: [ReviewLineDiff.Line]

        var identity: ReviewIdentity { ReviewIdentity(entry: entry, variant: variant, environment: environment) }
    }

    static let format = 1
    var format = ReviewReport.format
    /// The revisions as given (`main`, `HEAD~1`, `working tree`) and the commits they were.
    var base: String
    var head: String
    /// The shards this report covers ("2/4"; several after a merge; empty: all of it).
    var shards: [String] = []
    /// Why the old side has no renders (its build failed); then every new render is `added`.
    var baseProblem: String?
    var entries: [Entry] = []
    /// The keys of the renders that are the same on both sides, sorted.
    var unchanged: [String] = []

    var changedCount: Int { entries.count }
    var hasChanges: Bool { !entries.isEmpty || baseProblem != nil }

    /// Matches the two sides' renders by identity (never by position) and keeps what differs.
    /// `base` is nil when the old side could not be built.
    static func compare(base: [ReviewIdentity: ReviewOutcome]?, new: [ReviewIdentity: ReviewOutcome],
                        baseLabel: String, headLabel: String, baseProblem: String? = nil) -> ReviewReport {
        var report = ReviewReport(base: baseLabel, head: headLabel, baseProblem: baseProblem)
        let old = base ?? [:]
        for identity in Set(old.keys).union(new.keys).sorted() {
            let before = old[identity], after = new[identity]
            if before == after {
                report.unchanged.append(identity.key)
                continue
            }
            let status: Status = before == nil ? .added : after == nil ? .removed : .changed
            var entry = Entry(entry: identity.entry, variant: identity.variant, environment: identity.environment, status: status, diff: [])
            if case .svg(let svg)? = before { entry.baseSVG = svg }
            if case .failed(let message)? = before { entry.baseMessage = message }
            if case .svg(let svg)? = after { entry.newSVG = svg }
            if case .failed(let message)? = after { entry.newMessage = message }
            entry.diff = ReviewLineDiff.diff(entry.baseSVG ?? "", entry.newSVG ?? "")
            report.entries.append(entry)
        }
        return report
    }

    /// Why reports cannot be joined.
    struct MergeError: Error, CustomStringConvertible {
        let description: String
    }

    /// The shards' reports as one: their entries and unchanged keys together. Reports of other
    /// revisions, or two that both hold a render, are refused, since their shards were not one run.
    static func merged(_ reports: [ReviewReport]) throws(MergeError) -> ReviewReport {
        guard let first = reports.first else { throw MergeError(description: "no reports to merge") }
        var merged = ReviewReport(base: first.base, head: first.head, baseProblem: first.baseProblem)
        var seen: Set<String> = []
        for report in reports {
            guard report.base == first.base, report.head == first.head else {
                throw MergeError(description: "the reports compare different revisions (\(first.base) → \(first.head) and \(report.base) → \(report.head))")
            }
            if merged.baseProblem == nil { merged.baseProblem = report.baseProblem }
            for key in report.unchanged + report.entries.map(\.identity.key) {
                guard seen.insert(key).inserted else {
                    throw MergeError(description: "\(key) is in two of the reports; merge the outputs of one run's shards, each once")
                }
            }
            merged.shards += report.shards
            merged.entries += report.entries
            merged.unchanged += report.unchanged
        }
        merged.entries.sort { $0.identity < $1.identity }
        merged.unchanged.sort()
        return merged
    }

    /// "2 changed, 1 added, 1 removed, 38 unchanged".
    var summary: String {
        var parts: [String] = []
        for status in [Status.changed, .added, .removed] {
            let count = entries.filter { $0.status == status }.count
            if count > 0 { parts.append("\(count) \(status.rawValue)") }
        }
        parts.append("\(unchanged.count) unchanged")
        return parts.joined(separator: ", ")
    }

    func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, numbers and arrays of them: encoding cannot fail.
        return (try? encoder.encode(self)) ?? Data()
    }

    static func read(_ data: Data) throws(MergeError) -> ReviewReport {
        do {
            let report = try JSONDecoder().decode(ReviewReport.self, from: data)
            guard report.format == format else { throw MergeError(description: "format \(report.format), not \(format)") }
            return report
        } catch let error as MergeError {
            throw error
        } catch {
            throw MergeError(description: "not a review report: \(error)")
        }
    }
}
