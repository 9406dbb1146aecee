import Testing
import StarboardSystem
#if canImport(Glibc)
import Glibc
#endif

@Suite("Sockets through SystemCall")
struct SocketTests {
    /// A loopback listener on a port the kernel picks, and that port.
    private func listener() throws -> (descriptor: Int32, port: Int) {
        let descriptor = try SystemCall.streamSocket(family: AF_INET)
        try SystemCall.bind(descriptor, to: .loopback(port: 0), "bind")
        try SystemCall.once("listen", { listen(descriptor, 4) })
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                try SystemCall.once("getsockname", { getsockname(descriptor, raw, &length) })
            }
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    @Test func aTakenPortIsEADDRINUSEWithTheOperationNamed() throws {
        let (held, port) = try listener()
        defer { SystemCall.close(held) }
        let second = try SystemCall.streamSocket(family: AF_INET)
        defer { SystemCall.close(second) }
        #expect(throws: SystemError("bind again", code: EADDRINUSE)) {
            try SystemCall.bind(second, to: SocketAddress(numericHost: "127.0.0.1", port: port, inet6: false), "bind again")
        }
    }

    @Test func aConnectionCarriesBytesBothWaysAndSeesTheEnd() throws {
        let (listening, port) = try listener()
        defer { SystemCall.close(listening) }
        let connection = try LoopbackConnection(port: port, timeoutSeconds: 5, noDelay: true)
        let accepted = try SystemCall.retrying("accept", { accept(listening, nil, nil) })
        try connection.send(Array("ping".utf8))
        var received = [UInt8](repeating: 0, count: 16)
        let count = try received.withUnsafeMutableBytes { raw in
            try SystemCall.readSome(accepted, into: raw, "read the ping")
        }
        #expect(count.map { Array(received[0..<$0]) } == Array("ping".utf8))
        SystemCall.close(accepted)
        let end = try received.withUnsafeMutableBytes { raw in try connection.receive(into: raw) }
        #expect(end == 0, "a closed peer reads as the end of the stream")
    }

    @Test func aPortNobodyListensOnIsRefused() throws {
        let (listening, port) = try listener()
        SystemCall.close(listening)
        #expect(throws: SystemError("connect to 127.0.0.1:\(port)", code: ECONNREFUSED)) {
            _ = try LoopbackConnection(port: port)
        }
    }

    @Test func aNonNumericHostBindsEveryAddressOfItsFamily() {
        guard case .ipv4(let any, port: 80) = SocketAddress(numericHost: "not-an-address", port: 80, inet6: false) else {
            Issue.record("expected an IPv4 address")
            return
        }
        #expect(any.s_addr == INADDR_ANY)
        guard case .ipv4(let loopback, port: 8080) = SocketAddress.loopback(port: 8080) else {
            Issue.record("expected an IPv4 address")
            return
        }
        #expect(loopback.s_addr == UInt32(0x7F00_0001).bigEndian)
        #expect(SocketAddress(numericHost: "::1", port: 1, inet6: true).family == AF_INET6)
    }
}
