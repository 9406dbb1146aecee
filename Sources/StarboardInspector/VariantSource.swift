import Foundation
import StarboardUI

/// Why a variant could not be written into a component's source.
public struct VariantSourceError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Writes a named variant into a component's Swift source, beside the others, as a person would:
/// `Variant("Evening") { $0.rating = 4; $0.tint = Color(red8: 255, green8: 136, blue8: 0) },`
/// on its own line before the `]` that closes `static let variants = [ … ]`.
///
/// ``adding(_:values:to:in:)`` is a pure text edit; ``save(_:values:to:file:packageRoot:expected:)``
/// also refuses a file outside the package or one that changed on disk since `expected` was
/// read, and replaces the file atomically, so nothing is ever written half.
public enum VariantSource {
    /// `source` with the variant added to `typeName`'s variants list.
    ///
    /// `values` are the properties that differ from the defaults, in declaration order. Refuses
    /// (saying why) when the type, its `static let variants = [` list or its end cannot be
    /// found, or when a variant of that name is already listed.
    public static func adding(
        _ name: String, values: [(name: String, value: PropertyValue)], to typeName: String, in source: String
    ) throws(VariantSourceError) -> String {
        try insertion(name, values: values, to: typeName, in: source).source
    }

    /// The edited source and the entry in it.
    private static func insertion(
        _ name: String, values: [(name: String, value: PropertyValue)], to typeName: String, in source: String
    ) throws(VariantSourceError) -> (source: String, entry: String) {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { throw VariantSourceError("a variant needs a name") }
        let text = Array(source.utf8)
        guard let body = typeBody(typeName, in: text) else {
            throw VariantSourceError("no `struct \(typeName)` with a body was found in the file")
        }
        guard let open = variantsListOpening(in: text, within: body) else {
            throw VariantSourceError("\(typeName) has no `static let variants = [ … ]` list to add to")
        }
        guard let close = matching(text, from: open, open: UInt8(ascii: "["), close: UInt8(ascii: "]")) else {
            throw VariantSourceError("the variants list of \(typeName) does not end")
        }
        let list = String(decoding: text[open..<close], as: UTF8.self)
        let taken = try? NSRegularExpression(pattern: "Variant(<[^>]*>)?\\(\\s*" + NSRegularExpression.escapedPattern(for: swiftString(name)) + "\\s*[,)]")
        if let taken, taken.firstMatch(in: list, range: NSRange(list.startIndex..., in: list)) != nil {
            throw VariantSourceError("\(typeName) already has a variant named \(swiftString(name))")
        }
        let entry = entryText(name, values: values, typeName: typeName, listIsEmpty: list.dropFirst().allSatisfy(\.isWhitespace))

        // The new line takes the indentation of the entries (or one level more than the list's
        // line when it is empty), and goes after the last entry.
        let closeLineStart = lineStart(text, close)
        let closingIndent = String(decoding: text[closeLineStart..<close], as: UTF8.self)
        let closeIsAlone = closingIndent.allSatisfy { $0 == " " || $0 == "\t" }
        var indent = closingIndent + "    "
        if let lastEntryLine = lastNonBlankLine(text, in: (open + 1)..<closeLineStart) {
            indent = String(decoding: text[lastEntryLine..<firstNonBlank(text, from: lastEntryLine)], as: UTF8.self)
        }
        var result = Array(text[..<close])
        if closeIsAlone {
            result = Array(text[..<closeLineStart])
            // An entry before ours without a trailing comma gets one.
            addTrailingComma(&result)
            result += Array("\(indent)\(entry)\n".utf8)
            result += text[closeLineStart...]
        } else {
            addTrailingComma(&result)
            result += Array("\n\(indent)\(entry)\n\(closingIndent.prefix { $0 == " " || $0 == "\t" })".utf8)
            result += text[close...]
        }
        return (String(decoding: result, as: UTF8.self), entry)
    }

    /// What ``save(_:values:to:file:packageRoot:expectedDigest:write:)`` wrote (or would write).
    public struct Saved: Sendable, Equatable {
        /// The entry as it stands in the file: `Variant("Evening") { $0.rating = 4 },`.
        public var entry: String
        /// The ``digest(of:)`` of the file after the edit.
        public var digest: String
    }

