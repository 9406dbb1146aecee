#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Maps a request path to a file inside the web root (or the extra files), and
/// refuses every way out of the root.
///
/// lws has already percent-decoded the path and folded `/../` segments; this
/// type still refuses what could only come from an attack (dot segments,
/// leftover `%`, backslashes, NUL) and checks with `realpath` that symlinks do
/// not lead outside the root.
struct StaticFileResolver: Sendable {
    /// The outcome for one request path.
    enum Resolution: Equatable {
        case file(path: String, contentType: String)
        /// The path can only be an attack or a mistake (400).
        case refused
        case notFound
    }

    /// The canonical web root, or nil when it does not exist.
    private let root: String?
    private let extraFiles: [String: String]

    init(webRoot: String, extraFiles: [String: String]) {
        root = Self.canonicalPath(webRoot)
        self.extraFiles = extraFiles
    }

    func resolve(_ requestPath: String) -> Resolution {
        if requestPath.contains("\0") || requestPath.contains("\\") || requestPath.contains("%")
            || !requestPath.hasPrefix("/") {
            return .refused
        }
        if let extra = extraFiles[requestPath] {
            return Self.isRegularFile(extra) ? .file(path: extra, contentType: Self.contentType(for: extra)) : .notFound
        }
        var relative = requestPath.dropFirst()
        if relative.isEmpty || relative.hasSuffix("/") {
            relative += "index.html"
        }
        let segments = relative.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains(where: { $0 == "." || $0 == ".." }) {
            return .refused
        }
        // Empty segments (`//`) and hidden files (`.git`) are never part of the site.
        if segments.contains(where: { $0.isEmpty || $0.hasPrefix(".") }) {
            return .notFound
        }
        guard let root, let resolved = Self.canonicalPath(root + "/" + relative),
              resolved.hasPrefix(root + "/"), Self.isRegularFile(resolved)
        else {
            return .notFound
        }
        return .file(path: resolved, contentType: Self.contentType(for: String(relative)))
    }

    /// The `Content-Type` for a file name; text types carry `charset=utf-8`.
    static func contentType(for fileName: String) -> String {
        let name = fileName.lowercased()
        let fileExtension = name.split(separator: "/").last?.split(separator: ".").last.map(String.init) ?? ""
        return switch fileExtension {
        case "html", "htm": "text/html; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "svg": "image/svg+xml; charset=utf-8"
        case "json", "map": "application/json; charset=utf-8"
        case "txt": "text/plain; charset=utf-8"
        case "woff2": "font/woff2"
        case "ttf": "font/ttf"
        case "png": "image/png"
        case "ico": "image/x-icon"
        default: "application/octet-stream"
        }
    }

    private static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
