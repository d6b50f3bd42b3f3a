import DDM

/// The demo record sets' forms as a 7.x portal serves them, built in memory without starting a
/// portal: the same structure definitions and records the emulator seeds, so a form shown from
/// them looks exactly as one loaded from the emulator (the form screen's tests use them with
/// `InMemoryFormScreenlet`).
public enum DemoForms {
    /// Record set `recordSetId`'s name (its current value, as `nameCurrentValue` gives it) and
    /// its structure's id; nil for no demo record set.
    public static func recordSet(_ recordSetId: Int64) -> (name: String, structureId: Int64)? {
        guard let (_, structureId, names) = DemoData.recordSets.first(where: { $0.0 == recordSetId }) else { return nil }
        return (names.value(for: nil), structureId)
    }

    /// Structure `structureId`'s 7.x JSON definition (what `get-structure` answers in `definition`).
    public static func definition(structureId: Int64) -> String? {
        DemoData.structures.first { $0.0 == structureId }?.3.jsonDefinition()
    }

    /// Structure `structureId` parsed, as a form screenlet parses the definition the portal sends.
    public static func structure(_ structureId: Int64) throws -> DDMStructure? {
        try definition(structureId: structureId).map { try DDMStructure.parse($0) }
    }

    /// The demo record `recordId` as the Screens plugin's `get-ddl-record` answers on 7.x in
    /// `locale`: `{"modelValues", "modelAttributes"}`; nil for no record of the small demo
    /// record sets ("Every field kind", "Contacts") nor of the issues.
    public static func record(_ recordId: Int64, locale: String = "en_US") -> JSONValue? {
        let issue = Int(recordId - DemoIDs.firstIssueRecordId) + 1
        let row = (DemoData.everyFieldRecords + DemoData.contactRecords).first { $0.recordId == recordId }
            ?? ((1...DemoIDs.issueRecordCount).contains(issue) ? DemoData.issueRecord(issue) : nil)
        guard let row, let set = recordSet(row.recordSetId),
            let spec = DemoData.structures.first(where: { $0.0 == set.structureId })?.3
        else { return nil }
        return ScreensRecordServices.screensRecord(row, fieldTypes: spec.fieldTypes, version: .v7, locale: locale)
    }
}
