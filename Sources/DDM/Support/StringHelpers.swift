extension String {
    /// The string with every occurrence of `target` replaced by `replacement` (no Foundation).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.range(of: target) {
            result += rest[rest.startIndex..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}

extension Substring {
    /// The range of the first occurrence of `target`, comparing characters.
    func range(of target: String) -> Range<Index>? {
        let pattern = Array(target)
        guard !pattern.isEmpty else { return nil }
        var start = startIndex
        while start < endIndex {
            var i = start
            var j = 0
            while j < pattern.count, i < endIndex, self[i] == pattern[j] {
                i = index(after: i)
                j += 1
            }
            if j == pattern.count { return start..<i }
            start = index(after: start)
        }
        return nil
    }
}
