import CStarboardSystem
import Dispatch
import CStarboardWebSockets
import StarboardSystem
#if canImport(Glibc)
import Glibc
#endif

/// Owns the lws context and everything the service thread touches.
///
/// Created, run and destroyed on one thread; no other thread may call into
/// it. The context's `user` pointer holds an unretained reference to it; the
/// C callback (``serviceCallback``) recovers it from there.
final class ServiceLoop {
    /// Which lws protocol a callback was made for.
    enum Endpoint: UInt32 {
        case http = 0
        case websocket = 1
        /// A descriptor watched for other parts of the server (``DescriptorWatcher``).
        case descriptor = 2
    }

    /// The lws protocol name descriptors are adopted under.
    static let descriptorProtocol = "starboard-descriptor"

    let configuration: ServerConfiguration
    let handler: any WebSocketHandler
    let outbox: Outbox
    let files: StaticFileResolver
    /// Known once the vhost listens, i.e. before any request is served.
    private(set) var policy: RequestPolicy
    private var context: OpaquePointer?
    private var vhost: OpaquePointer?
    private var connections: [ConnectionID: Connection] = [:]
    private var lastConnectionNumber: UInt64 = 0
    /// C strings and arrays lws keeps pointers to for the context's lifetime.
    private var allocations: [UnsafeMutableRawPointer] = []
    /// The descriptor protocol's name as a C string, for adoptions.
    private(set) lazy var descriptorProtocolName: UnsafeMutablePointer<CChar> = cString(Self.descriptorProtocol)
    /// Small frames gathered for one write, reused from turn to turn.
    var gathered: [UInt8] = []
    /// Compresses each message once for every client that negotiated permessage-deflate.
    let deflater = MessageDeflater()
    /// Watches that want another writable callback, asked for inside one (see
    /// ``DescriptorWatch/wantsWritableAgain``).
    private var writableAgain: [DescriptorWatch] = []
    /// Connections closed since memory was last handed back to the system.
    private var closedSinceTrim = 0

    init(configuration: ServerConfiguration, handler: any WebSocketHandler, outbox: Outbox) {
        self.configuration = configuration
        self.handler = handler
        self.outbox = outbox
        files = StaticFileResolver(webRoot: configuration.webRoot, extraFiles: configuration.extraFiles)
        policy = RequestPolicy(configuration: configuration, port: configuration.port)
    }

    deinit {
        precondition(context == nil, "ServiceLoop released with a live lws context")
        allocations.forEach { free($0) }
    }

    // MARK: Lifecycle

    /// Most bytes of request headers answered (lws keeps the ones it knows, cookies among them);
    /// more gets 431. lws's own store is twice as large, so that it has read the whole of
    /// such a request and we can answer it: beyond that lws closes without a response.
    static let maxHeaderBytes = 16 * 1024
    static let headerStoreBytes = 32 * 1024
    /// What each kept-alive HTTP connection had received when its previous request was answered.
    var requestStarts: [OpaquePointer: Int] = [:]

