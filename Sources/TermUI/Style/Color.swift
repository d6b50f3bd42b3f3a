/// One of the 16 standard terminal colours (SGR 30–37 and 90–97).
public enum ANSIColor: UInt8, CaseIterable, Sendable, Hashable {
    case black = 0, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite
}

/// A foreground or background colour.
public enum Color: Hashable, Sendable {
    /// The terminal's own default colour.
    case `default`
    /// One of the 16 standard colours.
    case ansi(ANSIColor)
    /// An entry of the 256-colour palette (0–15 are the standard colours).
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    public static let black = Color.ansi(.black)
    public static let red = Color.ansi(.red)
    public static let green = Color.ansi(.green)
    public static let yellow = Color.ansi(.yellow)
    public static let blue = Color.ansi(.blue)
    public static let magenta = Color.ansi(.magenta)
    public static let cyan = Color.ansi(.cyan)
    public static let white = Color.ansi(.white)
    public static let brightBlack = Color.ansi(.brightBlack)
    public static let brightWhite = Color.ansi(.brightWhite)
}
