/// The byte buffer the SVG writer appends to: literals, numbers and escaped text go straight in as
/// UTF-8, without the temporary strings that interpolation would make on this hot path.
///
/// Noncopyable, because a render writes a few thousand bytes in hundreds of small appends: with a
/// single owner an append is a capacity check and a copy, where an `Array` also pays a uniqueness
/// check and a generic `append(contentsOf:)` for every literal and number.
struct SVGBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0
    /// The bytes that may be outside ASCII lie in `nonASCIIStart..<nonASCIIEnd` (empty when none
    /// were appended): only they need the slow check when the bytes become a `String`.
    private var nonASCIIStart = Int.max
    private var nonASCIIEnd = 0

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The bytes as a `String`. Everything but the span where non-ASCII bytes were appended is
    /// ASCII, which `String` checks a word at a time; only that span takes the byte-by-byte check
    /// of UTF-8 (a single emoji in a long document would otherwise slow the whole document's).
    var string: String {
        let start = min(nonASCIIStart, count), end = min(max(nonASCIIEnd, start), count)
        guard start < end else { return Self.string(base, count, capacity: count) }
        var result = Self.string(base, start, capacity: count)
        result.append(String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self))
        if end < count { result.append(Self.string(base + end, count - end, capacity: count - end)) }
        return result
    }

    private static func string(_ source: UnsafePointer<UInt8>, _ count: Int, capacity: Int) -> String {
        String(unsafeUninitializedCapacity: capacity) { target in
            target.baseAddress!.update(from: source, count: count)
            return count
        }
    }

    /// Notes that `range` of the buffer may hold non-ASCII bytes.
    @inline(__always)
    private mutating func markNonASCII(_ range: Range<Int>) {
        nonASCIIStart = min(nonASCIIStart, range.lowerBound)
        nonASCIIEnd = max(nonASCIIEnd, range.upperBound)
    }

    mutating func reserve(_ capacity: Int) {
        if capacity > self.capacity { grow(to: capacity) }
    }

    /// Makes room for `extra` more bytes, doubling so appends stay amortised O(1).
    @inline(__always)
    private mutating func ensure(_ extra: Int) {
        if count + extra > capacity { grow(to: max(capacity * 2, count + extra)) }
    }

    private mutating func grow(to newCapacity: Int) {
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        larger.update(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = newCapacity
    }

    @inline(__always)
    private mutating func appendByte(_ byte: UInt8) {
        ensure(1)
        base[count] = byte
        count += 1
    }

    private mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let address = source.baseAddress, !source.isEmpty else { return }
        ensure(source.count)
        (base + count).update(from: address, count: source.count)
        count += source.count
    }

    /// Most literals are a few bytes (`"`, ` L`, `/>`): inlined, their length is a constant and
    /// they are copied byte by byte, where a `memcpy` call would cost more than the copy.
    @inline(__always)
    mutating func append(_ literal: StaticString) {
        guard literal.hasPointerRepresentation, literal.isASCII else {
            literal.withUTF8Buffer { utf8 in
                let start = count
                append(utf8)
                if utf8.contains(where: { $0 >= 0x80 }) { markNonASCII(start..<count) }
            }
            return
        }
        let length = literal.utf8CodeUnitCount
        guard length <= 8 else {
            append(UnsafeBufferPointer(start: literal.utf8Start, count: length))
            return
        }
        ensure(length)
        let source = literal.utf8Start
        for offset in 0..<length {
            base[count + offset] = source[offset]
        }
        count += length
    }

    /// Appends a string's UTF-8. Named apart from ``append(_:)`` so that literals, which Swift would
    /// otherwise make `String`s, take the `StaticString` path and are copied without conversion.
    mutating func appendString(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            let start = count
            append(utf8)
            if utf8.contains(where: { $0 >= 0x80 }) { markNonASCII(start..<count) }
        }
    }

    /// Appends a copy of bytes already written, `range` being offsets into this buffer.
    mutating func appendCopy(of range: Range<Int>) {
        ensure(range.count)
        (base + count).update(from: base + range.lowerBound, count: range.count)
        if range.lowerBound < nonASCIIEnd && range.upperBound > nonASCIIStart { markNonASCII(count..<count + range.count) }
        count += range.count
    }

    mutating func append(_ other: borrowing SVGBytes) {
        append(other, from: 0)
    }

    /// Appends `other`'s bytes from offset `start` on.
    mutating func append(_ other: borrowing SVGBytes, from start: Int) {
        let offset = count - start
        append(UnsafeBufferPointer(start: other.base + start, count: other.count - start))
        if other.nonASCIIStart < other.nonASCIIEnd, other.nonASCIIEnd > start {
            markNonASCII(max(other.nonASCIIStart, start) + offset..<other.nonASCIIEnd + offset)
        }
    }

    /// Appends `other` from offset `start` on with `.` as `_` and `-` as `m`, so a number can
    /// be part of an id.
    mutating func appendIDSafe(_ other: borrowing SVGBytes, from start: Int) {
        ensure(other.count - start)
        for offset in start..<other.count {
            let byte = other.base[offset]
            base[count + offset - start] = byte == UInt8(ascii: ".") ? UInt8(ascii: "_") : byte == UInt8(ascii: "-") ? UInt8(ascii: "m") : byte
        }
        if other.nonASCIIStart < other.nonASCIIEnd { markNonASCII(count..<count + other.count - start) }
        count += other.count - start
    }

    /// Forgets the bytes, keeping the storage.
    mutating func removeAll() {
        count = 0
        nonASCIIStart = Int.max
        nonASCIIEnd = 0
    }

    /// Forgets the bytes from `start` on (a mask's drawing, moved into its definition).
    mutating func removeLast(from start: Int) {
        count = min(count, start)
        nonASCIIEnd = min(nonASCIIEnd, count)
        if nonASCIIStart >= count { nonASCIIStart = Int.max; nonASCIIEnd = 0 }
    }

    /// FNV-1a, 64-bit, of the bytes: stable across runs and platforms (unlike `Hasher`).
    func fnv1a() -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for offset in 0..<count {
            value ^= UInt64(base[offset])
            value &*= 0x100_0000_01b3
        }
        return value
    }

    /// Sixteen lower-case hex digits.
    mutating func appendHex64(_ value: UInt64) {
        ensure(16)
        for digit in 0..<16 {
            let nibble = Int((value >> UInt64(60 - 4 * digit)) & 0xF)
            base[count + digit] = nibble < 10 ? UInt8(ascii: "0") + UInt8(nibble) : UInt8(ascii: "a") + UInt8(nibble - 10)
        }
        count += 16
    }

    /// At most `decimals` decimals and no trailing zeros; `-0` and non-finite values write as `0`.
    @inline(__always)
    mutating func appendNumber(_ value: Double, decimals: Int = 3) {
        if decimals == 3 {
            appendNumber(value)
        } else if decimals <= 1 {
            appendNumber(value, tenths: decimals == 1)
        } else {
            appendNumber(value, unit: Self.power(ofTen: decimals), decimals: decimals)
        }
    }

    /// At most three decimals: nearly every number of a document (coordinates, sizes, opacities).
    ///
    /// Below 10^8 thousandths it writes through one pointer kept in a register, digits from a
    /// table of pairs; stores through `base` would otherwise make the compiler reload `base`
    /// and `count` after every byte, since they may alias.
    mutating func appendNumber(_ value: Double) {
        let scaled = value * 1000
        // False for NaN and infinities too.
        guard abs(scaled) < 1e8 else {
            appendNumber(value, unit: 1000, decimals: 3)
            return
        }
        var units = Int(Self.rounded(scaled))
        ensure(16)
        let start = base + count
        guard units != 0 else {
            start[0] = UInt8(ascii: "0")
            count += 1
            return
        }
        var out = start
        if units < 0 {
            out[0] = UInt8(ascii: "-")
            out += 1
            units = -units
        }
        let whole = units / 1000
        let fraction = units - whole * 1000
        let pairs = Self.digitPairs
        if whole < 10 {
            out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: whole)
            out += 1
        } else if whole < 100 {
            out[0] = pairs[2 * whole]
            out[1] = pairs[2 * whole + 1]
            out += 2
        } else if whole < 1000 {
            let hundreds = whole / 100, rest = whole - hundreds * 100
            out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: hundreds)
            out[1] = pairs[2 * rest]
            out[2] = pairs[2 * rest + 1]
            out += 3
        } else {
            // Up to five digits (below 10^8 thousandths): written from the right.
            var digits = 4
            var rest = whole
            while rest >= 10_000 { digits += 1; rest /= 10 }
            rest = whole
            var position = digits
            while position > 0 {
                position -= 1
                out[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            out += digits
        }
        if fraction != 0 {
            // Three fraction digits, trailing zeros dropped.
            let hundreds = fraction / 100, rest = fraction - hundreds * 100
            out[0] = UInt8(ascii: ".")
            out[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: hundreds)
            if rest == 0 {
                out += 2
            } else {
                out[2] = pairs[2 * rest]
                let ones = pairs[2 * rest + 1]
                out[3] = ones
                out += ones == UInt8(ascii: "0") ? 3 : 4
            }
        }
        count += out - start
    }

    /// No decimal or at most one (`tenths`): the view outline's indices and frames. The same bytes
    /// as the general path below, through one pointer and the table of digit pairs.
    private mutating func appendNumber(_ value: Double, tenths: Bool) {
        let scaled = tenths ? value * 10 : value
        // False for NaN and infinities too: the general path writes those as 0.
        guard abs(scaled) < 1e15 else {
            appendNumber(value, unit: tenths ? 10 : 1, decimals: tenths ? 1 : 0)
            return
        }
        var units = Int(Self.rounded(scaled))
        ensure(24)
        let start = base + count
        var out = start
        if units < 0 {
            out[0] = UInt8(ascii: "-")
            out += 1
            units = -units
        }
        var fraction = 0
        if tenths {
            fraction = units % 10
            units /= 10
        }
        var digits = 1
        var bound = 10
        while units >= bound {
            digits += 1
            bound &*= 10
        }
        let pairs = Self.digitPairs
        var position = digits
        var rest = units
        while position >= 2 {
            let pair = rest % 100
            rest /= 100
            position -= 2
            out[position] = pairs[2 * pair]
            out[position + 1] = pairs[2 * pair + 1]
        }
        if position == 1 { out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest) }
        out += digits
        if fraction != 0 {
            out[0] = UInt8(ascii: ".")
            out[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction)
            out += 2
        }
        count += out - start
    }

    /// "00" to "99": two digits of a number below 100 at `2 * n`.
    private static var digitPairs: UnsafePointer<UInt8> {
        let pairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
        return pairs.utf8Start
    }

    /// At most `decimals` decimals (`unit` being 10^decimals) and no trailing zeros; `-0` and
    /// non-finite values write as `0`.
    private mutating func appendNumber(_ value: Double, unit: UInt, decimals: Int) {
        guard value.isFinite else {
            appendByte(UInt8(ascii: "0"))
            return
        }
        let scaled = Self.rounded(value * Double(unit))
        guard abs(scaled) < 9e15 else {
            appendString(String(Int(value)))
            return
        }
        let units = Int(scaled)
        if units == 0 {
            appendByte(UInt8(ascii: "0"))
            return
        }
        // All digits of |units| go right-aligned into a window past the end, two per division;
        // the last `decimals` of them are the fraction. The number is then moved into place,
        // fraction zeros dropped by looking at bytes rather than by more divisions.
        let window = 24
        ensure(window + 2)
        let end = count + window + 2
        var start = end
        var magnitude = units.magnitude
        while magnitude >= 100 {
            start -= 2
            writePair(Int(magnitude % 100), at: start)
            magnitude /= 100
        }
        if magnitude >= 10 {
            start -= 2
            writePair(Int(magnitude), at: start)
        } else {
            start -= 1
            base[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
        }
        // A whole part of 0 when the digits are all fraction (0.05).
        while end - start <= decimals {
            start -= 1
            base[start] = UInt8(ascii: "0")
        }
        let fractionStart = end - decimals
        var fractionEnd = end
        while fractionEnd > fractionStart && base[fractionEnd - 1] == UInt8(ascii: "0") { fractionEnd -= 1 }
        // Copy forward into place; the window starts far enough right that no byte is overwritten unread.
        var index = count
        if units < 0 {
            base[index] = UInt8(ascii: "-")
            index += 1
        }
        for source in start..<fractionStart {
            base[index] = base[source]
            index += 1
        }
        if fractionEnd > fractionStart {
            base[index] = UInt8(ascii: ".")
            index += 1
            for source in fractionStart..<fractionEnd {
                base[index] = base[source]
                index += 1
            }
        }
        count = index
    }

    /// `value.rounded()` (half away from zero) for a finite value, without a call into libm:
    /// below 2^52 the fraction `value - trunc(value)` is exact, so comparing it with ½ is too;
    /// from 2^52 on every double is whole.
    @inline(__always)
    private static func rounded(_ value: Double) -> Double {
        guard abs(value) < 0x1p52 else { return value }
        let whole = Double(Int64(value))
        let fraction = value - whole
        if fraction >= 0.5 { return whole + 1 }
        if fraction <= -0.5 { return whole - 1 }
        return whole
    }

    private static func power(ofTen exponent: Int) -> UInt {
        var result: UInt = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }

    /// Two digits, `00`…`99`, at `index` and the byte after.
    @inline(__always)
    private func writePair(_ pair: Int, at index: Int) {
        let tens = pair / 10
        base[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tens)
        base[index + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: pair - tens * 10)
    }

    /// `#RRGGBB`, upper case, ignoring opacity (SVG 1.1 writes it separately).
    mutating func appendHex(_ color: Color.Resolved) {
        ensure(7)
        base[count] = UInt8(ascii: "#")
        count += 1
        appendHexChannel(color.red)
        appendHexChannel(color.green)
        appendHexChannel(color.blue)
    }

    /// Two hex digits of a 0…1 channel; room for them is already made.
    @inline(__always)
    private mutating func appendHexChannel(_ channel: Double) {
        let byte = Int(Self.rounded(min(max(channel, 0), 1) * 255))
        base[count] = Self.hexDigit(byte >> 4)
        base[count + 1] = Self.hexDigit(byte & 0xF)
        count += 2
    }

    @inline(__always)
    private static func hexDigit(_ value: Int) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + UInt8(value) : UInt8(ascii: "A") + UInt8(value - 10)
    }

    /// Text escaped for XML character data and attribute values (see ``SVGWriter/escape(_:)``).
    mutating func appendEscaped(_ text: String) {
        var text = text
        let clean = text.withUTF8 { utf8 -> Bool in
            var ascii = true
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): return false
                case ..<0x20: return false
                case 0xEF: return false  // U+FFFE/U+FFFF start with 0xEF: let the careful path decide
                case 0x80...: ascii = false
                default: continue
                }
            }
            let start = count
            append(utf8)
            if !ascii { markNonASCII(start..<count) }
            return true
        }
        if !clean { appendString(SVGWriter.escape(text)) }
    }
}
