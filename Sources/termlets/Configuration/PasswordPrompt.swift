import Foundation

/// Reads a password from the terminal without echoing it.
enum PasswordPrompt {
    /// Asks on the controlling terminal; `nil` when standard input is not a terminal.
    static func ask(_ prompt: String) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        Console.err(prompt)
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            Console.err("\n")
        }
        return readLine(strippingNewline: true)
    }
}
