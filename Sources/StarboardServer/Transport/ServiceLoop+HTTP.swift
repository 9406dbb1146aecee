import CStarboardSystem
import CStarboardWebSockets

/// Static files, the `Host` check and refused websocket upgrades.
extension ServiceLoop {
    func serveHTTP(_ wsi: OpaquePointer, path: String) throws(WebSocketServerError) -> Int32 {
        guard headerBytes(wsi) <= ServiceLoop.maxHeaderBytes else {
            return try respond(wsi, status: 431, body: "Request headers over \(ServiceLoop.maxHeaderBytes) bytes\n")
        }
        guard policy.allowsHost(header(wsi, WSI_TOKEN_HOST)) else {
            return try respond(wsi, status: 403, body: "Forbidden: unknown Host header\n")
        }
        guard lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) > 0 else {
            return try respond(wsi, status: 405, body: "Method not allowed\n")
        }
        switch files.resolve(path) {
        case .refused:
            return try respond(wsi, status: 400, body: "Bad request path\n")
        case .notFound:
            return try respond(wsi, status: 404, body: "Not found\n")
        case .file(let filePath, let contentType):
            // Beyond loopback the page needs the token: a browser without it gets the reason in
            // words rather than a page that can never connect. The files the page loads (its
            // scripts, styles and fonts, the same for everyone) hold no component state and are
            // served without it; the state only ever travels over the websocket.
            if contentType.hasPrefix("text/html"), !policy.allowsToken(queryArgument(wsi, RequestPolicy.tokenParameter)) {
                return try respond(wsi, status: 403, body: RequestPolicy.tokenRefusal)
            }
            // The security headers are the vhost's canned headers, which lws adds to every status line.
            let extra = contentType.hasPrefix("text/html") ? RequestPolicy.pageCacheControlLine : RequestPolicy.cacheControlLine
            let result = try LWSCall.check(
                lws_serve_http_file(wsi, filePath, contentType, extra, Int32(extra.utf8.count)),
                "lws_serve_http_file"
            )
            // > 0: the file went out in one go, so the transaction is over.
            return result > 0 ? completeTransaction(wsi) : 0
        }
    }

    /// Whether an upgrade may go ahead, decided before libwebsockets picks a subprotocol (it closes
    /// an upgrade offering none of its own without a word): 0 to go ahead, -1 once the refusal
    /// the client can read (400, 403, 426 or 431, with the security headers) is written.
    ///
    /// The `Upgrade` header is read again here rather than from the callback's argument: for an
    /// upgrade to something lws does not speak, it has already answered 403 and, on a keep-alive
    /// connection, freed the headers that argument points into (CVE-2025-11677, which Debian's
    /// 4.1.6 has). Gone headers read as none, and such a connection is only closed.
    func confirmUpgrade(_ wsi: OpaquePointer) throws(WebSocketServerError) -> Int32 {
        guard let upgrade = header(wsi, WSI_TOKEN_UPGRADE)?.trimmingSpaces().lowercased() else { return -1 }
        switch upgrade {
        case "websocket":
            guard let refusal = upgradeRefusal(wsi) else { return 0 }
            _ = try? refuseUpgrade(wsi, refusal)
        case "h2c":
            // lws lets this one through to be refused by someone; HTTP/2 is not served here.
            _ = try? refuseUpgrade(wsi, UpgradeRefusal(body: "Forbidden: only HTTP/1.1 and websocket are served here\n"))
        default:
            break  // lws answered it with its own 403.
        }
        return -1
    }

    /// The last check of an upgrade, once lws has picked the subprotocol: a client that offers
    /// the name of one of the server's internal protocols first (`http, starboard.v1`) would get
    /// that one, so anything but the websocket endpoint is refused. The other checks were made in
    /// ``confirmUpgrade(_:)``, which lws calls before every HTTP/1.1 upgrade (the only kind served).
    func filterUpgrade(_ wsi: OpaquePointer, endpoint: Endpoint) throws(WebSocketServerError) -> Int32 {
        guard endpoint != .websocket else { return 0 }
        _ = try? refuseUpgrade(wsi, UpgradeRefusal(body: Self.subprotocolRefusal(configuration.subprotocol)))
        return -1
    }

    /// Why a websocket upgrade is refused, or nil when it may go ahead. Each refusal lws would
    /// otherwise make in silence is answered with its reason.
    private func upgradeRefusal(_ wsi: OpaquePointer) -> UpgradeRefusal? {
        if headerBytes(wsi) > ServiceLoop.maxHeaderBytes {
            return UpgradeRefusal(status: "431 Request Header Fields Too Large",
                                  body: "Request headers over \(ServiceLoop.maxHeaderBytes) bytes\n")
        }
        if header(wsi, WSI_TOKEN_VERSION)?.trimmingSpaces() != "13" {
            // RFC 6455, 4.4: say which version this server speaks.
            return UpgradeRefusal(status: "426 Upgrade Required", extraHeaders: [("Sec-WebSocket-Version", "13")],
                                  body: "Only websocket version 13 (RFC 6455) is spoken here\n")
        }
        let connection = (header(wsi, WSI_TOKEN_CONNECTION) ?? "").split(separator: ",").map { String($0).trimmingSpaces().lowercased() }
        if !connection.contains("upgrade") {
            return UpgradeRefusal(status: "400 Bad Request", body: "A websocket upgrade needs \"Connection: Upgrade\"\n")
        }
        if !Self.isWebSocketKey(header(wsi, WSI_TOKEN_KEY)) {
            return UpgradeRefusal(status: "400 Bad Request", body: "Sec-WebSocket-Key must be 16 bytes in base64 (RFC 6455, 4.1)\n")
        }
        let protocols = header(wsi, WSI_TOKEN_PROTOCOL) ?? ""
        // lws reads the offered subprotocols into 127 bytes and closes in silence beyond.
        if protocols.utf8.count > Self.maxSubprotocolBytes {
            return UpgradeRefusal(status: "400 Bad Request",
                                  body: "Sec-WebSocket-Protocol is \(protocols.utf8.count) bytes; at most \(Self.maxSubprotocolBytes) are read, so offer fewer\n")
        }
        let offered = protocols.split(separator: ",").map { String($0).trimmingSpaces() }
        let forbidden: String? =
            if !policy.allowsHost(header(wsi, WSI_TOKEN_HOST)) {
                "Forbidden: unknown Host header\n"
            } else if !policy.allowsOrigin(header(wsi, WSI_TOKEN_ORIGIN)) {
                "Forbidden: websocket Origin not allowed\n"
            } else if header(wsi, WSI_TOKEN_GET_URI) != configuration.websocketPath {
                "Forbidden: no websocket endpoint here\n"
            } else if !policy.allowsToken(queryArgument(wsi, RequestPolicy.tokenParameter)) {
                RequestPolicy.tokenRefusal
            } else if !offered.contains(configuration.subprotocol) {
                Self.subprotocolRefusal(configuration.subprotocol)
            } else {
                nil
            }
        return forbidden.map { UpgradeRefusal(body: $0) }
    }

    /// The longest `Sec-WebSocket-Protocol` lws 4.1 reads (its buffer is 128 bytes, one for the NUL).
    static let maxSubprotocolBytes = 126

    /// A nonce of 16 bytes in base64: 22 characters of the alphabet, then `==`.
    static func isWebSocketKey(_ key: String?) -> Bool {
        guard let key = key?.trimmingSpaces(), key.utf8.count == 24, key.hasSuffix("==") else { return false }
        return key.utf8.prefix(22).allSatisfy { byte in
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x2F
        }
    }

    /// A refused upgrade's answer.
    struct UpgradeRefusal {
        var status = "403 Forbidden"
        var extraHeaders: [(name: String, value: String)] = []
        var body: String
    }

    private static func subprotocolRefusal(_ subprotocol: String) -> String {
        "Forbidden: subprotocol \(subprotocol) required\n"
    }

    /// Writes a 403 for a refused upgrade by hand: during an upgrade lws would write the status
    /// line as HTTP/1.0, which strict websocket clients reject as not a valid handshake reply.
    private func refuseUpgrade(_ wsi: OpaquePointer, _ refusal: UpgradeRefusal) throws(WebSocketServerError) {
        var text = "HTTP/1.1 \(refusal.status)\r\nContent-Type: text/plain; charset=utf-8\r\n"
        text += "Content-Length: \(refusal.body.utf8.count)\r\nConnection: close\r\n"
        for (name, value) in refusal.extraHeaders + policy.securityHeaders {
            text += "\(name): \(value)\r\n"
        }
        text += RequestPolicy.cacheControlLine + "\r\n" + refusal.body
        let bytes = Array(text.utf8)
        let headroom = OutgoingFrame.lwsHeadroom
        var buffer = [UInt8](repeating: 0, count: headroom + bytes.count)
        buffer.replaceSubrange(headroom..., with: bytes)
        let written = buffer.withUnsafeMutableBufferPointer { buffer in
            lws_write(wsi, buffer.baseAddress! + headroom, bytes.count, LWS_WRITE_HTTP_HEADERS)
        }
        try LWSCall.check(written, "lws_write")
    }

    /// Writes a small complete response in one lws_write; lws adds the security headers (the
    /// vhost's canned headers) after the status line.
    func respond(_ wsi: OpaquePointer, status: UInt32, body: String) throws(WebSocketServerError) -> Int32 {
        let bodyBytes = Array(body.utf8)
        let headroom = OutgoingFrame.lwsHeadroom
        var buffer = [UInt8](repeating: 0, count: headroom + 4096 + bodyBytes.count)
        try buffer.withUnsafeMutableBufferPointer { (buffer) throws(WebSocketServerError) in
            let start = buffer.baseAddress! + headroom
            let end = buffer.baseAddress! + buffer.count
            var cursor: UnsafeMutablePointer<UInt8>? = start
            try LWSCall.check(
                lws_add_http_common_headers(wsi, status, "text/plain; charset=utf-8", lws_filepos_t(bodyBytes.count), &cursor, end),
                "lws_add_http_common_headers", failsWhen: .nonZero
            )
            let (name, value) = RequestPolicy.cacheControl
            let nameBytes = Array((name + ":").utf8CString.map { UInt8(bitPattern: $0) })
            let valueBytes = Array(value.utf8)
            try LWSCall.check(
                lws_add_http_header_by_name(wsi, nameBytes, valueBytes, Int32(valueBytes.count), &cursor, end),
                "lws_add_http_header_by_name", failsWhen: .nonZero
            )
            try LWSCall.check(lws_finalize_http_header(wsi, &cursor, end), "lws_finalize_http_header", failsWhen: .nonZero)
            guard var bodyCursor = cursor, end - bodyCursor >= bodyBytes.count else {
                throw .libwebsockets(call: "respond: header buffer", code: -1)
            }
            for byte in bodyBytes {
                bodyCursor.pointee = byte
                bodyCursor += 1
            }
            try LWSCall.check(lws_write(wsi, start, bodyCursor - start, LWS_WRITE_HTTP_HEADERS), "lws_write")
        }
        return completeTransaction(wsi)
    }

    /// Readies a keep-alive connection for its next request; -1 when it must close. What the
    /// connection received so far is this request's: the next one's headers are counted from here.
    private func completeTransaction(_ wsi: OpaquePointer) -> Int32 {
        markRequestEnd(wsi)
        return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
    }

    /// Notes where the connection's current request ends, for ``headerBytes(_:)`` of the next.
    func markRequestEnd(_ wsi: OpaquePointer) {
        if let received = Self.bytesReceived(wsi) { requestStarts[wsi] = received }
    }

    /// Bytes of the request's headers: those of the headers lws knows (cookies included), or
    /// what came on the connection since its previous request, whichever is more. lws keeps
    /// headers it does not know apart and cannot list them, so 2,000 small ones (23 KB) were
    /// served as if they were none; the connection's byte count sees them.
    func headerBytes(_ wsi: OpaquePointer) -> Int {
        var total = 0
        for token in 0..<Int(WSI_TOKEN_COUNT.rawValue) {
            total += Int(max(0, lws_hdr_total_length(wsi, lws_token_indexes(rawValue: UInt32(token)))))
        }
        guard let received = Self.bytesReceived(wsi) else { return total }
        return max(total, received - (requestStarts[wsi] ?? 0))
    }

    /// Bytes the connection's socket received since it was opened, or nil when the system cannot say.
    private static func bytesReceived(_ wsi: OpaquePointer) -> Int? {
        let received = starboard_tcp_bytes_received(lws_get_socket_fd(wsi))
        return received >= 0 ? Int(received) : nil
    }

    /// The value of the request's first query argument called `name`, or nil when absent (or
    /// longer than any token could be).
    func queryArgument(_ wsi: OpaquePointer, _ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: AccessToken.maximumLength + name.utf8.count + 8)
        let prefix = name + "="
        let found: String? = buffer.withUnsafeMutableBufferPointer { buffer in
            guard let value = lws_get_urlarg_by_name(wsi, prefix, buffer.baseAddress!, Int32(buffer.count)) else { return nil }
            return String(cString: value)
        }
        return found
    }

    /// The value of a request header, or nil when absent.
    func header(_ wsi: OpaquePointer, _ token: lws_token_indexes) -> String? {
        let length = Int(lws_hdr_total_length(wsi, token))
        guard length > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: length + 1)
        let copied = bytes.withUnsafeMutableBytes { raw in
            lws_hdr_copy(wsi, raw.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(raw.count), token)
        }
        guard copied >= 0 else { return nil }
        return String(decoding: bytes.prefix(Int(copied)), as: UTF8.self)
    }
}
