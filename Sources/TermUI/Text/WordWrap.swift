/// Word wrapping by display width.
public enum WordWrap {
    /// Splits a line of graphemes (no newlines) into consecutive segments that each fit `width`
    /// columns, breaking after spaces when possible and inside a word only when the word alone is
    /// wider than `width`. The segments cover every grapheme in order: spaces at a break stay at the
    /// end of the segment they follow (so a cursor can sit on them). An empty line gives one empty
    /// segment. `width` below 1 is taken as 1.
    public static func segments(of graphemes: [Character], width: Int) -> [Range<Int>] {
        let limit = max(1, width)
        var result: [Range<Int>] = []
        var lineStart = 0
        var lineWidth = 0  // includes trailing spaces
        var index = 0
        let count = graphemes.count
        while index < count {
            if graphemes[index] == " " {
                lineWidth += 1
                index += 1
                continue
            }
            // A word: index..<wordEnd.
            var wordEnd = index
            var wordWidth = 0
            while wordEnd < count && graphemes[wordEnd] != " " {
                wordWidth += graphemes[wordEnd].displayWidth
                wordEnd += 1
            }
            if lineWidth + wordWidth <= limit {
                lineWidth += wordWidth
                index = wordEnd
                continue
            }
            if index > lineStart {  // break before the word
                result.append(lineStart..<index)
                lineStart = index
                lineWidth = 0
                if wordWidth <= limit {
                    lineWidth = wordWidth
                    index = wordEnd
                    continue
                }
            }
            // The word alone is too wide: cut it by graphemes.
            while index < wordEnd {
                let w = graphemes[index].displayWidth
                if lineWidth + w > limit && index > lineStart {
                    result.append(lineStart..<index)
                    lineStart = index
                    lineWidth = 0
                }
                lineWidth += w
                index += 1
            }
        }
        result.append(lineStart..<count)
        return result
    }
}

extension StringProtocol {
    /// This text wrapped to lines of at most `width` columns: existing newlines are kept, lines break
    /// at spaces (which are dropped at the break) and long words are cut by grapheme.
    public func wrapped(toWidth width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in self.split(omittingEmptySubsequences: false, whereSeparator: { $0.isNewline }) {
            let graphemes = Array(paragraph)
            for segment in WordWrap.segments(of: graphemes, width: width) {
                var line = graphemes[segment]
                while line.count > 0 && line.last == " " && segment.upperBound < graphemes.count { line.removeLast() }
                lines.append(String(line))
            }
        }
        return lines
    }
}
