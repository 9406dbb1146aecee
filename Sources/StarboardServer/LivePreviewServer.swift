import Foundation
import StarboardInspector
import StarboardUI

/// The live preview server: the websocket transport, the shared session, the component host and
/// the state file together.
public final class LivePreviewServer: Sendable {
    /// What `starboard serve` configures.
    public struct Options: Sendable {
        public var host = "127.0.0.1"
        public var port = 8080
        public var webRoot: String
        public var stateFile: String?
        public var allowedOrigins: [String] = []
        public var originCheck = true
        /// Seconds a stalled client may keep output waiting before it is dropped.
        public var stallTimeout = 30.0
        /// Where warnings that come while serving go (a save that failed).
        public var log: @Sendable (String) -> Void = { _ in }

        public init(webRoot: String) {
            self.webRoot = webRoot
        }
    }

    public let session: Session
    /// Warnings from loading the state file (values dropped or clamped, a foreign file moved aside).
    public let warnings: [String]
    private let server: WebSocketServer
    private let store: StateStore?

    /// `host` runs the component code: a ``WorkerHost`` for isolation, an ``InProcessHost`` in tests.
    public init(host: any ComponentHost, options: Options) throws(HostError) {
        let store = options.stateFile.map { StateStore(path: $0, saveFailed: options.log) }
        let loaded = store?.load() ?? (components: [:], warnings: [])
        let session = try Session(host: host, saved: loaded.components) { store?.changed() }
        store?.observe { [session] in session.snapshot() }
        let configuration = ServerConfiguration(
            host: options.host, port: options.port, webRoot: options.webRoot,
            extraFiles: Dictionary(uniqueKeysWithValues: Typesetter.shared.fontFiles.map { ("/fonts/" + $0.fileName, $0.path) }),
            allowedOrigins: options.allowedOrigins, originCheck: options.originCheck,
            stallTimeout: options.stallTimeout
        )
        let server = WebSocketServer(configuration: configuration, handler: session)
        session.attach(server)
        self.session = session
        self.server = server
        self.store = store
        self.warnings = loaded.warnings + session.warnings
    }

    /// Binds and starts serving; returns the port listened on.
    public func start() throws(WebSocketServerError) -> Int {
        let port = try server.start()
        // The worker's pipes join the server's poll: its replies are handled where they are sent.
        session.run(on: server.eventLoop)
        return port
    }

    /// Stops serving, writes the current values and stops the worker. Throws when the values
    /// could not be written (everything is stopped all the same).
    public func stop() throws {
        server.stop()
        session.shutdown()
        try store?.flush()
    }
}
