import DDM
import OfflineStore

extension FormState {
    /// Makes the form record `recordId` of `structure` from its JSON as the portal gives it
    /// (`{"modelValues", "modelAttributes"}`), loaded from `origin`: a record of another record set
    /// than `recordSetId` (when not 0) is refused. Returns the record's attributes.
    @discardableResult
    mutating func adoptRecord(
        _ json: JSONValue, recordId: Int64, recordSetId: Int64, structure: DDMStructure, origin: FormDataOrigin
    ) throws(FormScreenletError) -> [String: JSONValue] {
        let payload: RecordPayload
        do {
            payload = try RecordPayload.parse(json)
        } catch {
            throw .unreadable("record \(recordId) cannot be read: \(error.description)")
        }
        var recordAttributes = payload.attributes
        if recordAttributes["recordId"] == nil { recordAttributes["recordId"] = .int(recordId) }
        if recordSetId != 0, let owner = recordAttributes[PayloadKey.recordSetId]?.int64Value, owner != recordSetId {
            throw .notInRecordSet(recordId: recordId, recordSetId: recordSetId)
        }
        model = DDLFormModel(structure: structure, record: RecordPayload(values: payload.values, attributes: recordAttributes))
        workflowStatus = payload.status
        uploads = [:]
        validationMessages = [:]
        recordOrigin = origin
        return recordAttributes
    }
}
