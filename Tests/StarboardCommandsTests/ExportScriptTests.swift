import Foundation
import Testing
@testable import StarboardCommands

/// The bundler that makes the static page's classic script from the live page's modules, and
/// where `export` finds the page when run outside the repository.
@Suite("export: one script from the page's modules")
struct ExportScriptTests {
    private func folder(_ files: [String: String]) throws -> URL {
        let root = try makeTemporaryFolder("bundle")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    /// Runs the bundle under Node and returns what it printed.
    private func run(_ script: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["node", "-e", script]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }

    @Test func joinsModulesInImportOrderWithRenamedImportsAndExports() throws {
        let web = try folder([
            "static.js": "import { twice, label as name } from './lib/math.js';\nimport {\n  shout,\n} from './text.js';\nconsole.log(shout(name(twice(21))));\n",
            "lib/math.js": "export function twice(n) { return n * 2; }\nconst secret = 'x';\nfunction label(n) { return `n=${n}`; }\nexport { label };\n",
            "text.js": "import { twice } from './lib/math.js';\nexport const shout = (s) => `${s}!`.toUpperCase() + twice(1);\n",
        ])
        defer { try? FileManager.default.removeItem(at: web) }
        let bundle = try ExportScript.bundle(in: web)
        #expect(!bundle.contains("import "), "no import statement may remain in a classic script")
        #expect(!bundle.contains("export "))
        let math = try #require(bundle.range(of: "modules[\"lib/math.js\"]"))
        let text = try #require(bundle.range(of: "modules[\"text.js\"]"))
        let entry = try #require(bundle.range(of: "modules[\"static.js\"]"))
        #expect(math.lowerBound < text.lowerBound && text.lowerBound < entry.lowerBound)
        #expect(try run(bundle) == "N=42!2\n")
    }

    @Test func refusesWhatItCannotBundleAndSaysWhere() throws {
        let cases = [
            "export default 1;\n": "static.js:1",
            "import x from './a.js';\n": "static.js:1",
            "import { a } from 'https://example.com/a.js';\n": "static.js:1",
            "const a = 1;\nconst m = await import('./a.js');\n": "static.js:2",
            "export * from './a.js';\n": "static.js:1",
        ]
        for (source, place) in cases {
            let web = try folder(["static.js": source, "a.js": "export const a = 1;\n"])
            defer { try? FileManager.default.removeItem(at: web) }
            #expect {
                _ = try ExportScript.bundle(in: web)
            } throws: { error in
                (error as? ExportError)?.description.hasPrefix(place) == true
            }
        }
        let missing = try folder(["static.js": "import { a } from './gone.js';\n"])
        defer { try? FileManager.default.removeItem(at: missing) }
        #expect(throws: ExportError.self) { try ExportScript.bundle(in: missing) }
    }

    @Test func bundlesTheRealStaticPage() throws {
        let web = URL(fileURLWithPath: SnapshotExportTests.webRoot)
        let bundle = try ExportScript.bundle(in: web)
        for module in ["values.js", "controls.js", "inspector.js", "canvas.js", "catalog.js", "variants.js", "static.js"] {
            #expect(bundle.contains("modules[\"\(module)\"] = (function () {"), "\(module) is not in the bundle")
        }
        #expect(!bundle.contains("main.js"), "the live page's wiring has no place in the static page")
    }

    @Test func findsThePageInTheResourceBundleBesideTheExecutable() throws {
        let tree = try folder([
            ".build/x86_64-unknown-linux-gnu/debug/MyPreviews": "",
            ".build/x86_64-unknown-linux-gnu/debug/MyApp_StarboardCommands.resources/Web/index.html": "<html></html>",
        ])
        defer { try? FileManager.default.removeItem(at: tree) }
        // SwiftPM's .build/debug is a symlink to the triple's folder; the executable is run through it.
        try FileManager.default.createSymbolicLink(
            atPath: tree.appendingPathComponent(".build/debug").path, withDestinationPath: "x86_64-unknown-linux-gnu/debug")
        let found = PageResource.locate(executable: tree.appendingPathComponent(".build/debug/MyPreviews").path, sourceTree: "/nonexistent/Web")
        #expect((try? found.get()).map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
            == tree.appendingPathComponent(".build/x86_64-unknown-linux-gnu/debug/MyApp_StarboardCommands.resources/Web").resolvingSymlinksInPath().path)
    }

    @Test func aMissingPageSaysWhereItLookedAndHowToFixIt() {
        guard case .failure(let error) = PageResource.locate(executable: "/usr/bin/env", sourceTree: "/nonexistent/Web") else {
            Issue.record("no page should be found beside /usr/bin/env")
            return
        }
        #expect(error.description.contains("cannot find the inspector page"))
        #expect(error.description.contains("looked in /nonexistent/Web"))
        #expect(error.description.contains("copy the .resources folder next to /usr/bin/env"))
        #expect(error.description.contains("--web DIR"))
    }

    @Test func thisBuildShipsThePage() throws {
        // The test binary sits beside the bundle SwiftPM built, as every executable does.
        let found = try PageResource.locate(sourceTree: "/nonexistent/Web").get()
        #expect(found.hasSuffix("_StarboardCommands.resources/Web"))
        #expect(FileManager.default.fileExists(atPath: found + "/" + ExportScript.entry))
    }
}
