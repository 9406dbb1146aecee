/// A text set in lines: how big it is and, when it takes more than one line or was cut short,
/// what each line holds.
struct TextLayout {
    /// The widest line's width, and the height of all lines.
    var size: Size
    /// Distance from the top of a line to its baseline.
    var ascent: Double
    var lineHeight: Double
    /// Points between one line and the next.
    var lineSpacing = 0.0
    /// How much the text's fonts were scaled down to fit (`minimumScaleFactor(_:)`); 1 for not.
    var scale = 1.0
    /// Nil when the text is one line holding the whole string, as almost every text is.
    var lines: [TextLine]?
    /// The runs of a text on one line, in visual order, when it is not all one left-to-right
    /// run in its own DejaVu face; nil otherwise (and when there are ``lines``).
    var runs: [VisualRun]?
    /// The string drawn, when it is not the text's own (marks beyond the limit left out).
    var string: String?
    /// Characters no face has, drawn as the empty box.
    var missing: [Unicode.Scalar] = []
    /// What the author should know about how the text is set.
    var warnings: [String] = []

    /// From one line's top to the next's.
    var linePitch: Double { lineHeight + lineSpacing }

    /// Some line was cut short with an ellipsis.
    var isTruncated: Bool { lines?.contains { $0.isTruncated } ?? false }
}

/// One line of a laid-out text.
struct TextLine {
    var text: Substring
    var width: Double
    /// Cut short with an ellipsis: the text is a new string, not a piece of the original.
    var isTruncated = false
    /// The line's runs in visual order, their offsets in `text`'s string; nil when the line is
    /// one left-to-right run in its own DejaVu face.
    var runs: [VisualRun]?
}

extension Typesetter {
    /// Breaks a shaped text into lines no wider than `limit` (nil: only at line breaks in the
    /// string), at the break opportunities of UAX #14 (after spaces and hyphens, around CJK
    /// ideographs and emoji, never before closing punctuation), and within a word only when the
    /// word alone is too wide; then keeps at most `maxLines`, truncating the last one kept with an
    /// ellipsis where `truncation` says.
    static func setLines(
        _ shaped: ShapedText, key: ShapeKey, limit: Double?, maxLines: Int?, truncation: Text.TruncationMode, lineSpacing: Double,
        in state: inout State
    ) -> TextLayout {
        var setter = LineSetter(shaped: shaped, key: key, limit: limit)
        var lines: [TextLine] = []
        for paragraph in shaped.paragraphs {
            setter.wrap(paragraph.characters, into: &lines, state: &state)
        }
        let most = max(1, maxLines ?? Int.max)
        if lines.count > most {
            let kept = lines[most - 1].text.startIndex
            lines.removeLast(lines.count - most + 1)
            // The last line holds everything that is left, on one line, shortened to fit.
            let rest = key.string[kept...].split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" || $0 == "\u{2028}" || $0 == "\u{2029}" }.joined(separator: " ")
            lines.append(setter.truncated(Substring(rest), mode: truncation, forceEllipsis: true, state: &state))
        }
        var widest = 0.0
        for line in lines where line.width > widest { widest = line.width }
        let height = max(0, shaped.lineHeight * Double(lines.count) + lineSpacing * Double(lines.count - 1))
        return TextLayout(
            size: Size(width: widest, height: height), ascent: shaped.ascent, lineHeight: shaped.lineHeight, lineSpacing: lineSpacing,
            lines: lines, runs: nil, string: shaped.trimmed?.string, missing: shaped.missing, warnings: shaped.warnings
        )
    }
}

/// Greedy line breaking over a shaped text's characters, measuring with their shaped advances.
struct LineSetter {
    let shaped: ShapedText
    let key: ShapeKey
    let limit: Double?
    /// The advances summed: `prefix[i]` is the width of the first `i` characters.
    private let prefix: [Double]
    /// Each character's first scalar's line-breaking class.
    private let classes: [LineBreakClass]

