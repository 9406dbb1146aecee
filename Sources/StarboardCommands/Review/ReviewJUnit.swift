/// The review as JUnit XML, which CI systems show as test results: one test case per render
/// (classname the entry, name its variant and environment), failing when it changed, was added
/// or removed; one more that fails when the old side did not build.
enum ReviewJUnit {
    static func xml(_ report: ReviewReport) -> String {
        var cases: [String] = []
        var failures = 0
        if let problem = report.baseProblem {
            failures += 1
            cases.append("    <testcase classname=\"starboard review\" name=\"\(escape(report.base)) builds\">\n"
                + "      <failure message=\"the base revision does not build\">\(escape(problem))</failure>\n    </testcase>")
        }
        for entry in report.entries {
            failures += 1
            let name = "\(entry.variant ?? "(defaults)") [\(entry.environment)]"
            var detail = ""
            if let message = entry.baseMessage { detail += "base: \(message)\n" }
            if let message = entry.newMessage { detail += "new: \(message)\n" }
            detail += entry.diff.map { $0.kind + " " + $0.text }.joined(separator: "\n")
            cases.append("    <testcase classname=\"\(escape(entry.entry))\" name=\"\(escape(name))\">\n"
                + "      <failure message=\"\(entry.status.rawValue)\">\(escape(detail))</failure>\n    </testcase>")
        }
        for key in report.unchanged {
            // The key is `Entry / Variant [environment]`; the entry's name may hold " / " itself,
            // so it is split at the last one.
            let split = key.range(of: " / ", options: .backwards)
            let classname = split.map { String(key[..<$0.lowerBound]) } ?? key
            let name = split.map { String(key[$0.upperBound...]) } ?? key
            cases.append("    <testcase classname=\"\(escape(classname))\" name=\"\(escape(name))\"/>")
        }
        let count = cases.count
        let suite = "starboard review \(report.base) → \(report.head)" + (report.shards.isEmpty ? "" : " (shards \(report.shards.joined(separator: ", ")))")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="starboard review" tests="\(count)" failures="\(failures)">
              <testsuite name="\(escape(suite))" tests="\(count)" failures="\(failures)" errors="0" skipped="0">
            \(cases.joined(separator: "\n"))
              </testsuite>
            </testsuites>

            """
    }

    /// Text for XML content and attributes; characters XML 1.0 cannot hold at all become U+FFFD.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "\n", "\t", "\r": escaped.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                escaped.unicodeScalars.append(value < 0x20 || value == 0xFFFE || value == 0xFFFF ? "\u{FFFD}" : scalar)
            }
        }
        return escaped
    }
}
