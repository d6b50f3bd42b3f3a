/// A structure definition that cannot be read, with what is wrong and where.
public struct StructureParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is.
    public enum Location: Sendable, Equatable {
        /// A position in the definition text (1-based).
        case text(line: Int, column: Int)
        /// A path to a JSON value, e.g. `fields[3].options[0]`.
        case path(String)
        /// The input as a whole.
        case document
    }

    public let message: String
    public let location: Location

    public init(_ message: String, at location: Location) {
        self.message = message
        self.location = location
    }

    public var description: String {
        switch location {
        case .text(let line, let column): return "\(message) at line \(line), column \(column)"
        case .path(let path): return "\(path): \(message)"
        case .document: return message
        }
    }
}
