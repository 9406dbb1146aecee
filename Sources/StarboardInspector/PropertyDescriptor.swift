import StarboardUI

/// Limits on a property's values, as declared next to the property.
public struct Constraints: Sendable, Hashable {
    /// Inclusive bounds for numbers, angles, and each dimension of sizes and points.
    public var minimum: Double?
    public var maximum: Double?
    public var step: Double?
    public var maxLength: Int?
    /// The cases of a choice, in declaration order.
    public var options: [ChoiceOption] = []
    /// Another integer property whose current value bounds this one from above.
    public var upperBound: DependentBound?

    public init(minimum: Double? = nil, maximum: Double? = nil, step: Double? = nil, maxLength: Int? = nil,
                options: [ChoiceOption] = [], upperBound: DependentBound? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.maxLength = maxLength
        self.options = options
        self.upperBound = upperBound
    }
}

/// One case of a choice property.
public struct ChoiceOption: Sendable, Hashable {
    public var value: String
    public var label: String
    /// The enum case as code names it (`small` for `case small = "sm"`), when known.
    public var caseName: String?

    public init(value: String, label: String, caseName: String? = nil) {
        self.value = value
        self.label = label
        self.caseName = caseName
    }
}

/// An upper bound taken from another property: `rating` at most `starCount`, `currentPage` below `numberOfPages`.
public struct DependentBound: Sendable, Hashable {
    public var property: String
    /// True for "at most", false for "less than".
    public var inclusive: Bool

    /// The largest allowed value given the other property's value.
    func limit(for other: Int) -> Int { inclusive ? other : other - 1 }
}

/// Everything known about one inspectable property: the schema entry and the rules for its values.
public struct PropertyDescriptor: Sendable {
    public let name: String
    public let label: String
    public let kind: PropertyKind
    public let defaultValue: PropertyValue
    public let constraints: Constraints
    public let help: String?

    public init(name: String, label: String, kind: PropertyKind, defaultValue: PropertyValue, constraints: Constraints, help: String?) {
        self.name = name
        self.label = label
        self.kind = kind
        self.defaultValue = defaultValue
        self.constraints = constraints
        self.help = help
    }

