/// Order statistics of a set of timings: what the report shows for each measurement.
public struct LatencySummary: Sendable, Equatable {
    /// How many timings there were.
    public let count: Int
    /// The median, in microseconds.
    public let medianMicros: Double
    /// The 99th percentile (nearest rank), in microseconds.
    public let p99Micros: Double
    /// The slowest, in microseconds.
    public let maxMicros: Double

    /// Summarises timings given in nanoseconds; an empty set gives zeros and a count of 0.
    public init(nanoseconds samples: [UInt64]) {
        count = samples.count
        guard !samples.isEmpty else {
            medianMicros = 0
            p99Micros = 0
            maxMicros = 0
            return
        }
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? Double(sorted[middle]) : (Double(sorted[middle - 1]) + Double(sorted[middle])) / 2
        // Nearest rank: the smallest timing at least 99 % of the timings do not exceed.
        let rank = Int((Double(sorted.count) * 0.99).rounded(.up)) - 1
        medianMicros = median / 1000
        p99Micros = Double(sorted[min(max(rank, 0), sorted.count - 1)]) / 1000
        maxMicros = Double(sorted[sorted.count - 1]) / 1000
    }
}
