import DDM
import PortalClient

/// A record set with its parsed structure, in the locale of the run: what `list` and `form` need
/// to read and write record values as typed fields.
struct RecordSetContext: Sendable {
    let recordSet: RecordSet
    let structure: DDMStructure
    let locale: PortalLocale

    /// Loads the record set and its structure (or `structureId` when given instead of the record
    /// set's own) and parses the structure.
    static func load(
        _ connection: PortalConnection, recordSetId: Int64, structureId: Int64? = nil
    ) async throws(CommandFailure) -> RecordSetContext {
        let session = connection.session
        let recordSet = try await failing("record set \(recordSetId)") { try await session.recordSet(id: recordSetId) }
        let id = structureId ?? recordSet.structureId
        let model = try await failing("structure \(id)") { try await session.structure(id: id) }
        guard let text = model.definition ?? model.xsd else {
            throw CommandFailure(.server, "structure \(id) has neither a definition nor an xsd")
        }
        let structure: DDMStructure
        do {
            structure = try DDMStructure.parse(text)
        } catch {
            throw CommandFailure(.server, "structure \(id) cannot be read: \(error.description)")
        }
        let locale = PortalLocale(connection.settings.locale) ?? structure.defaultLocale
        return RecordSetContext(recordSet: recordSet, structure: structure, locale: locale)
    }

    /// The same record set read in `locale` (the settings' language, chosen during the run).
    func reading(in locale: PortalLocale) -> RecordSetContext {
        RecordSetContext(recordSet: recordSet, structure: structure, locale: locale)
    }

    /// The record set's name in the run's locale.
    var name: String {
        let name = LocalizedXMLText.resolve(recordSet.name, locale: locale)
        return name.isEmpty ? "record set \(recordSet.recordSetId)" : name
    }

    /// The names of the fields in structure order, nested fields after their parent.
    var fieldNames: [String] { structure.allFields.map(\.name) }

    /// A record's value of `name` in the canonical form scripts read and `--set` takes; values the
    /// structure does not describe or that do not read are given as the portal sent them.
    func canonicalValue(of name: String, in record: RecordData) -> String? {
        guard let raw = rawValue(of: name, in: record) else { return nil }
        guard let field = structure.field(named: name) else { return raw.textValue }
        do {
            return try field.value(fromServer: raw)?.canonicalString
        } catch {
            return raw.textValue
        }
    }

    /// A record's value of `name` as the user reads it in the run's locale.
    func labelValue(of name: String, in record: RecordData) -> String {
        guard let raw = rawValue(of: name, in: record) else { return "" }
        guard let field = structure.field(named: name) else { return raw.textValue ?? "" }
        return field.label(ofServer: raw, in: locale)
    }

    /// ``labelValue(of:in:)`` of the fields `names` (by index) for a list: each field looked up
    /// once, and the labels of the values its rows repeat remembered (``ServerLabelMemo``).
    ///
    /// `exact` is the value already found under the field's exact name (a list row reads its
    /// label fields once: ``DDLListRow/labelValues``); without it, the record is searched.
    func labeller(for names: [String]) -> @Sendable (RecordData, JSONValue?, Int) -> String {
        let memos = names.map { name in structure.field(named: name).map { ServerLabelMemo(field: $0, locale: locale) } }
        return { record, exact, index in
            guard let raw = exact ?? rawValue(of: names[index], in: record) else { return "" }
            guard let memo = memos[index] else { return raw.textValue ?? "" }
            return memo.label(ofServer: raw)
        }
    }

    /// The value the portal sent for `name`, matching the name without regard to case as the
    /// portal's field lookup does.
    func rawValue(of name: String, in record: RecordData) -> JSONValue? {
        // The name as given, then the structure's spelling of it, then any key equal ignoring case.
        var names = [name]
        if let canonicalName = structure.field(named: name)?.name, canonicalName != name { names.append(canonicalName) }
        let exact = record.values(of: RecordFieldNames(names))
        return exact.lazy.compactMap { $0 }.first ?? record.value(matching: name)
    }

    /// The column title of a field: its label in the run's locale, or its name.
    func title(of name: String) -> String {
        guard let field = structure.field(named: name) else { return name }
        let label = field.label(in: locale)
        return label.isEmpty ? field.name : label
    }
}