    /// "starCount" → "Star Count", the way Interface Builder titles inspectable properties.
    public static func title(fromName name: String) -> String {
        var words: [String] = []
        var current = ""
        for character in name {
            if character.isUppercase, !current.isEmpty, !(current.last?.isUppercase ?? false) {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    // MARK: - What is expected

    /// "an integer in 1...20", "a size like 30x30 with each side in 1...200", used in every error.
    public var expectation: String {
        let range = rangeText
        switch kind {
        case .integer, .double, .angle:
            return range.map { "\(kind.noun) in \($0)" } ?? kind.noun
        case .string:
            return constraints.maxLength.map { "a string of at most \($0) characters" } ?? "a string"
        case .size:
            return "a size like 30x30" + (range.map { " with each side in \($0)" } ?? "")
        case .point:
            return "a point like 10,20" + (range.map { " with each coordinate in \($0)" } ?? "")
        case .color:
            return "a color like #FF8800 or #FF880080"
        case .choice:
            return "one of " + constraints.options.map(\.value).joined(separator: ", ")
        case .bool:
            return "true or false"
        case .date:
            return "a date like 2026-05-01"
        }
    }

    private var rangeText: String? {
        guard constraints.minimum != nil || constraints.maximum != nil else { return nil }
        let low = constraints.minimum.map(JSONValue.format) ?? ""
        let high = constraints.maximum.map(JSONValue.format) ?? ""
        return "\(low)...\(high)"
    }

    func error(_ message: String, component: String) -> PropertyError {
        PropertyError(component: component, property: name, message: message)
    }

    func mismatch(_ got: String, component: String) -> PropertyError {
        error("expected \(expectation), got \(got)", component: component)
    }

    // MARK: - Reading values

    /// Reads a value from the protocol's JSON and checks it against the constraints.
    public func value(fromJSON json: JSONValue, component: String) throws(PropertyError) -> PropertyValue {
        let got = json.description.count > 80 ? json.typeName : json.description
        let value: PropertyValue
        switch kind {
        case .integer:
            switch json {
            case .integer(let i): value = .integer(i)
            case .number(let d) where d == d.rounded() && abs(d) < 1e15: value = .integer(Int(d))
            default: throw mismatch(got, component: component)
            }
        case .double, .angle:
            guard let d = json.doubleValue else { throw mismatch(got, component: component) }
            value = kind == .double ? .double(d) : .angle(d)
        case .bool:
            guard case .bool(let b) = json else { throw mismatch(got, component: component) }
            value = .bool(b)
        case .string:
            guard let s = json.stringValue else { throw mismatch(got, component: component) }
            value = .string(s)
        case .size:
            guard case .object(let members) = json, members.count == 2,
                  let w = json["width"]?.doubleValue, let h = json["height"]?.doubleValue
            else { throw error("expected a size {\"width\": …, \"height\": …}, got \(got)", component: component) }
            value = .size(Size(width: w, height: h))
        case .point:
            guard case .object(let members) = json, members.count == 2,
                  let x = json["x"]?.doubleValue, let y = json["y"]?.doubleValue
            else { throw error("expected a point {\"x\": …, \"y\": …}, got \(got)", component: component) }
            value = .point(Point(x: x, y: y))
        case .color:
            guard let s = json.stringValue, s.hasPrefix("#"), let c = Color(hex: s), s.count == 7 || s.count == 9 else {
                throw error("expected a color \"#RRGGBB\" or \"#RRGGBBAA\", got \(got)", component: component)
            }
            value = .color(c)
        case .choice:
            guard let s = json.stringValue else { throw mismatch(got, component: component) }
            value = .choice(s)
        case .date:
            guard let s = json.stringValue, let date = CalendarDate(iso8601: s) else {
                throw error("expected an ISO 8601 date like \"2026-05-01\", got \(got)", component: component)
            }
            value = .date(date)
        }
        try validate(value, component: component)
        return value
    }

    /// Reads a value from the CLI's `key=value` text (`30x30`, `#FF8800`, `90`, `"Earth Day"`).
    public func value(fromText raw: String, component: String) throws(PropertyError) -> PropertyValue {
        let text = raw.trimmingCharacters(in: " ")
        let shown = "\"\(raw)\""
        let value: PropertyValue
        switch kind {
        case .integer:
            guard let i = Int(text) else { throw mismatch(shown, component: component) }
            value = .integer(i)
        case .double, .angle:
            var number = Substring(text)
            if kind == .angle {
                for suffix in ["°", "deg"] where number.hasSuffix(suffix) { number = number.dropLast(suffix.count) }
            }
            guard let d = Self.decimal(number) else { throw mismatch(shown, component: component) }
            value = kind == .double ? .double(d) : .angle(d)
        case .bool:
            switch text.lowercased() {
            case "true", "yes", "on", "1": value = .bool(true)
            case "false", "no", "off", "0": value = .bool(false)
            default: throw mismatch(shown, component: component)
            }
        case .string:
            // The shell has usually removed quotes; strip one pair left in on purpose.
            var s = Substring(raw)
            if s.count >= 2, s.first == "\"", s.last == "\"" { s = s.dropFirst().dropLast() }
            value = .string(String(s))
        case .size:
            let parts = text.split(whereSeparator: { $0 == "x" || $0 == "×" || $0 == "," || $0 == "X" }).map { Self.decimal($0) }
            guard parts.count == 2, let w = parts[0], let h = parts[1] else { throw mismatch(shown, component: component) }
            value = .size(Size(width: w, height: h))
        case .point:
            let parts = text.split(separator: ",").map { Self.decimal($0) }
            guard parts.count == 2, let x = parts[0], let y = parts[1] else { throw mismatch(shown, component: component) }
            value = .point(Point(x: x, y: y))
        case .color:
            guard let c = Color(hex: text), text.hasPrefix("#") ? [4, 7, 9].contains(text.count) : [3, 6, 8].contains(text.count) else {
                throw mismatch(shown, component: component)
            }
            value = .color(c)
        case .choice:
            let match = constraints.options.first { $0.value == text || $0.label == text }
            value = .choice(match?.value ?? text)
        case .date:
            guard let date = CalendarDate(iso8601: text) else { throw mismatch(shown, component: component) }
            value = .date(date)
        }
        try validate(value, component: component)
        return value
    }

    /// A finite decimal; Swift's `Double("nan")` and `Double("inf")` would otherwise pass.
    private static func decimal(_ text: Substring) -> Double? {
        let trimmed = text.trimmingCharacters(in: " ")
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
              let d = Double(trimmed), d.isFinite else { return nil }
        return d
    }

    // MARK: - Checking values

    /// Checks a value of the right kind against the declared constraints (not dependent bounds).
    public func validate(_ value: PropertyValue, component: String) throws(PropertyError) {
        func check(_ number: Double, _ what: String) throws(PropertyError) {
            guard number.isFinite else { throw mismatch("\(what) (not a finite number)", component: component) }
            if let low = constraints.minimum, number < low { throw mismatch(what, component: component) }
            if let high = constraints.maximum, number > high { throw mismatch(what, component: component) }
        }
        switch value {
        case .integer(let i): try check(Double(i), String(i))
        case .double(let d), .angle(let d): try check(d, JSONValue.format(d))
        case .size(let s): try check(s.width, value.text); try check(s.height, value.text)
        case .point(let p): try check(p.x, value.text); try check(p.y, value.text)
        case .string(let s):
            // Bytes before characters: counting the characters of megabytes of combining marks
            // is the work the limit is there to refuse.
            let byteLimit = Self.maxStringBytes(maxLength: constraints.maxLength)
            if s.utf8.count > byteLimit {
                throw error("expected a string of at most \(byteLimit) bytes of UTF-8, got one of \(s.utf8.count)", component: component)
            }
            if let max = constraints.maxLength, s.count > max {
                throw error("expected a string of at most \(max) characters, got one of \(s.count)", component: component)
            }
            if let heavy = s.first(where: { $0.unicodeScalars.count > Self.maxScalarsPerCharacter }) {
                throw error("expected a string whose characters have at most \(Self.maxScalarsPerCharacter) code points each (a letter and its combining marks), got one of \(heavy.unicodeScalars.count)", component: component)
            }
        case .choice(let c):
            guard constraints.options.contains(where: { $0.value == c }) else {
                throw mismatch("\"\(c)\"", component: component)
            }
        case .color(let c):
            guard [c.lightValue.red, c.lightValue.green, c.lightValue.blue, c.lightValue.opacity].allSatisfy({ $0.isFinite && (0...1).contains($0) }) else {
                throw mismatch(c.hex, component: component)
            }
        case .bool, .date:
            break
        }
    }

    /// Most Unicode scalars in one character of a string value: a letter with its combining
    /// marks, an emoji sequence with its joiners and modifiers (the longest in use have about
    /// ten). Text that stacks more marks is an attack on the renderer, not a caption.
    public static let maxScalarsPerCharacter = 16

    /// Most UTF-8 bytes in a string value: 32 per character of `maxLength` (room for any emoji
    /// sequence), 16 KiB for a string without one. A character limit alone let 40 characters of
    /// stacked marks be 261 KB, rendered for every subscriber as a 1.3 MB SVG.
    public static func maxStringBytes(maxLength: Int?) -> Int {
        guard let maxLength else { return 16 * 1024 }
        return maxLength <= Int.max / 32 ? max(maxLength, 0) * 32 : Int.max
    }

    /// The schema entry the server, the page and `list --json` share.
    public var schema: JSONValue {
        var members: [(String, JSONValue)] = [
            ("name", .string(name)), ("label", .string(label)), ("kind", .string(kind.rawValue)), ("default", defaultValue.json),
        ]
        var limits: [(String, JSONValue)] = []
        if let low = constraints.minimum { limits.append(("min", Self.number(low, kind))) }
        if let high = constraints.maximum { limits.append(("max", Self.number(high, kind))) }
        if let step = constraints.step { limits.append(("step", Self.number(step, kind))) }
        if let maxLength = constraints.maxLength { limits.append(("maxLength", .integer(maxLength))) }
        if !constraints.options.isEmpty {
            limits.append(("options", .array(constraints.options.map { option in
                var members: [(String, JSONValue)] = [("value", .string(option.value)), ("label", .string(option.label))]
                // The Swift case, where it is not the raw value (`case small = "sm"`).
                if let name = option.caseName, name != option.value { members.append(("case", .string(name))) }
                return .object(members)
            })))
        }
        if let bound = constraints.upperBound {
            limits.append((bound.inclusive ? "maxProperty" : "belowProperty", .string(bound.property)))
        }
        members.append(("constraints", .object(limits)))
        if let help { members.append(("help", .string(help))) }
        return .object(members)
    }

    /// Reads a ``schema`` entry back: what a process that only has the catalog (the server, whose
    /// worker runs the component code) needs to check and spell values as the component does.
    /// Nil when `json` is not a schema entry.
    public init?(schema json: JSONValue) {
        guard let name = json["name"]?.stringValue, let kindName = json["kind"]?.stringValue,
              let kind = PropertyKind(rawValue: kindName) else { return nil }
        let limits = json["constraints"]
        var constraints = Constraints(
            minimum: limits?["min"]?.doubleValue, maximum: limits?["max"]?.doubleValue, step: limits?["step"]?.doubleValue,
            maxLength: limits?["maxLength"]?.doubleValue.flatMap { Int(exactly: $0) }
        )
        if case .array(let options)? = limits?["options"] {
            constraints.options = options.compactMap { option in
                option["value"]?.stringValue.map {
                    ChoiceOption(value: $0, label: option["label"]?.stringValue ?? $0, caseName: option["case"]?.stringValue ?? $0)
                }
            }
        }
        if let property = limits?["maxProperty"]?.stringValue {
            constraints.upperBound = DependentBound(property: property, inclusive: true)
        } else if let property = limits?["belowProperty"]?.stringValue {
            constraints.upperBound = DependentBound(property: property, inclusive: false)
        }
        // The default is checked against the kind only: the worker already checked the rest.
        let kindOnly = PropertyDescriptor(name: name, label: name, kind: kind, defaultValue: .bool(false),
                                          constraints: Constraints(options: constraints.options), help: nil)
        guard let defaultJSON = json["default"], let defaultValue = try? kindOnly.value(fromJSON: defaultJSON, component: "") else { return nil }
        self.init(name: name, label: json["label"]?.stringValue ?? name, kind: kind, defaultValue: defaultValue,
                  constraints: constraints, help: json["help"]?.stringValue)
    }

    private static func number(_ value: Double, _ kind: PropertyKind) -> JSONValue {
        kind == .integer ? .integer(Int(value)) : .number(value)
    }
}

extension StringProtocol {
    func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s = s.dropFirst() }
        while s.last == set { s = s.dropLast() }
        return String(s)
    }
}

extension PropertyDescriptor {
    /// The nearest value that satisfies the declared constraints, for values saved under an older
    /// declaration (a narrowed range, a shorter maximum length); nil when there is none (a choice
    /// whose case is gone).
    public func clamped(_ value: PropertyValue) -> PropertyValue? {
        func clamp(_ number: Double) -> Double {
            var result = number.isFinite ? number : (constraints.minimum ?? 0)
            if let low = constraints.minimum { result = Swift.max(result, low) }
            if let high = constraints.maximum { result = Swift.min(result, high) }
            return result
        }
        let candidate: PropertyValue
        switch value {
        // In integer space: through Double, Int.max becomes 2^63, which no Int can hold.
        case .integer(let i): candidate = .integer(Int(saturating: clamp(Double(i)), near: i))
        case .double(let d): candidate = .double(clamp(d))
        case .angle(let d): candidate = .angle(clamp(d))
        case .size(let s): candidate = .size(Size(width: clamp(s.width), height: clamp(s.height)))
        case .point(let p): candidate = .point(Point(x: clamp(p.x), y: clamp(p.y)))
        case .string(let s): candidate = .string(constraints.maxLength.map { String(s.prefix($0)) } ?? s)
        case .choice, .bool, .color, .date: candidate = value
        }
        guard (try? validate(candidate, component: "")) != nil else { return nil }
        return candidate
    }
}

extension Int {
    /// `value` as an integer, saturating at the ends of `Int` instead of trapping; `original` is
    /// kept when converting it to Double and back would only lose its last digits (a value near
    /// `Int.max` within the bounds it was clamped to).
    init(saturating value: Double, near original: Int) {
        if Double(original) == value {
            self = original
        } else if value >= 0x1p63 {
            self = .max
        } else if value <= -0x1p63 {
            self = .min
        } else {
            self = Int(value.rounded(.towardZero))
        }
    }
}
