/// Which requests the server answers: allowed `Host` and `Origin` headers and
/// the security headers of every HTTP response.
///
/// The `Host` check defeats DNS rebinding (a hostile page whose name resolves
/// to 127.0.0.1); the `Origin` check defeats cross-site websocket hijacking,
/// since browsers let any page open a websocket to localhost.
struct RequestPolicy: Sendable {
    private let allowedHosts: Set<String>
    private let allowedOrigins: Set<String>
    private let checksOrigin: Bool
    let securityHeaders: [(name: String, value: String)]

    init(configuration: ServerConfiguration, port: Int) {
        let names = ["127.0.0.1", "localhost", "[::1]", Self.urlHost(configuration.host)]
        var hosts = Set(names.map { "\($0):\(port)".lowercased() })
        if port == 80 {
            hosts.formUnion(names.map { $0.lowercased() })
        }
        allowedHosts = hosts
        allowedOrigins = Set(names.map { "http://\($0):\(port)".lowercased() })
            .union(configuration.allowedOrigins.map(Self.normalizedOrigin))
        checksOrigin = configuration.originCheck
        let ownSocket = "ws://\(Self.urlHost(configuration.host)):\(port)"
        securityHeaders = [
            ("Content-Security-Policy",
             "default-src 'self'; connect-src 'self' \(ownSocket); img-src 'self' data: blob:; "
                + "style-src 'self' 'unsafe-inline'; font-src 'self'; script-src 'self'; "
                + "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("X-Frame-Options", "DENY"),
            ("Cache-Control", "no-cache"),
        ]
    }

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

    /// The security headers as raw HTTP/1.1 header lines, each ending in CRLF.
    var securityHeaderLines: String {
        securityHeaders.map { "\($0.name): \($0.value)\r\n" }.joined()
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
