import Foundation
import Testing
@testable import StarboardServer

@Suite("Transport: static files and the Host check")
struct TransportHTTPTests {
    @Test func servesIndexAtRootWithSecurityHeaders() async throws {
        try await withServer { _, port, _ in
            let response = try httpGet(port: port, path: "/")
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "text/html; charset=utf-8")
            #expect(response.text == TestSite.index)
            let policy = try #require(response.headers["content-security-policy"])
            #expect(policy.contains("default-src 'self'"))
            #expect(policy.contains("connect-src 'self' ws://127.0.0.1:\(port)"))
            #expect(policy.contains("style-src 'self' 'unsafe-inline'"))
            #expect(policy.contains("script-src 'self';"))
            #expect(policy.contains("frame-ancestors 'none'"))
            #expect(response.headers["x-content-type-options"] == "nosniff")
            #expect(response.headers["referrer-policy"] == "no-referrer")
            #expect(response.headers["x-frame-options"] == "DENY")
            // The page is never kept, so a browser's back/forward cache does not keep its
            // websocket open (issue 26, item 6: every reload was one more window watching).
            #expect(response.headers["cache-control"] == "no-store")
        }
    }

    @Test(arguments: [
        ("/js/app.js", "text/javascript; charset=utf-8"),
        ("/js/module.mjs", "text/javascript; charset=utf-8"),
        ("/style.css", "text/css; charset=utf-8"),
        ("/home.html", "text/html; charset=utf-8"),
    ])
    func servesFilesWithTheirContentType(path: String, contentType: String) async throws {
        try await withServer { _, port, _ in
            let response = try httpGet(port: port, path: path)
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == contentType)
            #expect(response.headers["cache-control"] == (contentType.hasPrefix("text/html") ? "no-store" : "no-cache"))
            #expect(!response.body.isEmpty)
        }
    }

    @Test func servesExtraFilesOutsideTheRoot() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let font = site.base.appendingPathComponent("Font.ttf")
        try Data([0, 1, 0, 0, 42]).write(to: font)
        try await withServer(site: site, configure: { $0.extraFiles = ["/fonts/Font.ttf": font.path] }) { _, port, _ in
            let response = try httpGet(port: port, path: "/fonts/Font.ttf")
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "font/ttf")
            #expect(response.body == [0, 1, 0, 0, 42])
            #expect(response.headers["x-content-type-options"] == "nosniff")
        }
    }

    @Test func missingFileIs404WithSecurityHeaders() async throws {
        try await withServer { _, port, _ in
            let response = try httpGet(port: port, path: "/nope.js")
            #expect(response.status == 404)
            #expect(response.headers["content-security-policy"] != nil)
            #expect(response.headers["x-frame-options"] == "DENY")
        }
    }

    @Test(arguments: [
        "/../secret.txt",
        "/js/../../secret.txt",
        "/%2e%2e/secret.txt",
        "/%2E%2E%2Fsecret.txt",
        "/..%2fsecret.txt",
        "/js/..%5c..%5csecret.txt",
        "/..\\secret.txt",
        "/%252e%252e/secret.txt",
        "/escape.txt",
        "/.%00/secret.txt",
    ])
    func traversalIsRefused(path: String) async throws {
        try await withServer { _, port, _ in
            let response = try httpGet(port: port, path: path)
            #expect([400, 403, 404].contains(response.status), "\(path) answered \(response.status)")
            #expect(!response.text.contains(TestSite.secret))
        }
    }

    @Test func foreignHostIs403AndKnownHostsAreServed() async throws {
        try await withServer { _, port, _ in
            let foreign = try httpGet(port: port, path: "/", host: "evil.example:\(port)")
            let portless = try httpGet(port: port, path: "/", host: "127.0.0.1")
            let localhost = try httpGet(port: port, path: "/", host: "localhost:\(port)")
            let loopback6 = try httpGet(port: port, path: "/", host: "[::1]:\(port)")
            #expect(foreign.status == 403)
            #expect(!foreign.text.contains("Starboard"))
            #expect(portless.status == 403)
            #expect(localhost.status == 200)
            #expect(loopback6.status == 200)
        }
    }

    /// 2,000 small headers (23 KB) lws does not know were served: it keeps them apart from the
    /// headers it counts. Over 16 KiB of headers, however they are spread, get 431; several
    /// requests of 10 KB each on one kept-alive connection are each served.
    @Test func manySmallUnknownHeadersGet431AndKeptAliveRequestsAreCountedApart() async throws {
        try await withServer { _, port, _ in
            let many = (0..<2_000).map { "X-\($0): v" }
            #expect(try httpGet(port: port, path: "/", extraHeaders: many).status == 431)
            let some = (0..<100).map { "X-Padding-\($0): \(String(repeating: "v", count: 80))" }
            let socket = try TestSocket(port: port)
            for _ in 0..<3 {
                try socket.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n" + some.map { $0 + "\r\n" }.joined() + "\r\n")
                #expect(try TestHTTPResponse(head: socket.readHeaderBlock(), socket: socket).status == 200)
            }
        }
    }

    @Test func nonGetMethodsAreRefused() async throws {
        try await withServer { _, port, _ in
            let socket = try TestSocket(port: port)
            try socket.send("POST / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            let response = try TestHTTPResponse(head: socket.readHeaderBlock(), socket: socket)
            #expect(response.status == 405)
        }
    }

    /// What lws answers itself (a request line it cannot read, an `Upgrade` to something other
    /// than websocket) came without the security headers (issue 11, item 13).
    @Test(arguments: [
        "GARBAGE\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\nUpgrade: h3\r\nConnection: Upgrade\r\n\r\n",
    ])
    func libwebsocketsOwnRefusalsCarryTheSecurityHeaders(request: String) async throws {
        try await withServer { _, port, _ in
            let socket = try TestSocket(port: port)
            try socket.send(request.replacingOccurrences(of: "PORT", with: "\(port)"))
            let response = try TestHTTPResponse(head: socket.readHeaderBlock(), socket: socket)
            #expect(response.status == 403)
            #expect(response.headers["x-content-type-options"] == "nosniff")
            #expect(response.headers["x-frame-options"] == "DENY")
            #expect(response.headers["content-security-policy"]?.contains("frame-ancestors 'none'") == true)
        }
    }

    /// lws's parser refuses a `%00` in the path and closes with no answer at all; no callback
    /// comes before it, so the server cannot write one (docs/protocol.md says so). What matters
    /// is that it is refused and the server goes on serving.
    @Test func aNulByteInThePathIsClosedAndTheServerGoesOn() async throws {
        try await withServer { _, port, _ in
            let socket = try TestSocket(port: port)
            try socket.send("GET /index.html%00.txt HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            #expect(socket.waitForEOF())
            #expect(try httpGet(port: port, path: "/").status == 200)
        }
    }
}

@Suite("Transport: path resolution and request policy")
struct TransportPolicyTests {
    @Test func resolverRefusesDotSegmentsAndEncodedLeftovers() throws {
        let site = try TestSite()
        defer { site.remove() }
        let resolver = StaticFileResolver(webRoot: site.webRoot, extraFiles: [:])
        #expect(resolver.resolve("/../secret.txt") == .refused)
        #expect(resolver.resolve("/js/./app.js") == .refused)
        #expect(resolver.resolve("/%2e%2e/secret.txt") == .refused)
        #expect(resolver.resolve("/a\\b") == .refused)
        #expect(resolver.resolve("/escape.txt") == .notFound)
        #expect(resolver.resolve("/js/") == .notFound)
        guard case .file(_, let type) = resolver.resolve("/") else {
            Issue.record("index.html not resolved")
            return
        }
        #expect(type == "text/html; charset=utf-8")
    }

    @Test(arguments: [
        ("a.svg", "image/svg+xml; charset=utf-8"),
        ("a.json", "application/json; charset=utf-8"),
        ("a.woff2", "font/woff2"),
        ("a.png", "image/png"),
        ("dir.v1/a", "application/octet-stream"),
    ])
    func contentTypes(name: String, type: String) {
        #expect(StaticFileResolver.contentType(for: name) == type)
    }

    @Test func originsAreOurOwnPlusConfigured() {
        var configuration = ServerConfiguration(port: 0, webRoot: "/tmp", allowedOrigins: ["https://tools.example/"])
        let policy = RequestPolicy(configuration: configuration, port: 4242)
        #expect(policy.allowsOrigin("http://127.0.0.1:4242"))
        #expect(policy.allowsOrigin("http://LOCALHOST:4242"))
        #expect(policy.allowsOrigin("https://tools.example"))
        #expect(!policy.allowsOrigin("http://127.0.0.1:4243"))
        #expect(!policy.allowsOrigin("null"))
        #expect(!policy.allowsOrigin(nil))
        configuration.originCheck = false
        #expect(RequestPolicy(configuration: configuration, port: 4242).allowsOrigin(nil))
    }
}
