import Foundation

/// Turns SVG into PNG with `rsvg-convert` from Debian's librsvg2-bin.
/// Why a PNG could not be made.
struct ConversionError: Error {
    let message: String
}

enum PNGConverter {
    static func convert(svg: String, zoom: Double = 2) -> Result<Data, ConversionError> {
        guard let tool = findExecutable("rsvg-convert") else {
            return .failure(ConversionError(message: "writing PNG needs rsvg-convert; install it with `apt-get install librsvg2-bin`, or write .svg instead"))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--format=png", "--zoom=\(zoom)"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return .failure(ConversionError(message: "could not run rsvg-convert: \(error)"))
        }
        // Write from another thread while this one reads, so a large PNG cannot fill the pipe and
        // stall both sides. A Dispatch thread, not a Task: blocking on a Task from a caller that
        // itself runs on the small cooperative pool can deadlock (it did, under parallel tests).
        let writing = DispatchGroup()
        DispatchQueue.global(qos: .userInitiated).async(group: writing) {
            input.fileHandleForWriting.write(Data(svg.utf8))
            try? input.fileHandleForWriting.close()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        writing.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return .failure(ConversionError(message: "rsvg-convert failed: \(message)"))
        }
        return .success(data)
    }

    static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
