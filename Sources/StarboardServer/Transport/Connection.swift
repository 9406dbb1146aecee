/// Service-thread state of one websocket connection.
///
/// The lws per-session storage holds a retained `Unmanaged` reference to it
/// from `LWS_CALLBACK_ESTABLISHED` until `LWS_CALLBACK_CLOSED`.
final class Connection {
    let id: ConnectionID
    /// The lws connection handle; valid until `LWS_CALLBACK_CLOSED`.
    let wsi: OpaquePointer
    /// Fragments of the text message being received.
    var message: [UInt8] = []
    /// A message is being received: its first fragment came, its last has not.
    var isInMessage = false
    /// Why the message being received is refused unread, nil while it is read: its bytes are
    /// counted, not kept, and the session never sees it.
    var refusal: Refusal?
    /// Bytes of the message being refused so far.
    var refusedBytes = 0
    /// The client compresses and three quarters of its queue wait: what it sends is refused
    /// unread until a quarter is left (it is never paused, see ``ServiceLoop``).
    var isQueueFull = false
    /// It was told since its queue last filled.
    var hasToldQueueFull = false
    /// Set once the connection was refused (close reason given); nothing more is read or written.
    var isRefused = false
    /// When output started waiting for the client (or last made progress); nil while none waits.
    var waitingSince: UInt64?
    /// When the connection's one lws timer fires (uptime nanoseconds); nil while none is set.
    /// The stall check and the end of a read pause share it.
    var timerDue: UInt64?
    /// Reading from the client (one that does not compress) is paused until the replies waiting
    /// for it have gone out.
    var isReadPaused = false
    /// What the client may still send before reading from it pauses.
    var readBudget: ReadBudget
    /// Whether lws reads from the client now (the last `lws_rx_flow_control` asked it to).
    var isReading = true
    /// The client negotiated permessage-deflate: longer messages go to it compressed.
    var compresses = false

    /// Why a client that compresses has a message refused unread.
    enum Refusal {
        /// It was past its ``ReadBudget`` when the message began.
        case readBudget
        /// Three quarters of its queue waited for it (``isQueueFull``).
        case queue
    }

    init(id: ConnectionID, wsi: OpaquePointer, compresses: Bool, readBudget: ReadBudget) {
        self.id = id
        self.wsi = wsi
        self.compresses = compresses
        self.readBudget = readBudget
    }
}
