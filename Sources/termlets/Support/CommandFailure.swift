import Foundation
import TermUI

/// The error kinds of the command-line contract: `error: <kind>: <message>` on standard error.
enum FailureKind: String, Sendable {
    case network, authentication, permission, validation, server, input
    case notFound = "not-found"
}

/// A failure a command reports to the user: exit status 1 and one line on standard error.
struct CommandFailure: Error, Sendable {
    let kind: FailureKind
    let message: String

    init(_ kind: FailureKind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The one line printed on standard error. Control characters (a hostile server's escape
    /// sequences among them) are replaced so that they never reach the terminal.
    var line: String { "error: \(kind.rawValue): \(message.inertForTerminal())" }
}

extension String {
    /// The text with every control character replaced by a visible stand-in (a space for newlines
    /// and tabs, U+FFFD for the rest of what the screens' ``TerminalText`` finds: C0/C1 controls,
    /// DEL, line separators, bidi overrides), so it is safe to print on one terminal line.
    func inertForTerminal() -> String {
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x0D, 0x09: out.append(" ")
            case _ where TerminalText.isControl(scalar): out.append("\u{FFFD}")
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}

extension String {
    /// The text with control characters (``TerminalText/isControl(_:)``: C0/C1 controls, DEL,
    /// line separators, bidi overrides) replaced by U+FFFD, keeping line feeds, tabs and the
    /// carriage return of a CRLF: safe to print on a terminal as several lines.
    func inertLines() -> String {
        guard unicodeScalars.contains(where: { TerminalText.isControl($0) && $0 != "\n" }) else { return self }
        var out = String.UnicodeScalarView()
        var scalars = unicodeScalars.makeIterator()
        var next = scalars.next()
        while let scalar = next {
            next = scalars.next()
            switch scalar.value {
            case 0x0A, 0x09: out.append(scalar)
            case 0x0D where next == "\n": out.append(scalar)
            case _ where TerminalText.isControl(scalar): out.append("\u{FFFD}")
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
