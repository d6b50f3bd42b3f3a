import DDM
import Screenlets

extension ListSortOption {
    /// An object's sort choices: the portal's order, then newest modified and newest created
    /// first (Liferay's `sort` parameter, carried where a record list carries its comparator).
    public static let objectEntrySorts: [ListSortOption] = [
        ListSortOption("default order", obcClassName: nil),
        ListSortOption("modified ↓", obcClassName: "dateModified:desc"),
        ListSortOption("created ↓", obcClassName: "dateCreated:desc"),
    ]
}

extension ListScreenSpec where Row == DDLListRow {
    /// The record list of an object definition's entries: the record list's columns, marks and
    /// keys, with the entries' ids in the ID column, the sorts of ``ListSortOption/objectEntrySorts``
    /// sent to the server, `/` searching on the server, and `n` for a new entry. `makeLoader`
    /// builds the loader for a sort (`nil`: the portal's order) and a search text (`nil`: every
    /// entry) and a creator (`nil`: everyone's; `currentUserId` when `m` shows only "mine", which a
    /// list with `currentUserId` 0 does not offer), e.g. an `ObjectEntriesLoader`. `d` twice deletes an entry
    /// (the browser asks `BrowserServices.deleteEntry`).
    public static func objectEntries(
        title: String, definitionId: Int64, fields: [RecordListField], layout: PageLayout, currentUserId: Int64 = 0,
        makeLoader: @escaping @Sendable (_ sort: String?, _ search: String?, _ creatorId: Int64?) -> any PageLoader<DDLListRow>
    ) -> ListScreenSpec<DDLListRow> {
        let configuration = DDLListConfiguration(
            recordSetId: definitionId, labelFields: fields.map(\.name), firstPageSize: layout.firstPageSize,
            pageSize: layout.pageSize)
        var spec = records(
            title: title, fields: fields, configuration: configuration, currentUserId: currentUserId,
            sortOptions: ListSortOption.objectEntrySorts
        ) { configuration in makeLoader(configuration.obcClassName, nil, nil) }
        let sorts = ListSortOption.objectEntrySorts
        spec.loader = { query in
            makeLoader(
                sorts.indices.contains(query.sortIndex) ? sorts[query.sortIndex].obcClassName : nil, query.search,
                query.mineOnly && currentUserId != 0 ? currentUserId : nil)
        }
        spec.searchesOnServer = true
        spec.noun = ("entry", "entries")
        spec.objectDefinitionId = definitionId
        spec.canDelete = true
        return spec
    }
}
