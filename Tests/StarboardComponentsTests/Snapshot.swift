import Foundation
import Testing

/// Golden files in `__Snapshots__/<Suite>/<name>.svg`, as swift-snapshot-testing lays them out.
///
/// A missing file is recorded (and the test fails, so a new golden is looked at before it is
/// committed); `RECORD_SNAPSHOTS=1` re-records every file.
enum Snapshot {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")

    static func fileName(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
    }

    static func assert(_ svg: String, suite: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let directory = folder.appendingPathComponent(suite)
        let file = directory.appendingPathComponent(fileName(name) + ".svg")
        let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
        guard !recording, let reference = try? String(contentsOf: file, encoding: .utf8) else {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? svg.write(to: file, atomically: true, encoding: .utf8)
            if !recording {
                Issue.record("Recorded a new snapshot at \(file.path); look at it and run the tests again", sourceLocation: sourceLocation)
            }
            return
        }
        if reference != svg {
            let actual = file.deletingPathExtension().appendingPathExtension("actual.svg")
            try? svg.write(to: actual, atomically: true, encoding: .utf8)
            Issue.record("Snapshot \(name) differs from \(file.path); the new render is at \(actual.path) (RECORD_SNAPSHOTS=1 to accept)", sourceLocation: sourceLocation)
        }
    }
}
