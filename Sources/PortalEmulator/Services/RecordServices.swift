import DDM
import GRDB

/// `ddlrecord` (`/ddlrecord/…` on 6.2, `/ddl.ddlrecord/…` on 7.x): add, update, get, delete.
enum RecordServices {
    static let paths = (v62: "ddlrecord", v7: "ddl.ddlrecord")

    /// Workflow statuses of the portal.
    enum Status {
        static let approved = 0
        static let pending = 1
        static let draft = 2
    }

    static func register(_ registry: inout ServiceRegistry) {
        registry.register(.module(v62: paths.v62, v7: paths.v7, "add-record"),
                          ["groupId", "recordSetId", "displayIndex", "fieldsMap", "serviceContext"]) { call throws(PortalError) in
            try await addRecord(call)
        }
        registry.register(.module(v62: paths.v62, v7: paths.v7, "update-record"),
                          ["recordId", "displayIndex", "fieldsMap", "mergeFields", "serviceContext"]) { call throws(PortalError) in
            try await updateRecord(call)
        }
        registry.register(.module(v62: paths.v62, v7: paths.v7, "get-record"), ["recordId"]) { call throws(PortalError) in
            let user = try call.currentUser
            let recordId = try call.params.long("recordId")
            let record = try await call.read { db in
                let record = try fetch(db, recordId)
                try Permissions.require(db, user: user, .view, .recordSet, record.recordSetId)
                return record
            }
            return ModelJSON.record(record, call.version)
        }
        registry.register(.only7("/\(paths.v7)/delete-record"), ["recordId"]) { call throws(PortalError) in
            let user = try call.currentUser
            let recordId = try call.params.long("recordId")
            try await call.write { db in
                let record = try fetch(db, recordId)
                try Permissions.require(db, user: user, .update, .recordSet, record.recordSetId)
                try db.execute(sql: "DELETE FROM record WHERE recordId = ?", arguments: [recordId])
            }
            return .null
        }
    }

    static func fetch(_ db: Database, _ recordId: Int64) throws -> RecordRow {
        guard let record = try RecordRow.fetchOne(db, sql: "SELECT * FROM record WHERE recordId = ?", arguments: [recordId]) else {
            throw NotFound.record(recordId)
        }
        return record
    }

    /// `serviceContext.workflowAction`: 1 publishes (approved), 2 saves a draft; publish by default.
    static func status(from serviceContext: WrappedParameter?) throws(PortalError) -> Int {
        guard let action = serviceContext?.fields["workflowAction"], !action.isNull else { return Status.approved }
        switch action.int64Value {
        case 2: return Status.draft
        case 1: return Status.approved
        default: throw .badParameter("serviceContext.workflowAction", "unknown workflow action \(action.serialized())")
        }
    }

    static func values(from fieldsMap: [String: JSONValue]) -> [String: StoredFieldValue] {
        fieldsMap.compactMapValues(StoredFieldValue.init(submitted:))
    }

    /// Rejects names the structure does not have and required fields left empty, as the portal's
    /// storage validation does.
    static func validate(_ values: [String: StoredFieldValue], against structure: StructureRow) throws(PortalError) {
        for name in values.keys.sorted() where structure.fieldTypes[name] == nil {
            throw PortalError.validation(
                class62: "com.liferay.portlet.dynamicdatamapping.StorageFieldNameException",
                class7: "com.liferay.dynamic.data.mapping.validator.DDMFormValuesValidationException$MustSetValidField",
                "There is no field with name \(name) in structure \(structure.structureId)")
        }
        for name in structure.requiredFields where values[name]?.isEmpty ?? true {
            throw PortalError.validation(
                class62: "com.liferay.portlet.dynamicdatamapping.StorageFieldRequiredException",
                class7: "com.liferay.dynamic.data.mapping.validator.DDMFormValuesValidationException$RequiredValue",
                "No value defined for field name \(name)")
        }
    }

    static func addRecord(_ call: ServiceCall) async throws(PortalError) -> JSONValue {
        let user = try call.currentUser
        let recordSetId = try call.params.long("recordSetId")
        let requestedGroupId = try call.params.long("groupId")
        let displayIndex = try call.params.int("displayIndex")
        let values = values(from: try call.params.object("fieldsMap") ?? [:])
        let serviceContext = call.params.wrapper("serviceContext")
        let status = try status(from: serviceContext)
        let uuid = serviceContext?.fields["uuid"]?.textValue.flatMap { $0.isEmpty ? nil : $0 } ?? PortalUUID.random()
        let record = try await call.write { db in
            let set = try RecordSetServices.fetch(db, recordSetId)
            try Permissions.require(db, user: user, .add, .recordSet, recordSetId)
            let structure = try StructureServices.fetch(db, set.structureId)
            try validate(values, against: structure)
            let groupId = requestedGroupId > 0 ? requestedGroupId : set.groupId
            let recordId = try db.nextId()
            let storageId = try db.nextId()
            let now = EpochClock.nowMs()
            do {
                try db.insertRecord(
                    recordId: recordId, uuid: uuid, groupId: groupId, companyId: set.companyId, userId: user.userId,
                    userName: user.fullName, recordSetId: recordSetId, storageId: storageId, displayIndex: displayIndex,
                    status: status, values: values, createDate: now, modifiedDate: now)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                // The portal's unique index on (uuid_, groupId) refuses a second record with the same uuid.
                throw PortalError.system(
                    "Unique index IX_DDLRecord_UUID_G violated: a DDLRecord with uuid \(uuid) already exists in group \(groupId)")
            }
            return RecordRow(
                recordId: recordId, uuid: uuid, groupId: groupId, companyId: set.companyId, userId: user.userId,
                userName: user.fullName, recordSetId: recordSetId, storageId: storageId, displayIndex: displayIndex,
                version: "1.0", status: status, fieldValues: values, createDate: now, modifiedDate: now)
        }
        return ModelJSON.record(record, call.version)
    }

    static func updateRecord(_ call: ServiceCall) async throws(PortalError) -> JSONValue {
        let user = try call.currentUser
        let recordId = try call.params.long("recordId")
        let displayIndex = try call.params.int("displayIndex")
        let sent = values(from: try call.params.object("fieldsMap") ?? [:])
        let merge = try call.params.bool("mergeFields")
        let status = try status(from: call.params.wrapper("serviceContext"))
        let record = try await call.write { db in
            let existing = try fetch(db, recordId)
            try Permissions.require(db, user: user, .update, .recordSet, existing.recordSetId)
            let set = try RecordSetServices.fetch(db, existing.recordSetId)
            let structure = try StructureServices.fetch(db, set.structureId)
            let values = merge ? existing.fieldValues.merging(sent) { _, new in new } : sent
            try validate(values, against: structure)
            let modified = max(EpochClock.nowMs(), existing.modifiedDate + 1)
            try db.execute(
                sql: """
                    UPDATE record SET fieldValues = ?, displayIndex = ?, status = ?, version = ?, modifiedDate = ?,
                        userId = userId WHERE recordId = ?
                    """,
                arguments: [StoredFieldValue.column(values), displayIndex, status,
                            nextVersion(existing.version), modified, recordId])
            return try fetch(db, recordId)
        }
        return ModelJSON.record(record, call.version)
    }

    /// "1.0" → "1.1": every update is a minor version, as the DDL portlet's default.
    static func nextVersion(_ version: String) -> String {
        let parts = version.split(separator: ".")
        guard parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]) else { return "1.0" }
        return "\(major).\(minor + 1)"
    }
}
