import StarboardUI

/// The kinds of inspectable property; the schema names them with these raw values.
public enum PropertyKind: String, Sendable, CaseIterable {
    case integer, double, bool, string, size, point, color, angle, choice, date

    /// How error messages name a value of this kind.
    var noun: String {
        switch self {
        case .integer: "an integer"
        case .double: "a number"
        case .bool: "true or false"
        case .string: "a string"
        case .size: "a size"
        case .point: "a point"
        case .color: "a color"
        case .angle: "an angle in degrees"
        case .choice: "one of"
        case .date: "a date"
        }
    }
}

/// A value of an inspectable property, whatever its Swift type.
public enum PropertyValue: Hashable, Sendable {
    case integer(Int)
    case double(Double)
    case bool(Bool)
    case string(String)
    case size(Size)
    case point(Point)
    case color(Color)
    case angle(Double)
    case choice(String)
    case date(CalendarDate)

    /// The value as the protocol and the schema write it.
    public var json: JSONValue {
        switch self {
        case .integer(let v): .integer(v)
        case .double(let v): .number(v)
        case .bool(let v): .bool(v)
        case .string(let v): .string(v)
        case .size(let v): .object([("width", .number(v.width)), ("height", .number(v.height))])
        case .point(let v): .object([("x", .number(v.x)), ("y", .number(v.y))])
        case .color(let v): .string(v.hex)
        case .angle(let v): .number(v)
        case .choice(let v): .string(v)
        case .date(let v): .string(v.description)
        }
    }

    /// The value as the CLI reads it back (`30x30`, `#FF8800`, `90`).
    public var text: String {
        switch self {
        case .integer(let v): String(v)
        case .double(let v): JSONValue.format(v)
        case .bool(let v): v ? "true" : "false"
        // The reader strips one pair of quotes (the shell usually has already): a string that
        // begins and ends with one gets a pair more, so it reads back as itself.
        case .string(let v): v.count >= 2 && v.first == "\"" && v.last == "\"" ? "\"\(v)\"" : v
        case .size(let v): "\(JSONValue.format(v.width))x\(JSONValue.format(v.height))"
        case .point(let v): "\(JSONValue.format(v.x)),\(JSONValue.format(v.y))"
        case .color(let v): v.hex
        case .angle(let v): JSONValue.format(v)
        case .choice(let v): v
        case .date(let v): v.description
        }
    }
}

/// A calendar day without a time zone, so a goal date means the same day everywhere and renders the same bytes.
public struct CalendarDate: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`, or the date part of an ISO 8601 date-time; nil when the day does not exist.
    public init?(iso8601 text: String) {
        let pieces = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        // The time of a date-time is dropped, but it must be one: 2026-05-01T99:99 is no date.
        if pieces.count == 2, !Self.isTime(pieces[1]) { return nil }
        let datePart = String(pieces[0])
        let parts = datePart.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...CalendarDate.days(inMonth: month, year: year)).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// `HH:MM`, `HH:MM:SS` or `HH:MM:SS.fff`, then nothing, `Z` or `±HH:MM`, with every field in range.
    static func isTime(_ text: Substring) -> Bool {
        var clock = text
        var zone: Substring = ""
        if clock.hasSuffix("Z") {
            clock = clock.dropLast()
        } else if let sign = clock.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            zone = clock[clock.index(after: sign)...]
            clock = clock[..<sign]
            let zoneFields = zone.split(separator: ":", omittingEmptySubsequences: false)
            guard zoneFields.count == 2, zoneFields.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
                  let h = Int(zoneFields[0]), let m = Int(zoneFields[1]), h <= 14, m <= 59 else { return false }
        }
        var fields = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count) else { return false }
        if fields.count == 3, let dot = fields[2].firstIndex(of: ".") {
            let fraction = fields[2][fields[2].index(after: dot)...]
            guard !fraction.isEmpty, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
            fields[2] = fields[2][..<dot]
        }
        guard fields.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return false }
        let limits = [23, 59, 60]  // 60: a leap second
        return zip(fields, limits).allSatisfy { Int($0)! <= $1 }
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// The day as a `Date` at noon UTC, which is the same day in every time zone within twelve
    /// hours of UTC: what `Text(goalDate.date, style: .date)` formats in the environment's locale.
    public var date: Date {
        var components = DateComponents()
        (components.year, components.month, components.day, components.hour) = (year, month, day, 12)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: components) ?? Date(timeIntervalSince1970: 0)
    }

    /// The long US English form SwiftUI's `Text(date, style: .date)` shows, e.g. "May 1, 2026".
    public var longDescription: String {
        let names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        return "\(names[month - 1]) \(day), \(year)"
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