    /// Creates the context and the listening vhost; returns where it listens.
    func open() throws(WebSocketServerError) -> Listening {
        lws_set_log_level(Self.logLevel(), nil)
        let named = configuration.host.hasPrefix("[") ? String(configuration.host.dropFirst().dropLast()) : configuration.host
        // lws takes a name it cannot bind for an interface that may come up later: it binds
        // nothing and says nothing. So names are resolved here, and the address is bound once
        // by hand first, to fail now with the reason.
        let host = try Self.resolve(named)
        try Self.checkListenable(host: host, shown: configuration.host, port: configuration.port)
        var options = starboard_lws_option_validate_utf8() | starboard_lws_option_explicit_vhosts()
        if Self.isIPv4Literal(host) {
            // lws 4.1 with IPv6 enabled binds an IPv4 address as a dual-stack wildcard.
            options |= starboard_lws_option_disable_ipv6()
        }

        var info = lws_context_creation_info()
        info.options = options
        info.user = Unmanaged.passUnretained(self).toOpaque()
        info.port = CONTEXT_PORT_NO_LISTEN
        info.count_threads = 1
        // lws reads up to this much from one connection per turn of the service loop and hands
        // all of it over before the next connection gets its turn. With 32 KiB, a client flooding
        // `set`s made everyone else wait for ~350 of them (2-5 ms) per turn; 4 KiB is ~40.
        info.pt_serv_buf_size = 4 * 1024
        // Request headers lws keeps (cookies included) per connection while it reads them; its
        // 4 KiB default is less than the cookies other localhost apps leave in a browser.
        info.max_http_header_data2 = UInt32(Self.headerStoreBytes)
        let context = try LWSCall.check(lws_create_context(&info), "lws_create_context")
        self.context = context

        info.port = Int32(configuration.port)
        info.iface = ["", "0.0.0.0", "::"].contains(host) ? nil : UnsafePointer(cString(host))
        info.protocols = UnsafePointer(makeProtocols())
        info.extensions = UnsafePointer(makeExtensions())
        info.server_string = UnsafePointer(cString("starboard"))
        info.vhost_name = UnsafePointer(cString("starboard"))
        // The security headers go on every response lws writes, its own refusals (a request it
        // cannot parse, an unknown `Upgrade`) included. lws keeps the list, not a copy; the values
        // are filled in once the port is known, before anything is served.
        let cannedHeaders = makeCannedHeaders(names: policy.securityHeaders.map(\.name))
        info.headers = UnsafePointer(cannedHeaders)
        guard let vhost = lws_create_vhost(context, &info) else {
            close()
            if configuration.port != 0, Self.portIsTaken(host: host, port: configuration.port) {
                throw .portInUse(configuration.port)
            }
            throw .libwebsockets(call: "lws_create_vhost", code: -1)
        }
        self.vhost = vhost
        let port = Int(try LWSCall.check(lws_get_vhost_listen_port(vhost), "lws_get_vhost_listen_port"))
        guard port > 0 else {
            close()
            throw .cannotListen("\(configuration.host): libwebsockets bound no socket")
        }
        // Beyond loopback, headers prove nothing (another machine sends what it likes): the
        // token is what keeps the network out, and browsers there send this machine's own
        // names and addresses as Host.
        let beyondLoopback = !Listening.isLoopback(host)
        let token = beyondLoopback ? configuration.accessToken ?? AccessToken.random() : nil
        let machine = beyondLoopback ? MachineAddresses.current() : MachineAddresses(names: [], addresses: [])
        policy = RequestPolicy(configuration: configuration, port: port, accessToken: token, machine: machine)
        fillCannedHeaders(cannedHeaders, with: policy.securityHeaders)
        outbox.attach(context: context)
        return Listening(port: port, address: host, accessToken: token, machine: machine)
    }

    /// Services the context until ``Outbox/requestStop()``.
    func run() {
        guard let context else { return }
        while !outbox.isStopping {
            if lws_service(context, 0) < 0 {
                break
            }
            // Asked for inside their own writable callbacks, when lws would have dropped it.
            while let watch = writableAgain.popLast() {
                watch.wantWritable()
            }
        }
    }

    /// Destroys the context; lws reports every open connection as closed first.
    func close() {
        guard let context else { return }
        outbox.detachContext()
        lws_context_destroy(context)
        self.context = nil
        vhost = nil
    }

    // MARK: Callback dispatch

