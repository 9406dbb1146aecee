import Foundation
import StarboardTesting
import Testing

/// Golden files of views rendered by these tests in `__Snapshots__/<Suite>/<name>.svg`, checked
/// through `StarboardTesting`'s public `assertSnapshot(of:named:directory:)`, as a package's own
/// tests would: a difference shows its first differing lines and leaves `<name>.new.svg` beside
/// the golden; a missing file is recorded (and the test fails, so a new golden is looked at
/// before it is committed); `RECORD_SNAPSHOTS=1` re-records every file.
enum Snapshot {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")

    static func fileName(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
    }

    static func assert(_ svg: String, suite: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        assertSnapshot(of: svg, named: fileName(name), directory: folder.appendingPathComponent(suite).path,
                       fileID: sourceLocation.fileID, filePath: sourceLocation.filePath, line: sourceLocation.line, column: sourceLocation.column)
    }
}
