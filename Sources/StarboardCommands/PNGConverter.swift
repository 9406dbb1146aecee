import Foundation
import StarboardSystem

/// Why a PNG could not be made.
struct ConversionError: Error {
    let message: String
}

/// Turns SVG into PNG with `rsvg-convert` from Debian's librsvg2-bin.
enum PNGConverter {
    static func convert(svg: String, zoom: Double = 2) -> Result<Data, ConversionError> {
        guard let tool = ChildProcess.find("rsvg-convert") else {
            return .failure(ConversionError(message: "writing PNG needs rsvg-convert; install it with `apt-get install librsvg2-bin`, or write .svg instead"))
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
        return .success(Data(output.stdout))
    }
}