    /// Handles one lws callback; a thrown error closes the connection.
    func handle(
        _ endpoint: Endpoint, _ wsi: OpaquePointer, _ reason: lws_callback_reasons,
        _ user: UnsafeMutableRawPointer?, _ input: UnsafeMutableRawPointer?, _ length: Int
    ) throws(WebSocketServerError) -> Int32 {
        switch reason {
        case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
            // Sent once per protocol; collecting once is enough.
            if endpoint == .http {
                collectSignals()
            }
            return 0
        case LWS_CALLBACK_HTTP:
            let path = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "/"
            return try serveHTTP(wsi, path: path)
        case LWS_CALLBACK_HTTP_CONFIRM_UPGRADE where endpoint == .http:
            // Not `input`: it may point into headers lws has freed (see confirmUpgrade).
            return try confirmUpgrade(wsi)
        case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
            return try filterUpgrade(wsi, endpoint: endpoint)
        case LWS_CALLBACK_HTTP_FILE_COMPLETION where endpoint == .http:
            // A file that went out in parts is done: lws's own handler ends the transaction.
            markRequestEnd(wsi)
            return lws_callback_http_dummy(wsi, reason, user, input, length)
        case LWS_CALLBACK_CLOSED_HTTP:
            requestStarts[wsi] = nil
            return endpoint == .http ? lws_callback_http_dummy(wsi, reason, user, input, length) : 0
        case LWS_CALLBACK_ESTABLISHED where endpoint == .websocket:
            requestStarts[wsi] = nil
            opened(wsi, user: user)
            return 0
        case LWS_CALLBACK_RECEIVE where endpoint == .websocket:
            return try receive(wsi, user: user, input: input, length: length)
        case LWS_CALLBACK_SERVER_WRITEABLE where endpoint == .websocket:
            return try writeable(wsi, user: user)
        case LWS_CALLBACK_TIMER where endpoint == .websocket:
            return timerFired(user: user)
        case LWS_CALLBACK_RAW_RX_FILE, LWS_CALLBACK_RAW_WRITEABLE_FILE, LWS_CALLBACK_RAW_CLOSE_FILE, LWS_CALLBACK_TIMER:
            if endpoint == .descriptor { descriptorEvent(wsi, reason) }
            return 0
        case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE where endpoint == .websocket:
            return peerClosed(wsi, input: input, length: length)
        case LWS_CALLBACK_CLOSED where endpoint == .websocket:
            closed(user: user)
            return 0
        default:
            return endpoint == .http ? lws_callback_http_dummy(wsi, reason, user, input, length) : 0
        }
    }

    // MARK: Connections

    func connection(for user: UnsafeMutableRawPointer?) -> Connection? {
        guard let raw = user?.load(as: UnsafeMutableRawPointer?.self) else { return nil }
        return Unmanaged<Connection>.fromOpaque(raw).takeUnretainedValue()
    }

    private func opened(_ wsi: OpaquePointer, user: UnsafeMutableRawPointer?) {
        guard let user else { return }
        lastConnectionNumber += 1
        // Setting an option succeeds only when the extension is active on this connection. The
        // option is lws's default; what matters is the answer.
        let compresses = lws_set_extension_option(wsi, "permessage-deflate", "rx_buf_size", "10") == 0
        let budget = ReadBudget(burst: configuration.readBurstBytes, bytesPerSecond: configuration.readBytesPerSecond,
                                now: DispatchTime.now().uptimeNanoseconds)
        let connection = Connection(id: ConnectionID(rawValue: lastConnectionNumber), wsi: wsi, compresses: compresses,
                                    readBudget: budget)
        user.storeBytes(of: Unmanaged.passRetained(connection).toOpaque(), as: UnsafeMutableRawPointer?.self)
        connections[connection.id] = connection
        outbox.register(connection.id)
        handler.connectionOpened(connection.id)
    }

    private func closed(user: UnsafeMutableRawPointer?) {
        guard let user, let raw = user.load(as: UnsafeMutableRawPointer?.self) else { return }
        user.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
        let connection = Unmanaged<Connection>.fromOpaque(raw).takeRetainedValue()
        connections[connection.id] = nil
        outbox.unregister(connection.id)
        handler.connectionClosed(connection.id)
        giveMemoryBack()
    }

    /// Returns the free pages of the heap to the system after clients have left.
    ///
    /// What a connection allocated (its lws buffers and, with permessage-deflate, lws's inflater)
    /// is freed on close, but malloc keeps free pages inside its heaps, so without this the server
    /// would keep the memory of its busiest moment. Done when the last client left or after every
    /// 64 closes, so that a thousand leaving cost a few trims, not a thousand.
    private func giveMemoryBack() {
        closedSinceTrim += 1
        guard connections.isEmpty || closedSinceTrim >= 64 else { return }
        closedSinceTrim = 0
        _ = starboard_release_free_memory()
    }

    /// Acts on what the service thread queued for itself during a callback, right after it.
    func collectNews() {
        guard context != nil, outbox.takeNews() else { return }
        collectSignals()
    }

