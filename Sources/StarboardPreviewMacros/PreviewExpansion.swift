/// One `#Preview` block, read from the source text the compiler sends, and the declaration it
/// expands to.
///
/// ```swift
/// #Preview("Dark", traits: .sizeThatFitsLayout) {
///     @Previewable @State var isOn = true
///     Toggle("Wi-Fi", isOn: $isOn)
/// }
/// ```
///
/// becomes a type conforming to `StarboardUI._PreviewMacro` that StarboardUI finds at start-up:
/// the name and traits as written (so the compiler checks them), the `@Previewable` declarations
/// as stored properties of a view, and the rest of the block as that view's body.
struct PreviewExpansion: Equatable {
    /// The expression that names the preview, as written, or nil.
    var name: String?
    /// The trait expressions, as written.
    var traits: [String]
    /// `@Previewable` declarations without the attribute, in order.
    var members: [String]
    /// The block's statements other than the `@Previewable` ones.
    var body: String
    /// The line of `#Preview` in its file.
    var line: Int

    /// Reads a `#Preview` expansion's source text; `firstLine` is the line its text starts on.
    init(source: String, firstLine: Int) throws(SourceScanner.Failure) {
        let scanner = SourceScanner(source)
        var at = try scanner.skipTrivia(from: 0)
        guard scanner[at] == .pound, scanner.hasWord("Preview", at: at + 1) else {
            throw SourceScanner.Failure(message: "expected '#Preview'", offset: at)
        }
        line = scanner.line(of: at, firstLine: firstLine)
        at = try scanner.skipTrivia(from: at + 1 + "Preview".utf8.count)
        name = nil
        traits = []
        var closure: Range<Int>?
        if scanner[at] == .openParen {
            let end = try scanner.closingEnd(at: at)
            var inTraits = false
            for argument in try Self.arguments(in: at + 1..<end - 1, of: scanner) {
                switch argument.label {
                case nil where inTraits:
                    traits.append(argument.value)
                case nil where name == nil && traits.isEmpty:
                    name = argument.value
                case "traits"?:
                    inTraits = true
                    traits.append(argument.value)
                case "body"?:
                    closure = argument.range
                default:
                    let what = argument.label.map { "argument '\($0):'" } ?? "unlabeled argument"
                    throw SourceScanner.Failure(message: "#Preview takes a name, traits: and a body, not the \(what) '\(argument.value)'", offset: argument.range.lowerBound)
                }
            }
            at = try scanner.skipTrivia(from: end)
        }
        if closure == nil, scanner[at] == .openBrace {
            let end = try scanner.closingEnd(at: at)
            closure = at..<end
            at = try scanner.skipTrivia(from: end)
        }
        guard let closure, scanner[closure.lowerBound] == .openBrace else {
            throw SourceScanner.Failure(message: "#Preview needs a closure that makes its view: '#Preview { MyView() }'", offset: closure?.lowerBound ?? at)
        }
        guard at == scanner.bytes.count else {
            throw SourceScanner.Failure(message: "unexpected text after the preview's closure", offset: at)
        }
        (members, body) = try Self.split(closure.lowerBound + 1..<closure.upperBound - 1, of: scanner)
    }

    /// The arguments between a pair of parentheses, split at their top-level commas.
    private static func arguments(in range: Range<Int>, of scanner: SourceScanner) throws(SourceScanner.Failure) -> [(label: String?, value: String, range: Range<Int>)] {
        var pieces: [Range<Int>] = []
        var stack: [(close: UInt8, at: Int)] = []
        var start = range.lowerBound
        var at = range.lowerBound
        while at < range.upperBound {
            if stack.isEmpty, scanner[at] == .comma {
                pieces.append(start..<at)
                start = at + 1
                at += 1
                continue
            }
            at = try scanner.step(at: at, stack: &stack)
        }
        pieces.append(start..<range.upperBound)
        var arguments: [(label: String?, value: String, range: Range<Int>)] = []
        for piece in pieces {
            let begin = try scanner.skipTrivia(from: piece.lowerBound)
            var end = piece.upperBound
            while end > begin, [.space, .tab, .newline, .carriageReturn].contains(scanner[end - 1]) { end -= 1 }
            guard begin < end else {
                if pieces.count == 1 { continue }
                throw SourceScanner.Failure(message: "expected an argument", offset: begin)
            }
            // `label:` (but not `::`) before the value.
            var word = begin
            while word < end, let byte = scanner[word], SourceScanner.isIdentifierByte(byte) { word += 1 }
            let afterWord = try scanner.skipTrivia(from: word)
            if word > begin, scanner[afterWord] == .colon, scanner[afterWord + 1] != .colon {
                let valueStart = try scanner.skipTrivia(from: afterWord + 1)
                arguments.append((scanner.text(begin..<word), scanner.text(valueStart..<end), valueStart..<end))
            } else {
                arguments.append((nil, scanner.text(begin..<end), begin..<end))
            }
        }
        return arguments
    }

    /// Separates the `@Previewable` declarations from the other statements of the closure.
    private static func split(_ range: Range<Int>, of scanner: SourceScanner) throws(SourceScanner.Failure) -> (members: [String], body: String) {
        var members: [String] = []
        var body = ""
        var copied = range.lowerBound
        var stack: [(close: UInt8, at: Int)] = []
        var at = range.lowerBound
        while at < range.upperBound {
            if stack.isEmpty, scanner[at] == .at, scanner.hasWord("Previewable", at: at + 1) {
                // The declaration runs to the end of its line (or a `;`), brackets included.
                let start = at + 1 + "Previewable".utf8.count
                var end = start
                while end < range.upperBound, !(stack.isEmpty && (scanner[end] == .newline || scanner[end] == .semicolon)) {
                    end = try scanner.step(at: end, stack: &stack)
                }
                guard stack.isEmpty else {
                    throw SourceScanner.Failure(message: "unbalanced brackets in the @Previewable declaration", offset: at)
                }
                let declaration = scanner.text(start..<end).trimmingSpaces
                guard declaration.contains("var ") || declaration.contains("let ") else {
                    throw SourceScanner.Failure(message: "@Previewable marks a variable ('@Previewable @State var value = …'), not '\(declaration)'", offset: at)
                }
                members.append(declaration)
                body += scanner.text(copied..<at)
                // Keep the line breaks, so the body's statements keep their relative lines.
                body += String(repeating: "\n", count: scanner.bytes[at..<end].filter { $0 == .newline }.count)
                copied = end
                at = end
                continue
            }
            at = try scanner.step(at: at, stack: &stack)
        }
        body += scanner.text(copied..<range.upperBound)
        return (members, body)
    }

    /// The declaration the block expands to, a type named `typeName`.
    func declaration(typeName: String, fileID: String) -> String {
        let members = self.members.map { "        \($0)\n" }.joined()
        return """
            enum \(typeName): StarboardUI._PreviewMacro {
                static var _previewName: Swift.String? { \(name ?? "nil") }
                static var _previewTraits: [StarboardUI.PreviewTrait] { [\(traits.joined(separator: ", "))] }
                static var _previewSource: StarboardUI.PreviewSource { StarboardUI.PreviewSource(fileID: \(Self.literal(fileID)), line: \(line)) }
                struct _PreviewContent: StarboardUI.View {
            \(members)        var body: some StarboardUI.View {\(body)}
                }
                static var _previewContentType: Any.Type { _PreviewContent.Body.self }
                static func _makePreview() -> StarboardUI.AnyView { StarboardUI.AnyView(_PreviewContent()) }
            }
            """
    }

    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}

extension String {
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
