/// A normalised key press: a key and the modifiers held.
///
/// Normal forms, so that equal presses compare equal whatever the terminal sent: a shifted
/// character is the character itself (`"A"`, `"?"`, no `.shift`); Ctrl-letter is the lowercase
/// letter with `.control`; Shift-Tab is `.backTab`; Ctrl-I, Ctrl-M and Ctrl-H arrive as Tab, Enter and
/// Backspace.
public struct KeyEvent: Hashable, Sendable {
    public var key: Key
    public var modifiers: KeyModifiers

    public init(_ key: Key, modifiers: KeyModifiers = []) {
        var key = key
        var modifiers = modifiers
        switch key {
        case .character(let character):
            modifiers.remove(.shift)
            if modifiers.contains(.control), character.isASCII, character.isLetter {
                key = .character(Character(character.lowercased()))
            }
        case .tab where modifiers.contains(.shift):
            key = .backTab
            modifiers.remove(.shift)
        case .backTab:
            modifiers.remove(.shift)
        default:
            break
        }
        self.key = key
        self.modifiers = modifiers
    }

    /// A plain character key.
    public static func character(_ character: Character) -> KeyEvent { KeyEvent(.character(character)) }
    /// Ctrl plus a character, e.g. `.ctrl("s")`.
    public static func ctrl(_ character: Character) -> KeyEvent { KeyEvent(.character(character), modifiers: .control) }
    /// Alt plus a character, e.g. `.alt("x")`.
    public static func alt(_ character: Character) -> KeyEvent { KeyEvent(.character(character), modifiers: .alt) }

    public static let enter = KeyEvent(.enter)
    public static let tab = KeyEvent(.tab)
    public static let backTab = KeyEvent(.backTab)
    public static let backspace = KeyEvent(.backspace)
    public static let escape = KeyEvent(.escape)
    public static let up = KeyEvent(.up)
    public static let down = KeyEvent(.down)
    public static let left = KeyEvent(.left)
    public static let right = KeyEvent(.right)
    public static let home = KeyEvent(.home)
    public static let end = KeyEvent(.end)
    public static let pageUp = KeyEvent(.pageUp)
    public static let pageDown = KeyEvent(.pageDown)
    public static let insert = KeyEvent(.insert)
    public static let delete = KeyEvent(.delete)
    public static let space = KeyEvent(.character(" "))
    /// F1…F24.
    public static func function(_ number: Int) -> KeyEvent { KeyEvent(.function(number)) }

    /// The character typed, when this is a plain (or shifted) printable character with no Ctrl/Alt.
    public var typedCharacter: Character? {
        if case .character(let character) = key, modifiers.isDisjoint(with: [.control, .alt]) { return character }
        return nil
    }
}
