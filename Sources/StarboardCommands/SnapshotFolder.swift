import Foundation

/// The snapshot directory on disk: one folder per component, one `.svg` per render, and the
/// `.new.svg` / `.png` / `.new.png` files a failed check leaves beside them.
struct SnapshotFolder {
    /// The directory as the user gave it, so messages show paths they recognise.
    let root: String

    /// The extensions of the files a check writes beside `X.svg`.
    static let checkArtifacts = [".new.svg", ".new.png", ".png"]

    func path(_ folder: String, _ file: String) -> String {
        (root.hasSuffix("/") ? root : root + "/") + folder + "/" + file
    }

    func read(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    /// Writes `data` unless the file already holds exactly that, so unchanged files keep their
    /// modification times. Returns whether it wrote.
    @discardableResult
    func write(_ data: Data, to path: String) throws(SnapshotError) -> Bool {
        if read(path) == data { return false }
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw SnapshotError("cannot write \(path): \(error.localizedDescription)")
        }
        return true
    }

    /// Removes the file if it is there. Returns whether it was.
    @discardableResult
    func remove(_ path: String) throws(SnapshotError) -> Bool {
        guard FileManager.default.fileExists(atPath: path) else { return false }
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            throw SnapshotError("cannot remove \(path): \(error.localizedDescription)")
        }
        return true
    }

    /// The names of the files in one component's folder, sorted; none when it does not exist.
    func files(in folder: String) -> [String] {
        let directory = (root.hasSuffix("/") ? root : root + "/") + folder
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    /// The names of the folders directly inside the root, sorted.
    func subfolders() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { name in
            var isFolder: ObjCBool = false
            return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: path(name, ""), isDirectory: &isFolder) && isFolder.boolValue
        }.sorted()
    }

    /// Whether the root exists but is not a folder.
    var isBlockedByAFile: Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) && !isFolder.boolValue
    }

    /// The render a file in a component's folder belongs to: `Three stars` for `Three stars.svg`,
    /// `Three stars.new.png` and the like; nil for files that are none of these.
    static func baseName(of file: String) -> String? {
        for suffix in checkArtifacts + [".svg"] where file.hasSuffix(suffix) {
            return String(file.dropLast(suffix.count))
        }
        return nil
    }
}
