import Foundation
import DDM
import OfflineStore
import PortalClient

/// One row of the DDL list: the record, its label field values, and whether a write of it is
/// still waiting in the pending queue (`dirty`, `failed` or `conflict`).
public struct DDLListRow: Sendable, Hashable {
    public let record: RecordData
    /// The state of the record's open pending write, if any (a write being sent counts as dirty).
    public let pending: QueueState?
    /// The label fields' values as the user reads them (parsed by the field's kind and shown in the
    /// run's locale), when the list computed them once at load (``showing(labels:)``); nil
    /// otherwise.
    public private(set) var shownLabels: [String]?

    /// The values of the label fields the portal sent under their exact names (nil where it
    /// sent none): read once, when the row is made, for the labels and the texts shown.
    public let labelValues: [JSONValue?]
    /// The names of the label fields, by position of ``labelValues``.
    private let labelNames: [String]

    public init(record: RecordData, labelFields: [String], pending: QueueState? = nil) {
        self.init(record: record, labelFields: RecordFieldNames(labelFields), pending: pending)
    }

    /// A row whose label fields are named once for all the rows of a page.
    public init(record: RecordData, labelFields: RecordFieldNames, pending: QueueState? = nil) {
        self.record = record
        labelValues = record.values(of: labelFields)
        labelNames = labelFields.names
        self.pending = pending
    }

    /// The label fields' values in the order of ``DDLListConfiguration/labelFields``, as text (a
    /// field the record lacks under its exact name is looked up ignoring case). Made when asked
    /// for: a list shows ``shownLabels``, so a row made for the screen never builds these
    /// (issue 17).
    public var labels: [String] {
        zip(labelNames, labelValues).map { name, value in
            Self.text(of: value ?? Self.value(named: name, in: record))
        }
    }

    /// This row with `labels` as the texts the user reads (computed once, when its page arrives).
    public func showing(labels: [String]) -> DDLListRow {
        var row = self
        row.shownLabels = labels
        return row
    }

    public var recordId: Int64? { record.recordId }
    /// The record has edits not yet accepted by the portal.
    public var isDirty: Bool { pending != nil }
    /// The record's pending edit conflicts with a newer version on the portal.
    public var isInConflict: Bool { pending == .conflict }

    /// Whether any label value contains `text`, ignoring case and diacritics.
    public func matches(_ text: String) -> Bool {
        let needle = text.trimmingCharacters(in: .whitespaces)
        guard !needle.isEmpty else { return true }
        return labels.contains { $0.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
    }

    /// The value of `name`, matched without regard to case as the portal does.
    static func value(named name: String, in record: RecordData) -> JSONValue? {
        record.value(matching: name)
    }

    /// A value as one line of text: strings as they are, lists joined with ", ".
    static func text(of value: JSONValue?) -> String {
        switch value {
        case nil, .null?: return ""
        case .string(let text)?: return text
        case .array(let items)?: return items.map { text(of: $0) }.joined(separator: ", ")
        case let other?: return other.serialized()
        }
    }
}
