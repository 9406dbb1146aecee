import Foundation
import StarboardSystem
import StarboardUI

/// Why a variant could not be written into a component's source.
public struct VariantSourceError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Writes a named variant into a component's Swift source, beside the others, as a person would:
/// `Variant("Evening") { $0.rating = 4; $0.tint = Color(red8: 255, green8: 136, blue8: 0) },`
/// on its own line before the `]` that closes `static let variants = [ … ]` (or inside a list
/// written on one line), with the file's indentation and line endings.
///
/// ``adding(_:values:to:in:)`` is a pure text edit, read back before it is returned;
/// ``save(_:values:to:file:packageRoot:expectedDigest:write:check:)`` also refuses a file
/// outside the package, in a hidden folder of it, read-only, or changed on disk since the digest
/// was taken, and replaces the file atomically with its mode, so nothing is ever written half.
public enum VariantSource {
    /// A property and the value a variant gives it; a choice's `options` name its cases.
    public struct Assignment: Sendable {
        public var name: String
        public var value: PropertyValue
        public var options: [ChoiceOption]

        public init(_ name: String, _ value: PropertyValue, options: [ChoiceOption] = []) {
            self.name = name
            self.value = value
            self.options = options
        }
    }

    /// `source` with the variant added to `typeName`'s variants list.
    ///
    /// `values` are the properties that differ from the defaults, in declaration order. Refuses
    /// (saying why) when the type, its `static let variants = [` list or its end cannot be
    /// found, or when a variant of that name is already listed.
    public static func adding(
        _ name: String, values: [Assignment], to typeName: String, in source: String
    ) throws(VariantSourceError) -> String {
        try insertion(name, values: values, to: typeName, in: source).source
    }

