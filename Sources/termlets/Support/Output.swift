import DDM
import Foundation

/// Output formats of the commands that print data (`--format`).
enum OutputFormat: String, CaseIterable, Sendable {
    case json, csv, text
}

/// Writes text to standard output or standard error without buffering surprises.
enum Console {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func err(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Prints one JSON document, pretty, followed by a newline.
    static func printJSON(_ value: JSONValue) {
        out(value.serialized(pretty: true) + "\n")
    }
}
