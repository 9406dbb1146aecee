import Foundation
import StarboardInspector
import StarboardUI

/// `starboard export --out DIR [--web DIR]`.
enum ExportCommand: Command {
    static let name = "export"
    static let summary = "Write a static, read-only inspector with every component pre-rendered"
    static let declaration = CommandDeclaration<Options>(
        name: name,
        about: """
            Writes the inspector page in a read-only static mode, with the defaults and every declared
            variant of every component already rendered. Open DIR/index.html straight from disk
            (file://) or put DIR on any static web server; no Starboard process is needed.

            FILES:
              DIR/index.html         the inspector page, loading data.js and staticmode.js
              DIR/data.js            window.STARBOARD_EXPORT = {format, exported, catalog, renders}:
                                     the catalog and, per component, its default render and variants
              DIR/staticmode.js      the read-only viewer: the page's own modules (static.js and what it
                                     imports) joined into one classic script, which works from file://
              DIR/style.css, …       the page's other files, with /fonts/ URLs made relative
              DIR/fonts/             the DejaVu faces and Noto Color Emoji, which the SVG text is set in
            Existing files of those names are replaced; nothing else in DIR is touched.
            """,
        arguments: nil,
        options: [
            .value("-o", "--out", placeholder: "DIR", expects: "a folder", required: true, help: "Where to write the site (required).") { options, folder in
                options.output = folder
                return true
            },
            .value("--web", placeholder: "DIR", expects: "a folder",
                   help: "The page files to start from (default: the page Starboard ships as a resource beside this executable).") { options, folder in
                options.webRoot = folder
                return true
            },
            SnapshotCommand.jobsOption(),
        ],
        finish: { $0.output.isEmpty ? "export needs --out DIR" : nil }
    )
    static var usage: String { declaration.usage }

    struct Options: Equatable, Sendable, JobsOption {
        var output = ""
        var webRoot: String?
        /// How many threads render; the export is the same for any number.
        var threads = ParallelWork.defaultThreads
    }

    static func run(_ arguments: [String], context: CommandContext) -> StarboardCommand.Action {
        let options: Options
        switch parse(arguments) {
        case .failure(let error): return .output(error.output)
        case .success(let parsed): options = parsed
        }
        return context.output { export(options, registry: $0) }
    }

    static func parse(_ arguments: [String]) -> Result<Options, CommandOutputError> {
        declaration.parse(arguments, into: Options())
    }

    static func export(_ options: Options, registry: Registry, now: Date = Date()) -> CommandOutput {
        let webRoot: String
        switch PageResource.webRoot(given: options.webRoot) {
        case .success(let found): webRoot = found
        case .failure(let error): return .failure(error.description, code: 1)
        }
        let web = URL(fileURLWithPath: webRoot).standardized.resolvingSymlinksInPath()
        let out = resolvingSymlinks(URL(fileURLWithPath: options.output).standardized)
        guard FileManager.default.fileExists(atPath: web.appendingPathComponent("index.html").path) else {
            return .failure("\(webRoot) has no index.html; pass the page's folder with --web DIR", code: 1)
        }
        guard FileManager.default.fileExists(atPath: web.appendingPathComponent(ExportScript.entry).path) else {
            return .failure("\(webRoot) has no \(ExportScript.entry), which the static page is built from", code: 1)
        }
        if out.path == web.path || out.path.hasPrefix(web.path + "/") {
            return .usage("--out \(options.output) is inside the Web folder; the export would overwrite the live page", help: usage)
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: out.path, isDirectory: &isFolder), !isFolder.boolValue {
            return .failure("\(options.output) is a file, not a folder", code: 1)
        }

        var result = CommandOutput()
        do {
            let catalog = try ExportCatalog(registry: registry, exported: now, threads: options.threads)
            let viewer = try ExportScript.bundle(in: web)
            for relativePath in try pageFiles(in: web) {
                let data = try read(web.appendingPathComponent(relativePath))
                try write(try ExportPage.transform(data, relativePath: relativePath), to: out.appendingPathComponent(relativePath))
            }
            try write(Data(catalog.script.utf8), to: out.appendingPathComponent(ExportPage.dataScript))
            try write(Data(viewer.utf8), to: out.appendingPathComponent(ExportPage.viewerScript))
            // DejaVu's faces and the emoji face, which the page always names, and the faces the
            // catalog's renders used (an Arabic caption's Noto Sans Arabic, say); not every face
            // fontconfig knows.
            var copied: [Typesetter.FontFile] = []
            for font in Typesetter.shared.coreFontFiles + Typesetter.shared.usedFontFiles where !copied.contains(font) {
                guard let data = FileManager.default.contents(atPath: font.path) else {
                    result.stderr += "warning: cannot read \(font.path) (scripts/install-deps installs it); the page falls back to other fonts\n"
                    continue
                }
                try write(data, to: out.appendingPathComponent("fonts").appendingPathComponent(font.fileName))
                copied.append(font)
            }
            try write(Data(Typesetter.fontFaceRules(copied).utf8), to: out.appendingPathComponent("fonts").appendingPathComponent("faces.css"))
            let index = (options.output.hasSuffix("/") ? options.output : options.output + "/") + "index.html"
            result.stdout = "Exported \(catalog.componentCount) components and \(catalog.variantCount) variants to \(options.output); "
                + "open \(index), or serve the folder with any static web server\n"
        } catch {
            return .failure(error.description, code: 1)
        }
        return result
    }

    /// `url` with the symlinks of its deepest existing ancestor resolved (Foundation resolves
    /// none in a path that does not exist yet), so `--out Web/site` is seen to be inside the page
    /// even when `Web` is a link.
    static func resolvingSymlinks(_ url: URL) -> URL {
        var existing = url
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        return rest.reduce(existing.resolvingSymlinksInPath()) { $0.appendingPathComponent($1) }
    }

    /// The Web folder's files the static page uses, as paths inside it, sorted.
    static func pageFiles(in web: URL) throws(ExportError) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: web.path) else {
            throw ExportError("cannot read the folder \(web.path)")
        }
        var files: [String] = []
        while let relativePath = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            let path = web.appendingPathComponent(relativePath).path
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                if (relativePath as NSString).lastPathComponent.hasPrefix(".") { walker.skipDescendants() }
                continue
            }
            if ExportPage.copies(relativePath) { files.append(relativePath) }
        }
        return files.sorted()
    }

    private static func read(_ url: URL) throws(ExportError) -> Data {
        guard let data = FileManager.default.contents(atPath: url.path) else { throw ExportError("cannot read \(url.path)") }
        return data
    }

    private static func write(_ data: Data, to url: URL) throws(ExportError) {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw ExportError("cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}
