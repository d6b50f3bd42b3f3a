/// A mouse button.
public enum MouseButton: Hashable, Sendable {
    case left, middle, right
}

/// A mouse action at a cell.
public struct MouseEvent: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        case press(MouseButton)
        case release(MouseButton)
        case drag(MouseButton)
        case move
        case wheelUp, wheelDown, wheelLeft, wheelRight
    }

    public var action: Action
    /// The cell, 0-based.
    public var position: Point
    public var modifiers: KeyModifiers

    public init(_ action: Action, at position: Point, modifiers: KeyModifiers = []) {
        self.action = action
        self.position = position
        self.modifiers = modifiers
    }
}

/// Everything a terminal can tell the program.
public enum InputEvent: Hashable, Sendable {
    case key(KeyEvent)
    /// Text pasted in one go (bracketed paste); newlines are `\n`. Never to be taken as key presses.
    case paste(String)
    case mouse(MouseEvent)
    /// The terminal now has this size.
    case resize(Size)
}
