import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Input → painted in a real page: the release server and headless Chromium, driven over the
/// DevTools protocol (a websocket, so the bench's own client serves), moving each component's
/// first slider. Two rhythms: inputs 150 ms apart (every one answered on its own) and one
/// input per animation frame (a drag).
enum BrowserBench {
    /// Chromium, where the machine has it: `STARBOARD_CHROMIUM`, else the Debian paths.
    static func chromium() -> String? {
        let candidates = [ProcessInfo.processInfo.environment["STARBOARD_CHROMIUM"], "/usr/bin/chromium", "/usr/bin/chromium-browser"]
        return candidates.compactMap { $0 }.first { access($0, X_OK) == 0 }
    }

    static func run(_ options: BenchOptions, components: [String], stateFile: String, folder: String, log: (String) -> Void) throws(BenchError) -> BrowserResult? {
        guard let executable = chromium() else {
            log("browser: no Chromium (set STARBOARD_CHROMIUM); skipped")
            return nil
        }
        let server = try ServerUnderTest.live(options, stateFile: stateFile)
        defer { server.process.stop() }
        let browser = try ServerProcess(executable: executable, arguments: [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--window-size=1400,900", "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1",
            "--user-data-dir=\(folder)/chromium", "about:blank",
        ])
        defer { browser.stop() }
        let line = try browser.waitForLine(containing: "DevTools listening on ws://127.0.0.1:", timeoutSeconds: 30)
        guard let start = line.range(of: "ws://127.0.0.1:") else { throw BenchError("no DevTools address in \"\(line)\"") }
        let rest = line[start.upperBound...]
        guard let port = Int(rest.prefix { $0.isNumber }), let slash = rest.firstIndex(of: "/") else {
            throw BenchError("no DevTools port in \"\(line)\"")
        }
        let devtools = try DevTools(port: port, path: String(rest[slash...]).trimmingCharacters(in: .whitespaces))
        var rows: [BrowserRow] = []
        for component in components {
            let session = try devtools.open("http://127.0.0.1:\(server.port)/?c=\(component)")
            // The new tab starts on about:blank and then loads the page: an evaluation in between
            // has its context destroyed under it, so the first one is tried again.
            let ready = try devtools.evaluateOnceLoaded("""
                new Promise((resolve) => { const t0 = performance.now(); const check = () => {
                  if (document.querySelector('#preview svg') && document.querySelector('#inspector input[type="range"]')) setTimeout(() => resolve(true), 500);
                  else if (performance.now() - t0 > 15000) resolve(false); else setTimeout(check, 50); }; check(); })
                """, session: session)
            guard ready as? Bool == true else { throw BenchError("browser: \(component) was not on screen within 15 s") }
            for (rhythm, spacing) in [("inputs 150 ms apart", 150), ("drag, an input per frame", 0)] {
                let arguments = "{ inputs: \(options.browserInputs), spacing: \(spacing), settleMs: 600 }"
                guard let result = try devtools.evaluate("(\(BrowserProbe.script))(\(arguments))", session: session) as? [String: Any] else {
                    throw BenchError("browser: the probe returned nothing for \(component)")
                }
                if let error = result["error"] as? String { throw BenchError("browser: \(component): \(error)") }
                let samples = (result["rows"] as? [[Double]]) ?? []
                let column = { (index: Int) in samples.map { UInt64(max($0[index], 0) * 1e6) } }
                rows.append(BrowserRow(
                    component: component, property: result["property"] as? String ?? "?", rhythm: rhythm,
                    inputs: result["inputs"] as? Int ?? 0, renders: result["renders"] as? Int ?? 0,
                    arrived: LatencySummary(nanoseconds: column(0)), inDOM: LatencySummary(nanoseconds: column(1)),
                    painted: LatencySummary(nanoseconds: column(2)), p90PaintedMicros: percentile(column(2), 0.9)))
                log("browser: \(component), \(rhythm): painted median \(BenchReport.millis(rows.last!.painted.medianMicros))")
            }
            try devtools.close(session)
        }
        return BrowserResult(rows: rows, chromium: executable)
    }

    static func percentile(_ samples: [UInt64], _ fraction: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        return Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]) / 1000
    }
}

