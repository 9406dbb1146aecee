/// Where two SVG documents first differ, as lines a reader can act on.
///
/// The renderer writes an SVG on one line, so a plain line diff would show the whole file twice.
/// Here each tag (and the text between tags) is a line of its own, numbered from 1, and the
/// report shows the first run of lines that differ, between the lines both documents share
/// before and after it: enough to see which element moved or changed colour without opening the
/// files.
public enum SVGLineDiff {
    /// The document cut into lines: every `<…>` tag, and every run of text between tags.
    public static func lines(of svg: String) -> [Substring] {
        var lines: [Substring] = []
        var start = svg.startIndex
        var index = svg.startIndex
        while index < svg.endIndex {
            let character = svg[index]
            if character == "<", index > start {
                lines.append(svg[start..<index])
                start = index
            }
            index = svg.index(after: index)
            if character == ">" {
                lines.append(svg[start..<index])
                start = index
            }
        }
        if start < svg.endIndex { lines.append(svg[start...]) }
        return lines
    }

    /// The first difference between `recorded` and `new`, or nil when they are equal: a heading
    /// naming the line, then up to `context` shared lines, the recorded lines (`-`) and the new
    /// ones (`+`) of the differing run, each side cut at `limit` lines with a count of the rest.
    /// Each line is cut at `width` characters; when the first changed line differs only past that,
    /// both sides of it start shortly before the first character that differs (after a `…`).
    public static func firstDifference(recorded: String, new: String, context: Int = 1, limit: Int = 4, width: Int = 160) -> String? {
        guard recorded != new else { return nil }
        let old = lines(of: recorded), now = lines(of: new)
        var prefix = 0
        while prefix < old.count, prefix < now.count, old[prefix] == now[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < now.count - prefix, old[old.count - 1 - suffix] == now[now.count - 1 - suffix] {
            suffix += 1
        }
        let removed = old[prefix..<(old.count - suffix)], added = now[prefix..<(now.count - suffix)]
        var report = "first difference at line \(prefix + 1) (of \(old.count) recorded, \(now.count) new; one tag a line):"
        // Where the first changed pair of lines starts to differ: a long path changed at its end is
        // shown from a little before that point, so the difference is on screen.
        var skip = 0
        if let first = removed.first, let second = added.first {
            let same = zip(first, second).prefix { $0 == $1 }.count
            if same > width - width / 4 { skip = same - width / 2 }
        }
        func shown(_ line: Substring, first: Bool) -> String {
            let start = first && skip > 0 ? line.index(line.startIndex, offsetBy: skip) : line.startIndex
            let rest = line[start...]
            return (start > line.startIndex ? "…" : "") + (rest.count <= width ? String(rest) : String(rest.prefix(width)) + "…")
        }
        for number in max(0, prefix - context)..<prefix {
            report += "\n  \(number + 1)  \(shown(old[number], first: false))"
        }
        for (mark, run) in [("-", removed), ("+", added)] {
            for (offset, line) in run.prefix(limit).enumerated() {
                report += "\n\(mark) \(prefix + offset + 1)  \(shown(line, first: offset == 0))"
            }
            if run.count > limit { report += "\n\(mark) … \(run.count - limit) more line\(run.count - limit == 1 ? "" : "s")" }
        }
        return report
    }
}
