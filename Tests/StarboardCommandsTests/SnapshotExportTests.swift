import StarboardComponents
import Foundation
import StarboardInspector
import Testing
@testable import StarboardCommands

/// `starboard export`, in-process: what it writes, checked file by file. The browser side is
/// Tests/e2e/test_export.py.
@Suite("starboard export")
struct SnapshotExportTests {
    let registry = try! StarboardComponents.makeRegistry()
    static let webRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Web").path

    private func export(to folder: URL) -> CommandOutput {
        guard case .output(let output) = StarboardCommand.parse(["export", "--out", folder.path, "--web", Self.webRoot]) else {
            Issue.record("expected output")
            return CommandOutput()
        }
        return output
    }

    @Test func writesThePageTheDataOfEveryRenderAndTheFonts() throws {
        let folder = try makeTemporaryFolder("export")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = export(to: folder.appendingPathComponent("site"))
        #expect(output.exitCode == 0, "\(output.stderr)")
        let site = folder.appendingPathComponent("site")

        let index = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("<script defer src=\"data.js\"></script>\n  <script defer src=\"staticmode.js\"></script>\n</head>"))
        #expect(!index.contains("type=\"module\""), "file:// cannot load module scripts")
        #expect(index.contains("id=\"component-list\""), "the static page reuses the live page's markup")
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("staticmode.js").path))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("main.js").path))
        // The faces' rules sit beside the fonts, their URLs relative to that folder.
        #expect(index.contains("<link rel=\"stylesheet\" href=\"fonts/faces.css\">"))
        let css = try String(contentsOf: site.appendingPathComponent("fonts/faces.css"), encoding: .utf8)
        #expect(css.contains("@font-face { font-family: \"DejaVu Sans\"; src: url(\"DejaVuSans.ttf\"); font-weight: 400; font-style: normal;"))
        #expect(css.contains("font-family: \"Noto Color Emoji\"; src: url(\"NotoColorEmoji.ttf\")"))
        #expect(!css.contains("url(\"/"))

        for font in ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"] {
            let copied = FileManager.default.contents(atPath: site.appendingPathComponent("fonts/\(font)").path)
            #expect(copied != nil && copied == FileManager.default.contents(atPath: "/usr/share/fonts/truetype/dejavu/\(font)"))
        }

        let script = try String(contentsOf: site.appendingPathComponent("data.js"), encoding: .utf8)
        let prefix = "window.STARBOARD_EXPORT = "
        let start = try #require(script.range(of: prefix)).upperBound
        let end = try #require(script.range(of: ";\n", options: .backwards)).lowerBound
        let data = try JSONValue(parsing: String(script[start..<end]))
        #expect(data["format"] == .integer(1))
        // Compared as text: parsing reads 5 as an integer where the writer held a double.
        #expect(data["catalog"]?.description == registry.schema.description)
        #expect(data["exported"]?.stringValue?.hasSuffix("Z") == true)
        for component in registry.components {
            let render = try #require(data["renders"]?[component.name], "no render of \(component.name)")
            let defaults = try component.render(component.defaults)
            #expect(render["svg"]?.stringValue == defaults.rendering.svg)
            #expect(render["values"]?.description == component.json(defaults.values).description)
            #expect(render["accessibility"]?.description == JSONValue.array(defaults.rendering.accessibility.map(\.json)).description)
            guard case .array(let variants)? = render["variants"] else {
                Issue.record("\(component.name) has no variants array")
                continue
            }
            #expect(variants.compactMap { $0["name"]?.stringValue } == component.variants.map(\.name))
            for (entry, variant) in zip(variants, component.variants) {
                #expect(entry["svg"]?.stringValue == (try component.render(variant.values)).rendering.svg)
                #expect(entry["values"]?.description == component.json(variant.changes).description)
            }
        }
        #expect(output.stdout.contains("Exported \(registry.components.count) components and \(registry.components.reduce(0) { $0 + $1.variants.count }) variants"))
    }

    @Test func refusesToWriteIntoTheWebFolder() {
        guard case .output(let output) = StarboardCommand.parse(["export", "--out", Self.webRoot + "/site", "--web", Self.webRoot]) else {
            Issue.record("expected output")
            return
        }
        #expect(output.exitCode == 2)
        #expect(output.stderr.contains("inside the Web folder"))
        #expect(!FileManager.default.fileExists(atPath: Self.webRoot + "/site"))
    }

    @Test func staticIndexSwapsModulesForClassicScripts() throws {
        let live = """
            <html><head>
              <link rel="stylesheet" href="/style.css">
              <script type="module" src="main.js"></script>
              <link rel="modulepreload" href="canvas.js">
            </head><body><img src="//example.test/x.png"></body></html>
            """
        let page = try ExportPage.staticIndex(live)
        #expect(page == """
            <html><head>
              <link rel="stylesheet" href="style.css">
              <script defer src="data.js"></script>
              <script defer src="staticmode.js"></script>
            </head><body><img src="//example.test/x.png"></body></html>
            """)
        #expect(throws: ExportError.self) { try ExportPage.staticIndex("<p>no head</p>") }
        #expect(ExportPage.relativeURLs(css: "a{background:url('/img/x.png')} b{src:url(/fonts/y.ttf)}", depth: 1)
            == "a{background:url('../img/x.png')} b{src:url(../fonts/y.ttf)}")
    }
}
