import DDM
import Foundation

extension PayloadKey {
    /// The object definition's `name` (what `pending` shows as `"object"`).
    public static let object = "object"
    public static let objectDefinitionId = "objectDefinitionId"
    /// The definition's `/o/c/<plural>` path.
    public static let restContextPath = "restContextPath"
    /// `"site"` or `"company"`.
    public static let scope = "scope"
    public static let externalReferenceCode = "externalReferenceCode"
    /// The entry's JSON body to send.
    public static let body = "body"
}

/// Where an Objects write goes: the definition and the site of a site-scoped one.
public struct ObjectWriteTarget: Sendable, Hashable {
    public var object: String
    public var definitionId: Int64
    public var restContextPath: String
    /// `"site"` or `"company"`.
    public var scope: String
    public var groupId: Int64

    public init(object: String, definitionId: Int64, restContextPath: String, scope: String, groupId: Int64) {
        self.object = object
        self.definitionId = definitionId
        self.restContextPath = restContextPath
        self.scope = scope
        self.groupId = groupId
    }

    var payload: [String: JSONValue] {
        [
            PayloadKey.object: .string(object), PayloadKey.objectDefinitionId: .int(definitionId),
            PayloadKey.restContextPath: .string(restContextPath), PayloadKey.scope: .string(scope), PayloadKey.groupId: .int(groupId),
        ]
    }
}

extension PendingWrite {
    /// The cache collection of Objects writes.
    public static let objectsCollection = "Objects"

    /// A new entry with its client-made ERC (sent by `PUT …/by-external-reference-code/{erc}`, so
    /// a write sent twice is one entry). `values` (canonical forms) are what `pending` shows.
    public static func addEntry(_ target: ObjectWriteTarget, externalReferenceCode: String, body: JSONValue, values: JSONValue) -> PendingWrite {
        var payload = target.payload
        payload[PayloadKey.externalReferenceCode] = .string(externalReferenceCode)
        payload[PayloadKey.body] = body
        payload[PayloadKey.values] = values
        return PendingWrite(operation: .addEntry, collection: objectsCollection, payload: payload)
    }

    /// An edit of entry `entryId` made on the version modified at `baseDateModified` (kept as
    /// ``PayloadKey/baseModifiedDate``, so that `resolve keep-mine` and the rebase of later
    /// writes work as for records).
    public static func updateEntry(_ target: ObjectWriteTarget, entryId: Int64, body: JSONValue, values: JSONValue, baseDateModified: String?) -> PendingWrite {
        var payload = target.payload
        payload[PayloadKey.recordId] = .int(entryId)
        payload[PayloadKey.body] = body
        payload[PayloadKey.values] = values
        payload[PayloadKey.baseModifiedDate] = baseDateModified.map(JSONValue.string) ?? .null
        return PendingWrite(operation: .updateEntry, collection: objectsCollection, payload: payload)
    }

    /// The deletion of entry `entryId`.
    public static func deleteEntry(_ target: ObjectWriteTarget, entryId: Int64) -> PendingWrite {
        var payload = target.payload
        payload[PayloadKey.recordId] = .int(entryId)
        return PendingWrite(operation: .deleteEntry, collection: objectsCollection, payload: payload)
    }
}
