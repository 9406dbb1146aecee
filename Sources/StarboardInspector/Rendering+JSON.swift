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
