import Foundation

/// The inspector page (`index.html`, the ES modules, the CSS), shipped as this target's package
/// resource: SwiftPM copies it into `<Package>_StarboardCommands.resources/Web` beside every
/// executable that links Starboard, so `serve` and `export` find it from any folder and in any
/// package that depends on Starboard, without `--web`.
public enum PageResource {
    /// The end of the resource bundle's folder name; SwiftPM prefixes the package's name.
    static let bundleSuffix = "_StarboardCommands.resources"

    /// The folder given with `--web`, or the page that ships with the executable.
    public static func webRoot(given: String?) -> Result<String, PageResourceError> {
        given.map { .success($0) } ?? locate()
    }

    /// The page's folder: in the resource bundle beside `executable` (through any symlink), else
    /// in the source tree this file was compiled from (a binary copied away from its bundle on
    /// the machine that built it). The error says where it looked and how to fix it.
    public static func locate(executable: String = StarboardCommand.currentExecutable(),
                              sourceTree: String = sourceTreeWeb) -> Result<String, PageResourceError> {
        let fileManager = FileManager.default
        let folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        let bundles = ((try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(bundleSuffix) }.sorted()
        var candidates = bundles.map { folder.appendingPathComponent($0).appendingPathComponent("Web").path }
        candidates.append(sourceTree)
        if let found = candidates.first(where: { fileManager.fileExists(atPath: $0 + "/index.html") }) {
            return .success(found)
        }
        return .failure(PageResourceError(executable: folder.appendingPathComponent(URL(fileURLWithPath: executable).lastPathComponent).path,
                                          looked: candidates))
    }

    /// `Web` beside this source file, where the resource comes from.
    public static let sourceTreeWeb = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Web").path
}

/// The page's files are missing: where they were looked for, and how to get them back.
public struct PageResourceError: Error, CustomStringConvertible {
    let executable: String
    let looked: [String]

    public var description: String {
        """
        cannot find the inspector page (Web/index.html). It ships as the package resource \
        Starboard\(PageResource.bundleSuffix)/Web, which SwiftPM writes beside the executable; \
        looked in \(looked.joined(separator: ", ")). Build the executable with `swift build` \
        (which writes the bundle beside it), copy the .resources folder next to \(executable) \
        if you moved the executable, or pass --web DIR with a copy of Starboard's Web folder.
        """
    }
}
