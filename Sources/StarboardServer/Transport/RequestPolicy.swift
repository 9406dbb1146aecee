/// Which requests the server answers: allowed `Host` and `Origin` headers, the access token
/// beyond loopback, and the security headers of every HTTP response.
///
/// The `Host` check defeats DNS rebinding (a hostile page whose name resolves
/// to 127.0.0.1); the `Origin` check defeats cross-site websocket hijacking,
/// since browsers let any page open a websocket to localhost. Neither stops a
/// program on another machine, which sends what headers it likes: beyond
/// loopback the token does (``AccessToken``).
struct RequestPolicy: Sendable {
    private let allowedHosts: Set<String>
    private let allowedOrigins: Set<String>
    private let checksOrigin: Bool
    /// Required on the page and on websocket upgrades; nil on loopback.
    let accessToken: AccessToken?
    /// On every response, lws's own refusals included (the vhost's canned headers).
    let securityHeaders: [(name: String, value: String)]
    /// On the server's own responses: files may be kept, but asked for again each time, so an
    /// edited page or a new build is never served stale. (lws would otherwise add `no-store`.)
    static let cacheControl = (name: "Cache-Control", value: "no-cache")
    /// ``cacheControl`` as a raw header line, for responses written whole.
    static let cacheControlLine = "\(cacheControl.name): \(cacheControl.value)\r\n"
    /// The page itself is never kept: a browser keeps a page it may come back to (its
    /// back/forward cache) with its websocket open, and the server would go on counting a
    /// window that was reloaded or left as one watching. `no-store` keeps it out of that cache.
    static let pageCacheControlLine = "\(cacheControl.name): no-store\r\n"

    /// The query parameter that carries the token, on `/` and on the websocket path.
    static let tokenParameter = "token"

    /// `accessToken` nil: loopback, where the loopback names and the configured host are the
    /// only Hosts. With a token the machine's own names and addresses are allowed too, since
    /// that is what browsers on other devices send.
    init(configuration: ServerConfiguration, port: Int, accessToken: AccessToken? = nil,
         machine: MachineAddresses = MachineAddresses(names: [], addresses: [])) {
        var names = ["127.0.0.1", "localhost", "[::1]", Self.urlHost(configuration.host)]
        if accessToken != nil {
            names += machine.names + machine.addresses.map(Self.urlHost)
        }
        var hosts = Set(names.map { "\($0):\(port)".lowercased() })
        if port == 80 {
            hosts.formUnion(names.map { $0.lowercased() })
        }
        allowedHosts = hosts
        allowedOrigins = Set(names.map { "http://\($0):\(port)".lowercased() })
            .union(configuration.allowedOrigins.map(Self.normalizedOrigin))
        checksOrigin = configuration.originCheck
        self.accessToken = accessToken
        let ownSocket = "ws://\(Self.urlHost(configuration.host)):\(port)"
        securityHeaders = [
            ("Content-Security-Policy",
             "default-src 'self'; connect-src 'self' \(ownSocket); img-src 'self' data: blob:; "
                + "style-src 'self' 'unsafe-inline'; font-src 'self'; script-src 'self'; "
                + "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("X-Frame-Options", "DENY"),
        ]
    }

    /// Whether a request carrying `token` (the `token` query parameter, nil when absent) may
    /// have the page or a websocket: always on loopback, with the right token beyond it.
    func allowsToken(_ token: String?) -> Bool {
        guard let accessToken else { return true }
        return accessToken.matches(token)
    }

    /// What a refused request is told: that a token is needed, and where it is to be found.
    /// Never the token itself.
    static let tokenRefusal = """
        Forbidden: this Starboard server listens beyond loopback and needs its access token.
        Open the URL that `starboard serve` printed when it started (it ends in ?token=...);
        websocket clients connect to /ws?token=THE_TOKEN.

        """

    /// Whether a request with this `Host` header (nil when absent) may be answered.
    func allowsHost(_ host: String?) -> Bool {
        guard let host else { return false }
        return allowedHosts.contains(host.trimmingSpaces().lowercased())
    }

    /// Whether a websocket upgrade with this `Origin` header (nil when absent) may proceed.
    func allowsOrigin(_ origin: String?) -> Bool {
        guard checksOrigin else { return true }
        guard let origin else { return false }
        return allowedOrigins.contains(Self.normalizedOrigin(origin))
    }

    /// `host` as it appears in a URL authority: IPv6 literals get brackets.
    static func urlHost(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }

    private static func normalizedOrigin(_ origin: String) -> String {
        var origin = origin.trimmingSpaces().lowercased()
        while origin.hasSuffix("/") {
            origin.removeLast()
        }
        return origin
    }
}

extension String {
    func trimmingSpaces() -> String {
        var view = Substring(self)
        while let first = view.first, first == " " || first == "\t" { view.removeFirst() }
        while let last = view.last, last == " " || last == "\t" { view.removeLast() }
        return String(view)
    }
}
