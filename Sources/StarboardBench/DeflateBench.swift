import StarboardInspector
import StarboardServer

/// What compressing one render for permessage-deflate costs against rendering it: the server's
/// own ``MessageDeflater`` on a render message of each component's defaults, with zlib's
/// standard tables (what every message used before) and with the settings it uses now for
/// messages under 16 KiB, timed in alternation with the render itself.
public struct DeflateResult: Sendable {
    public let component: String
    public let messageBytes: Int
    public let render: LatencySummary
    /// Standard settings (32 KiB window, 64 KiB hash table).
    public let standard: LatencySummary
    public let standardBytes: Int
    /// The settings the server uses for this size now.
    public let current: LatencySummary
    public let currentBytes: Int

    public var standardRatio: Double { render.medianMicros > 0 ? standard.medianMicros / render.medianMicros : 0 }
    public var currentRatio: Double { render.medianMicros > 0 ? current.medianMicros / render.medianMicros : 0 }
}

enum DeflateBench {
    static func run(registry: Registry, iterations: Int, log: (String) -> Void) throws(BenchError) -> [DeflateResult] {
        let standard = MessageDeflater(small: .standard, large: .standard)
        let current = MessageDeflater()
        var results: [DeflateResult] = []
        for component in registry.components {
            let svg: String
            do { svg = try component.render(component.defaults).rendering.svg } catch {
                throw BenchError("\(component.name) does not render: \(error)")
            }
            // A render message as the server writes one: the SVG is most of it.
            let escaped = svg.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            let message = Array(#"{"type":"render","component":"\#(component.name)","revision":1,"values":{},"svg":"\#(escaped)"}"#.utf8)
            var renders: [UInt64] = [], standards: [UInt64] = [], currents: [UInt64] = []
            var standardBytes = 0, currentBytes = 0
            let warmUp = max(iterations / 10, 5)
            for index in 0..<(warmUp + iterations) {
                var started = Clock.now()
                do { _ = try component.render(component.defaults) } catch { throw BenchError("\(component.name) does not render: \(error)") }
                let rendered = Clock.now() - started
                started = Clock.now()
                let a = message.withUnsafeBytes { standard.compress($0) }
                let standardTime = Clock.now() - started
                started = Clock.now()
                let b = message.withUnsafeBytes { current.compress($0) }
                let currentTime = Clock.now() - started
                standardBytes = a?.count ?? message.count
                currentBytes = b?.count ?? message.count
                if index >= warmUp {
                    renders.append(rendered)
                    standards.append(standardTime)
                    currents.append(currentTime)
                }
            }
            results.append(DeflateResult(
                component: component.name, messageBytes: message.count, render: LatencySummary(nanoseconds: renders),
                standard: LatencySummary(nanoseconds: standards), standardBytes: standardBytes,
                current: LatencySummary(nanoseconds: currents), currentBytes: currentBytes))
        }
        log("deflate: done")
        return results
    }

    static func table(_ results: [DeflateResult]) -> String {
        var out = "Deflate per render message (the server's MessageDeflater, level 1) against the render (medians, in alternation)\n\n"
        out += "| component | message | render | deflate, standard tables | bytes | ratio | **deflate, now** | bytes | **ratio** |\n"
        out += "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        for r in results {
            out += "| \(r.component) | \(r.messageBytes) B | \(BenchReport.micros(r.render.medianMicros)) | \(BenchReport.micros(r.standard.medianMicros)) | \(r.standardBytes) | "
            out += String(format: "%.2f× | ", r.standardRatio) + "**\(BenchReport.micros(r.current.medianMicros))** | \(r.currentBytes) | "
            out += String(format: "**%.2f×** |\n", r.currentRatio)
        }
        return out
    }
}
