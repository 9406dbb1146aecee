import StarboardUI

/// How renders describe themselves in JSON, shared by the protocol, the CLI and the export.
extension Size {
    /// `{"width","height"}` with at most three decimals.
    public var json: JSONValue {
        .object([("width", .number(Self.round3(width))), ("height", .number(Self.round3(height)))])
    }

    static func round3(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}

extension AccessibilityElement {
    /// `{"id","label","value","hint","frame","tappable"}`, the protocol's accessibility entry.
    public var json: JSONValue {
        .object([
            ("id", .string(id)),
            ("label", label.map(JSONValue.string) ?? .null),
            ("value", value.map(JSONValue.string) ?? .null),
            ("hint", hint.map(JSONValue.string) ?? .null),
            ("frame", .object([
                ("x", .number(Size.round3(frame.minX))), ("y", .number(Size.round3(frame.minY))),
                ("width", .number(Size.round3(frame.width))), ("height", .number(Size.round3(frame.height))),
            ])),
            ("tappable", .bool(isTappable)),
        ] + (traits.isEmpty ? [] : [("traits", .array(traits.map(JSONValue.string)))]))
    }
}

extension Array where Element == AccessibilityElement {
    /// The same text as `JSONValue.array(map(\.json))` writes, without building the values:
    /// a render's accessibility list is written for every change.
    public func writeJSON(into out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (index, element) in enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            element.writeJSON(into: &out)
        }
        out.append(UInt8(ascii: "]"))
    }
}

extension AccessibilityElement {
    /// ``json`` written straight into bytes.
    public func writeJSON(into out: inout [UInt8]) {
        func member(_ name: StaticString) {
            out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        }
        func optional(_ text: String?) {
            if let text { JSONValue.writeString(text, into: &out) } else { member("null") }
        }
        func number(_ value: Double) {
            out.append(contentsOf: JSONValue.format(Size.round3(value)).utf8)
        }
        member(#"{"id":"#)
        JSONValue.writeString(id, into: &out)
        member(#","label":"#)
        optional(label)
        member(#","value":"#)
        optional(value)
        member(#","hint":"#)
        optional(hint)
        member(#","frame":{"x":"#)
        number(frame.minX)
        member(#","y":"#)
        number(frame.minY)
        member(#","width":"#)
        number(frame.width)
        member(#","height":"#)
        number(frame.height)
        member(#"},"tappable":"#)
        member(isTappable ? "true" : "false")
        if !traits.isEmpty {
            member(#","traits":["#)
            for (index, trait) in traits.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(trait, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
    }
}

extension AuditFinding {
    /// As the protocol and `starboard audit --json` write a finding: what kind, about what, the
    /// message, the frame in points, and the contrast ratio found and needed for a contrast one.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("kind", .string(kind.rawValue)), ("subject", .string(subject)), ("message", .string(message)),
            ("frame", .object([
                ("x", .number(Size.round3(Double(frame.minX)))), ("y", .number(Size.round3(Double(frame.minY)))),
                ("width", .number(Size.round3(Double(frame.width)))), ("height", .number(Size.round3(Double(frame.height)))),
            ])),
        ]
        if let ratio { members.append(("ratio", .number(ratio))) }
        if let requiredRatio { members.append(("requiredRatio", .number(requiredRatio))) }
        return .object(members)
    }
}

extension Device {
    /// `{"name","idiom","width","height","insets","landscapeInsets","cornerRadius"}`, upright, in
    /// points: what the page's device picker and frame are drawn from.
    public var json: JSONValue {
        func insets(_ insets: EdgeInsets) -> JSONValue {
            .object([
                ("top", .number(insets.top)), ("leading", .number(insets.leading)),
                ("bottom", .number(insets.bottom)), ("trailing", .number(insets.trailing)),
            ])
        }
        return .object([
            ("name", .string(name)), ("idiom", .string(idiom.rawValue)),
            ("width", .number(portraitSize.width)), ("height", .number(portraitSize.height)),
            ("insets", insets(portraitInsets)), ("landscapeInsets", insets(landscapeInsets)),
            ("cornerRadius", .number(cornerRadius)),
        ])
    }
}
