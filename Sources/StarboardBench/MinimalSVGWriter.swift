/// The least a renderer could do for a given SVG: write its bytes again from precomputed
/// geometry. The SVG is cut once into pieces, each a run of literal bytes followed by at most one
/// decimal number (a coordinate, a size, an opacity) kept as an integer and its decimals; writing
/// copies the literal runs and formats every number again, into a buffer it reuses. That is the
/// floor `starboard-bench --render-cost` holds a render against (issue 28: at most 2.5× it).
struct MinimalSVGWriter {
    /// Literal bytes `source[start..<start + count]`, then the number `magnitude / 10^decimals`
    /// (negative when `negative`) when `decimals >= 0`.
    struct Piece {
        var start: Int32
        var count: Int32
        var magnitude: UInt64
        var decimals: Int8
        var negative: Bool
    }

    private let source: [UInt8]
    private(set) var pieces: [Piece] = []
    private var output: [UInt8]

    /// Numbers written per document (what a renderer formats).
    var numberCount: Int { pieces.count { $0.decimals >= 0 } }

    /// Cuts `svg` into pieces. A number is `-?(0|[1-9][0-9]*)(\.[0-9]+)?` with at most 15 digits;
    /// colours (`#0A84FF`) and anything else stay literal.
    init(svg: [UInt8]) {
        source = svg
        output = [UInt8](repeating: 0, count: svg.count)
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        func isWordByte(_ byte: UInt8) -> Bool {
            isDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
        }
        var literalStart = 0
        var index = 0
        while index < svg.count {
            let byte = svg[index]
            if byte == UInt8(ascii: "#") {
                index += 1
                while index < svg.count, isWordByte(svg[index]) { index += 1 }
                continue
            }
            let negative = byte == UInt8(ascii: "-") && index + 1 < svg.count && isDigit(svg[index + 1])
            guard isDigit(byte) || negative else {
                index += 1
                continue
            }
            var end = negative ? index + 1 : index
            let integerStart = end
            while end < svg.count, isDigit(svg[end]) { end += 1 }
            var digits = end - integerStart
            var decimals = 0
            if end + 1 < svg.count, svg[end] == UInt8(ascii: "."), isDigit(svg[end + 1]) {
                var fraction = end + 1
                while fraction < svg.count, isDigit(svg[fraction]) { fraction += 1 }
                decimals = fraction - end - 1
                digits += decimals
                end = fraction
            }
            let leadingZero = svg[integerStart] == UInt8(ascii: "0") && end - integerStart - (decimals > 0 ? decimals + 1 : 0) > 1
            guard !leadingZero, digits <= 15 else {
                index = end
                continue
            }
            var magnitude: UInt64 = 0
            for position in integerStart..<end where svg[position] != UInt8(ascii: ".") {
                magnitude = magnitude * 10 + UInt64(svg[position] - 0x30)
            }
            pieces.append(Piece(start: Int32(literalStart), count: Int32(index - literalStart), magnitude: magnitude,
                                decimals: Int8(decimals), negative: negative))
            literalStart = end
            index = end
        }
        pieces.append(Piece(start: Int32(literalStart), count: Int32(svg.count - literalStart), magnitude: 0, decimals: -1, negative: false))
    }

    /// Writes the document again; the bytes are those it was made from.
    mutating func write() -> ArraySlice<UInt8> {
        let written = source.withUnsafeBufferPointer { source in
            pieces.withUnsafeBufferPointer { pieces in
                output.withUnsafeMutableBufferPointer { output -> Int in
                    let base = output.baseAddress!
                    var at = 0
                    for piece in pieces {
                        if piece.count > 0 {
                            (base + at).update(from: source.baseAddress! + Int(piece.start), count: Int(piece.count))
                            at += Int(piece.count)
                        }
                        guard piece.decimals >= 0 else { continue }
                        if piece.negative {
                            base[at] = UInt8(ascii: "-")
                            at += 1
                        }
                        at += Self.format(piece.magnitude, decimals: Int(piece.decimals), into: base + at)
                    }
                    return at
                }
            }
        }
        return output[..<written]
    }

    /// Writes `magnitude / 10^decimals` with exactly `decimals` decimals at `out`, two digits at
    /// a time from the right; the byte count.
    @inline(__always)
    private static func format(_ magnitude: UInt64, decimals: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var digits = 1
        var bound: UInt64 = 10
        while magnitude >= bound, digits < 19 {
            digits += 1
            bound &*= 10
        }
        digits = max(digits, decimals + 1)
        let length = digits + (decimals > 0 ? 1 : 0)
        let pairs = digitPairs
        var rest = magnitude
        var at = length
        @inline(__always) func pair() {
            let pair = Int(rest % 100)
            rest /= 100
            at -= 2
            out[at] = pairs[2 * pair]
            out[at + 1] = pairs[2 * pair + 1]
        }
        @inline(__always) func single() {
            at -= 1
            out[at] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        var fraction = decimals
        while fraction >= 2 { pair(); fraction -= 2 }
        if fraction == 1 { single() }
        if decimals > 0 {
            at -= 1
            out[at] = UInt8(ascii: ".")
        }
        var whole = digits - decimals
        while whole >= 2 { pair(); whole -= 2 }
        if whole == 1 { single() }
        return length
    }

    /// "00" to "99": two digits of a number below 100 at `2 * n`.
    private static var digitPairs: UnsafePointer<UInt8> {
        let pairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
        return pairs.utf8Start
    }
}
