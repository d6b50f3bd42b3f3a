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
        write(Array(text.inertLines().utf8), to: STDOUT_FILENO)
    }

    /// Writes a data format (CSV, JSON) exactly as it is when piped to a program; on a terminal
    /// it is made inert like ``out(_:)``. JSON needs no help (its serializer escapes every control
    /// character and bidi override); CSV carries server text exactly, by design.
    static func data(_ text: String) {
        write(Array((outputIsTerminal ? text.inertLines() : text).utf8), to: STDOUT_FILENO)
    }

    static func err(_ text: String) {
        write(Array(text.utf8), to: STDERR_FILENO)
    }

    /// Writes every byte to `descriptor`. A reader that went away (`termlets list | head`: the
    /// pipe is closed, EPIPE) ends the run quietly with status 0, as the output was all it wanted;
    /// Foundation's `FileHandle.write` would trap there instead.
    static func write(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && errno == EPIPE {
                exit(0)
            } else {
                return
            }
        }
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
