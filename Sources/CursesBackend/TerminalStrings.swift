import CNcurses
import Glibc

/// The byte sequences the backend writes itself, outside curses' screen updates.
enum TerminalStrings {
    /// Mouse (clicks and wheel, SGR encoding) and bracketed paste reporting, on or off.
    static func reporting(_ configuration: CursesConfiguration, on: Bool) -> [UInt8] {
        let suffix = on ? "h" : "l"
        var text = ""
        if configuration.reportsMouse { text += "\u{1B}[?1000\(suffix)\u{1B}[?1006\(suffix)" }
        if configuration.bracketedPaste { text += "\u{1B}[?2004\(suffix)" }
        return Array(text.utf8)
    }

    /// The terminfo strings `names` (e.g. `sgr0`, `rmcup`) of the current terminal, concatenated,
    /// with padding (`$<5>`) removed; missing ones are skipped. Needs an open curses screen.
    static func terminfo(_ names: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for name in names {
            guard let copy = strdup(name) else { continue }
            defer { free(copy) }
            guard let value = tigetstr(copy), Int(bitPattern: value) != -1 else { continue }
            var text = String(cString: value)
            while let start = text.range(of: "$<"), let end = text[start.upperBound...].firstIndex(of: ">") {
                text.removeSubrange(start.lowerBound...end)
            }
            bytes += Array(text.utf8)
        }
        return bytes
    }
}
