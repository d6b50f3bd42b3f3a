/// Horizontal alignment of text padded to a width.
public enum TextAlignment: Sendable, Hashable {
    case left, center, right
}

extension StringProtocol {
    /// This text cut to at most `width` columns, ending with `ellipsis` when something was cut.
    /// Wide characters are never split; when even the ellipsis does not fit, the text is cut bare.
    public func truncated(toWidth width: Int, ellipsis: String = "…") -> String {
        let limit = Swift.max(0, width)
        if displayWidth <= limit { return String(self) }
        let ellipsisWidth = ellipsis.displayWidth
        let budget = ellipsisWidth <= limit ? limit - ellipsisWidth : limit
        var result = ""
        var used = 0
        for character in self {
            let w = character.displayWidth
            if used + w > budget { break }
            result.append(character)
            used += w
        }
        return ellipsisWidth <= limit ? result + ellipsis : result
    }

    /// This text padded with spaces to `width` columns (unchanged when already that wide or wider).
    public func padded(toWidth width: Int, alignment: TextAlignment = .left) -> String {
        let missing = width - displayWidth
        guard missing > 0 else { return String(self) }
        switch alignment {
        case .left: return String(self) + String(repeating: " ", count: missing)
        case .right: return String(repeating: " ", count: missing) + String(self)
        case .center:
            let left = missing / 2
            return String(repeating: " ", count: left) + String(self) + String(repeating: " ", count: missing - left)
        }
    }

    /// This text truncated (with an ellipsis) and padded to exactly `width` columns.
    public func fitted(toWidth width: Int, alignment: TextAlignment = .left, ellipsis: String = "…") -> String {
        let cut = truncated(toWidth: width, ellipsis: ellipsis)
        // A wide character may leave one column free: padding fills it.
        return cut.padded(toWidth: width, alignment: alignment)
    }
}
