import CStarboardWebSockets

/// The single point where libwebsockets failure codes become Swift errors.
enum LWSCall {
    /// How a libwebsockets function reports failure.
    enum Failure {
        /// Negative results fail (lws_write, lws_serve_http_file, …).
        case negative
        /// Any non-zero result fails (the header-building helpers).
        case nonZero
    }

    /// Returns `result` unchanged, or throws when it signals failure.
    @discardableResult
    static func check(_ result: Int32, _ call: String, failsWhen failure: Failure = .negative) throws(WebSocketServerError) -> Int32 {
        let failed = switch failure {
        case .negative: result < 0
        case .nonZero: result != 0
        }
        if failed {
            throw .libwebsockets(call: call, code: Int(result))
        }
        return result
    }

    /// Throws when a libwebsockets constructor returned NULL.
    static func check<Pointer>(_ pointer: Pointer?, _ call: String) throws(WebSocketServerError) -> Pointer {
        guard let pointer else { throw .libwebsockets(call: call, code: -1) }
        return pointer
    }
}
