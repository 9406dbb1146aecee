import Foundation

/// Turns the live page's files into the static page's: `index.html` loads classic scripts
/// instead of the ES modules, and root-relative URLs (`/fonts/…`) become relative ones, so the
/// folder works from `file://` and from any sub-path of a web server.
enum ExportPage {
    /// The classic script that shows the exported data read-only, bundled at export time from
    /// the page's modules (``ExportScript``).
    static let viewerScript = "staticmode.js"
    static let dataScript = "data.js"

    /// `index.html` without its module scripts, loading `data.js` and the viewer instead.
    /// Chromium blocks module scripts from `file://` (they are fetched in CORS mode and a file
    /// has an opaque origin); deferred classic scripts run there, in order, after parsing.
    static func staticIndex(_ html: String) throws(ExportError) -> String {
        var page = replacing(#"[ \t]*<script\b[^>]*\btype\s*=\s*["']?module["']?[^>]*>[\s\S]*?</script>[ \t]*\n?"#, in: html, with: "")
        page = replacing(#"[ \t]*<link\b[^>]*\brel\s*=\s*["']?modulepreload["']?[^>]*>[ \t]*\n?"#, in: page, with: "")
        page = replacing(#"\b(href|src)\s*=\s*(["'])/(?!/)"#, in: page, with: "$1=$2")
        guard let head = page.range(of: "</head>", options: .caseInsensitive) else {
            throw ExportError("the page's index.html has no </head> to add the static page's scripts to")
        }
        let scripts = "  <script defer src=\"\(dataScript)\"></script>\n  <script defer src=\"\(viewerScript)\"></script>\n"
        page.replaceSubrange(head.lowerBound..<head.lowerBound, with: scripts)
        return page
    }

    /// A style sheet `depth` folders below the export's root with `url(/x)` made relative.
    static func relativeURLs(css: String, depth: Int) -> String {
        let prefix = String(repeating: "../", count: depth)
        return replacing(#"url\(\s*(["']?)/(?!/)"#, in: css, with: "url($1" + prefix)
    }

    /// Whether the export copies a file of the Web folder (by its path inside it): everything
    /// but the ES modules, which the static page gets bundled into ``viewerScript``, hidden files,
    /// and the protocol's schema, which only the live page's connection reads.
    static func copies(_ relativePath: String) -> Bool {
        let name = (relativePath as NSString).lastPathComponent
        if name.hasPrefix(".") || name.hasSuffix(".schema.json") { return false }
        return !(name.hasSuffix(".js") || name.hasSuffix(".mjs"))
    }

    /// The bytes the export writes for a copied Web file.
    static func transform(_ data: Data, relativePath: String) throws(ExportError) -> Data {
        let depth = relativePath.split(separator: "/").count - 1
        if relativePath == "index.html" {
            return Data(try staticIndex(String(decoding: data, as: UTF8.self)).utf8)
        }
        if relativePath.hasSuffix(".css") {
            return Data(relativeURLs(css: String(decoding: data, as: UTF8.self), depth: depth).utf8)
        }
        return data
    }

    private static func replacing(_ pattern: String, in text: String, with template: String) -> String {
        // The patterns are constants; a typo would show in every test.
        let expression = try! NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
        return expression.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
    }
}
