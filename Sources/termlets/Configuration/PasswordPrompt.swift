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

    /// Asks a yes/no question on the terminal (`[Y/n]` or `[y/N]`); an empty answer takes
    /// `defaultAnswer`. `nil` when standard input or standard error is not a terminal.
    static func confirm(_ question: String, defaultAnswer: Bool) -> Bool? {
        guard isatty(STDIN_FILENO) == 1, isatty(STDERR_FILENO) == 1 else { return nil }
        Console.err("\(question) \(defaultAnswer ? "[Y/n]" : "[y/N]") ")
        guard let answer = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces).lowercased() else {
            return defaultAnswer
        }
        switch answer {
        case "y", "yes": return true
        case "n", "no": return false
        default: return defaultAnswer
        }
    }
}