/// One component and rhythm in the browser: times from the input that asked for a render.
public struct BrowserRow: Sendable {
    public let component: String
    public let property: String
    public let rhythm: String
    public let inputs: Int
    public let renders: Int
    public let arrived: LatencySummary
    public let inDOM: LatencySummary
    public let painted: LatencySummary
    public let p90PaintedMicros: Double
}

/// The browser rows, and the Chromium that ran them.
public struct BrowserResult: Sendable {
    public let rows: [BrowserRow]
    public let chromium: String

    /// A table of the rows (times in milliseconds from the input).
    public var table: String {
        var out = "Input → painted in headless Chromium (\(chromium)), the inspector's first slider\n\n"
        out += "| component | slider | rhythm | inputs / renders | render arrived | SVG in the DOM | **painted** median | painted p90 |\n"
        out += "|---|---|---|---:|---:|---:|---:|---:|\n"
        for row in rows {
            out += "| \(row.component) | \(row.property) | \(row.rhythm) | \(row.inputs) / \(row.renders) | \(BenchReport.millis(row.arrived.medianMicros)) | "
            out += "\(BenchReport.millis(row.inDOM.medianMicros)) | **\(BenchReport.millis(row.painted.medianMicros))** | \(BenchReport.millis(row.p90PaintedMicros)) |\n"
        }
        return out
    }
}

/// A DevTools protocol client over the bench's websocket: one browser connection, pages
/// attached as flat sessions.
final class DevTools {
    private let socket: WebSocketClient
    private var nextId = 1

    init(port: Int, path: String) throws(BenchError) {
        socket = try WebSocketClient(port: port, path: path, subprotocol: nil, timeoutSeconds: 60)
    }

    /// Opens `url` in a new tab and returns its session.
    func open(_ url: String) throws(BenchError) -> String {
        let created = try call("Target.createTarget", ["url": url])
        guard let target = created["targetId"] as? String else { throw BenchError("DevTools: no targetId") }
        let attached = try call("Target.attachToTarget", ["targetId": target, "flatten": true])
        guard let session = attached["sessionId"] as? String else { throw BenchError("DevTools: no sessionId") }
        return session
    }

    func close(_ session: String) throws(BenchError) {
        _ = try call("Page.close", [:], session: session)
    }

    /// ``evaluate(_:session:)``, tried again (for up to 15 s) while the page is still replacing about:blank.
    func evaluateOnceLoaded(_ expression: String, session: String) throws(BenchError) -> Any? {
        let deadline = Clock.now() + 15_000_000_000
        while true {
            do {
                return try evaluate(expression, session: session)
            } catch where Clock.now() < deadline && (error.description.contains("context") || error.description.contains("Context")) {
                usleep(100_000)
            }
        }
    }

    /// Evaluates `expression` in the page, awaiting a promise, and returns its value.
    func evaluate(_ expression: String, session: String) throws(BenchError) -> Any? {
        let reply = try call("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true], session: session)
        if let exception = reply["exceptionDetails"] as? [String: Any] {
            let text = ((exception["exception"] as? [String: Any])?["description"] as? String) ?? (exception["text"] as? String) ?? "?"
            throw BenchError("DevTools: the page threw: \(text)")
        }
        return (reply["result"] as? [String: Any])?["value"]
    }

    private func call(_ method: String, _ parameters: [String: Any], session: String? = nil) throws(BenchError) -> [String: Any] {
        let id = nextId
        nextId += 1
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if let session { message["sessionId"] = session }
        guard let data = try? JSONSerialization.data(withJSONObject: message) else { throw BenchError("DevTools: cannot encode \(method)") }
        try socket.send(bytes: [UInt8](data))
        while true {
            let reply = try socket.receive()
            guard let object = (try? JSONSerialization.jsonObject(with: Data(reply.payload))) as? [String: Any],
                  object["id"] as? Int == id else { continue } // events and other replies
            if let error = object["error"] as? [String: Any] {
                throw BenchError("DevTools: \(method) failed: \(error["message"] as? String ?? "?")")
            }
            return object["result"] as? [String: Any] ?? [:]
        }
    }
}
