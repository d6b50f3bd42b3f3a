import DDM
import GRDB

/// `ddmstructure` (`/ddmstructure/…` on 6.2, `/ddm.ddmstructure/…` on 7.x).
enum StructureServices {
    static let paths = (v62: "ddmstructure", v7: "ddm.ddmstructure")

    static func register(_ registry: inout ServiceRegistry) {
        registry.register(.module(v62: paths.v62, v7: paths.v7, "get-structure"), ["structureId"]) { call throws(PortalError) in
            let structureId = try call.params.long("structureId")
            let structure = try await call.read { db in try fetch(db, structureId) }
            return try json(structure, call.version)
        }
        let byKey: ServiceHandler = { call throws(PortalError) in
            let groupId = try call.params.long("groupId")
            let key = call.params.string("structureKey") ?? ""
            let structure = try await call.read { db in
                try StructureRow.fetchOne(db, sql: "SELECT * FROM structure WHERE groupId = ? AND structureKey = ?", arguments: [groupId, key])
            }
            guard let structure else {
                throw PortalError.noSuch("Structure", package62: "com.liferay.portlet.dynamicdatamapping",
                                         package7: "com.liferay.dynamic.data.mapping.exception", entity: "DDMStructure",
                                         key: "key {groupId=\(groupId), structureKey=\(key)}")
            }
            return try json(structure, call.version)
        }
        registry.register(.module(v62: paths.v62, v7: paths.v7, "get-structure"), ["groupId", "classNameId", "structureKey"], byKey)
        registry.register(.only7("/\(paths.v7)/get-structure"), ["groupId", "classNameId", "structureKey", "includeAncestorStructures"], byKey)
        registry.register(.only62("/\(paths.v62)/get-structure"), ["groupId", "classNameId", "structureKey", "includeGlobalStructures"], byKey)

        let list: ServiceHandler = { call throws(PortalError) in
            var groupIds = try call.params.array("groupIds")?.compactMap(\.int64Value) ?? []
            if call.params.has("groupId") { groupIds.append(try call.params.long("groupId")) }
            let ids = groupIds
            let structures = try await call.read { db in
                try StructureRow.fetchAll(
                    db, sql: "SELECT * FROM structure WHERE groupId IN (\(ids.map { _ in "?" }.joined(separator: ","))) ORDER BY structureId",
                    arguments: StatementArguments(ids))
            }
            return .array(try structures.map { structure throws(PortalError) in try json(structure, call.version) })
        }
        registry.register(.only62("/\(paths.v62)/get-structures"), ["groupId"], list)
        registry.register(.only62("/\(paths.v62)/get-structures"), ["groupIds"], list)
        registry.register(.only7("/\(paths.v7)/get-structures"), ["companyId", "groupIds", "classNameId", "status"], list)
    }

    static func fetch(_ db: Database, _ structureId: Int64) throws -> StructureRow {
        let statement = try db.cachedStatement(sql: "SELECT * FROM structure WHERE structureId = ?")
        guard let structure = try StructureRow.fetchOne(statement, arguments: [structureId]) else {
            throw NotFound.structure(structureId)
        }
        return structure
    }

    /// The structure in its version's format: `xsd` on 6.2, `definition` on 7.x.
    static func json(_ structure: StructureRow, _ version: PortalVersion) throws(PortalError) -> JSONValue {
        let text = version == .v62 ? structure.xsd : structure.definition
        guard let text else {
            throw .system("Structure \(structure.structureId) has no \(version == .v62 ? "XSD" : "JSON definition") for this portal version")
        }
        return ModelJSON.structure(structure, version, definitionText: text)
    }
}