    /// Acts on what was queued since the last wake-up: writes to start, clients to drop, tasks.
    private func collectSignals() {
        let (signals, tasks) = outbox.takeSignals()
        for task in tasks { task(self) }
        for (id, signal) in signals {
            guard let connection = connections[id] else { continue }
            switch signal {
            case .write:
                // A failure means the connection is closing; CLOSED follows.
                _ = lws_callback_on_writable(connection.wsi)
                if connection.waitingSince == nil {
                    armStallTimer(connection)
                }
            case .drop:
                drop(connection)
            }
        }
    }

    /// Output waits for the client from now: it is dropped if the wait lasts the stall timeout
    /// without progress.
    func armStallTimer(_ connection: Connection) {
        connection.waitingSince = DispatchTime.now().uptimeNanoseconds
        wake(connection, after: configuration.stallTimeout)
    }

    /// Output went out: no wait to time. (lws 4.1 cannot cancel a timer either: its "cancel"
    /// value fires it at once. A pending one is left to run out.)
    func cancelStallTimer(_ connection: Connection) {
        connection.waitingSince = nil
    }

    /// Makes the connection's lws timer fire `seconds` from now, unless it fires sooner already;
    /// when it fires, ``timerFired(user:)`` looks at everything that waits for it.
    ///
    /// lws keeps its timers in one sorted list, so setting one costs a walk through the others:
    /// setting it on every write, with a thousand subscribers, was most of a broadcast's time.
    /// So it is set only when none is pending or the pending one is later (lws moves it then).
    func wake(_ connection: Connection, after seconds: Double) {
        let now = DispatchTime.now().uptimeNanoseconds
        let due = now + UInt64(max(seconds, 0.001) * 1e9)
        if let pending = connection.timerDue, pending <= due { return }
        connection.timerDue = due
        lws_set_timer_usecs(connection.wsi, lws_usec_t((due - now) / 1000))
    }

    /// Closes without a close frame: the client is not reading, so one would never arrive.
    func drop(_ connection: Connection) {
        lws_set_timeout(connection.wsi, PENDING_TIMEOUT_USER_OK, starboard_lws_to_kill_async())
    }

    private func timerFired(user: UnsafeMutableRawPointer?) -> Int32 {
        guard let connection = connection(for: user) else { return 0 }
        connection.timerDue = nil
        checkStall(connection)
        endReadPauseIfDue(connection)
        return 0
    }

    private func checkStall(_ connection: Connection) {
        guard let since = connection.waitingSince else { return }
        let waited = Double(DispatchTime.now().uptimeNanoseconds - since) / 1e9
        if waited >= configuration.stallTimeout {
            connection.waitingSince = nil
            drop(connection)
        } else {
            wake(connection, after: configuration.stallTimeout - waited)
        }
    }

    // MARK: Watched descriptors

    private func descriptorEvent(_ wsi: OpaquePointer, _ reason: lws_callback_reasons) {
        guard let raw = lws_get_opaque_user_data(wsi) else { return }
        let watch = Unmanaged<DescriptorWatch>.fromOpaque(raw).takeUnretainedValue()
        switch reason {
        case LWS_CALLBACK_RAW_RX_FILE:
            watch.handler?.readable(watch)
        case LWS_CALLBACK_RAW_WRITEABLE_FILE:
            watch.inWritableCallback = true
            watch.handler?.writable(watch)
            watch.inWritableCallback = false
            if watch.wantsWritableAgain {
                watch.wantsWritableAgain = false
                writableAgain.append(watch)
            }
        case LWS_CALLBACK_TIMER:
            watch.handler?.timerFired(watch)
        default:
            // Closed: the wsi and the descriptor are gone; the watch's retain ends here.
            lws_set_opaque_user_data(wsi, nil)
            watch.wsi = nil
            watch.handler?.closed(watch)
            Unmanaged<DescriptorWatch>.fromOpaque(raw).release()
        }
    }

    // MARK: Setup helpers

    /// A C string that lives as long as this loop.
    private func cString(_ string: String) -> UnsafeMutablePointer<CChar> {
        let copy = strdup(string)!
        allocations.append(UnsafeMutableRawPointer(copy))
        return copy
    }

