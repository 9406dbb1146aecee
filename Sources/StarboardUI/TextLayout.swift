/// A text set in lines: how big it is and, when it takes more than one line or was cut short,
/// what each line holds.
struct TextLayout {
    /// The widest line's width, and the height of all lines.
    var size: Size
    /// Distance from the top of a line to its baseline.
    var ascent: Double
    var lineHeight: Double
    /// Nil when the text is one line holding the whole string, as almost every text is.
    var lines: [TextLine]?
    /// Whether some character is drawn from the emoji face.
    var usesFallback: Bool

    /// Breaks `string` into lines no wider than `width` (nil: only at line breaks in the string),
    /// at spaces and after hyphens, and within a word only when the word alone is too wide; then
    /// keeps at most `maxLines`, truncating the last one kept with an ellipsis where `truncation`
    /// says. `measure` gives a piece of text's width in points and whether it needed the fallback
    /// face.
    static func make(
        _ string: String, ascent: Double, lineHeight: Double, width: Double?, maxLines: Int?,
        truncation: Text.TruncationMode, measure: (Substring) -> (width: Double, fallback: Bool)
    ) -> TextLayout {
        let whole = Substring(string)
        return withoutActuallyEscaping(measure) { measure in
            var breaker = LineBreaker(limit: width, measure: measure)
            var lines = breaker.lines(of: whole)
            let limit = max(1, maxLines ?? Int.max)
            if lines.count > limit {
                let kept = lines[limit - 1].text.startIndex
                lines.removeLast(lines.count - limit + 1)
                // The last line holds everything that is left, on one line, shortened to fit.
                let rest = whole[kept...].split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" || $0 == "\u{2028}" }.joined(separator: " ")
                lines.append(breaker.truncated(Substring(rest), mode: truncation, forceEllipsis: true))
            }
            var widest = 0.0
            for line in lines where line.width > widest { widest = line.width }
            return TextLayout(
                size: Size(width: widest, height: lineHeight * Double(lines.count)), ascent: ascent, lineHeight: lineHeight,
                lines: lines, usesFallback: breaker.usedFallback
            )
        }
    }
}

/// One line of a laid-out text.
struct TextLine {
    var text: Substring
    var width: Double
    /// Cut short with an ellipsis: the text is a new string, not a piece of the original.
    var isTruncated = false
}

/// Greedy line breaking over a string's words.
struct LineBreaker {
    let limit: Double?
    let measure: (Substring) -> (width: Double, fallback: Bool)
    private(set) var usedFallback = false

    init(limit: Double?, measure: @escaping (Substring) -> (width: Double, fallback: Bool)) {
        self.limit = limit
        self.measure = measure
    }

    mutating func width(_ text: Substring) -> Double {
        let (width, fallback) = measure(text)
        if fallback { usedFallback = true }
        return width
    }

