/// The inline Markdown SwiftUI reads in a `Text` literal: `**bold**` and `__bold__`, `*italic*`
/// and `_italic_`, `` `code` `` (monospaced), `~~strikethrough~~`, `[link](url)` (in the tint)
/// and backslash escapes. A delimiter without its partner stays as written. Block syntax
/// (headings, lists) is not read, as SwiftUI does not; images are left as written.
/// `AttributedString(markdown:)` reads with it too.
enum MarkdownText {
    /// One piece of text and what the Markdown around it made it.
    struct Piece: Equatable {
        var string: String
        var isBold = false
        var isItalic = false
        var isCode = false
        var isLink = false
        var isStruck = false
        /// A link's destination, as written.
        var url: String?
    }

    /// The characters Markdown reads as syntax, escaped where a value is put into a literal.
    static func escaped(_ value: String) -> String {
        guard value.contains(where: { special.contains($0) }) else { return value }
        var result = ""
        for character in value {
            if special.contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    private static let special: Set<Character> = ["\\", "*", "_", "`", "[", "]", "(", ")", "~"]

    /// `source`'s pieces, or nil when it has no Markdown (one plain piece).
    static func pieces(_ source: String) -> [Piece]? {
        guard source.contains(where: { special.contains($0) }) else { return nil }
        let characters = Array(source)
        var pieces: [Piece] = []
        var current = Piece(string: "")
        func flush() {
            if !current.string.isEmpty { pieces.append(current) }
            current.string = ""
        }
        /// Whether `delimiter` appears again from `start` (so an opening one has a partner).
        func closes(_ delimiter: [Character], from start: Int) -> Bool {
            var index = start
            while index + delimiter.count <= characters.count {
                if characters[index] == "\\" { index += 2; continue }
                if Array(characters[index..<index + delimiter.count]) == delimiter { return index > start }
                index += 1
            }
            return false
        }
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character == "\\", let next, special.contains(next) {
                current.string.append(next)
                index += 2
                continue
            }
            if character == "`", current.isCode || closes(["`"], from: index + 1) {
                flush()
                current.isCode.toggle()
                index += 1
                continue
            }
            if current.isCode {
                current.string.append(character)
                index += 1
                continue
            }
            if character == "~", next == "~", current.isStruck || closes(["~", "~"], from: index + 2) {
                flush()
                current.isStruck.toggle()
                index += 2
                continue
            }
            // An underscore inside a word (`snake_case`) is a letter, as CommonMark reads it.
            let inWord = character == "_" && index > 0 && (characters[index - 1].isLetter || characters[index - 1].isNumber)
            if character == "*" || (character == "_" && !inWord) || (character == "_" && (current.isBold || current.isItalic)) {
                if next == character {
                    if current.isBold || closes([character, character], from: index + 2) {
                        flush()
                        current.isBold.toggle()
                        index += 2
                        continue
                    }
                } else if current.isItalic || closes([character], from: index + 1) {
                    flush()
                    current.isItalic.toggle()
                    index += 1
                    continue
                }
            }
            if character == "[", !current.isLink, let close = link(in: characters, from: index) {
                flush()
                current.isLink = true
                let inner = MarkdownText.pieces(String(characters[index + 1..<close.textEnd])) ?? [Piece(string: String(characters[index + 1..<close.textEnd]))]
                for var piece in inner {
                    piece.isBold = piece.isBold || current.isBold
                    piece.isItalic = piece.isItalic || current.isItalic
                    piece.isStruck = piece.isStruck || current.isStruck
                    piece.isLink = true
                    piece.url = String(characters[close.textEnd + 2..<close.end - 1])
                    pieces.append(piece)
                }
                current.isLink = false
                index = close.end
                continue
            }
            current.string.append(character)
            index += 1
        }
        flush()
        return pieces
    }

    /// A link `[text](url)` starting at `start`: where its text ends and where it ends.
    private static func link(in characters: [Character], from start: Int) -> (textEnd: Int, end: Int)? {
        guard let textEnd = characters[(start + 1)...].firstIndex(of: "]"), textEnd + 1 < characters.count, characters[textEnd + 1] == "(",
              let urlEnd = characters[(textEnd + 2)...].firstIndex(of: ")") else { return nil }
        return (textEnd, urlEnd + 1)
    }
}

extension Text {
    /// The pieces of a literal's Markdown as joined runs, or `plain` when it has none.
    init(markdown: String, plain: String) {
        let parsed = MarkdownText.pieces(markdown)
        guard let pieces = parsed, !pieces.isEmpty else {
            self.init(verbatim: parsed == nil ? plain : "")
            return
        }
        let runs = pieces.map { piece in
            Run(
                string: piece.string, weight: piece.isBold ? .bold : nil, isItalic: piece.isItalic ? true : nil, isMonospaced: piece.isCode, isLink: piece.isLink,
                decoration: piece.isStruck ? .strikethrough : []
            )
        }
        self.init(verbatim: "")
        first = runs[0]
        rest = Array(runs.dropFirst())
    }
}
