import Foundation
import StarboardSystem
import StarboardUI

/// Why a PNG could not be made.
struct ConversionError: Error {
    let message: String
}

/// A PNG, and what the author should know about how it was drawn.
struct PNGImage {
    var data: Data
    var warning: String?
}

/// Turns SVG into PNG the way the page draws it: with headless Chromium (Debian's `chromium`),
/// given every face layout measured with as a web font, so colour emoji, shaping and fallback
/// faces come out as in the browser. Without Chromium, `rsvg-convert` (librsvg2-bin) draws it,
/// which cannot draw colour emoji, and says so.
enum PNGConverter {
    static func convert(svg: String, zoom: Double = 2) -> Result<PNGImage, ConversionError> {
        if let chromium = ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap(ChildProcess.find).first {
            return withChromium(chromium, svg: svg, zoom: zoom)
        }
        guard let tool = ChildProcess.find("rsvg-convert") else {
            return .failure(ConversionError(message: "writing PNG needs Chromium or rsvg-convert; install them with `apt-get install chromium` or `apt-get install librsvg2-bin`, or write .svg instead"))
        }
        // The SVG goes in while the PNG and any complaint come out, so a large image or a chatty
        // failure cannot fill a pipe and stall both sides.
        let output: ChildProcess.Output
        do {
            output = try ChildProcess.run(tool, arguments: ["--format=png", "--zoom=\(zoom)"], input: Array(svg.utf8))
        } catch {
            return .failure(ConversionError(message: "could not run rsvg-convert: \(error)"))
        }
        guard output.succeeded else {
            let said = output.stderrText.trimmingCharacters(in: .whitespacesAndNewlines)
            return .failure(ConversionError(message: "rsvg-convert \(output.termination)" + (said.isEmpty ? "" : ": \(said)")))
        }
        let warning = svg.contains(Typesetter.emojiFamilyName)
            ? "drawn with rsvg-convert, which draws colour emoji as specks; install chromium for PNGs as the page draws them" : nil
        return .success(PNGImage(data: Data(output.stdout), warning: warning))
    }

    /// The page Chromium takes a screenshot of: the SVG alone at the top left, on nothing, with
    /// the faces as web fonts from their files.
    static func page(for svg: String, fonts: [Typesetter.FontFile]) -> String {
        var css = ""
        for font in fonts {
            let url = URL(fileURLWithPath: font.path).absoluteString
            css += "@font-face{font-family:\"\(font.family.replacingOccurrences(of: "\"", with: ""))\";src:url(\"\(url)\");"
            css += "font-weight:\(font.weight);font-style:\(font.isItalic ? "italic" : "normal");font-display:block}\n"
        }
        return "<!doctype html><html><head><meta charset=\"utf-8\"><style>\n\(css)html,body{margin:0;padding:0;overflow:hidden;background:transparent}svg{display:block}</style></head><body>\(svg)</body></html>\n"
    }

    /// The size in points an SVG says it is.
    static func size(of svg: String) -> (width: Double, height: Double)? {
        func attribute(_ name: String) -> Double? {
            guard let range = svg.range(of: " \(name)=\""), let end = svg[range.upperBound...].firstIndex(of: "\"") else { return nil }
            return Double(svg[range.upperBound..<end])
        }
        guard let width = attribute("width"), let height = attribute("height"), width > 0, height > 0 else { return nil }
        return (width, height)
    }

    private static func withChromium(_ chromium: String, svg: String, zoom: Double) -> Result<PNGImage, ConversionError> {
        guard let (width, height) = size(of: svg) else {
            return .failure(ConversionError(message: "the SVG has no width and height to draw it at"))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("starboard-png-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let html = folder.appendingPathComponent("page.html"), png = folder.appendingPathComponent("page.png")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(page(for: svg, fonts: Typesetter.shared.fontFiles).utf8).write(to: html)
        } catch {
            return .failure(ConversionError(message: "cannot write the page to draw in \(folder.path): \(error.localizedDescription)"))
        }
        var arguments = [
            chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
            "--no-first-run", "--allow-file-access-from-files", "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
            "--force-device-scale-factor=\(zoom)", "--window-size=\(Int(width.rounded(.up))),\(Int(height.rounded(.up)))",
            "--default-background-color=00000000", "--screenshot=\(png.path)", html.absoluteString,
        ]
        // A browser that hangs must not hang the command.
        if let timeout = ChildProcess.find("timeout") { arguments = [timeout, "60"] + arguments }
        let output: ChildProcess.Output
        do {
            output = try ChildProcess.run(arguments[0], arguments: Array(arguments.dropFirst()))
        } catch {
            return .failure(ConversionError(message: "could not run \(chromium): \(error)"))
        }
        guard output.succeeded, let data = FileManager.default.contents(atPath: png.path) else {
            let said = output.stderrText.split(separator: "\n").filter { !$0.contains("dbus") }.suffix(3).joined(separator: "\n")
            return .failure(ConversionError(message: "\(chromium) \(output.termination) without a screenshot" + (said.isEmpty ? "" : ": \(said)")))
        }
        return .success(PNGImage(data: data))
    }
}
