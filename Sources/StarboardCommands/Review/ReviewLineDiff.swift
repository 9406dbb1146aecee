/// A line diff of two texts for the report: the lines that differ and a few around them, as
/// `diff -u` shows them, from a longest common subsequence of the lines.
enum ReviewLineDiff {
    struct Line: Codable, Equatable, Sendable {
        /// " " both, "-" only the old, "+" only the new, "…" lines left out.
        var kind: String
        var text: String
    }

    /// Lines compared as a table past this many (old × new, after the common start and end are
    /// cut off) cost too much; the middle is then shown as all removed, then all added.
    static let tableLimit = 4_000_000

    static func diff(_ old: String, _ new: String, context: Int = 3, limit: Int = 400) -> [Line] {
        let before = lines(of: old), after = lines(of: new)
        var all = script(before, after)
        // Only the changes and `context` lines either side of them.
        var keep = [Bool](repeating: false, count: all.count)
        for (index, line) in all.enumerated() where line.kind != " " {
            for near in max(0, index - context)...min(all.count - 1, index + context) { keep[near] = true }
        }
        var shown: [Line] = []
        var skipped = 0
        for (index, line) in all.enumerated() {
            if keep[index] {
                if skipped > 0 { shown.append(Line(kind: "…", text: "\(skipped) unchanged line\(skipped == 1 ? "" : "s")")) }
                skipped = 0
                shown.append(line)
            } else {
                skipped += 1
            }
        }
        if skipped > 0, !shown.isEmpty { shown.append(Line(kind: "…", text: "\(skipped) unchanged line\(skipped == 1 ? "" : "s")")) }
        all = shown
        if all.count > limit {
            let rest = all.count - limit
            all = Array(all.prefix(limit)) + [Line(kind: "…", text: "\(rest) more line\(rest == 1 ? "" : "s") of the diff left out")]
        }
        return all
    }

    /// The text's lines, each tag of an SVG (which Starboard writes on one line) starting its own.
    static func lines(of text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        var lines: [String] = []
        var line = ""
        for character in text {
            if character == "\n" {
                lines.append(line)
                line = ""
            } else {
                if character == "<", !line.isEmpty {
                    lines.append(line)
                    line = ""
                }
                line.append(character)
            }
        }
        lines.append(line)
        return lines
    }

    /// Every line of both, in order, each marked as kept, removed or added.
    static func script(_ before: [String], _ after: [String]) -> [Line] {
        var start = 0
        while start < before.count, start < after.count, before[start] == after[start] { start += 1 }
        var endBefore = before.count, endAfter = after.count
        while endBefore > start, endAfter > start, before[endBefore - 1] == after[endAfter - 1] {
            endBefore -= 1
            endAfter -= 1
        }
        let head = before[..<start].map { Line(kind: " ", text: $0) }
        let tail = before[endBefore...].map { Line(kind: " ", text: $0) }
        let old = Array(before[start..<endBefore]), new = Array(after[start..<endAfter])
        guard old.count * new.count <= tableLimit, !old.isEmpty, !new.isEmpty else {
            return head + old.map { Line(kind: "-", text: $0) } + new.map { Line(kind: "+", text: $0) } + tail
        }
        // lengths[i][j]: the longest common subsequence of old[i...] and new[j...].
        let width = new.count + 1
        var lengths = [Int32](repeating: 0, count: (old.count + 1) * width)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i * width + j] = old[i] == new[j]
                    ? lengths[(i + 1) * width + j + 1] + 1
                    : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var middle: [Line] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                middle.append(Line(kind: " ", text: old[i]))
                i += 1
                j += 1
            } else if i < old.count, j == new.count || lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
                middle.append(Line(kind: "-", text: old[i]))
                i += 1
            } else {
                middle.append(Line(kind: "+", text: new[j]))
                j += 1
            }
        }
        return head + middle + tail
    }
}