    init(shaped: ShapedText, key: ShapeKey, limit: Double?) {
        self.shaped = shaped
        self.key = key
        self.limit = limit
        var sums = [0.0]
        sums.reserveCapacity(shaped.advances.count + 1)
        for advance in shaped.advances { sums.append(sums[sums.count - 1] + advance) }
        prefix = sums
        let utf8 = key.string.utf8
        classes = shaped.offsets.dropLast().map { offset in
            let index = utf8.index(utf8.startIndex, offsetBy: Int(offset))
            return LineBreakClass(key.string.unicodeScalars[index])
        }
    }

    /// The width of characters `range` set on one line: the advances' sum, or where the line
    /// starts or ends where breaking is unsafe, its runs shaped again.
    func width(_ range: Range<Int>, state: inout Typesetter.State) -> Double {
        guard !range.isEmpty else { return 0 }
        let count = shaped.advances.count
        if !shaped.unsafeBefore[range.lowerBound], range.upperBound == count || !shaped.unsafeBefore[range.upperBound] {
            return shaped.lineWidth(range, advancing: prefix[range.upperBound] - prefix[range.lowerBound])
        }
        return shaped.lineWidth(range, advancing: Typesetter.visualRuns(shaped, range, key: key, in: &state).reduce(0) { $0 + $1.width })
    }

