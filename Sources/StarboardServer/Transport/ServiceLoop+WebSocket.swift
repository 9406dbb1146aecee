import CStarboardWebSockets
#if canImport(Glibc)
import Glibc
#endif

/// Receiving messages and writing queued frames.
extension ServiceLoop {
    func receive(
        _ wsi: OpaquePointer, user: UnsafeMutableRawPointer?, input: UnsafeMutableRawPointer?, length: Int
    ) throws(WebSocketServerError) -> Int32 {
        guard let connection = connection(for: user) else { return -1 }
        // lws 4.1 ignores a -1 returned while permessage-deflate is still
        // inflating a message and keeps delivering the rest: drop it all.
        if connection.isRefused {
            // The writeable callback returns -1 again; should that be ignored too, kill it.
            lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, 2)
            return -1
        }
        if lws_frame_is_binary(wsi) != 0 {
            return refuse(connection, LWS_CLOSE_STATUS_UNACCEPTABLE_OPCODE, "binary messages are not supported")
        }
        // Checked before appending so a client can never make the buffer grow past the limit.
        if connection.message.count + length > configuration.maxMessageBytes {
            return refuse(connection, LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE, "message exceeds \(configuration.maxMessageBytes) bytes")
        }
        if let input, length > 0 {
            connection.message.append(contentsOf: UnsafeRawBufferPointer(start: input, count: length))
        }
        guard lws_is_final_fragment(wsi) != 0 else { return 0 }
        let bytes = connection.message
        connection.message = []
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return refuse(connection, LWS_CLOSE_STATUS_INVALID_PAYLOAD, "text message is not UTF-8")
        }
        handler.received(text, from: connection.id)
        return 0
    }

    /// Writes exactly one queued frame (or the requested close), then asks
    /// for another callback while output remains.
    func writeable(_ wsi: OpaquePointer, user: UnsafeMutableRawPointer?) throws(WebSocketServerError) -> Int32 {
        guard let connection = connection(for: user) else { return 0 }
        if connection.isRefused {
            return -1
        }
        connection.inFlight = nil
        let (next, more) = outbox.next(for: connection.id)
        switch next {
        case .idle:
            cork(connection, false)
            cancelStallTimer(connection)
            return 0
        case .close(let reason):
            cork(connection, false)
            return refuse(connection, LWS_CLOSE_STATUS_NORMAL, reason)
        case .frame(let frame):
            connection.inFlight = frame
            // Frames queued together (an ack and its render) go out in one segment, so the
            // client wakes once for both rather than once per frame. A cork holds at most one
            // frame for one turn: a client that always has more queued is not held back.
            let wasCorked = connection.isCorked
            if more && !wasCorked { cork(connection, true) }
            let written = try LWSCall.check(lws_write(wsi, frame.payload, frame.byteCount, LWS_WRITE_TEXT), "lws_write")
            if Int(written) < frame.byteCount {
                throw .libwebsockets(call: "lws_write (short)", code: Int(written))
            }
            if wasCorked || !more { cork(connection, false) }
            // A partially sent frame also counts: its writeable callback comes once lws flushed it.
            if more || lws_partial_buffered(wsi) != 0 {
                armStallTimer(connection)
                _ = lws_callback_on_writable(wsi)
            } else {
                cancelStallTimer(connection)
            }
            return 0
        }
    }

    /// Sets or clears TCP_CORK on the connection's socket. Still one `lws_write` per writeable
    /// callback, as lws requires; the kernel holds the bytes until the last frame is written.
    private func cork(_ connection: Connection, _ on: Bool) {
        guard connection.isCorked != on else { return }
        let fd = lws_get_socket_fd(connection.wsi)
        guard fd >= 0 else { return }
        var value: Int32 = on ? 1 : 0
        if setsockopt(fd, Int32(IPPROTO_TCP), TCP_CORK, &value, socklen_t(MemoryLayout<Int32>.size)) == 0 {
            connection.isCorked = on
        }
    }

    /// Sets the close status and reason and returns the -1 that makes lws
    /// send the close frame and hang up.
    ///
    /// Should lws ignore the -1 (it does mid-inflate), the writeable callback
    /// returns it again.
    private func refuse(_ connection: Connection, _ status: lws_close_status, _ reason: String) -> Int32 {
        connection.isRefused = true
        connection.message = []
        // RFC 6455 allows 123 bytes of reason in a close frame.
        var bytes = Array(reason.utf8.prefix(123))
        lws_close_reason(connection.wsi, status, &bytes, bytes.count)
        _ = lws_callback_on_writable(connection.wsi)
        return -1
    }
}
