import DDM

/// Form events as JSON lines: `{"event": "documentUploadProgress", "field": …, "bytesSent": …,
/// "totalBytes": …}`. Events hold ids, field names, byte counts and error texts from the portal
/// client (which never contain credentials); a file entry is reduced to its public identity.
public enum FormEventEncoder {
    /// One event as a JSON object.
    public static func json(_ event: FormEvent) -> JSONValue {
        var members: [String: JSONValue] = ["event": .string(event.name)]
        switch event {
        case .formLoaded(let origin):
            members.merge(describe(origin)) { $1 }
        case .formLoadError(let message), .recordLoadError(let message):
            members["message"] = .string(message)
        case .recordLoaded(let recordId, let origin):
            members["recordId"] = .int(recordId)
            members.merge(describe(origin)) { $1 }
        case .formSubmitted(let recordId, let status):
            members["recordId"] = .int(recordId)
            members["workflowStatus"] = JSONValue(status)
        case .formSubmitError(let message, let fields):
            members["message"] = .string(message)
            members["invalidFields"] = .array(fields.map { .string($0.description) })
        case .formQueued(let queueId):
            members["queueId"] = .string(queueId)
        case .documentUploadStarted(let key):
            members.merge(describe(key)) { $1 }
        case .documentUploadProgress(let key, let sent, let total):
            members.merge(describe(key)) { $1 }
            members["bytesSent"] = .int(sent)
            members["totalBytes"] = .int(total)
        case .documentUploaded(let key, let result, let queueId):
            members.merge(describe(key)) { $1 }
            members["result"] = publicIdentity(of: result)
            members["queueId"] = JSONValue(queueId)
        case .documentUploadError(let key, let message):
            members.merge(describe(key)) { $1 }
            members["message"] = .string(message)
        }
        return .object(members)
    }

    /// One event as one line of compact JSON, ending with a newline.
    public static func line(_ event: FormEvent) -> String {
        json(event).serialized() + "\n"
    }

    private static func describe(_ key: FormFieldKey) -> [String: JSONValue] {
        ["field": .string(key.field), "instance": .int(Int64(key.instance))]
    }

    private static func describe(_ origin: FormDataOrigin) -> [String: JSONValue] {
        ["source": .string(origin.source.rawValue), "stale": .bool(origin.isStale)]
    }

    /// Only the members that name a file entry (or a queued upload's placeholder).
    private static func publicIdentity(of result: JSONValue) -> JSONValue {
        guard case .object(let members) = result else { return .null }
        let kept = ["groupId", "uuid", "version", "fileEntryId", "title", "$queuedUpload"]
        return .object(members.filter { kept.contains($0.key) })
    }
}
