/// The byte buffer the SVG writer appends to: literals, numbers and escaped text go straight in as
/// UTF-8, without the temporary strings that interpolation would make on this hot path.
struct SVGBytes {
    private(set) var bytes: [UInt8] = []

    var count: Int { bytes.count }

    var string: String { String(decoding: bytes, as: UTF8.self) }

    mutating func reserve(_ capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ other: SVGBytes) {
        bytes.append(contentsOf: other.bytes)
    }

    /// At most `decimals` decimals and no trailing zeros; `-0` and non-finite values write as `0`.
    mutating func appendNumber(_ value: Double, decimals: Int = 3) {
        guard value.isFinite else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var unit = 1
        for _ in 0..<decimals { unit *= 10 }
        let scaled = (value * Double(unit)).rounded()
        guard abs(scaled) < 9e15 else {
            append(String(Int(value)))
            return
        }
        let units = Int(scaled)
        if units == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        if units < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = units.magnitude
        appendDigits(magnitude / UInt(unit))
        var fraction = magnitude % UInt(unit)
        guard fraction != 0 else { return }
        var width = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        bytes.append(UInt8(ascii: "."))
        // Leading zeros of the fraction, then its digits.
        var digits = 1
        var probe = fraction
        while probe >= 10 {
            probe /= 10
            digits += 1
        }
        for _ in 0..<(width - digits) { bytes.append(UInt8(ascii: "0")) }
        appendDigits(fraction)
    }

    private mutating func appendDigits(_ value: UInt) {
        if value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var buffer: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var remaining = value
        var length = 0
        withUnsafeMutableBytes(of: &buffer) { raw in
            while remaining > 0 {
                raw[19 - length] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
                length += 1
            }
            bytes.append(contentsOf: raw[(20 - length)...])
        }
    }

    /// `#RRGGBB`, upper case, ignoring opacity (SVG 1.1 writes it separately).
    mutating func appendHex(_ color: Color) {
        let digits: StaticString = "0123456789ABCDEF"
        bytes.append(UInt8(ascii: "#"))
        for channel in [color.red, color.green, color.blue] {
            let byte = Int((min(max(channel, 0), 1) * 255).rounded())
            digits.withUTF8Buffer { table in
                bytes.append(table[byte >> 4])
                bytes.append(table[byte & 0xF])
            }
        }
    }

    /// Text escaped for XML character data and attribute values (see ``SVGWriter/escape(_:)``).
    mutating func appendEscaped(_ text: String) {
        var text = text
        let clean = text.withUTF8 { utf8 -> Bool in
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): return false
                case ..<0x20: return false
                case 0xEF: return false  // U+FFFE/U+FFFF start with 0xEF: let the careful path decide
                default: continue
                }
            }
            bytes.append(contentsOf: utf8)
            return true
        }
        if !clean { append(SVGWriter.escape(text)) }
    }
}
