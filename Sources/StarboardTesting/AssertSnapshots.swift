import Foundation
import StarboardCommands
import StarboardInspector
import Testing

/// Checks the SVG of every component's defaults, declared environments and variants against the
/// golden files in the test target's snapshot folder (``snapshotFolder(forTestFile:)``), one Swift Testing issue per
/// render that differs: it names the component and variant, and beside the recorded `X.svg`
/// writes `X.new.svg` and, where Chromium or `rsvg-convert` is installed, `X.png` and `X.new.png` to compare.
///
/// ```swift
/// @Test func everyVariantMatchesItsSnapshot() {
///     assertSnapshots(of: [TagChip.self, TagCount.self])
/// }
/// ```
///
/// With `record` (by default when `RECORD_SNAPSHOTS=1`) it writes every render instead, and
/// removes files no render writes any more. The folder has the layout `starboard snapshot --dir`
/// writes, so the CLI can record or check the same files.
public func assertSnapshots(
    of components: [any Component.Type],
    directory: String? = nil,
    record: Bool = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1",
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let registry: Registry
    do {
        registry = try Registry(components)
    } catch {
        Issue.record(Comment(rawValue: "the components cannot be registered: \(error)"), sourceLocation: location)
        return
    }
    assertSnapshots(of: registry, directory: directory, record: record, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// ``assertSnapshots(of:directory:record:fileID:filePath:line:column:)`` for the components of a
/// registry already made (a package's own `makeRegistry()`, say). A changed render's issue shows
/// the first lines of its SVG that differ (one tag a line, ``SVGLineDiff``).
public func assertSnapshots(
    of registry: Registry,
    directory: String? = nil,
    record: Bool = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1",
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let folder = directory ?? snapshotFolder(forTestFile: filePath)
    let verdict = SnapshotSuite.verify(registry, in: folder, record: record)
    if let failure = verdict.failure {
        Issue.record(Comment(rawValue: failure), sourceLocation: location)
        return
    }
    for problem in verdict.problems {
        Issue.record(Comment(rawValue: problem + " (RECORD_SNAPSHOTS=1 records it if the change is intended)"), sourceLocation: location)
    }
    if record { print(verdict.summary) }
}

/// Checks one SVG (a view rendered by a test, not a registered component) against
/// `DIRECTORY/NAME.svg`. When it differs, the issue names the file, shows the first lines that
/// differ (``SVGLineDiff``) and the new render is written beside it as `NAME.new.svg`, as
/// `starboard snapshot --check` does; once it matches again that file is removed. A missing file
/// is recorded and still fails, so a new golden is looked at before it is committed. With
/// `record` every file is written and nothing fails.
///
/// ```swift
/// @Test func theCardMatches() throws {
///     assertSnapshot(of: try Renderer.render(Card()).svg, named: "card")
/// }
/// ```
public func assertSnapshot(
    of svg: String,
    named name: String,
    directory: String? = nil,
    record: Bool = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1",
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let folder = URL(fileURLWithPath: directory ?? snapshotFolder(forTestFile: filePath))
    let file = folder.appendingPathComponent(name + ".svg")
    let newFile = folder.appendingPathComponent(name + ".new.svg")
    func write(_ text: String, to url: URL) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            Issue.record(Comment(rawValue: "cannot write \(url.path): \(error)"), sourceLocation: location)
        }
    }
    guard !record, let recorded = try? String(contentsOf: file, encoding: .utf8) else {
        write(svg, to: file)
        try? FileManager.default.removeItem(at: newFile)
        if !record {
            Issue.record(Comment(rawValue: "recorded a new snapshot at \(file.path); look at it and run the tests again"), sourceLocation: location)
        }
        return
    }
    guard let difference = SVGLineDiff.firstDifference(recorded: recorded, new: svg) else {
        try? FileManager.default.removeItem(at: newFile)
        return
    }
    write(svg, to: newFile)
    Issue.record(Comment(rawValue: "snapshot \(name) differs from \(file.path); the new render is at \(newFile.path) "
        + "(RECORD_SNAPSHOTS=1 records it if the change is intended)\n" + difference), sourceLocation: location)
}

/// Where ``assertSnapshots(of:directory:record:fileID:filePath:line:column:)`` keeps the goldens
/// of a test in `filePath`: `__Snapshots__` beside the file when that folder exists (excluded in
/// the manifest, `exclude: ["__Snapshots__"]`), else `Tests/__Snapshots__/<test target>`, which
/// is in no target, so a new package needs no `exclude:` and SwiftPM has nothing to warn about
/// (an `exclude:` of a folder not recorded yet warns on every build, files in a target that are
/// neither sources nor excluded too). A file outside any `Tests/<target>` folder keeps them beside it.
public func snapshotFolder(forTestFile filePath: String) -> String {
    let file = URL(fileURLWithPath: filePath)
    let beside = file.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: beside.path, isDirectory: &isFolder), isFolder.boolValue { return beside.path }
    var folder = file.deletingLastPathComponent()
    while folder.pathComponents.count > 1 {
        let parent = folder.deletingLastPathComponent()
        if parent.lastPathComponent == "Tests" {
            return parent.appendingPathComponent("__Snapshots__").appendingPathComponent(folder.lastPathComponent).path
        }
        folder = parent
    }
    return beside.path
}
