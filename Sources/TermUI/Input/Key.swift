/// A key, independent of how the terminal encoded it.
public enum Key: Hashable, Sendable {
    /// A printable character (for Ctrl-letter: the lowercase letter with `.control`).
    case character(Character)
    case enter, tab, backTab, backspace, escape
    case up, down, left, right
    case home, end, pageUp, pageDown, insert, delete
    /// F1…F24.
    case function(Int)
}

/// Modifier keys held with a key.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let alt = KeyModifiers(rawValue: 1 << 1)
    public static let control = KeyModifiers(rawValue: 1 << 2)

    /// From the xterm modifier parameter (`1 + bits`: shift 1, alt 2, ctrl 4, meta 8 as alt).
    init(xtermParameter parameter: Int) {
        let bits = max(0, parameter - 1)
        var result: KeyModifiers = []
        if bits & 1 != 0 { result.insert(.shift) }
        if bits & 2 != 0 || bits & 8 != 0 { result.insert(.alt) }
        if bits & 4 != 0 { result.insert(.control) }
        self = result
    }
}
