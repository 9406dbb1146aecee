import Dispatch
import Foundation
import StarboardServer
import StarboardLocking

/// The loopback floor: a ``WebSocketServer`` (the same libwebsockets transport and socket set-up
/// as `starboard serve`) whose handler sends every text message straight back.
public enum EchoServer {
    /// Serves on a free loopback port, prints "Starboard echo server is listening on URL" and
    /// runs until SIGTERM or SIGINT; returns the exit status.
    public static func run(webRoot: String) -> Int32 {
        let handler = EchoHandler()
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, webRoot: webRoot, originCheck: false)
        let server = WebSocketServer(configuration: configuration, handler: handler)
        handler.attach(server)
        let port: Int
        do {
            port = try server.start()
        } catch {
            FileHandle.standardError.write(Data("starboard: echo server: \(error)\n".utf8))
            return 1
        }
        let termination = TerminationSignals()
        FileHandle.standardOutput.write(Data("Starboard echo server is listening on http://127.0.0.1:\(port)/\n".utf8))
        termination.wait()
        server.stop()
        handler.detach()
        return 0
    }
}

/// Echoes each text message to its sender, on the service thread, as the session sends its acks.
final class EchoHandler: WebSocketHandler {
    private let server = Locked<WebSocketServer?>(nil)

    func attach(_ server: WebSocketServer) {
        self.server.withLock { $0 = server }
    }

    func detach() {
        server.withLock { $0 = nil }
    }

    func connectionOpened(_ connection: ConnectionID) {}

    func connectionClosed(_ connection: ConnectionID) {}

    func received(_ text: String, from connection: ConnectionID) {
        server.withLock { $0 }?.send(OutgoingFrame(text: text), to: connection)
    }
}
