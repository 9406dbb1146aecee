// libFuzzer harness: the JSON parser (scripts/fuzz json). Anything it accepts must write back to
// text that parses to the same value, and nothing may trap, however the bytes come.
import StarboardInspector

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let value = try? JSONValue(parsingUTF8: bytes) else { return 0 }
    let text = value.description
    guard let again = try? JSONValue(parsing: text) else { fatalError("wrote JSON it cannot read back: \(text)") }
    precondition(same(again, value), "round trip changed the value: \(text)")
    _ = value.depth
    _ = value.abbreviated(40)
    return 0
}

/// Equal, except that a whole number may come back as an integer (the writer drops `.0`).
func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.integer(let i), .number(let d)), (.number(let d), .integer(let i)): return Double(i) == d
    case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(same)
    case (.object(let x), .object(let y)): return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && same($0.1, $1.1) }
    default: return a == b
    }
}
