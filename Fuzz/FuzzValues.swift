// libFuzzer harness: the property value parsers (scripts/fuzz values). The first byte picks a
// kind and constraints, the rest is the value as JSON and as CLI text. Nothing may trap; a value
// that reads must validate, clamp to itself and read back from its own text.
import StarboardInspector
import StarboardUI

let descriptors: [PropertyDescriptor] = {
    func make(_ kind: PropertyKind, _ value: PropertyValue, _ constraints: Constraints = Constraints()) -> PropertyDescriptor {
        PropertyDescriptor(name: "p", label: "P", kind: kind, defaultValue: value, constraints: constraints, help: nil)
    }
    return [
        make(.integer, .integer(0)), make(.integer, .integer(1), Constraints(minimum: 1, maximum: 20, step: 1)),
        make(.double, .double(0)), make(.double, .double(0.5), Constraints(minimum: 0, maximum: 1, step: 0.05)),
        make(.bool, .bool(false)), make(.string, .string("")), make(.string, .string("a"), Constraints(maxLength: 40)),
        make(.size, .size(Size(width: 1, height: 1)), Constraints(minimum: 0, maximum: 200)),
        make(.point, .point(Point(x: 0, y: 0))), make(.color, .color(Color(red8: 0, green8: 0, blue8: 0))),
        make(.angle, .angle(0)), make(.date, .date(CalendarDate(year: 2026, month: 5, day: 1))),
    ]
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzValues(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let descriptor = descriptors[Int(data[0]) % descriptors.count]
    let rest = UnsafeBufferPointer(start: data + 1, count: size - 1)
    let text = String(decoding: rest, as: UTF8.self)
    var read: [PropertyValue] = []
    if let json = try? JSONValue(parsingUTF8: rest), let value = try? descriptor.value(fromJSON: json, component: "F") { read.append(value) }
    if let value = try? descriptor.value(fromText: text, component: "F") { read.append(value) }
    for value in read {
        do {
            try descriptor.validate(value, component: "F")
        } catch {
            fatalError("read a value that does not validate: \(value)")
        }
        precondition(descriptor.clamped(value) == value, "clamping a valid value changed it: \(value)")
        guard let back = try? descriptor.value(fromText: value.text, component: "F") else {
            fatalError("\(value) does not read back from its text \(value.text)")
        }
        if case .double = value {} else if case .angle = value {} else if case .size = value {} else if case .point = value {} else {
            precondition(back == value, "\(value) read back from \(value.text) as \(back)")
        }
    }
    // Clamping anything that reads loosely must not trap either.
    if let json = try? JSONValue(parsingUTF8: rest) {
        let loose = PropertyDescriptor(name: "p", label: "P", kind: descriptor.kind, defaultValue: descriptor.defaultValue,
                                       constraints: Constraints(options: descriptor.constraints.options), help: nil)
        if let value = try? loose.value(fromJSON: json, component: "F") { _ = descriptor.clamped(value) }
    }
    return 0
}