    private func allocate<Element>(_ elements: [Element]) -> UnsafeMutablePointer<Element> {
        let raw = calloc(elements.count, MemoryLayout<Element>.stride)!
        allocations.append(raw)
        let typed = raw.bindMemory(to: Element.self, capacity: elements.count)
        typed.initialize(from: elements, count: elements.count)
        return typed
    }

    private func makeProtocols() -> UnsafeMutablePointer<lws_protocols> {
        var http = lws_protocols()
        http.name = UnsafePointer(cString("http"))
        http.callback = httpCallback
        var websocket = lws_protocols()
        websocket.name = UnsafePointer(cString(configuration.subprotocol))
        websocket.callback = websocketCallback
        websocket.per_session_data_size = MemoryLayout<UnsafeMutableRawPointer?>.size
        // lws allocates this per connection; messages are reassembled from chunks this size
        // (no larger than a turn's read, above).
        websocket.rx_buffer_size = 4 * 1024
        websocket.tx_packet_size = 64 * 1024
        var descriptor = lws_protocols()
        descriptor.name = UnsafePointer(cString(Self.descriptorProtocol))
        descriptor.callback = descriptorCallback
        return allocate([http, websocket, descriptor, lws_protocols()])
    }

    /// A linked list of header lines for lws to add after every status line, values empty for now.
    private func makeCannedHeaders(names: [String]) -> UnsafeMutablePointer<lws_protocol_vhost_options> {
        let nodes = names.map { name -> lws_protocol_vhost_options in
            var node = lws_protocol_vhost_options()
            // lws writes the name as it is, then a space and the value.
            node.name = UnsafePointer(cString(name + ":"))
            node.value = UnsafePointer(cString(""))
            return node
        }
        let list = allocate(nodes)
        for index in nodes.indices.dropLast() {
            list[index].next = UnsafePointer(list + index + 1)
        }
        return list
    }

    private func fillCannedHeaders(_ list: UnsafeMutablePointer<lws_protocol_vhost_options>,
                                   with headers: [(name: String, value: String)]) {
        for (index, header) in headers.enumerated() {
            precondition(String(cString: list[index].name) == header.name + ":", "canned headers out of order")
            list[index].value = UnsafePointer(cString(header.value))
        }
    }

    private func makeExtensions() -> UnsafeMutablePointer<lws_extension> {
        var deflate = lws_extension()
        deflate.name = UnsafePointer(cString("permessage-deflate"))
        deflate.callback = lws_extension_callback_pm_deflate
        deflate.client_offer = UnsafePointer(cString("permessage-deflate; client_max_window_bits"))
        return allocate([deflate, lws_extension()])
    }

    /// lws log mask: silent unless `STARBOARD_LWS_LOG` is a mask (e.g. `7`) or any other non-empty value (errors to info).
    private static func logLevel() -> Int32 {
        guard let value = getenv("STARBOARD_LWS_LOG").map({ String(cString: $0) }), !value.isEmpty else { return 0 }
        return Int32(value) ?? Int32(LLL_ERR | LLL_WARN | LLL_NOTICE | LLL_INFO)
    }

    private static func isIPv4Literal(_ host: String) -> Bool {
        var address = in_addr()
        return inet_pton(AF_INET, host, &address) == 1
    }

