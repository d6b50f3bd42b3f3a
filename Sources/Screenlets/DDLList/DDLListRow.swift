import Foundation
import DDM
import OfflineStore
import PortalClient

/// One row of the DDL list: the record, its label field values, and whether a write of it is
/// still waiting in the pending queue (`dirty`, `failed` or `conflict`).
///
/// A value made once, when its page arrives, and then only read: its parts live in one shared
/// box, so the copies a frame takes of each row on screen cost one retain, not one for each
/// part (a PgDn's frame copied and destroyed ~125 rows' parts, issue 17).
public struct DDLListRow: Sendable, Hashable {
    private let parts: Parts

    /// What a row holds; never changed once made.
    private final class Parts: Sendable {
        let record: RecordData
        let pending: QueueState?
        let shownLabels: [String]?
        let labelValues: [JSONValue?]
        let labelNames: [String]

        init(record: RecordData, pending: QueueState?, shownLabels: [String]?, labelValues: [JSONValue?], labelNames: [String]) {
            self.record = record
            self.pending = pending
            self.shownLabels = shownLabels
            self.labelValues = labelValues
            self.labelNames = labelNames
        }
    }

    public var record: RecordData { parts.record }
    /// The state of the record's open pending write, if any (a write being sent counts as dirty).
    public var pending: QueueState? { parts.pending }
    /// The label fields' values as the user reads them (parsed by the field's kind and shown in the
    /// run's locale), when the list computed them once at load (``showing(labels:)``); nil
    /// otherwise.
    public var shownLabels: [String]? { parts.shownLabels }

    /// The values of the label fields the portal sent under their exact names (nil where it
    /// sent none): read once, when the row is made, for the labels and the texts shown.
    public var labelValues: [JSONValue?] { parts.labelValues }

    public init(record: RecordData, labelFields: [String], pending: QueueState? = nil) {
        self.init(record: record, labelFields: RecordFieldNames(labelFields), pending: pending)
    }

    /// A row whose label fields are named once for all the rows of a page.
    public init(record: RecordData, labelFields: RecordFieldNames, pending: QueueState? = nil) {
        parts = Parts(
            record: record, pending: pending, shownLabels: nil, labelValues: record.values(of: labelFields),
            labelNames: labelFields.names)
    }

    private init(parts: Parts) {
        self.parts = parts
    }

    /// Rows are equal when all their parts are (the same box, or boxes holding equal parts).
    public static func == (lhs: DDLListRow, rhs: DDLListRow) -> Bool {
        let (l, r) = (lhs.parts, rhs.parts)
        return l === r
            || (l.record == r.record && l.pending == r.pending && l.shownLabels == r.shownLabels
                && l.labelValues == r.labelValues && l.labelNames == r.labelNames)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(parts.record)
        hasher.combine(parts.pending)
        hasher.combine(parts.shownLabels)
        hasher.combine(parts.labelValues)
        hasher.combine(parts.labelNames)
    }

    /// The label fields' values in the order of ``DDLListConfiguration/labelFields``, as text (a
    /// field the record lacks under its exact name is looked up ignoring case). Made when asked
    /// for: a list shows ``shownLabels``, so a row made for the screen never builds these
    /// (issue 17).
    public var labels: [String] {
        zip(parts.labelNames, parts.labelValues).map { name, value in
            Self.text(of: value ?? Self.value(named: name, in: record))
        }
    }

    /// This row with `labels` as the texts the user reads (computed once, when its page arrives).
    public func showing(labels: [String]) -> DDLListRow {
        DDLListRow(parts: Parts(
            record: parts.record, pending: parts.pending, shownLabels: labels, labelValues: parts.labelValues,
            labelNames: parts.labelNames))
    }

    public var recordId: Int64? { parts.record.recordId }
    /// The record has edits not yet accepted by the portal.
    public var isDirty: Bool { parts.pending != nil }
    /// The record's pending edit conflicts with a newer version on the portal.
    public var isInConflict: Bool { parts.pending == .conflict }

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
