/// How many colours a terminal can show, from none to 24-bit.
public enum ColorDepth: Int, Comparable, Sendable, CaseIterable {
    case monochrome = 0
    case ansi16
    case ansi256
    case trueColor

    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The depth to use for an environment (a pure function of the variables given):
    /// `NO_COLOR` set to anything non-empty gives `.monochrome` (no-color.org); `TERM=dumb` too;
    /// `COLORTERM=truecolor|24bit` gives `.trueColor`; a `TERM` ending in `256color` gives `.ansi256`;
    /// any other terminal `.ansi16`. `maximum` caps the result (e.g. what curses reports).
    public static func detect(environment: [String: String], maximum: ColorDepth = .trueColor) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        let term = environment["TERM"] ?? ""
        let detected: ColorDepth
        if term == "dumb" {
            detected = .monochrome
        } else if let colorTerm = environment["COLORTERM"]?.lowercased(), colorTerm == "truecolor" || colorTerm == "24bit" {
            detected = .trueColor
        } else if term.hasSuffix("256color") || term.hasSuffix("256") {
            detected = .ansi256
        } else {
            detected = .ansi16
        }
        return min(detected, maximum)
    }
}
