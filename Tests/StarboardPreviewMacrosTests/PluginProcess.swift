import Foundation

/// The built `#Preview` plugin, run as the compiler runs it: frames in on stdin, frames out on
/// stdout, with a deadline so a plugin that would hang fails the test instead.
struct PluginProcess {
    /// What the plugin wrote and how it ended.
    struct Run {
        var replies: [[String: Any]]
        var status: Int32
        var stderr: String
    }

    /// Beside the test bundle, as SwiftPM builds it.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("StarboardPreviewMacros-tool")
    }

    static func frame(_ json: Any) throws -> Data {
        frame(bytes: try JSONSerialization.data(withJSONObject: json))
    }

    static func frame(bytes: Data) -> Data {
        var count = UInt64(bytes.count).littleEndian
        return withUnsafeBytes(of: &count) { Data($0) } + bytes
    }

    /// Writes `input`, closes stdin and reads every reply until the plugin exits.
    static func run(_ input: Data) throws -> Run {
        let process = Process()
        process.executableURL = executable
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Written from another thread: a reply as large as the request fills the pipe before
        // the request is all written, as with the compiler.
        let writer = stdin.fileHandleForWriting
        Thread.detachNewThread {
            writer.write(input)
            try? writer.close()
        }
        let deadline = Date().addingTimeInterval(20)
        let watchdog = Thread {
            while process.isRunning, Date() < deadline { usleep(10_000) }
            if process.isRunning { process.terminate() }
        }
        watchdog.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal { throw PluginHung() }
        var replies: [[String: Any]] = []
        var at = output.startIndex
        while at + 8 <= output.endIndex {
            let count = output[at..<at + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            let body = output[(at + 8)..<(at + 8 + count)]
            replies.append(try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:])
            at += 8 + count
        }
        let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return Run(replies: replies, status: process.terminationStatus, stderr: errors)
    }

    struct PluginHung: Error {}

    /// An `expandFreestandingMacro` request as the compiler sends it for `source`, whose text
    /// starts at `offset` bytes, on `line`, of `/src/Views.swift`.
    static func expansion(_ source: String, typeName: String = "PreviewMacro", line: Int = 10, offset: Int = 200) -> [String: Any] {
        [
            "expandFreestandingMacro": [
                "discriminator": "$s5Views0012viewsswift_abcfMX9_0_7PreviewfMf_",
                "lexicalContext": [Any](),
                "macro": ["moduleName": "StarboardPreviewMacros", "name": "Preview", "typeName": typeName],
                "macroRole": "declaration",
                "syntax": [
                    "kind": "declaration",
                    "location": ["column": 1, "fileID": "Views/Views.swift", "fileName": "/src/Views.swift", "line": line, "offset": offset],
                    "source": source,
                ],
            ] as [String: Any],
        ]
    }
}
