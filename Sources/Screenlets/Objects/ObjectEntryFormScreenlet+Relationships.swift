import DDM
import Foundation
import OfflineStore
import PortalClient

/// Relationship fields: the related object's entries searched on the portal (`search=`), each
/// shown by its title field.
extension ObjectEntryFormScreenlet: RelatedEntrySearching {
    /// How many matches the picker lists.
    static let relatedPageSize = 20

    public func searchRelated(_ text: String, for field: String) async throws -> [RelatedEntryChoice] {
        guard let target = definition?.field(named: field)?.relationship else { throw RelatedSearchError("\(field) is not a relationship") }
        let related: ObjectDefinition
        let page: ObjectEntryPage
        do {
            related = try await session.objectDefinition(id: target.definitionId)
            page = try await session.objectEntries(
                of: related, groupId: attributes.groupId,
                query: ObjectEntryQuery(page: 1, pageSize: Self.relatedPageSize, search: text))
        } catch let error as any OfflineClassifiable where error.isConnectivityFailure {
            throw RelatedSearchError("offline")
        } catch {
            throw RelatedSearchError(Self.describe(error))
        }
        return page.items.map { entry in
            let title = related.titleFieldName.flatMap { entry.json[$0]?.stringValue } ?? String(entry.id)
            return RelatedEntryChoice(id: entry.id, title: title)
        }
    }
}
