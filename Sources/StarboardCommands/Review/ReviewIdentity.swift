/// What a render is, across revisions: the entry's name, the variant (nil for the defaults) and
/// the environment's name. Two revisions' renders are matched by it, never by position, so an
/// entry added in the middle of the list does not shift every later one.
struct ReviewIdentity: Hashable, Comparable, Sendable {
    let entry: String
    let variant: String?
    let environment: String

    /// One line that names the render and parses back: `RatingControl / Three stars [dark]`,
    /// `RatingControl / (defaults) [standard]`. Also what the shard hash is taken of.
    var key: String {
        "\(entry) / \(variant ?? "(defaults)") [\(environment)]"
    }

    static func < (left: ReviewIdentity, right: ReviewIdentity) -> Bool {
        (left.entry, left.variant ?? "", left.environment) < (right.entry, right.variant ?? "", right.environment)
    }

    /// FNV-1a, 64 bits, of the key's UTF-8: the same on every machine, process and Swift version
    /// (`Hasher` is seeded per process, so it cannot split work between processes).
    static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

/// One part of the work out of `count` (`--shard 2/4`): a render belongs to shard
/// `fnv1a64(key) % count + 1`, so every render is in exactly one shard, and which one does not
/// depend on what else is registered.
struct Shard: Equatable, Sendable, CustomStringConvertible {
    /// 1-based, as CI matrices count (`strategy.matrix.shard: [1, 2, 3, 4]`).
    let index: Int
    let count: Int

    static let whole = Shard(index: 1, count: 1)

    /// `i/n` with 1 ≤ i ≤ n; nil for anything else.
    init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else { return nil }
        self.init(index: index, count: count)
    }

    init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    static let expects = "i/n, a shard number i from 1 to n (e.g. 2/4)"

    /// The shard a key belongs to, 1-based.
    static func number(of key: String, count: Int) -> Int {
        Int(ReviewIdentity.fnv1a64(key) % UInt64(count)) + 1
    }

    func contains(_ key: String) -> Bool {
        count == 1 || Self.number(of: key, count: count) == index
    }

    var description: String { "\(index)/\(count)" }
}
