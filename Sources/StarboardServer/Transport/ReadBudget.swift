/// How much one client may make the service thread read: a bucket of bytes that refills with time.
///
/// What a client sends costs the one service thread every client shares: libwebsockets inflates
/// it, checks its UTF-8, and the session parses it, all before another client's frame is read. A
/// compressed frame of 256 KiB of white space is a few hundred bytes on the wire, so the cost is
/// counted in the bytes the server is handed after inflating. A client may send ``burst`` bytes at
/// once and ``bytesPerSecond`` after that; past it, reading from its socket pauses at the end of
/// the message being read until the bucket is half full again, so its frames wait in its own kernel buffer (TCP slows it down) instead of
/// in front of everyone else's. Nothing it sent is lost, and its replies keep going out.
///
/// A client that compresses is never paused (lws 4.1 cannot read such a client again after a
/// pause, see ``ServiceLoop``): past its budget, each message it starts is refused whole instead
/// (``admits(at:)``, ``refuse(_:at:)``), unread: inflated by lws, but never kept, parsed or
/// answered. Refused bytes are not charged, so what it sends within the rate is still read.
///
/// A pause or a refusal starts an episode, and the client is told once per episode: the episode
/// ends when the bucket is full again, i.e. after the client kept within the rate for a while.
struct ReadBudget {
    /// Bytes a client may send at once.
    let burst: Int
    /// Bytes a second it earns back, up to ``burst``.
    let bytesPerSecond: Int
    /// Bytes it may still send now; below zero while it owes (what lws had already inflated).
    private(set) var available: Double
    /// When ``available`` was last brought up to date (nanoseconds, any monotonic clock).
    private var updatedAt: UInt64
    /// The client was told of a pause since the bucket was last full.
    private(set) var hasTold = false
    /// Reading is paused until ``available`` is back to ``resumeLevel``.
    private(set) var isPaused = false
    /// Bytes received in this episode (since the bucket was last full), for the notice.
    private(set) var episodeBytes = 0
    /// Messages refused unread in this episode.
    private(set) var episodeRefused = 0
    /// When the episode began.
    private(set) var episodeStart: UInt64

    /// Reading resumes at half a bucket: the pauses are few and each lets a fair amount through.
    var resumeLevel: Double { Double(burst) / 2 }

    init(burst: Int, bytesPerSecond: Int, now: UInt64) {
        precondition(burst > 0 && bytesPerSecond > 0, "a read budget needs a positive burst and rate")
        self.burst = burst
        self.bytesPerSecond = bytesPerSecond
        available = Double(burst)
        updatedAt = now
        episodeStart = now
    }

    /// Counts `bytes` just read, at `now`. Whatever lws hands over is counted, even past the
    /// budget: reading pauses only where ``pause(at:)`` is asked.
    mutating func charge(_ bytes: Int, at now: UInt64) {
        refill(to: now)
        if available >= Double(burst) {
            episodeBytes = 0
            episodeRefused = 0
            episodeStart = now
        }
        available -= Double(bytes)
        episodeBytes += bytes
    }

    /// Where reading may pause (a message's end), at `now`: nil while the client is within its
    /// budget (or paused already), else how long to pause and whether this is the first pause of
    /// the episode, which the client is told of.
    mutating func pause(at now: UInt64) -> (seconds: Double, tell: Bool)? {
        refill(to: now)
        guard !isPaused, available < 0 else { return nil }
        isPaused = true
        let tell = !hasTold
        hasTold = true
        return (secondsUntilResume, tell)
    }

    /// Whether a message that starts at `now` is read, for a client that is refused rather than
    /// paused: not while it owes.
    mutating func admits(at now: UInt64) -> Bool {
        refill(to: now)
        return available >= 0
    }

    /// Counts a message of `bytes` refused unread at `now` (not charged: the client owes nothing
    /// for it); true for the first refusal of the episode, which the client is told of.
    mutating func refuse(_ bytes: Int, at now: UInt64) -> Bool {
        refill(to: now)
        episodeBytes += bytes
        episodeRefused += 1
        let tell = !hasTold
        hasTold = true
        return tell
    }

    /// At `now`, while paused: nil when reading may resume, else how long to wait still.
    mutating func wait(at now: UInt64) -> Double? {
        refill(to: now)
        guard isPaused else { return nil }
        if available >= resumeLevel {
            isPaused = false
            return nil
        }
        return secondsUntilResume
    }

    private var secondsUntilResume: Double {
        max((resumeLevel - available) / Double(bytesPerSecond), 0.001)
    }

    private mutating func refill(to now: UInt64) {
        guard now > updatedAt else { return }
        let earned = Double(now - updatedAt) / 1e9 * Double(bytesPerSecond)
        updatedAt = now
        available = min(Double(burst), available + earned)
        if available >= Double(burst), !isPaused {
            // Kept within the rate long enough: a later pause is news again.
            hasTold = false
        }
    }
}
