/// One column of a list: a header and the text a row shows under it.
///
/// The terminal renderer lays columns out, truncates by display width and sanitises the text
/// (no control characters ever reach the terminal); the list only says what to show.
public struct ListColumn<Row>: Sendable {
    public let title: String
    /// The cells the column's values need at most (dates, numbers, yes/no), so the others get
    /// the rest; nil shares the width with the other columns.
    public let preferredWidth: Int?
    public let text: @Sendable (Row) -> String

    public init(_ title: String, preferredWidth: Int? = nil, text: @escaping @Sendable (Row) -> String) {
        self.title = title
        self.preferredWidth = preferredWidth
        self.text = text
    }
}

/// How a list's loaded rows look: its columns. Placeholders, error rows and the "loading more"
/// row are drawn by the terminal renderer the same way for every list.
public protocol ListRowRenderer: Sendable {
    associatedtype Row: Sendable
    var columns: [ListColumn<Row>] { get }
}

extension ListRowRenderer {
    /// The texts of `row`, one per column.
    public func texts(for row: Row) -> [String] {
        columns.map { $0.text(row) }
    }
}
