#if canImport(Glibc)
import Glibc
#endif

/// Where a started server listens, and what a client needs to get in.
public struct Listening: Sendable, Equatable {
    /// The port bound (the system's pick when `0` was asked for).
    public var port: Int
    /// The numeric address bound (`0.0.0.0` or `::` for every interface).
    public var address: String
    /// Required from every client when the address is not loopback; nil on loopback.
    public var accessToken: AccessToken?
    /// The machine's names and addresses, allowed as `Host` when listening beyond loopback.
    public var machine: MachineAddresses

    public init(port: Int, address: String, accessToken: AccessToken?, machine: MachineAddresses) {
        self.port = port
        self.address = address
        self.accessToken = accessToken
        self.machine = machine
    }

    /// Whether the address bound is every interface's.
    public var isWildcard: Bool { ["", "0.0.0.0", "::"].contains(address) }

    /// The page's URLs, the one to show first first, each with the token when one is needed.
    ///
    /// For every interface: one per address another device can open (IPv4 first), then this
    /// machine's own `127.0.0.1`. For one address: that address. `shownHost` is what the user
    /// asked for (`localhost`, `[::1]`), kept in the URL when it is loopback.
    public func pageURLs(shownHost: String) -> [String] {
        let query = accessToken.map { "?token=\($0.value)" } ?? ""
        let hosts: [String]
        if accessToken == nil {
            hosts = [shownHost]
        } else if isWildcard {
            hosts = machine.openable + ["127.0.0.1"]
        } else {
            hosts = [address]
        }
        return hosts.map { "http://\(RequestPolicy.urlHost($0)):\(port)/\(query)" }
    }

    /// Whether a numeric address is this machine's loopback (`127.0.0.0/8`, `::1`, or either
    /// as an IPv4-mapped IPv6 address): only this machine's own clients can reach it.
    public static func isLoopback(_ numeric: String) -> Bool {
        var v4 = in_addr()
        if inet_pton(AF_INET, numeric, &v4) == 1 {
            return UInt32(bigEndian: v4.s_addr) >> 24 == 127
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, numeric, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
        // ::ffff:127.x.x.x
        return bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
    }
}
