import Foundation
import StarboardSystem
import Testing
@testable import StarboardInspector

/// The parser against Python's `json` over a generated corpus: every text either both accept with
/// the same value, or both refuse. Where RFC 8259 leaves a choice, Starboard's parser refuses
/// (see ``JSONValue/init(parsing:)``) and the Python side is told the same rules: duplicate names,
/// numbers beyond a Double, lone surrogates, NaN and Infinity, nesting past 64.
@Suite("JSON against Python's json", .enabled(if: python3 != nil))
struct JSONDifferentialTests {
    /// Reads base64 lines, prints for each the value in a canonical form, or "reject".
    static let referee = #"""
    import base64, json, math, struct, sys

    class Reject(Exception):
        pass

    class Pairs(list):
        pass

    def constant(name):
        raise Reject("constant " + name)

    def canon(value, depth):
        if isinstance(value, (list, Pairs)) and depth > 64:
            raise Reject("depth")
        if value is None: return "n"
        if value is True: return "t"
        if value is False: return "f"
        if isinstance(value, int):
            if -2**63 <= value < 2**63: return "i%d" % value
            value = float(value)
        if isinstance(value, float):
            if not math.isfinite(value): raise Reject("range")
            return "d" + struct.pack(">d", value).hex()
        if isinstance(value, str):
            return "s" + value.encode("utf-8").hex()   # a lone surrogate cannot be encoded
        if isinstance(value, Pairs):
            keys = [key for key, _ in value]
            if len(set(keys)) != len(keys): raise Reject("duplicate")
            return "{" + ",".join(key.encode("utf-8").hex() + ":" + canon(item, depth + 1) for key, item in value) + "}"
        return "[" + ",".join(canon(item, depth + 1) for item in value) + "]"

