/// Revisions: how a component's count of accepted changes moves, with no arithmetic that can
/// trap on a number that came from a file or a client.
///
/// A revision never goes backwards, even across `kill -9`: acknowledged changes of the last
/// moments before a crash may not have reached the disk, so a restart cannot count on from the
/// saved revision. It starts at the next **epoch** instead, a multiple of 2^32 above the saved
/// revision, written to the state file before the server listens; every revision the crashed
/// run acknowledged was below it (one run counts fewer than 2^32 changes of one component).
enum Revision {
    /// The largest revision: 2^53 − 1, the largest integer a JavaScript client (the page)
    /// counts exactly. Above it a revision would compare wrongly in a browser.
    static let max = (1 << 53) - 1
    static let epochShift = 32

    /// The revision after `revision`; stays at ``max`` there (2^21 restarts or 2^53 changes
    /// away) rather than trapping or wrapping.
    static func next(after revision: Int) -> Int {
        revision < max ? revision + 1 : max
    }

    /// Where a restarted server counts from: the start of the epoch after `saved`'s.
    static func afterRestart(_ saved: Int) -> Int {
        let epoch = (Swift.max(0, Swift.min(saved, max)) >> epochShift) + 1
        return epoch < (1 << (53 - epochShift)) ? epoch << epochShift : max
    }
}
