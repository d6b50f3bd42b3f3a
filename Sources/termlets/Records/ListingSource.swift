import DDM
import PortalClient

/// What `termlets list` needs of the list it prints: its name, the columns' titles and each
/// record's values in the canonical and the label forms. A record set (``RecordSetContext``) and
/// an object definition (``ObjectContext``) are both one.
protocol ListingSource: Sendable {
    /// The list's name in the run's locale.
    var name: String { get }
    /// The column title of a field: its label in the run's locale, or its name.
    func title(of name: String) -> String
    /// A record's value of `name` in the canonical form scripts read and `--set` takes.
    func canonicalValue(of name: String, in record: RecordData) -> String?
    /// A record's value of `name` as the user reads it in the run's locale.
    func labelValue(of name: String, in record: RecordData) -> String
}

extension RecordSetContext: ListingSource {}