    /// The line from `range`: its text, width and runs.
    func line(_ range: Range<Int>, state: inout Typesetter.State) -> TextLine {
        let utf8 = key.string.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: Int(shaped.offsets[range.lowerBound]))
        let end = utf8.index(utf8.startIndex, offsetBy: Int(shaped.offsets[range.upperBound]))
        let text = key.string[start..<end]
        guard !shaped.isPlain, !range.isEmpty else {
            return TextLine(text: text, width: width(range, state: &state))
        }
        let runs = Typesetter.visualRuns(shaped, range, key: key, in: &state)
        return TextLine(text: text, width: shaped.lineWidth(range, advancing: runs.reduce(0) { $0 + $1.width }), runs: runs)
    }

    private func isSpace(_ character: Int) -> Bool { classes[character] == .space }

    /// Whether a line may break before `character`, which is inside `paragraph`.
    private func mayBreak(before character: Int, in paragraph: Range<Int>) -> Bool {
        guard character > paragraph.lowerBound, character < paragraph.upperBound, classes[character] != .space else { return false }
        var before = character - 1
        while before > paragraph.lowerBound, classes[before] == .space { before -= 1 }
        return LineBreakClass.breaks(after: classes[character - 1], lastNonSpace: classes[before], before: classes[character])
    }

    /// Wraps one paragraph into lines within ``limit``.
    mutating func wrap(_ paragraph: Range<Int>, into result: inout [TextLine], state: inout Typesetter.State) {
        guard let limit, !paragraph.isEmpty else {
            result.append(line(paragraph, state: &state))
            return
        }
        var lineStart = paragraph.lowerBound
        while lineStart < paragraph.upperBound {
            // Spaces at the line's start belong to its first piece.
            var contentStart = lineStart
            while contentStart < paragraph.upperBound, isSpace(contentStart) { contentStart += 1 }
            // The end of the last piece that fits (without its trailing spaces) and where the
            // next piece starts; or, when the first piece alone is too wide, where it is split.
            var fitted: (end: Int, next: Int)?
            var split: (end: Int, next: Int)?
            var position = lineStart
            while position < paragraph.upperBound {
                var next = position + 1
                while next < paragraph.upperBound, next <= contentStart || !mayBreak(before: next, in: paragraph) { next += 1 }
                var contentEnd = next
                while contentEnd > position, isSpace(contentEnd - 1) { contentEnd -= 1 }
                if width(lineStart..<contentEnd, state: &state) <= limit + 1e-9 {
                    fitted = (contentEnd, next)
                    position = next
                    continue
                }
                if fitted == nil {
                    // Break the piece between characters.
                    let end = splitPoint(lineStart..<max(contentEnd, lineStart + 1), limit: limit, state: &state)
                    split = (end, end == contentEnd ? next : end)
                }
                break
            }
            let chosen = split ?? fitted ?? (paragraph.upperBound, paragraph.upperBound)
            result.append(line(lineStart..<chosen.end, state: &state))
            lineStart = chosen.next
        }
    }

    /// The end of the longest start of `piece` that fits in `limit` (at least one character),
    /// moved back so the next line does not start with closing punctuation ("Photo" / "s:", never
    /// "Photos" / ":"), as UAX #14 forbids (LB13) even where a word is split for want of room;
    /// where only punctuation would be left before it, the line takes the punctuation instead.
    private func splitPoint(_ piece: Range<Int>, limit: Double, state: inout Typesetter.State) -> Int {
        var end = piece.lowerBound + 1
        while end < piece.upperBound, width(piece.lowerBound..<(end + 1), state: &state) <= limit + 1e-9 { end += 1 }
        var earlier = end
        while earlier < piece.upperBound, earlier > piece.lowerBound + 1, classes[earlier] == .closing { earlier -= 1 }
        if earlier >= piece.upperBound || classes[earlier] != .closing { return earlier }
        while end < piece.upperBound, classes[end] == .closing { end += 1 }
        return end
    }

    /// `text` on one line within ``limit``, losing characters at the head, middle or tail for an
    /// ellipsis; with `forceEllipsis` the ellipsis is shown even if the text would fit (more text
    /// followed it). The line is a new string, shaped on its own in the text's first font.
    func truncated(_ text: Substring, mode: Text.TruncationMode, forceEllipsis: Bool, state: inout Typesetter.State) -> TextLine {
        func shape(_ string: String) -> (ShapeKey, ShapedText) {
            let key = ShapeKey(string: string, font: key.font, direction: key.direction)
            return (key, Typesetter.shape(key, in: &state))
        }
        func width(_ string: String) -> Double { shape(string).1.width }
        let full = width(String(text))
        if !forceEllipsis, limit == nil || full <= limit! + 1e-9 {
            return finished(String(text), truncated: false, state: &state)
        }
        let ellipsis = "\u{2026}"
        let characters = Array(text)
        // Each candidate is measured whole, ellipsis and all: its pieces' widths do not add up
        // to it where tracking (left off a line's end, not off a piece's) or a kerning pair
        // meets the ellipsis.
        let fitting = limit ?? .infinity
        /// The most characters `candidate` can keep and still fit, by binary search.
        func most(_ candidate: (Int) -> String) -> Int {
            var low = 0, high = characters.count
            while low < high {
                let middle = (low + high + 1) / 2
                if width(candidate(middle)) <= fitting + 1e-9 { low = middle } else { high = middle - 1 }
            }
            return low
        }
        let result: String
        switch mode {
        case .tail:
            func candidate(_ count: Int) -> String { String(characters.prefix(count)).trimmingTrailingSpaces() + ellipsis }
            result = candidate(forceEllipsis && limit == nil ? characters.count : most(candidate))
        case .head:
            func candidate(_ count: Int) -> String { ellipsis + String(characters.suffix(count)) }
            result = candidate(most(candidate))
        case .middle:
            func candidate(_ count: Int) -> String {
                String(characters.prefix((count + 1) / 2)).trimmingTrailingSpaces() + ellipsis + String(characters.suffix(count / 2))
            }
            result = candidate(most(candidate))
        }
        return finished(result, truncated: true, state: &state)
    }

    private func finished(_ string: String, truncated: Bool, state: inout Typesetter.State) -> TextLine {
        let lineKey = ShapeKey(string: string, font: key.font, direction: key.direction)
        let lineShaped = Typesetter.shape(lineKey, in: &state)
        let runs = lineShaped.isPlain ? nil : Typesetter.visualRuns(lineShaped, 0..<lineShaped.advances.count, key: lineKey, in: &state)
        return TextLine(text: Substring(string), width: lineShaped.width, isTruncated: truncated, runs: runs)
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
