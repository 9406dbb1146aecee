import Foundation
import Testing
import StarboardSystem
@testable import StarboardServer
#if canImport(Glibc)
import Glibc
#endif

@Suite("File watcher")
struct FileWatcherTests {
    @Test func aRootThatCannotBeWatchedIsAnErrorWithItsErrno() {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("starboard-no-such-\(UUID().uuidString)").path
        #expect(throws: SystemError("watch \(missing)", code: ENOENT)) {
            _ = try FileWatcher(roots: [missing]) { _ in }
        }
    }

    @Test func editorTempAndBackupNamesAreNotSource() {
        #expect(FileWatcher.isSource("Badge.swift"))
        #expect(!FileWatcher.isSource(".Badge.swift"))
        #expect(!FileWatcher.isSource("#Badge.swift"))
        #expect(!FileWatcher.isSource("Badge.swift~"))
        #expect(!FileWatcher.isSource("notes.md"))
    }
}