    /// The lines of `text`: paragraphs at its line breaks, each wrapped to ``limit``.
    mutating func lines(of text: Substring) -> [TextLine] {
        var result: [TextLine] = []
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" || $0 == "\u{2028}" }) {
            wrap(paragraph, into: &result)
        }
        return result
    }

    private mutating func wrap(_ paragraph: Substring, into result: inout [TextLine]) {
        guard let limit else {
            result.append(TextLine(text: paragraph, width: width(paragraph)))
            return
        }
        var lineStart = paragraph.startIndex
        // The end of the last word that fits on the line, where the next word starts, the line's
        // width to that end and to that start (widths add up: there is no kerning).
        var fitted: (end: Substring.Index, next: Substring.Index, width: Double, widthToNext: Double)?
        var index = paragraph.startIndex
        while index < paragraph.endIndex {
            let (wordEnd, next) = Self.word(in: paragraph, from: index)
            let candidateWidth = (fitted?.widthToNext ?? 0) + width(paragraph[index..<wordEnd])
            if candidateWidth <= limit + 1e-9 {
                fitted = (wordEnd, next, candidateWidth, candidateWidth + width(paragraph[wordEnd..<next]))
                index = next
                continue
            }
            if let line = fitted {
                // The word goes to a new line.
                result.append(TextLine(text: paragraph[lineStart..<line.end], width: line.width))
                lineStart = line.next
                fitted = nil
                index = line.next
                continue
            }
            // A word wider than the line on its own: break it between characters.
            let split = splitWord(paragraph[lineStart..<wordEnd], limit: limit)
            result.append(TextLine(text: paragraph[lineStart..<split.end], width: split.width))
            lineStart = split.end == wordEnd ? next : split.end
            index = lineStart
        }
        if let line = fitted {
            result.append(TextLine(text: paragraph[lineStart..<line.end], width: line.width))
        } else if paragraph.isEmpty {
            result.append(TextLine(text: paragraph, width: 0))
        }
    }

    /// The end of the word starting at `start` (after a hyphen, or before spaces) and where the
    /// next word starts (after the spaces).
    private static func word(in text: Substring, from start: Substring.Index) -> (end: Substring.Index, next: Substring.Index) {
        var index = start
        // Leading spaces belong to the word before; skip them so a word is never empty.
        while index < text.endIndex, text[index] == " " { index = text.index(after: index) }
        while index < text.endIndex, text[index] != " " {
            let character = text[index]
            index = text.index(after: index)
            if character == "-" || character == "\u{2010}" || character == "\u{2013}" { return (index, index) }
        }
        let end = index
        while index < text.endIndex, text[index] == " " { index = text.index(after: index) }
        return (end, index)
    }

    /// The longest start of `word` that fits in `limit` (at least one character).
    private mutating func splitWord(_ word: Substring, limit: Double) -> (end: Substring.Index, width: Double) {
        var end = word.index(after: word.startIndex)
        var fitted = width(word[word.startIndex..<end])
        while end < word.endIndex {
            let next = word.index(after: end)
            let candidate = fitted + width(word[end..<next])
            guard candidate <= limit + 1e-9 else { break }
            end = next
            fitted = candidate
        }
        return (end, fitted)
    }

    /// `text` on one line within ``limit``, losing characters at the head, middle or tail for an
    /// ellipsis; with `forceEllipsis` the ellipsis is shown even if the text would fit (more text
    /// followed it).
    mutating func truncated(_ text: Substring, mode: Text.TruncationMode, forceEllipsis: Bool) -> TextLine {
        let full = width(text)
        if !forceEllipsis, limit == nil || full <= limit! + 1e-9 {
            return TextLine(text: text, width: full)
        }
        let ellipsis = "\u{2026}"
        let characters = Array(text)
        let available = (limit ?? .infinity) - width(Substring(ellipsis))
        func fits(_ count: Int, _ piece: (Int) -> String) -> Bool {
            width(Substring(piece(count))) <= available + 1e-9
        }
        /// The most characters `piece` can take and still fit, by binary search.
        func most(_ piece: (Int) -> String) -> Int {
            var low = 0, high = characters.count
            while low < high {
                let middle = (low + high + 1) / 2
                if fits(middle, piece) { low = middle } else { high = middle - 1 }
            }
            return low
        }
        let result: String
        switch mode {
        case .tail:
            let count = forceEllipsis && limit == nil ? characters.count : most { String(characters.prefix($0)) }
            result = String(characters.prefix(count)).trimmingTrailingSpaces() + ellipsis
        case .head:
            let count = most { String(characters.suffix($0)) }
            result = ellipsis + String(characters.suffix(count))
        case .middle:
            let count = most { String(characters.prefix(($0 + 1) / 2)) + String(characters.suffix($0 / 2)) }
            result = String(characters.prefix((count + 1) / 2)).trimmingTrailingSpaces() + ellipsis + String(characters.suffix(count / 2))
        }
        let line = Substring(result)
        return TextLine(text: line, width: width(line), isTruncated: true)
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