    sys.setrecursionlimit(10000)
    for line in sys.stdin:
        data = base64.b64decode(line.strip())
        try:
            text = data.decode("utf-8")
            value = json.loads(text, object_pairs_hook=Pairs, parse_constant=constant)
            print(canon(value, 1))
        except (Reject, ValueError, UnicodeError, OverflowError, RecursionError):
            print("reject")
    """#

    /// The same canonical form for a value of Starboard's parser.
    static func canonical(_ value: JSONValue) -> String {
        switch value {
        case .null: "n"
        case .bool(let b): b ? "t" : "f"
        case .integer(let i): "i\(i)"
        case .number(let d): "d" + String(format: "%016llx", d.bitPattern)
        case .string(let s): "s" + hex(Array(s.utf8))
        case .array(let items): "[" + items.map(canonical).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { hex(Array($0.0.utf8)) + ":" + canonical($0.1) }.joined(separator: ",") + "}"
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    @Test func agreesWithPythonOnAGeneratedCorpus() throws {
        var generator = JSONCorpus(seed: 0x5EED_5747_B0A2_D001)
        let corpus = (0..<4000).map { _ in generator.next() }
        let input = corpus.map { Data($0).base64EncodedString() }.joined(separator: "\n") + "\n"
        let output = try ChildProcess.run(try #require(python3), arguments: ["-c", Self.referee], input: Array(input.utf8))
        try #require(output.succeeded, "python: \(output.stderrText)")
        let verdicts = output.stdoutText.split(separator: "\n").map(String.init)
        try #require(verdicts.count == corpus.count)
        var accepted = 0
        var disagreements: [String] = []
        for (bytes, python) in zip(corpus, verdicts) {
            let ours: String
            do {
                ours = Self.canonical(try JSONValue(parsingUTF8: bytes))
                accepted += 1
            } catch {
                ours = "reject"
            }
            if ours != python {
                disagreements.append("\(String(decoding: bytes.prefix(120), as: UTF8.self).debugDescription): ours \(ours.prefix(80)), python \(python.prefix(80))")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, e.g. \(disagreements.prefix(5).joined(separator: "\n"))")
        // A corpus worth its name has plenty of both.
        #expect(accepted > corpus.count / 4 && accepted < corpus.count * 3 / 4, "\(accepted) of \(corpus.count) accepted")
    }
}

/// Where python3 is, if it is.
private let python3 = ChildProcess.find("python3")

/// Generates JSON texts, valid and broken, leaning on the corners: escapes and surrogates, big
/// and signed numbers, exponents, duplicate names, deep nesting, and bytes that are not UTF-8.
struct JSONCorpus {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// SplitMix64: the same corpus on every run.
    private mutating func random() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func below(_ bound: Int) -> Int { Int(random() % UInt64(bound)) }
    private mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    private mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    mutating func next() -> [UInt8] {
        var text: [UInt8] = []
        if chance(3) {
            // Right at the nesting limit, or one past it.
            let depth = pick([63, 64, 65, 66])
            text = Array(String(repeating: "[", count: depth).utf8) + value(depth: 5) + Array(String(repeating: "]", count: depth).utf8)
        } else {
            text = space() + value(depth: 0) + space()
        }
        if chance(30) { mutate(&text) }
        return text
    }

    private mutating func space() -> [UInt8] {
        guard chance(30) else { return [] }
        return (0..<below(3)).map { _ in pick([0x20, 0x0A, 0x0D, 0x09] as [UInt8]) }
    }

    private mutating func value(depth: Int) -> [UInt8] {
        let choice = depth > 4 ? below(4) : below(6)
        switch choice {
        case 0: return number()
        case 1: return string()
        case 2: return Array(pick(["true", "false", "null", "true", "nul", "True", "NaN", "Infinity", "-Infinity"]).utf8)
        case 3: return number()
        case 4: return container(array: true, depth: depth)
        default: return container(array: false, depth: depth)
        }
    }

    private mutating func container(array: Bool, depth: Int) -> [UInt8] {
        var out: [UInt8] = [array ? 0x5B : 0x7B]
        let count = below(5)
        var names: [[UInt8]] = []
        for index in 0..<count {
            if index > 0 { out.append(0x2C) }
            out += space()
            if !array {
                // Now and then a name used before: a duplicate.
                let name = !names.isEmpty && chance(10) ? pick(names) : string()
                names.append(name)
                out += name + space() + [0x3A] + space()
            }
            out += value(depth: depth + 1) + space()
        }
        if count > 0 && chance(4) { out.append(0x2C) }
        out.append(array ? 0x5D : 0x7D)
        return out
    }

    private mutating func number() -> [UInt8] {
        var text = chance(30) ? "-" : ""
        switch below(6) {
        case 0: text += "0"
        case 1: text += String(below(1000))
        case 2: text += pick(["9223372036854775807", "9223372036854775808", "18446744073709551616", "123456789012345678901234567890"])
        case 3: text += String(1 + below(9)) + String(repeating: "0", count: below(25))
        case 4: text += pick(["01", "00", "0."]) // leading zeros and a bare point: refused
        default: text += String(below(100)) + "." + String(below(100_000))
        }
        if chance(30) {
            text += pick(["e", "E"]) + pick(["", "+", "-"]) + String(pick([0, 1, 5, 22, 308, 309, 324, 400, 999]))
        }
        if chance(2) { text += pick(["e", ".", "e+"]) }
        return Array(text.utf8)
    }

    private mutating func string() -> [UInt8] {
        var out: [UInt8] = [0x22]
        for _ in 0..<below(8) {
            switch below(12) {
            case 0: out += Array(pick(["\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t"]).utf8)
            case 1: out += Array(String(format: "\\u%04X", pick([0, 0x1F, 0x41, 0xE9, 0x2713, 0xFFFF, 0x7F, below(0xD800)])).utf8)
            case 2: out += Array(pick(["\\uD834\\uDD1E", "\\ud83c\\udf37", "\\uDBFF\\uDFFF"]).utf8)
            case 3 where chance(40): out += Array(pick(["\\uD834", "\\uDD1E", "\\uD834x", "\\u12", "\\x41", "\\u00G1"]).utf8)
            case 4: out += Array(pick(["é", "✓", "𝄞", "日本"]).utf8)
            case 5 where chance(30): out.append(UInt8(below(0x20)))   // a raw control character
            default: out.append(UInt8(0x61 + below(26)))
            }
        }
        if chance(97) { out.append(0x22) }
        return out
    }

    /// Breaks the text at a random place: a byte replaced (often by one that is not UTF-8),
    /// dropped, added, or the end cut off.
    private mutating func mutate(_ text: inout [UInt8]) {
        guard !text.isEmpty else { return }
        let place = below(text.count)
        let stray = pick([0x80, 0xBF, 0xC0, 0xC3, 0xE2, 0xED, 0xF4, 0xF5, 0xFF, 0x00, 0x22, 0x5C, 0x2C, 0x7D, 0x5D, 0x31] as [UInt8])
        switch below(4) {
        case 0: text[place] = stray
        case 1: text.remove(at: place)
        case 2: text.insert(stray, at: place)
        default: text.removeSubrange(place...)
        }
    }
}
