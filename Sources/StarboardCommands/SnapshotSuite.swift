import StarboardInspector

/// What checking or recording a snapshot folder found, for a caller's test target (see
/// `StarboardTesting`'s `assertSnapshots(of:)`): the same work as `starboard snapshot [--check]`.
public struct SnapshotVerdict: Equatable, Sendable {
    /// "All 6 snapshots of 2 components match …", or what recording wrote.
    public let summary: String
    /// One line per changed, missing or obsolete render, naming it and the files written beside it.
    public let problems: [String]
    /// Why the folder could not be checked at all (a render that fails, a file in the way).
    public let failure: String?
}

/// Checks or records every component's defaults, environments and variants in a folder.
public enum SnapshotSuite {
    public static func verify(_ registry: Registry, in directory: String, record: Bool) -> SnapshotVerdict {
        let output = SnapshotCommand.snapshot(SnapshotCommand.Options(directory: directory, check: !record), registry: registry)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        // A problem's line, with the indented lines under it (a changed render's first difference).
        var problems: [String] = []
        for line in lines {
            if ["changed ", "missing ", "obsolete "].contains(where: { line.hasPrefix($0) }) {
                problems.append(line.replacingOccurrences(of: "   ", with: " ").replacingOccurrences(of: "  ", with: " "))
            } else if line.hasPrefix("    "), !problems.isEmpty {
                problems[problems.count - 1] += "\n" + line
            }
        }
        let failure = output.exitCode != 0 && problems.isEmpty ? output.stderr : nil
        var summary = lines.last ?? ""
        if output.exitCode != 0, let last = output.stderr.split(separator: "\n").last { summary = String(last) }
        return SnapshotVerdict(summary: summary, problems: problems, failure: failure)
    }
}
