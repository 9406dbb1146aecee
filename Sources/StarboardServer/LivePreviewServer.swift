import Foundation
import StarboardLocking
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
        /// The token required beyond loopback; nil makes a random one at start (see ``AccessToken``).
        public var accessToken: AccessToken?
        /// Seconds a stalled client may keep output waiting before it is dropped.
        public var stallTimeout = 30.0
        /// The package "Save as variant" writes into; nil when the server runs outside one.
        public var sourcePackage: SourcePackage?
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
    ///
    /// With a state file: saved values are loaded (a file that cannot be read throws
    /// ``StartError/unreadableState(_:)``: its values are never replaced by defaults), revisions
    /// move to the next epoch (see ``Revision``), and the values are written once before serving,
    /// so a path that cannot be written is said now (``warnings``, and to every page) rather than
    /// after the first change.
    public init(host: any ComponentHost, options: Options) throws(StartError) {
        let sessionBox = SessionBox()
        let log = options.log
        let store = options.stateFile.map { path in
            StateStore(path: path) { failure in
                if let failure { log(failure) } else { log("values are saved again to \(path)") }
                sessionBox.session?.announceSaving(failure: failure)
            }
        }
        var loaded: (components: [String: SavedComponent], warnings: [String]) = ([:], [])
        if let store {
            do {
                loaded = try store.load()
            } catch {
                throw .unreadableState("\(store.path): \(error)")
            }
        }
        // A restart counts on from the next epoch: acknowledged changes the last run had not yet
        // saved must never be counted again with other values. A component with nothing saved
        // starts at 0: the write below saves that, so the next start moves it to an epoch.
        let keepsValues = store?.keepsValues ?? false
        let saved = keepsValues ? loaded.components.mapValues { SavedComponent(values: $0.values, revision: Revision.afterRestart($0.revision)) } : [:]
        let session: Session
        do {
            session = try Session(host: host, saved: saved, package: options.sourcePackage) { store?.changed() }
        } catch {
            throw .components(error)
        }
        sessionBox.session = session
        store?.observe { [session] in session.changes() }
        var warnings = loaded.warnings + session.warnings + Typesetter.shared.rejectedFiles.map { "font \($0)" }
        if let store, keepsValues {
            do {
                try store.flush()
            } catch {
                warnings.append("values will NOT be saved: \(error)")
            }
        }
        let configuration = ServerConfiguration(
            host: options.host, port: options.port, webRoot: options.webRoot,
            extraFiles: Self.fontFiles(),
            allowedOrigins: options.allowedOrigins, originCheck: options.originCheck,
            stallTimeout: options.stallTimeout, accessToken: options.accessToken
        )
        let server = WebSocketServer(configuration: configuration, handler: session)
        session.attach(server)
        self.session = session
        self.server = server
        self.store = store
        self.warnings = warnings
    }

    /// The faces text is measured with under `/fonts/`, and `/fonts/faces.css` naming each: a
    /// file of its own in the temporary folder, named by its contents, so the same faces share it.
    static func fontFiles() -> [String: String] {
        let fonts = Typesetter.shared.fontFiles
        var files = Dictionary(fonts.map { ("/fonts/" + $0.fileName, $0.path) }, uniquingKeysWith: { first, _ in first })
        let css = Typesetter.fontFaceRules(fonts)
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in css.utf8 { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("starboard-faces-\(String(hash, radix: 16)).css").path
        if FileManager.default.contents(atPath: path) != Data(css.utf8) {
            try? Data(css.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        }
        files["/fonts/faces.css"] = path
        return files
    }

    /// Why the server could not start.
    public enum StartError: Error, CustomStringConvertible {
        /// The state file is there but cannot be read.
        case unreadableState(String)
        /// The component code could not be loaded.
        case components(HostError)

        public var description: String {
            switch self {
            case .unreadableState(let message): message
            case .components(let error): "cannot load the components: \(error)"
            }
        }
    }

    /// The session, once made, for the state file's reports (which can only come after).
    private final class SessionBox: @unchecked Sendable {
        // Set once before any save can be reported; read on the store's queue afterwards.
        private let lock = Locked<Session?>(nil)
        var session: Session? {
            get { lock.withLock { $0 } }
            set { lock.withLock { $0 = newValue } }
        }
    }

    /// Binds and starts serving; returns the port listened on.
    public func start() throws(WebSocketServerError) -> Int {
        try listen().port
    }

    /// Binds and starts serving; returns where it listens and the token needed beyond loopback.
    public func listen() throws(WebSocketServerError) -> Listening {
        let listening = try server.listen()
        // The worker's pipes join the server's poll: its replies are handled where they are sent.
        session.run(on: server.eventLoop)
        return listening
    }

    /// Stops serving, writes the current values and stops the worker. Returns whether values
    /// were written (false with no state file or one that keeps nothing, `/dev/null`); throws
    /// when they could not be (everything is stopped all the same).
    @discardableResult
    public func stop() throws(StateStoreError) -> Bool {
        server.stop()
        session.shutdown()
        return try store?.flush() ?? false
    }
}