    /// Adds the variant to `file` and replaces it atomically; with `write` false, only says
    /// what it would write (or why it would not).
    ///
    /// Refuses, leaving the file as it was, when `file` is not inside `packageRoot` (symbolic
    /// links resolved) or inside its build folder, when its ``digest(of:)`` is not
    /// `expectedDigest` (it changed on disk since it was read), or when
    /// ``adding(_:values:to:in:)`` refuses.
    @discardableResult
    public static func save(
        _ name: String, values: [(name: String, value: PropertyValue)], to typeName: String,
        file: URL, packageRoot: URL, expectedDigest: String, write: Bool = true
    ) throws(VariantSourceError) -> Saved {
        let resolved = file.standardizedFileURL.resolvingSymlinksInPath().path
        let root = packageRoot.standardizedFileURL.resolvingSymlinksInPath().path
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard resolved.hasPrefix(prefix) else {
            throw VariantSourceError("\(file.path) is outside the package at \(packageRoot.path); Starboard edits only the package's own files")
        }
        // Named from the package root from here on: the page shows it beside the package's files.
        let shown = String(resolved.dropFirst(prefix.count))
        guard !shown.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else {
            throw VariantSourceError("\(shown) is in a hidden or build folder of the package (a dependency's checkout?); Starboard edits only the package's own sources")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: resolved))
        } catch {
            throw VariantSourceError("cannot read \(shown): \(error.localizedDescription)")
        }
        guard digest(of: data) == expectedDigest else {
            throw VariantSourceError("\(shown) changed on disk since the page loaded it; reload the page (after the rebuild, if one is running) and save the variant again")
        }
        guard let current = String(data: data, encoding: .utf8) else {
            throw VariantSourceError("\(shown) is not UTF-8 text")
        }
        let (edited, entry) = try insertion(name, values: values, to: typeName, in: current)
        let saved = Saved(entry: entry, digest: digest(of: Data(edited.utf8)))
        guard write else { return saved }
        do {
            // Written beside the file and renamed over it: the file is either the old one or the new one.
            try Data(edited.utf8).write(to: URL(fileURLWithPath: resolved), options: .atomic)
        } catch {
            throw VariantSourceError("cannot write \(shown): \(error.localizedDescription)")
        }
        return saved
    }

    /// What tells one version of a file from another: FNV-1a (64 bits) of its bytes, and their
    /// count. For noticing an edit, not for security.
    public static func digest(of bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var count = 0
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            count += 1
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + "-" + String(count)
    }

    /// The Swift file of `packageRoot` that declares `typeName`'s variants list: the one file
    /// under `folders` (searched whole, hidden folders skipped) with `struct TYPE` or
    /// `extension TYPE` and a `static let variants = [` in it. Refuses, saying why, when none or
    /// more than one has the list.
    public static func locate(_ typeName: String, in packageRoot: URL, folders: [String] = ["Sources", "Components"]) throws(VariantSourceError) -> URL {
        var withList: [URL] = []
        var declaring: [URL] = []
        let searched = folders.filter { FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent($0).path) }
        for folder in searched {
            let top = packageRoot.appendingPathComponent(folder)
            guard let walk = FileManager.default.enumerator(at: top, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) else { continue }
            for case let url as URL in walk where url.pathExtension == "swift" {
                // Most files never name the type: a byte search rules them out before any parsing.
                guard let data = try? Data(contentsOf: url), data.count <= 4 << 20, data.range(of: Data(typeName.utf8)) != nil else { continue }
                let text = Array(data)
                guard let body = typeBody(typeName, in: text) else { continue }
                declaring.append(url)
                if variantsListOpening(in: text, within: body) != nil { withList.append(url) }
            }
        }
        let relative = { (url: URL) in String(url.standardizedFileURL.path.dropFirst(packageRoot.standardizedFileURL.path.count + 1)) }
        switch withList.count {
        case 1:
            return withList[0]
        case 0 where !declaring.isEmpty:
            throw VariantSourceError("\(typeName) (in \(declaring.map(relative).joined(separator: ", "))) has no `static let variants = [ … ]` list to add to; "
                + "add `static let variants: [Variant<\(typeName)>] = []` to it")
        case 0:
            let places = searched.isEmpty ? "the package has no \(folders.joined(separator: " or ")) folder" : "no Swift file in \(searched.map { $0 + "/" }.joined(separator: " or ")) declares it"
            throw VariantSourceError("cannot find the source of \(typeName) in the package at \(packageRoot.path): \(places) "
                + "(a dependency's component is saved from its own package)")
        default:
            throw VariantSourceError("more than one file declares variants of \(typeName) (\(withList.map(relative).sorted().joined(separator: ", "))); "
                + "Starboard does not know which to edit")
        }
    }

    /// The line ``adding(_:values:to:in:)`` writes; an empty list's first entry names the type,
    /// so that `static let variants = [` needs no type annotation.
    private static func entryText(_ name: String, values: [(name: String, value: PropertyValue)], typeName: String, listIsEmpty: Bool) -> String {
        let call = listIsEmpty ? "Variant<\(typeName)>(\(swiftString(name)))" : "Variant(\(swiftString(name)))"
        let assignments = values.map { "$0.\($0.name) = \(swiftLiteral($0.value))" }
        return assignments.isEmpty ? "\(call)," : "\(call) { \(assignments.joined(separator: "; ")) },"
    }

    /// A value as component code spells it, with initializers that cannot fail.
    public static func swiftLiteral(_ value: PropertyValue) -> String {
        switch value {
        case .integer(let v): String(v)
        case .double(let v): JSONValue.format(v)
        case .bool(let v): v ? "true" : "false"
        case .string(let v): swiftString(v)
        case .size(let v): "Size(width: \(JSONValue.format(v.width)), height: \(JSONValue.format(v.height)))"
        case .point(let v): "Point(x: \(JSONValue.format(v.x)), y: \(JSONValue.format(v.y)))"
        case .angle(let v): ".degrees(\(JSONValue.format(v)))"
        case .choice(let v):
            v.first.map { $0 == "_" || $0.isLetter } == true && v.allSatisfy({ $0 == "_" || $0.isLetter || $0.isNumber }) && v.unicodeScalars.allSatisfy(\.isASCII)
                ? ".\(v)" : ".init(rawValue: \(swiftString(v)))!"
        case .date(let v): "CalendarDate(year: \(v.year), month: \(v.month), day: \(v.day))"
        case .color(let v): colorLiteral(v.hex)
        }
    }

    /// `#FF880080` → `Color(red8: 255, green8: 136, blue8: 0, alpha8: 128)`.
    static func colorLiteral(_ hex: String) -> String {
        let digits = Array(hex.dropFirst())
        func byte(_ at: Int) -> Int { Int(String(digits[at..<at + 2]), radix: 16) ?? 0 }
        let alpha = digits.count == 8 && byte(6) != 255 ? ", alpha8: \(byte(6))" : ""
        return "Color(red8: \(byte(0)), green8: \(byte(2)), blue8: \(byte(4))\(alpha))"
    }

    /// A Swift string literal with quotes, backslashes and control characters escaped.
    static func swiftString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" }
                else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    // MARK: - Finding things in the source

    /// The range inside the braces of `struct NAME …{ … }` (or an `extension NAME`): the first
    /// that declares a variants list, else the first found.
    private static func typeBody(_ name: String, in text: [UInt8]) -> Range<Int>? {
        var first: Range<Int>?
        for keyword in ["struct ", "extension "] {
            let needle = Array((keyword + name).utf8)
            var from = 0
            while let at = find(needle, in: text, from: from) {
                from = at + 1
                let after = at + needle.count
                // Whole words only: `struct RatingControlX` is another type.
                if after < text.count, isIdentifier(text[after]) { continue }
                if at > 0, isIdentifier(text[at - 1]) { continue }
                guard let brace = firstCode(UInt8(ascii: "{"), in: text, from: after),
                      let end = matching(text, from: brace, open: UInt8(ascii: "{"), close: UInt8(ascii: "}")) else { continue }
                let body = (brace + 1)..<end
                if variantsListOpening(in: text, within: body) != nil { return body }
                if first == nil { first = body }
            }
        }
        return first
    }

    /// The `[` that opens `static let variants … = [`, within `range`, at the type's own level.
    private static func variantsListOpening(in text: [UInt8], within range: Range<Int>) -> Int? {
        var from = range.lowerBound
        while let at = find(Array("static ".utf8), in: text, from: from), at < range.upperBound {
            from = at + 1
            var index = at + "static ".utf8.count
            index = skipSpaces(text, index)
            guard let word = word(text, at: index), word == "let" || word == "var" else { continue }
            index = skipSpaces(text, index + word.utf8.count)
            guard self.word(text, at: index) == "variants" else { continue }
            guard let equals = firstCode(UInt8(ascii: "="), in: text, from: index), equals < range.upperBound else { continue }
            let bracket = skipSpaces(text, equals + 1)
            guard bracket < range.upperBound, text[bracket] == UInt8(ascii: "[") else { continue }
            return bracket
        }
        return nil
    }

    /// The index of the bracket closing the one at `start`, skipping string literals and comments.
    private static func matching(_ text: [UInt8], from start: Int, open: UInt8, close: UInt8) -> Int? {
        var depth = 0
        var index = start
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "\"") {
                index = skipString(text, index)
                continue
            }
            if byte == UInt8(ascii: "/"), index + 1 < text.count, text[index + 1] == UInt8(ascii: "/") {
                while index < text.count, text[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            }
            if byte == UInt8(ascii: "/"), index + 1 < text.count, text[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < text.count, !(text[index] == UInt8(ascii: "*") && text[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 2
                continue
            }
            if byte == open { depth += 1 }
            if byte == close {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }

    /// The index just past the string literal starting at `start` (a one-line literal with escapes).
    private static func skipString(_ text: [UInt8], _ start: Int) -> Int {
        var index = start + 1
        while index < text.count {
            if text[index] == UInt8(ascii: "\\") { index += 2; continue }
            if text[index] == UInt8(ascii: "\"") { return index + 1 }
            if text[index] == UInt8(ascii: "\n") { return index }
            index += 1
        }
        return index
    }

    private static func firstCode(_ byte: UInt8, in text: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < text.count {
            if text[index] == UInt8(ascii: "\"") { index = skipString(text, index); continue }
            if text[index] == byte { return index }
            index += 1
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in text: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, text.count >= needle.count, start <= text.count - needle.count else { return nil }
        for index in start...(text.count - needle.count) where text[index] == needle[0] {
            if text[index..<index + needle.count].elementsEqual(needle) { return index }
        }
        return nil
    }

    private static func isIdentifier(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    private static func word(_ text: [UInt8], at start: Int) -> String? {
        var end = start
        while end < text.count, isIdentifier(text[end]) { end += 1 }
        return end > start ? String(decoding: text[start..<end], as: UTF8.self) : nil
    }

    private static func skipSpaces(_ text: [UInt8], _ start: Int) -> Int {
        var index = start
        while index < text.count, text[index] == UInt8(ascii: " ") || text[index] == UInt8(ascii: "\t") { index += 1 }
        return index
    }

    private static func lineStart(_ text: [UInt8], _ index: Int) -> Int {
        var at = index
        while at > 0, text[at - 1] != UInt8(ascii: "\n") { at -= 1 }
        return at
    }

    private static func firstNonBlank(_ text: [UInt8], from start: Int) -> Int {
        skipSpaces(text, start)
    }

    /// The start of the last line in `range` with something on it.
    private static func lastNonBlankLine(_ text: [UInt8], in range: Range<Int>) -> Int? {
        var end = range.upperBound
        while end > range.lowerBound {
            let start = max(lineStart(text, end - 1), range.lowerBound)
            let line = text[start..<end]
            if line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\n") }) {
                return start
            }
            end = start
        }
        return nil
    }

    /// Adds a comma after the last thing in `bytes` (ignoring trailing whitespace) unless it is
    /// one already or an opening bracket.
    private static func addTrailingComma(_ bytes: inout [UInt8]) {
        var index = bytes.count
        while index > 0, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n")].contains(bytes[index - 1]) { index -= 1 }
        guard index > 0, bytes[index - 1] != UInt8(ascii: ","), bytes[index - 1] != UInt8(ascii: "[") else { return }
        bytes.insert(UInt8(ascii: ","), at: index)
    }
}
