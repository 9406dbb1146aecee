#if canImport(Glibc)
import Glibc
#endif

/// An IPv4 or IPv6 address with a port, as `bind` and `connect` take it.
public enum SocketAddress: Sendable {
    case ipv4(in_addr, port: UInt16)
    case ipv6(in6_addr, port: UInt16)

    /// 127.0.0.1:`port`.
    public static func loopback(port: Int) -> SocketAddress {
        .ipv4(in_addr(s_addr: UInt32(INADDR_LOOPBACK).bigEndian), port: UInt16(port))
    }

    /// `host` (a numeric address of the family `inet6` names) and `port`; any address of that
    /// family when `host` does not parse as one.
    public init(numericHost host: String, port: Int, inet6: Bool) {
        if inet6 {
            var address = in6addr_any
            if inet_pton(AF_INET6, host, &address) != 1 { address = in6addr_any }
            self = .ipv6(address, port: UInt16(port))
        } else {
            var address = in_addr(s_addr: INADDR_ANY)
            if inet_pton(AF_INET, host, &address) != 1 { address.s_addr = INADDR_ANY }
            self = .ipv4(address, port: UInt16(port))
        }
    }

    /// AF_INET or AF_INET6.
    public var family: Int32 {
        switch self {
        case .ipv4: AF_INET
        case .ipv6: AF_INET6
        }
    }

    /// Calls `body` with the address as a `sockaddr` and its length.
    func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        switch self {
        case .ipv4(let host, let port):
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(port.bigEndian)
            address.sin_addr = host
            return Self.asSockaddr(&address, body)
        case .ipv6(let host, let port):
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(port.bigEndian)
            address.sin6_addr = host
            return Self.asSockaddr(&address, body)
        }
    }

    /// `address` (a `sockaddr_in` or `sockaddr_in6`) seen as the `sockaddr` the calls take, with its length.
    private static func asSockaddr<Address, Result>(_ address: inout Address, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<Address>.size)) }
        }
    }
}

extension SystemCall {
    /// Runs `body` once; a result of -1 throws with the errno. For calls that must not simply be
    /// repeated after EINTR (a `connect` interrupted goes on in the background).
    @discardableResult
    public static func once(_ operation: @autoclosure () -> String, _ body: () -> Int32) throws(SystemError) -> Int32 {
        let result = body()
        if result == -1 { throw SystemError(operation(), code: errno) }
        return result
    }

    /// A new stream socket of `family` that closes on exec.
    public static func streamSocket(family: Int32, _ operation: @autoclosure () -> String = "socket") throws(SystemError) -> Int32 {
        try retrying(operation(), { Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) })
    }

    /// Sets a socket option (`SO_REUSEADDR`, `SO_RCVTIMEO`, `TCP_NODELAY`, …) to `value`.
    public static func setSocketOption<Value: BitwiseCopyable>(_ descriptor: Int32, level: Int32, _ option: Int32, to value: Value,
                                                               _ operation: @autoclosure () -> String) throws(SystemError) {
        _ = try withUnsafeBytes(of: value) { raw throws(SystemError) in
            try retrying(operation(), { setsockopt(descriptor, level, option, raw.baseAddress, socklen_t(raw.count)) })
        }
    }

    /// Binds `descriptor` to `address`.
    public static func bind(_ descriptor: Int32, to address: SocketAddress, _ operation: @autoclosure () -> String) throws(SystemError) {
        try once(operation(), { address.withSockaddr { Glibc.bind(descriptor, $0, $1) } })
    }

    /// Connects `descriptor` to `address`, waiting for it on a socket that blocks.
    public static func connect(_ descriptor: Int32, to address: SocketAddress, _ operation: @autoclosure () -> String) throws(SystemError) {
        try once(operation(), { address.withSockaddr { Glibc.connect(descriptor, $0, $1) } })
    }

    /// Sends every byte on a connected socket: a peer that went away is EPIPE (MSG_NOSIGNAL, no
    /// SIGPIPE), a socket send timeout is EAGAIN.
    public static func sendAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, _ operation: @autoclosure () -> String) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            offset += try retrying(operation(), { Glibc.send(descriptor, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) })
        }
    }
}
