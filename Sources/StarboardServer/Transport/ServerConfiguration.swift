/// Everything a ``WebSocketServer`` needs to know before it binds.
public struct ServerConfiguration: Sendable {
    /// Address to listen on; an IPv4 or IPv6 literal. Loopback only by default.
    public var host: String
    /// Port to listen on; `0` lets the system pick a free one (see ``WebSocketServer/start()``).
    public var port: Int
    /// Folder served at `/`; `/` itself serves `index.html`.
    public var webRoot: String
    /// Single files served outside the web root: URL path (`/fonts/DejaVuSans.ttf`) to absolute file path.
    public var extraFiles: [String: String]
    /// Websocket origins accepted besides the server's own (`http://127.0.0.1:PORT` and friends).
    public var allowedOrigins: [String]
    /// Whether websocket upgrades must carry an allowed `Origin` header; only turn off for tools.
    public var originCheck: Bool
    /// Largest text message accepted from a client; bigger ones close the connection with 1009.
    public var maxMessageBytes: Int
    /// Seconds a client may keep output waiting without becoming writeable before it is dropped.
    public var stallTimeout: Double
    /// URL path of the websocket endpoint.
    public var websocketPath: String
    /// Websocket subprotocol clients must offer.
    public var subprotocol: String
    /// Most frames that may wait for one client before it is dropped as too slow. Reading from a
    /// client stops before (at three quarters of this) until a quarter is left, so a client that
    /// sends faster than it reads is slowed down rather than dropped.
    public var maxQueuedFrames: Int
    /// Most bytes that may wait for one client before it is dropped as too slow.
    public var maxQueuedBytes: Int
    /// Bytes (after inflating) one client may send at once before reading from it pauses
    /// (see ``ReadBudget``).
    public var readBurstBytes: Int
    /// Bytes a second one client may send after its burst: reading from it resumes when it is
    /// back within this rate, so its frames never wait in front of the other clients'.
    public var readBytesPerSecond: Int
    /// The token clients must present when the server listens beyond loopback (see
    /// ``AccessToken``); nil makes a random one at start. Unused on loopback, which stays open
    /// to this machine's own clients without one.
    public var accessToken: AccessToken?

    /// Creates a configuration; only the web root has no sensible default.
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        webRoot: String,
        extraFiles: [String: String] = [:],
        allowedOrigins: [String] = [],
        originCheck: Bool = true,
        maxMessageBytes: Int = 256 * 1024,
        stallTimeout: Double = 30,
        websocketPath: String = "/ws",
        subprotocol: String = "starboard.v1",
        maxQueuedFrames: Int = 1024,
        maxQueuedBytes: Int = 8 * 1024 * 1024,
        readBurstBytes: Int = 2 * 1024 * 1024,
        readBytesPerSecond: Int = 2 * 1024 * 1024,
        accessToken: AccessToken? = nil
    ) {
        self.host = host
        self.port = port
        self.webRoot = webRoot
        self.extraFiles = extraFiles
        self.allowedOrigins = allowedOrigins
        self.originCheck = originCheck
        self.maxMessageBytes = maxMessageBytes
        self.stallTimeout = stallTimeout
        self.websocketPath = websocketPath
        self.subprotocol = subprotocol
        self.maxQueuedFrames = maxQueuedFrames
        self.maxQueuedBytes = maxQueuedBytes
        self.readBurstBytes = readBurstBytes
        self.readBytesPerSecond = readBytesPerSecond
        self.accessToken = accessToken
    }
}
