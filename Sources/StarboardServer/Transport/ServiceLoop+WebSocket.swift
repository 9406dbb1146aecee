import CStarboardWebSockets
import Dispatch
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
        if !connection.isInMessage {
            connection.isInMessage = true
            connection.refusal = refusal(for: connection)
        }
        // Checked before appending so a client can never make the buffer grow past the limit.
        let received = connection.refusal != nil ? connection.refusedBytes : connection.message.count
        if received + length > configuration.maxMessageBytes {
            return refuse(connection, LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE, "message exceeds \(configuration.maxMessageBytes) bytes")
        }
        if connection.refusal != nil {
            connection.refusedBytes += length
        } else if let input, length > 0 {
            connection.message.append(contentsOf: UnsafeRawBufferPointer(start: input, count: length))
            charge(connection, length)
        }
        guard lws_is_final_fragment(wsi) != 0 else { return 0 }
        connection.isInMessage = false
        if let refusal = connection.refusal {
            refuseUnread(connection, refusal)
            return 0
        }
        let bytes = connection.message
        connection.message = []
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return refuse(connection, LWS_CLOSE_STATUS_INVALID_PAYLOAD, "text message is not UTF-8")
        }
        handler.received(text, from: connection.id)
        pauseIfOverBudget(connection)
        holdBackIfQueueFull(connection)
        return 0
    }

    /// Why a message a client begins now is refused unread, nil when it is read: only a client
    /// that compresses is refused (one that does not is paused instead), while it is past its
    /// read budget or three quarters of its queue wait.
    private func refusal(for connection: Connection) -> Connection.Refusal? {
        guard connection.compresses else { return nil }
        if connection.isQueueFull { return .queue }
        return connection.readBudget.admits(at: DispatchTime.now().uptimeNanoseconds) ? nil : .readBudget
    }

    /// A client that sends faster than it reads its replies is held back until most have gone
    /// out, instead of filling its queue and being dropped. One that does not compress is not
    /// read from meanwhile (TCP pushes back on it); one that compresses has what it sends refused
    /// unread instead, since lws 4.1 aborts reading such a client again after a pause
    /// (`priv->rx.avail_out`, as for the read budget's; `TransportCompressionTests` shows it).
    /// Only near the limit: pausing a client whenever a few hundred replies waited made the
    /// other clients' round trips in the burst bench 20 times slower (median 2-3 ms instead of
    /// 0.1), for reasons inside lws's flow control.
    private func holdBackIfQueueFull(_ connection: Connection) {
        guard !connection.isReadPaused, !connection.isQueueFull,
              outbox.queuedFrames(for: connection.id) >= outbox.maxFrames * 3 / 4 else { return }
        if connection.compresses {
            connection.isQueueFull = true
            connection.hasToldQueueFull = false
        } else {
            connection.isReadPaused = true
            outbox.queuePauses.add(1, ordering: .relaxed)
            updateReading(connection)
        }
    }

    /// Reads from a held-back client again once three quarters of its waiting replies have gone out.
    private func resumeReading(_ connection: Connection) {
        guard connection.isReadPaused || connection.isQueueFull,
              outbox.queuedFrames(for: connection.id) <= outbox.maxFrames / 4 else { return }
        connection.isQueueFull = false
        if connection.isReadPaused {
            connection.isReadPaused = false
            updateReading(connection)
        }
    }

    /// Counts what lws just handed over against the client's ``ReadBudget``.
    private func charge(_ connection: Connection, _ bytes: Int) {
        connection.readBudget.charge(bytes, at: DispatchTime.now().uptimeNanoseconds)
    }

    /// At the end of a message: past its budget, reading from the client pauses until the budget
    /// has refilled, and the client is told once per episode. Only between messages, so the
    /// message being read is read to its end (at most ``ServerConfiguration/maxMessageBytes``)
    /// and counted as a debt.
    ///
    /// Not for a client that compresses (permessage-deflate, as browsers and Python's
    /// `websockets` do): lws 4.1 reading such a client again after a pause of this kind trips its
    /// assertion `priv->rx.avail_out` in permessage-deflate and aborts the server (it did under the
    /// 256 KiB flood, paused mid-message and at a message's end alike). Its messages are refused
    /// unread instead (``refuseUnread(_:)``).
    private func pauseIfOverBudget(_ connection: Connection) {
        guard !connection.compresses else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard let (seconds, tell) = connection.readBudget.pause(at: now) else { return }
        updateReading(connection)
        wake(connection, after: seconds)
        if tell {
            handler.heldBack(connection.id, notice: Self.pauseNotice(connection.readBudget, now: now, resumesIn: seconds))
        }
    }

    /// The end of a message refused unread (its client compresses and was past its budget or
    /// had three quarters of its queue waiting when it began): lws inflated it, but it was not
    /// kept, checked, parsed or answered, so a flood of them costs the service thread little
    /// more than the inflating. Counted, and the client is told once per episode.
    private func refuseUnread(_ connection: Connection, _ refusal: Connection.Refusal) {
        let bytes = connection.refusedBytes
        connection.refusal = nil
        connection.refusedBytes = 0
        outbox.refusedMessages.add(1, ordering: .relaxed)
        switch refusal {
        case .readBudget:
            let now = DispatchTime.now().uptimeNanoseconds
            if connection.readBudget.refuse(bytes, at: now) {
                handler.heldBack(connection.id, notice: Self.refusalNotice(connection.readBudget, now: now))
            }
        case .queue:
            guard !connection.hasToldQueueFull else { return }
            connection.hasToldQueueFull = true
            handler.heldBack(connection.id, notice: Self.queueNotice(maxFrames: outbox.maxFrames))
        }
    }

    /// What a client that compresses is told when its messages are refused for the replies it
    /// left unread.
    static func queueNotice(maxFrames: Int) -> String {
        "this connection left \(maxFrames * 3 / 4) replies unread (at most \(maxFrames) may wait for a client): "
            + "each message it sends is refused unread and gets no reply, until it has read all but \(maxFrames / 4)"
    }

    /// What a client whose reading paused is told: what it sent, the bound, when reading resumes.
    static func pauseNotice(_ budget: ReadBudget, now: UInt64, resumesIn seconds: Double) -> String {
        let took = Double(now &- budget.episodeStart) / 1e9
        return "this connection sent \(bytes(budget.episodeBytes)) in \(hundredths(took)) s, more than the "
            + "\(bytes(budget.burst)) at once and \(bytes(budget.bytesPerSecond)) a second a client may send: "
            + "the server reads from it again in \(hundredths(seconds)) s (nothing it sent is lost; its replies go on)"
    }

    /// What a client whose messages are refused is told: what it sent, the bound, that what it
    /// sends past it gets no reply.
    static func refusalNotice(_ budget: ReadBudget, now: UInt64) -> String {
        let took = Double(now &- budget.episodeStart) / 1e9
        return "this connection sent \(bytes(budget.episodeBytes)) in \(hundredths(took)) s, more than the "
            + "\(bytes(budget.burst)) at once and \(bytes(budget.bytesPerSecond)) a second a client may send: "
            + "each message it sends beyond that is refused unread and gets no reply, until it keeps within the rate"
    }

    /// `bytes` as they are under a KiB, in KiB under a MiB, else in MiB with one decimal.
    private static func bytes(_ count: Int) -> String {
        if count < 1 << 10 { return "\(count) bytes" }
        if count < 1 << 20 { return "\((count + 512) >> 10) KiB" }
        let tenths = (count * 10 + (1 << 19)) >> 20
        return tenths % 10 == 0 ? "\(tenths / 10) MiB" : "\(tenths / 10).\(tenths % 10) MiB"
    }

    private static func hundredths(_ seconds: Double) -> String {
        let count = Int((seconds * 100).rounded())
        return count % 100 == 0 ? "\(count / 100)" : "\(count / 100).\(count % 100 < 10 ? "0" : "")\(count % 100)"
    }

    /// A read pause is over once the budget has refilled enough; else the timer is set again.
    func endReadPauseIfDue(_ connection: Connection) {
        guard connection.readBudget.isPaused else { return }
        if let seconds = connection.readBudget.wait(at: DispatchTime.now().uptimeNanoseconds) {
            wake(connection, after: seconds)
        } else {
            updateReading(connection)
        }
    }

    /// Tells lws to read from the client or not, as its waiting replies and its budget say; both
    /// pauses use lws's one switch per connection, so it is turned only here.
    private func updateReading(_ connection: Connection) {
        let reads = !connection.isReadPaused && !connection.readBudget.isPaused
        guard reads != connection.isReading else { return }
        connection.isReading = reads
        _ = lws_rx_flow_control(connection.wsi, reads ? 1 : 0)
    }

    /// Writes what is queued, several frames in one `lws_write` when they are small (an ack and
    /// its render leave in one segment, so the client wakes once for both), then asks for another
    /// callback while output remains.
    ///
    /// The frames are already framed (``OutgoingFrame/wire``), so they go out as raw bytes: lws
    /// frames nothing and compresses nothing here, and a message compressed once serves every
    /// client that negotiated permessage-deflate.
    func writeable(_ wsi: OpaquePointer, user: UnsafeMutableRawPointer?) throws(WebSocketServerError) -> Int32 {
        guard let connection = connection(for: user) else { return 0 }
        if connection.isRefused {
            return -1
        }
        let (next, more) = outbox.take(for: connection.id, budget: Self.writeBudget)
        switch next {
        case .idle:
            cancelStallTimer(connection)
            resumeReading(connection)
            return 0
        case .close(let reason):
            return refuse(connection, LWS_CLOSE_STATUS_NORMAL, reason)
        case .frames(let frames):
            try write(frames, to: connection)
            resumeReading(connection)
            // Partially sent bytes also count: lws calls back once it has flushed them.
            if more || lws_partial_buffered(wsi) != 0 {
                armStallTimer(connection)
                _ = lws_callback_on_writable(wsi)
            } else {
                cancelStallTimer(connection)
            }
            return 0
        }
    }

    /// Bytes of payload written in one turn, at most (a larger frame goes alone). An ack and its
    /// render fit; a client being sent thousands of acks gets them 8 KiB a turn, so the others
    /// get their turns in between. (With 64 KiB a turn, the burst bench's other client made
    /// about a hundred round trips of 2-3 ms during the burst in most runs; with 8 KiB it makes
    /// thousands of 0.1 ms in most runs, while the sender takes half a second instead of a quarter.)
    static let writeBudget = 8 * 1024

    private func write(_ frames: [OutgoingFrame], to connection: Connection) throws(WebSocketServerError) {
        if frames.count == 1 {
            try writeRaw(wire(of: frames[0], for: connection), to: connection)
            return
        }
        // Gathered behind lws's headroom, so one write (and one wake-up of the client) carries all.
        let headroom = OutgoingFrame.lwsHeadroom
        gathered.removeAll(keepingCapacity: true)
        gathered.append(contentsOf: repeatElement(0, count: headroom))
        for frame in frames { gathered.append(contentsOf: wire(of: frame, for: connection)) }
        let result = gathered.withUnsafeBytes { bytes in
            Result { () throws(WebSocketServerError) in try writeRaw(UnsafeRawBufferPointer(rebasing: bytes[headroom...]), to: connection) }
        }
        try result.get()
        if gathered.capacity > 4 * Self.writeBudget { gathered = [] }
    }

    /// The frame as this connection takes it: compressed (once, for every such client) when it
    /// negotiated permessage-deflate and compressing pays.
    private func wire(of frame: OutgoingFrame, for connection: Connection) -> UnsafeRawBufferPointer {
        if connection.compresses, let deflated = deflater.deflated(frame) {
            return deflated.wire
        }
        return frame.wire
    }

    /// Hands already framed bytes to lws as they are; what the socket does not take now, lws
    /// keeps and sends before the next writeable callback.
    private func writeRaw(_ bytes: UnsafeRawBufferPointer, to connection: Connection) throws(WebSocketServerError) {
        let start = UnsafeMutablePointer(mutating: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
        let written = try LWSCall.check(lws_write(connection.wsi, start, bytes.count, LWS_WRITE_HTTP), "lws_write")
        if Int(written) < bytes.count {
            throw .libwebsockets(call: "lws_write (short)", code: Int(written))
        }
    }

    /// A client's close frame: lws echoes its status, whatever it is. A status no endpoint may
    /// send (RFC 6455 7.4: under 1000, 1004-1006, 1015, 1016-2999 unassigned, 5000 and up) or a
    /// one-byte body is a protocol error, answered with 1002 instead.
    func peerClosed(_ wsi: OpaquePointer, input: UnsafeMutableRawPointer?, length: Int) -> Int32 {
        guard length > 0, let input else { return 0 }
        let bytes = UnsafeRawBufferPointer(start: input, count: length)
        let valid: Bool
        if length == 1 {
            valid = false
        } else {
            let code = Int(bytes[0]) << 8 | Int(bytes[1])
            valid = (1000...1003).contains(code) || (1007...1014).contains(code) || (3000...4999).contains(code)
        }
        guard !valid else { return 0 }
        var reason = Array("invalid close status".utf8)
        lws_close_reason(wsi, LWS_CLOSE_STATUS_PROTOCOL_ERR, &reason, reason.count)
        return -1
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