    /// The numeric address for `host`: a literal as it is, a name resolved (IPv4 first, as
    /// `localhost` is 127.0.0.1 for the browsers that open the printed URL).
    static func resolve(_ host: String) throws(WebSocketServerError) -> String {
        if host.isEmpty || isIPv4Literal(host) { return host }
        var address6 = in6_addr()
        if inet_pton(AF_INET6, host, &address6) == 1 { return host }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0, let list else { throw .unknownHost(host, reason: String(cString: gai_strerror(status))) }
        defer { freeaddrinfo(list) }
        var found: [String] = []
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let current = entry {
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(current.pointee.ai_addr, current.pointee.ai_addrlen, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 {
                found.append(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
            entry = current.pointee.ai_next
        }
        guard let address = found.first(where: isIPv4Literal) ?? found.first else {
            throw .unknownHost(host, reason: "no address")
        }
        return address
    }

    /// Binds `host` (numeric) and `port` once and lets go, so that an address that is not this
    /// machine's, or a port that needs privileges, is an error with its reason before lws tries.
    private static func checkListenable(host: String, shown: String, port: Int) throws(WebSocketServerError) {
        guard !["", "0.0.0.0", "::"].contains(host) else { return }
        guard let failure = bindFailure(host: host, port: port, inet6: !isIPv4Literal(host)) else { return }
        if failure.code == EADDRINUSE { throw .portInUse(port) }
        let named = shown == host ? host : "\(shown) (\(host))"
        let reason = failure.code == EADDRNOTAVAIL ? "it is not an address of this machine" : failure.reason
        throw .cannotListen("\(named) port \(port): \(reason) (errno \(failure.code))")
    }

    /// Tells "port in use" from other bind failures by trying the bind ourselves.
    private static func portIsTaken(host: String, port: Int) -> Bool {
        bindFailure(host: host, port: port, inet6: host.contains(":"))?.code == EADDRINUSE
    }

    /// Binds a socket to `host` (numeric; any address when it does not parse) and `port`, and
    /// closes it: why the bind failed, nil when it worked or no socket could be made.
    private static func bindFailure(host: String, port: Int, inet6: Bool) -> SystemError? {
        let address = SocketAddress(numericHost: host, port: port, inet6: inet6)
        guard let socketFD = try? SystemCall.streamSocket(family: address.family) else { return nil }
        defer { SystemCall.close(socketFD) }
        do {
            try SystemCall.setSocketOption(socketFD, level: SOL_SOCKET, SO_REUSEADDR, to: Int32(1), "set SO_REUSEADDR")
            try SystemCall.bind(socketFD, to: address, "bind \(host) port \(port)")
            return nil
        } catch {
            return error
        }
    }
}

extension ServiceLoop: DescriptorWatcher {
    func watch(_ descriptor: Int32, _ handler: any DescriptorHandler) -> DescriptorWatch? {
        guard let vhost else {
            SystemCall.close(descriptor)
            return nil
        }
        let watch = DescriptorWatch(descriptor: descriptor, handler: handler)
        let retained = Unmanaged.passRetained(watch)
        var info = lws_adopt_desc_t()
        info.vh = vhost
        info.type = LWS_ADOPT_RAW_FILE_DESC
        info.fd.filefd = descriptor
        info.vh_prot_name = UnsafePointer(descriptorProtocolName)
        info.opaque = retained.toOpaque()
        // On failure lws has closed the descriptor already.
        guard let wsi = lws_adopt_descriptor_vhost_via_info(&info) else {
            retained.release()
            return nil
        }
        watch.wsi = wsi
        return watch
    }
}

// MARK: - C entry points

/// Recovers the loop from the context's `user` pointer and turns a thrown
/// error into the -1 that makes lws close the connection.
private func dispatch(
    _ endpoint: ServiceLoop.Endpoint, _ wsi: OpaquePointer?, _ reason: lws_callback_reasons,
    _ user: UnsafeMutableRawPointer?, _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    guard let wsi, let context = lws_get_context(wsi), let raw = lws_context_user(context) else { return 0 }
    let loop = Unmanaged<ServiceLoop>.fromOpaque(raw).takeUnretainedValue()
    let result: Int32
    do {
        result = try loop.handle(endpoint, wsi, reason, user, input, length)
    } catch {
        result = -1
    }
    // What the callback queued for this thread (a reply to write, a worker request to send) is
    // acted on now rather than after a wake-up.
    loop.collectNews()
    return result
}

private func httpCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons,
    _ user: UnsafeMutableRawPointer?, _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    dispatch(.http, wsi, reason, user, input, length)
}

private func descriptorCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons,
    _ user: UnsafeMutableRawPointer?, _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    dispatch(.descriptor, wsi, reason, user, input, length)
}

private func websocketCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons,
    _ user: UnsafeMutableRawPointer?, _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    dispatch(.websocket, wsi, reason, user, input, length)
}
