/// What the DDL list screenlet tells its observers.
public enum DDLListEvent: Sendable {
    /// A page arrived (from the portal or the cache, see `provenance`); `rowCount` is the list's length.
    case pageLoaded(page: Int, rows: [DDLListRow], rowCount: Int, provenance: RowProvenance)
    /// A page could not be loaded; it is retried while wanted.
    case listError(page: Int, error: any Error)
    /// The user chose a loaded record.
    case recordSelected(index: Int, row: DDLListRow)
}
