import DDM

extension DDLListEvent: JSONLineEvent {
    public var eventName: String {
        switch self {
        case .pageLoaded: return "pageLoaded"
        case .listError: return "listError"
        case .recordSelected: return "recordSelected"
        }
    }

    public var eventFields: [String: JSONValue] {
        switch self {
        case .pageLoaded(let page, let rows, let rowCount, let provenance):
            return provenance.jsonFields.merging([
                "page": .int(Int64(page)), "rowCount": .int(Int64(rowCount)), "rows": .array(rows.map(\.jsonValue)),
            ]) { $1 }
        case .listError(let page, let error):
            return ["page": .int(Int64(page)), "error": eventErrorText(error)]
        case .recordSelected(let index, let row):
            return ["index": .int(Int64(index)), "row": row.jsonValue]
        }
    }
}

extension DDLListRow {
    /// `{"recordId", "labels", "pending"}`.
    public var jsonValue: JSONValue {
        ["recordId": JSONValue(recordId), "labels": .array(labels.map(JSONValue.string)), "pending": JSONValue(pending?.rawValue)]
    }
}

extension GalleryEvent: JSONLineEvent {
    public var eventName: String {
        switch self {
        case .entriesLoaded: return "entriesLoaded"
        case .entriesError: return "entriesError"
        case .entrySelected: return "entrySelected"
        case .entryDeleted: return "entryDeleted"
        case .deleteError: return "deleteError"
        case .uploadStarted: return "uploadStarted"
        case .uploadProgress: return "uploadProgress"
        case .uploadError: return "uploadError"
        case .uploadQueued: return "uploadQueued"
        case .uploaded: return "uploaded"
        case .uploadCancelled: return "uploadCancelled"
        }
    }

    public var eventFields: [String: JSONValue] {
        switch self {
        case .entriesLoaded(let page, let entries, let rowCount, let provenance):
            return provenance.jsonFields.merging([
                "page": .int(Int64(page)), "rowCount": .int(Int64(rowCount)),
                "entries": .array(entries.map { ["fileEntryId": .int($0.entry.fileEntryId), "title": .string($0.entry.title)] }),
            ]) { $1 }
        case .entriesError(let page, let error):
            return ["page": .int(Int64(page)), "error": eventErrorText(error)]
        case .entrySelected(let index, let row):
            return ["index": .int(Int64(index)), "fileEntryId": .int(row.entry.fileEntryId)]
        case .entryDeleted(let id, let queueId):
            return ["fileEntryId": .int(id), "queueId": JSONValue(queueId)]
        case .deleteError(let id, let error):
            return ["fileEntryId": .int(id), "error": eventErrorText(error)]
        case .uploadStarted(let upload, let fileName, let title):
            return ["upload": .int(Int64(upload)), "fileName": .string(fileName), "title": .string(title)]
        case .uploadProgress(let upload, let sent, let total):
            return ["upload": .int(Int64(upload)), "bytesSent": .int(sent), "totalBytes": .int(total)]
        case .uploadError(let upload, let error, let queueId):
            return ["upload": .int(Int64(upload)), "error": eventErrorText(error), "queueId": JSONValue(queueId)]
        case .uploadQueued(let upload, let queueId):
            return ["upload": .int(Int64(upload)), "queueId": .string(queueId)]
        case .uploaded(let upload, let entry):
            return ["upload": .int(Int64(upload)), "fileEntryId": .int(entry.fileEntryId), "title": .string(entry.title)]
        case .uploadCancelled(let upload, let landing):
            switch landing {
            case .stopped: return ["upload": .int(Int64(upload)), "landing": "stopped"]
            case .takenBack(let id): return ["upload": .int(Int64(upload)), "landing": "takenBack", "fileEntryId": .int(id)]
            case .mayRemain(let reason): return ["upload": .int(Int64(upload)), "landing": "mayRemain", "reason": .string(reason)]
            }
        }
    }
}
