import DDM
import Foundation

/// Output formats of the commands that print data (`--format`).
enum OutputFormat: String, CaseIterable, Sendable {
    case json, csv, text

    /// `--format`; without it, text on a terminal and JSON otherwise. A format the command does
    /// not offer is an `input` failure listing the ones it does.
    static func resolve(_ option: String?, allowed: [OutputFormat] = [.json, .text]) throws(CommandFailure) -> OutputFormat {
        guard let option else { return isatty(STDOUT_FILENO) == 1 && allowed.contains(.text) ? .text : .json }
        guard let format = OutputFormat(rawValue: option.lowercased()), allowed.contains(format) else {
            let names = allowed.map(\.rawValue).joined(separator: ", ")
            throw CommandFailure(.input, "invalid --format \"\(option)\": expected one of \(names)")
        }
        return format
    }
}

/// Writes text to standard output or standard error without buffering surprises.
enum Console {
    /// Standard output is a terminal: whatever is printed there is made inert first.
    static let outputIsTerminal = isatty(STDOUT_FILENO) == 1

    /// Writes human-readable text (tables, summaries, messages), always made inert first, piped
    /// or not: control characters, C1 codes and bidi overrides other than line ends and tabs
    /// become U+FFFD (``String/inertLines()``), so server text cannot drive the terminal that
    /// `| cat`, `| less -R` or a log viewer shows it on.
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.inertLines().utf8))
    }

    /// Writes a data format (CSV, JSON) exactly as it is when piped to a program; on a terminal
    /// it is made inert like ``out(_:)``. JSON needs no help (its serializer escapes every control
    /// character and bidi override); CSV carries server text exactly, by design.
    static func data(_ text: String) {
        FileHandle.standardOutput.write(Data((outputIsTerminal ? text.inertLines() : text).utf8))
    }

    static func err(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Prints one JSON document, pretty, followed by a newline.
    static func printJSON(_ value: JSONValue) {
        data(value.serialized(pretty: true) + "\n")
    }
}

/// Comma-separated values as RFC 4180 writes them: fields with a comma, quote or line break are
/// quoted, quotes doubled, lines ended by CRLF.
enum CSV {
    static func line(_ fields: [String]) -> String {
        fields.map(quote).joined(separator: ",") + "\r\n"
    }

    static func quote(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