    /// The edited source and the entry in it.
    private static func insertion(
        _ name: String, values: [Assignment], to typeName: String, in source: String
    ) throws(VariantSourceError) -> (source: String, entry: String) {
        guard !name.allSatisfy(\.isWhitespace) else { throw VariantSourceError("a variant needs a name") }
        let text = SwiftSourceText(Array(source.utf8))
        let (open, close) = try variantsList(of: typeName, in: text)
        let list = String(decoding: text.bytes[open..<close], as: UTF8.self)
        let taken = try? NSRegularExpression(pattern: "Variant(<[^>]*>)?\\(\\s*" + NSRegularExpression.escapedPattern(for: swiftString(name)) + "\\s*[,)]")
        if let taken, taken.firstMatch(in: list, range: NSRange(list.startIndex..., in: list)) != nil {
            throw VariantSourceError("\(typeName) already has a variant named \(swiftString(name))")
        }
        // Spelled another way in the file (another normalisation, case or escape), still the same name.
        if let existing = listedNames(in: list).first(where: { VariantName.same($0, name) }) {
            throw VariantSourceError("\(typeName) already has a variant named \(swiftString(existing)), the same name as \(swiftString(name)) "
                                     + "(\(VariantName.rule))")
        }
        let lastEntry = text.lastCode(in: (open + 1)..<close)
        let entry = entryText(name, values: values, typeName: typeName, listIsEmpty: lastEntry == nil)
        // Lines end as the file's do.
        let newline = zip(text.bytes, text.bytes.dropFirst()).contains { $0 == (13, 10) } ? "\r\n" : "\n"
        let listIndent = text.indentation(ofLineAt: open)

        // Edits as (position, text), applied from the last.
        var edits: [(at: Int, text: String)] = []
        if let lastEntry {
            let comma = text.bytes[lastEntry] == UInt8(ascii: ",") ? "" : ","
            if !text.spansLines(open..<close) {
                // `[Variant<X>("A")]` stays on one line: `[Variant<X>("A"), Variant("B") { … }]`.
                edits.append((lastEntry + 1, comma + " " + String(entry.dropLast())))
            } else {
                if !comma.isEmpty { edits.append((lastEntry + 1, comma)) }
                // The entries' own indentation: the first line after `[` that has one, else one level more.
                let firstEntry = text.nextCode(from: open + 1) ?? lastEntry
                let indent = text.lineStart(firstEntry) > text.lineStart(open) ? text.indentation(ofLineAt: firstEntry) : listIndent + "    "
                if text.nextCode(from: text.lineStart(close)) == close && text.lineStart(close) > lastEntry {
                    edits.append((text.lineStart(close), indent + entry + newline))
                } else {
                    edits.append((close, newline + indent + entry + newline + listIndent))
                }
            }
        } else if text.lineStart(close) > open, text.nextCode(from: text.lineStart(close)) == close {
            edits.append((text.lineStart(close), listIndent + "    " + entry + newline))
        } else {
            // `[]` (or `[` and `]` with only comments between) opens onto lines of its own.
            edits.append((close, newline + listIndent + "    " + entry + newline + listIndent))
        }
        var result = text.bytes
        for edit in edits.sorted(by: { $0.at > $1.at }) {
            result.insert(contentsOf: Array(edit.text.utf8), at: edit.at)
        }
        let edited = String(decoding: result, as: UTF8.self)

        // Checked as read back: the list now ends with the entry, and nothing else moved.
        let check = SwiftSourceText(result)
        let placed: Bool = {
            guard let (newOpen, newClose) = try? variantsList(of: typeName, in: check), newOpen == open,
                  let last = check.lastCode(in: (newOpen + 1)..<newClose) else { return false }
            let tail = String(decoding: check.bytes[(newOpen + 1)...last], as: UTF8.self)
            return tail.hasSuffix(entry) || tail.hasSuffix(String(entry.dropLast()))
        }()
        guard placed, result.count == text.count + edits.reduce(0, { $0 + $1.text.utf8.count }) else {
            throw VariantSourceError("Starboard could not place the variant in \(typeName)'s list safely; add this line by hand: \(entry)")
        }
        return (edited, entry)
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
        _ name: String, values: [Assignment], to typeName: String,
        file: URL, packageRoot: URL, expectedDigest: String, write: Bool = true,
        check: (String) throws(VariantSourceError) -> Void = { _ in }
    ) throws(VariantSourceError) -> Saved {
        let resolved = file.standardizedFileURL.resolvingSymlinksInPath().path
        let root = packageRoot.standardizedFileURL.resolvingSymlinksInPath().path
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard resolved.hasPrefix(prefix) else {
            let link = resolved == file.standardizedFileURL.path ? "" : " (it is a link to \(resolved))"
            throw VariantSourceError("\(file.path) is outside the package at \(packageRoot.path)\(link); Starboard edits only the package's own files")
        }
        // Named from the package root from here on: the page shows it beside the package's files.
        let shown = String(resolved.dropFirst(prefix.count))
        guard !shown.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else {
            throw VariantSourceError("\(shown) is in a hidden or build folder of the package (a dependency's checkout?); Starboard edits only the package's own sources")
        }
        let data: Data
        let mode: Int
        var status = stat()
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: resolved))
            mode = (try FileManager.default.attributesOfItem(atPath: resolved)[.posixPermissions] as? NSNumber)?.intValue ?? 0o644
        } catch {
            throw VariantSourceError("cannot read \(shown): \(error.localizedDescription)")
        }
        do {
            try SystemCall.retrying("stat \(shown)", { stat(resolved, &status) })
        } catch {
            throw VariantSourceError("cannot read \(shown): \(error.reason)")
        }
        guard digest(of: data) == expectedDigest else {
            throw VariantSourceError("\(shown) changed on disk since the page loaded it; reload the page (after the rebuild, if one is running) and save the variant again")
        }
        guard let current = String(data: data, encoding: .utf8) else {
            throw VariantSourceError("\(shown) is not UTF-8 text")
        }
        let (edited, entry) = try insertion(name, values: values, to: typeName, in: current)
        try check(edited)
        let saved = Saved(entry: entry, digest: digest(of: Data(edited.utf8)))
        guard mode & 0o222 != 0 else {
            throw VariantSourceError("\(shown) is read-only (mode \(String(mode, radix: 8))); Starboard does not write files you protected")
        }
        guard write else { return saved }
        // Written beside the file with its mode, owner and group, and renamed over it: the file
        // is either the old one or the new one. Read once more just before, so an editor's save in the meantime
        // is refused rather than overwritten.
        let folder = URL(fileURLWithPath: resolved).deletingLastPathComponent().path
        let temporary = folder + "/.\(URL(fileURLWithPath: resolved).lastPathComponent).starboard-\(getpid()).tmp"
        removeStaleTemporaries(of: URL(fileURLWithPath: resolved).lastPathComponent, in: folder)
        guard FileManager.default.createFile(atPath: temporary, contents: Data(edited.utf8), attributes: [.posixPermissions: mode]) else {
            throw VariantSourceError("cannot write \(shown): a file cannot be created in \(folder)")
        }
        do throws(VariantSourceError) {
            try keepOwner(uid: status.st_uid, gid: status.st_gid, of: shown, on: temporary)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        guard (try? Data(contentsOf: URL(fileURLWithPath: resolved))).map({ digest(of: $0) }) == expectedDigest else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw VariantSourceError("\(shown) changed on disk while the variant was being written; reload the page and save the variant again")
        }
        do {
            try SystemCall.retrying("rename over \(shown)", { rename(temporary, resolved) })
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw VariantSourceError("cannot write \(shown): \(error.reason)")
        }
        return saved
    }

    /// Removes what a server killed while saving left beside the file: `.NAME.starboard-PID.tmp`
    /// whose process is gone. A live server's (another one serving the package) is left alone.
    static func removeStaleTemporaries(of name: String, in folder: String) {
        let prefix = ".\(name).starboard-"
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp") {
            guard let pid = pid_t(entry.dropFirst(prefix.count).dropLast(4)), pid > 0 else { continue }
            do {
                try SystemCall.retrying("signal 0 to \(pid)", { kill(pid, 0) })
            } catch where error.code == ESRCH {
                try? FileManager.default.removeItem(atPath: folder + "/" + entry)
            } catch {
                // It exists (EPERM: another user's); leave it.
            }
        }
    }

    /// Gives the new file at `path` the owner and group the file it replaces has (a server
    /// started with `sudo` must not leave a developer's file to root); refuses, saying whose it
    /// is, when they cannot be kept. `change` is `chown`, or a stand-in in tests.
    static func keepOwner(uid: uid_t, gid: gid_t, of shown: String, on path: String,
                          change: (String, uid_t, gid_t) -> Int32 = { chown($0, $1, $2) }) throws(VariantSourceError) {
        var written = stat()
        do {
            try SystemCall.retrying("stat the new \(shown)", { stat(path, &written) })
        } catch {
            throw VariantSourceError("cannot write \(shown): \(error.reason)")
        }
        guard written.st_uid != uid || written.st_gid != gid else { return }
        do {
            try SystemCall.retrying("chown the new \(shown)", { change(path, uid, gid) })
        } catch {
            throw VariantSourceError("cannot write \(shown) keeping its owner and group (user \(uid), group \(gid)): \(error.reason); "
                                     + "nothing was written (start the server as the file's owner)")
        }
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
        /// Why a declaring file has no list to add to, for the first such file.
        var reason: VariantSourceError?
        let searched = folders.filter { FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent($0).path) }
        for folder in searched {
            let top = packageRoot.appendingPathComponent(folder)
            guard let walk = FileManager.default.enumerator(at: top, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) else { continue }
            for case let url as URL in walk where url.pathExtension == "swift" {
                // Most files never name the type: a byte search rules them out before any parsing.
                guard let data = try? Data(contentsOf: url), data.count <= 4 << 20, data.range(of: Data(typeName.utf8)) != nil else { continue }
                let text = SwiftSourceText(Array(data))
                let (found, declared) = search(typeName, in: text)
                guard declared else { continue }
                declaring.append(url)
                switch found {
                case .list: withList.append(url)
                case .none: break
                default:
                    do throws(VariantSourceError) { _ = try variantsList(of: typeName, in: text) } catch { reason = reason ?? error }
                }
            }
        }
        let relative = { (url: URL) in String(url.standardizedFileURL.path.dropFirst(packageRoot.standardizedFileURL.path.count + 1)) }
        switch withList.count {
        case 1:
            return withList[0]
        case 0 where reason != nil:
            throw reason!
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

    /// Whether `file` (still) declares `typeName`'s variants list.
    public static func declaresVariants(of typeName: String, in file: URL) -> Bool {
        guard let data = try? Data(contentsOf: file), data.count <= 4 << 20 else { return false }
        if case .list = search(typeName, in: SwiftSourceText(Array(data))).found { return true }
        return false
    }

    /// The line ``adding(_:values:to:in:)`` writes; an empty list's first entry names the type,
    /// so that `static let variants = [` needs no type annotation.
    private static func entryText(_ name: String, values: [Assignment], typeName: String, listIsEmpty: Bool) -> String {
        let call = listIsEmpty ? "Variant<\(typeName)>(\(swiftString(name)))" : "Variant(\(swiftString(name)))"
        let assignments = values.map { "$0.\($0.name) = \(swiftLiteral($0.value, options: $0.options))" }
        return assignments.isEmpty ? "\(call)," : "\(call) { \(assignments.joined(separator: "; ")) },"
    }

    /// A value as component code spells it, with initializers that cannot fail. A choice is
    /// spelled by its case name when `options` give it (`case small = "sm"` is `.small`).
    public static func swiftLiteral(_ value: PropertyValue, options: [ChoiceOption] = []) -> String {
        switch value {
        case .integer(let v): String(v)
        case .double(let v): JSONValue.format(v)
        case .bool(let v): v ? "true" : "false"
        case .string(let v): swiftString(v)
        case .size(let v): "Size(width: \(JSONValue.format(v.width)), height: \(JSONValue.format(v.height)))"
        case .point(let v): "Point(x: \(JSONValue.format(v.x)), y: \(JSONValue.format(v.y)))"
        case .angle(let v): ".degrees(\(JSONValue.format(v)))"
        case .choice(let v):
            choiceLiteral(v, caseName: options.first(where: { $0.value == v })?.caseName ?? v)
        case .date(let v): "CalendarDate(year: \(v.year), month: \(v.month), day: \(v.day))"
        case .color(let v): colorLiteral(v.hex)
        }
    }

    /// `.winter`, or `.init(rawValue: "…")!` when the case name is no plain identifier.
    static func choiceLiteral(_ rawValue: String, caseName: String) -> String {
        let plain = caseName.first.map { $0 == "_" || $0.isLetter } == true && caseName.allSatisfy({ $0 == "_" || $0.isLetter || $0.isNumber })
            && caseName.unicodeScalars.allSatisfy(\.isASCII) && !["init", "self", "Self", "Type", "Protocol"].contains(caseName)
        return plain ? ".\(caseName)" : ".init(rawValue: \(swiftString(rawValue)))!"
    }

    /// `#FF880080` → `Color(red8: 255, green8: 136, blue8: 0, alpha8: 128)`.
    static func colorLiteral(_ hex: String) -> String {
        let digits = Array(hex.dropFirst())
        func byte(_ at: Int) -> Int { Int(String(digits[at..<at + 2]), radix: 16) ?? 0 }
        let alpha = digits.count == 8 && byte(6) != 255 ? ", alpha8: \(byte(6))" : ""
        return "Color(red8: \(byte(0)), green8: \(byte(2)), blue8: \(byte(4))\(alpha))"
    }

    /// A Swift string literal with quotes, backslashes and control characters escaped.
    /// The names of the variants in a list's text, as Swift reads their string literals
    /// (escapes and raw strings included); a name whose literal cannot be read is left out.
    public static func listedNames(in list: String) -> [String] {
        guard let start = try? NSRegularExpression(pattern: #"Variant(<[^>]*>)?\(\s*(#*)""#) else { return [] }
        return start.matches(in: list, range: NSRange(list.startIndex..., in: list)).compactMap { match in
            guard let whole = Range(match.range, in: list), let hashes = Range(match.range(at: 2), in: list) else { return nil }
            return stringLiteral(list[whole.upperBound...], hashes: list[hashes].count)
        }
    }

    /// A one-line string literal's value, read from just after its opening quote up to its
    /// closing quote and `hashes` number signs; nil when it is not one.
    static func stringLiteral(_ text: Substring, hashes: Int) -> String? {
        let scalars = Array(text.unicodeScalars.prefix(64 * 1024))
        var value = String.UnicodeScalarView()
        func hashesFollow(_ index: Int) -> Bool {
            index + hashes <= scalars.count && scalars[index..<(index + hashes)].allSatisfy { $0 == "#" }
        }
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" || scalar == "\r" { return nil }
            if scalar == "\"", hashesFollow(index + 1) { return String(value) }
            if scalar == "\\", hashesFollow(index + 1) {
                index += 1 + hashes
                guard index < scalars.count else { return nil }
                switch scalars[index] {
                case "n": value.append("\n")
                case "r": value.append("\r")
                case "t": value.append("\t")
                case "0": value.append("\0")
                case "\\", "\"", "'": value.append(scalars[index])
                case "u":
                    guard index + 1 < scalars.count, scalars[index + 1] == "{",
                          let close = scalars[(index + 2)...].firstIndex(of: "}"),
                          let number = UInt32(String(String.UnicodeScalarView(scalars[(index + 2)..<close])), radix: 16),
                          let escaped = Unicode.Scalar(number) else { return nil }
                    value.append(escaped)
                    index = close
                default: return nil
                }
                index += 1
                continue
            }
            value.append(scalar)
            index += 1
        }
        return nil
    }

    /// `text` as a Swift string literal that reads as the string is (see ``listedNames(in:)``).
    public static func swiftString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                // Control, invisible formatting (a bidirectional override) and line or paragraph
                // separators are spelled as escapes: the code reads as the string is.
                switch scalar.properties.generalCategory {
                case .control, .format, .lineSeparator, .paragraphSeparator:
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                default:
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    // MARK: - Finding things in the source

    /// The brackets of `typeName`'s `static let variants = [ … ]` list (or `static var`, with or
    /// without a type annotation), at the type's own level, in a `struct` or an `extension`.
    private static func variantsList(of typeName: String, in text: SwiftSourceText) throws(VariantSourceError) -> (open: Int, close: Int) {
        let (found, declared) = search(typeName, in: text)
        switch found {
        case .list(let open, let close): return (open, close)
        case .computed:
            throw VariantSourceError("the variants of \(typeName) are computed (`static var variants: … { … }`); Starboard adds to a `static let variants = [ … ]` list")
        case .notALiteral:
            throw VariantSourceError("the variants of \(typeName) are not written as a list literal (`static let variants = [ … ]`), so Starboard cannot add to them")
        case .unclosed:
            throw VariantSourceError("the variants list of \(typeName) does not end")
        case .none:
            throw VariantSourceError(declared ? "\(typeName) has no `static let variants = [ … ]` list to add to"
                                              : "no `struct \(typeName)` with a body was found in the file")
        }
    }

    /// What the declarations of `typeName` in `text` say of its variants list (the first body
    /// with one wins), and whether the type is declared at all.
    private static func search(_ typeName: String, in text: SwiftSourceText) -> (found: ListSearch, declared: Bool) {
        var found: ListSearch = .none
        var declared = false
        for keyword in ["struct", "extension"] {
            var from = 0
            while let at = text.find(word: keyword, from: from, before: text.count) {
                from = at + 1
                guard let nameStart = text.nextCode(from: at + keyword.utf8.count), text.word(at: nameStart) == typeName,
                      let brace = firstBrace(in: text, from: nameStart), let end = text.matching(brace) else { continue }
                declared = true
                let inBody = variantsList(in: text, body: (brace + 1)..<end)
                if case .list = inBody { return (inBody, true) }
                if case .none = found { found = inBody }
            }
        }
        return (found, declared)
    }

    private enum ListSearch {
        case list(open: Int, close: Int)
        case computed, notALiteral, unclosed, none
    }

    /// The `{` that opens a declaration's body after its name (past generics and conformances).
    private static func firstBrace(in text: SwiftSourceText, from start: Int) -> Int? {
        var index = start
        while let at = text.nextCode(from: index) {
            if text.bytes[at] == UInt8(ascii: "{") { return at }
            // A `;` or a `}` first: this is no declaration with a body.
            if text.bytes[at] == UInt8(ascii: ";") || text.bytes[at] == UInt8(ascii: "}") { return nil }
            index = at + 1
        }
        return nil
    }

    /// `static let|var variants … = [ … ]` directly in `body` (not nested in a member).
    private static func variantsList(in text: SwiftSourceText, body: Range<Int>) -> ListSearch {
        var depth = 0
        var index = body.lowerBound
        while index < body.upperBound {
            defer { index += 1 }
            guard text.isCode[index] else { continue }
            switch text.bytes[index] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1; continue
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1; continue
            default: break
            }
            guard depth == 0, index == 0 || !SwiftSourceText.isIdentifier(text.bytes[index - 1]), text.word(at: index) == "static",
                  let binding = text.nextCode(from: index + 6), let keyword = text.word(at: binding), keyword == "let" || keyword == "var",
                  let nameAt = text.nextCode(from: binding + keyword.utf8.count), text.word(at: nameAt) == "variants" else { continue }
            // Past the type annotation, to `=` (a stored list) or `{` (a computed one).
            var at = nameAt + "variants".utf8.count
            var nesting = 0
            while at < body.upperBound {
                if text.isCode[at] {
                    switch text.bytes[at] {
                    case UInt8(ascii: "["), UInt8(ascii: "<"), UInt8(ascii: "("): nesting += 1
                    case UInt8(ascii: "]"), UInt8(ascii: ">"), UInt8(ascii: ")"): nesting -= 1
                    case UInt8(ascii: "{") where nesting == 0: return .computed
                    case UInt8(ascii: "=") where nesting == 0:
                        guard let open = text.nextCode(from: at + 1), open < body.upperBound, text.bytes[open] == UInt8(ascii: "[") else {
                            return .notALiteral
                        }
                        guard let close = text.matching(open), close < body.upperBound else { return .unclosed }
                        return .list(open: open, close: close)
                    default: break
                    }
                }
                at += 1
            }
            return .notALiteral
        }
        return .none
    }
}
