#if canImport(Glibc)
import Glibc
#endif

/// This machine's names and non-loopback addresses: what a browser on another device puts in
/// its `Host` header when it opens the server, and what the start-up output offers as URLs.
public struct MachineAddresses: Sendable, Equatable {
    /// The host name, and `NAME.local` (its mDNS name) when the name has no dot.
    public var names: [String]
    /// Interface addresses other than loopback, IPv4 first, IPv6 without brackets or zone.
    public var addresses: [String]
    /// The IPv6 link-local ones among ``addresses`` (`fe80::/10`): a browser can only use them
    /// with a zone, so they are allowed as a `Host` but not offered as URLs.
    public var linkLocal: Set<String>

    public init(names: [String], addresses: [String], linkLocal: Set<String> = []) {
        self.names = names
        self.addresses = addresses
        self.linkLocal = linkLocal
    }

    /// The addresses worth printing as URLs: every non-loopback address a browser can open.
    public var openable: [String] { addresses.filter { !linkLocal.contains($0) } }

    /// What the system says now (`gethostname`, `getifaddrs`); empty lists where it says nothing.
    public static func current() -> MachineAddresses {
        var names: [String] = []
        var buffer = [CChar](repeating: 0, count: 256)
        if gethostname(&buffer, buffer.count - 1) == 0 {
            let name = Self.string(buffer).lowercased()
            if !name.isEmpty, name != "localhost" {
                names.append(name)
                if !name.contains(".") { names.append(name + ".local") }
            }
        }
        var v4: [String] = []
        var v6: [String] = []
        var linkLocal: Set<String> = []
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let list else {
            return MachineAddresses(names: names, addresses: [])
        }
        defer { freeifaddrs(list) }
        var entry: UnsafeMutablePointer<ifaddrs>? = list
        while let current = entry {
            entry = current.pointee.ifa_next
            guard let address = current.pointee.ifa_addr,
                  current.pointee.ifa_flags & UInt32(IFF_LOOPBACK) == 0 else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(address, length, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            // A link-local IPv6 address comes with its zone (`fe80::1%eth0`); Host headers carry none.
            let numeric = String(Self.string(text).lowercased().prefix { $0 != "%" })
            if family == AF_INET {
                if !v4.contains(numeric) { v4.append(numeric) }
            } else if !v6.contains(numeric) {
                v6.append(numeric)
                if numeric.hasPrefix("fe8") || numeric.hasPrefix("fe9") || numeric.hasPrefix("fea") || numeric.hasPrefix("feb") {
                    linkLocal.insert(numeric)
                }
            }
        }
        return MachineAddresses(names: names, addresses: v4 + v6, linkLocal: linkLocal)
    }

    /// The text of a NUL-terminated C buffer.
    private static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
