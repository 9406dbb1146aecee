import Foundation

/// What `serve --watch` rebuilds: the executable product the server is running (the caller's
/// own, e.g. `TagKitPreviews`, not Starboard's `starboard`), in the build it was run from.
///
/// SwiftPM puts an executable at `SCRATCH/TRIPLE/CONFIGURATION/PRODUCT`; when SCRATCH is not the
/// package's `.build` (`--scratch-path`) or the configuration is release, `swift build` is told
/// so, and the new worker comes from the same folder as the running server.
struct WatchBuild: Equatable {
    let product: String
    let options: [String]

    init(executable: String, package: String) {
        let url = URL(fileURLWithPath: executable).resolvingSymlinksInPath()
        product = url.lastPathComponent
        let configurationFolder = url.deletingLastPathComponent()
        let configuration = configurationFolder.lastPathComponent
        var options: [String] = []
        if configuration == "debug" || configuration == "release" {
            let scratch = configurationFolder.deletingLastPathComponent().deletingLastPathComponent()
            let defaultScratch = URL(fileURLWithPath: package).appendingPathComponent(".build").resolvingSymlinksInPath()
            if scratch.standardized.path != defaultScratch.standardized.path { options += ["--scratch-path", scratch.path] }
            if configuration == "release" { options += ["-c", "release"] }
        }
        self.options = options
    }
}
