#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection to a port of this machine (127.0.0.1), blocking with timeouts until
/// ``makeNonBlocking()``: what the bench's websocket clients and the server tests' raw HTTP and
/// websocket clients are made of, so both speak to the server through one implementation.
public final class LoopbackConnection: Sendable {
    /// The socket, for `poll` and `epoll`.
    public let descriptor: Int32

    /// Connects to 127.0.0.1:`port`. Reads and writes wait at most `timeoutSeconds`;
    /// `receiveBuffer` shrinks SO_RCVBUF (a slow client); `noDelay` sends small writes at once.
    public init(port: Int, timeoutSeconds: Int = 10, receiveBuffer: Int32? = nil, noDelay: Bool = false) throws(SystemError) {
        let descriptor = try SystemCall.streamSocket(family: AF_INET)
        do {
            let timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
            try SystemCall.setSocketOption(descriptor, level: SOL_SOCKET, SO_RCVTIMEO, to: timeout, "set SO_RCVTIMEO")
            try SystemCall.setSocketOption(descriptor, level: SOL_SOCKET, SO_SNDTIMEO, to: timeout, "set SO_SNDTIMEO")
            if let receiveBuffer {
                try SystemCall.setSocketOption(descriptor, level: SOL_SOCKET, SO_RCVBUF, to: receiveBuffer, "set SO_RCVBUF")
            }
            if noDelay {
                try SystemCall.setSocketOption(descriptor, level: Int32(IPPROTO_TCP), TCP_NODELAY, to: Int32(1), "set TCP_NODELAY")
            }
            try SystemCall.connect(descriptor, to: .loopback(port: port), "connect to 127.0.0.1:\(port)")
        } catch {
            SystemCall.close(descriptor)
            throw error
        }
        self.descriptor = descriptor
    }

    deinit {
        SystemCall.close(descriptor)
    }

    /// Sends every byte; a timeout or a peer that went away throws.
    public func send(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        try SystemCall.sendAll(descriptor, bytes, "send to 127.0.0.1")
    }

    /// ``send(_:)`` for an array.
    public func send(_ bytes: [UInt8]) throws(SystemError) {
        try bytes.withUnsafeBytes { raw in Result { () throws(SystemError) in try send(raw) } }.get()
    }

    /// Reads what is there into `buffer`: the byte count, 0 at the end of the stream, nil when
    /// nothing came within the timeout (or, once nonblocking, nothing is there now). A reset throws.
    public func receive(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int? {
        try SystemCall.readSome(descriptor, into: buffer, "receive from 127.0.0.1")
    }

    /// Switches the socket to nonblocking, for a poll-driven client.
    public func makeNonBlocking() throws(SystemError) {
        try SystemCall.setNonBlocking(descriptor)
    }
}
