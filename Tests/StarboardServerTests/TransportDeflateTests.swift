import Foundation
import Testing
@testable import StarboardServer
import StarboardSystem

/// End-to-end checks with a real client (Python `websockets`, which offers
/// permessage-deflate by default); skipped where it is not installed.
@Suite("Transport: permessage-deflate with a real client", .enabled(if: PythonWebSocketClient.isInstalled))
struct TransportDeflateTests {

    private static let client = #"""
    import asyncio, signal, sys, websockets
    signal.alarm(60)  # never hang the test run, whatever the server does
    async def main(port):
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws", subprotocols=["starboard.v1"],
                                      origin=f"http://127.0.0.1:{port}", max_size=None) as ws:
            print("extensions", ws.response.headers.get("Sec-WebSocket-Extensions"), flush=True)
            await ws.send("hello")
            print("echo", await asyncio.wait_for(ws.recv(), 10), flush=True)
            print("pushed", len(await asyncio.wait_for(ws.recv(), 20)), flush=True)
        for size in (300_000, 10_000_000):
            async with websockets.connect(f"ws://127.0.0.1:{port}/ws", subprotocols=["starboard.v1"],
                                          origin=f"http://127.0.0.1:{port}", max_size=None) as ws:
                try:
                    await asyncio.wait_for(ws.send("x" * size), 10)
                    await asyncio.wait_for(ws.recv(), 5)
                    print("oversize", size, "answered")
                except websockets.ConnectionClosed as error:
                    print("oversize", size, error.rcvd.code if error.rcvd else None)
                except asyncio.TimeoutError:
                    print("oversize", size, "timed out")
                sys.stdout.flush()
    asyncio.run(main(sys.argv[1]))
    """#

    @Test func compressedTrafficRoundTripsAndOversizeIsRefused() async throws {
        try await withServer { server, port, handler in
            let process = try Self.startPython(Self.client, arguments: ["\(port)"])
            // Waited for on this thread, not suspended: see waitUntil.
            #expect(waitUntil { handler.messages == ["hello"] })
            // 3 MiB deflated on its way out: lws keeps reading it across writeable callbacks.
            let big = OutgoingFrame(text: String(repeating: "z", count: 3 * 1024 * 1024))
            if let id = handler.opened.first {
                server.send(big, to: id, coalescingKey: nil)
            }
            let output = try Self.finish(process)
            #expect(output.status == 0, "the client said: \(output.text)")
            let lines = output.text.split(separator: "\n").map(String.init)
            #expect(lines.contains("extensions permessage-deflate"))
            #expect(lines.contains("echo echo:hello"))
            #expect(lines.contains("pushed \(3 * 1024 * 1024)"))
            #expect(lines.contains("oversize 300000 1009"))
            #expect(lines.contains("oversize 10000000 1009"))
            // Only the first connection's message may reach the handler; nothing truncated sneaks in.
            #expect(handler.messages == ["hello"])
        }
    }

    fileprivate static func startPython(_ script: String, arguments: [String]) throws -> ChildProcess {
        guard let python = ChildProcess.find("python3") else { throw TestClientError(description: "no python3") }
        return try ChildProcess(python, arguments: ["-c", script] + arguments, options: ChildProcess.Options(stdin: .null, stdout: .pipe, stderr: .stdout))
    }

    /// Reads everything the script prints, then its exit status.
    fileprivate static func finish(_ child: ChildProcess) throws -> (status: Int32, text: String) {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = try chunk.withUnsafeMutableBytes { try SystemCall.readSome(child.stdout, into: $0, "read the script's output") } ?? 0
            if count == 0 { break }
            output += chunk[..<count]
        }
        guard case .exited(let status) = child.wait() else { return (-1, String(decoding: output, as: UTF8.self)) }
        return (status, String(decoding: output, as: UTF8.self))
    }

}

/// Whether `python3` with the `websockets` package can be run.
private enum PythonWebSocketClient {
    static let isInstalled: Bool = {
        let result = try? TransportDeflateTests.finish(TransportDeflateTests.startPython("import websockets", arguments: []))
        return result?.status == 0
    }()
}
