import DDM
import Screenlets
import TermUI

/// A label field of a record list: its name in the structure and the column title (its label).
public struct RecordListField: Hashable, Sendable {
    public let name: String
    public let title: String
    /// The cells its values need at most; nil for text that shares the width.
    public let preferredWidth: Int?

    public init(name: String, title: String, preferredWidth: Int? = nil) {
        self.name = name
        self.title = title
        self.preferredWidth = preferredWidth
    }

    /// The column of `field`, titled `title`, shown in `locale`: as wide as its component says its
    /// values are there (dates, yes/no and single choices as their longest label, numbers as a
    /// typical value; never narrower than the title), or sharing the rest (text, multiple choices).
    public init(field: DDMField, title: String, locale: PortalLocale, components: FieldComponentRegistry = .standard) {
        let valueWidth = components.component(for: field).listColumnWidth(field, locale: locale)
        self.init(name: field.name, title: title, preferredWidth: valueWidth.map { max($0, title.displayWidth) + 1 })
    }
}

extension ListSortOption {
    /// The DDL list's sort choices: the portal's order, then newest modified and newest created first.
    public static let recordSorts: [ListSortOption] = [
        ListSortOption("default order", obcClassName: nil),
        ListSortOption("modified ↓", obcClassName: "com.liferay.dynamic.data.lists.util.comparator.DDLRecordModifiedDateComparator"),
        ListSortOption("created ↓", obcClassName: "com.liferay.dynamic.data.lists.util.comparator.DDLRecordCreateDateComparator"),
    ]
}

extension ListScreenSpec where Row == DDLListRow {
    /// The record list of a DDL list screenlet configuration: an ID column and one column per
    /// label field, dirty and conflict marks from the pending queue, sort (`obcClassName`) and the
    /// creator filter (`userId` = `currentUserId` when "mine only").
    ///
    /// `makeLoader` builds the screenlet's loader for a configuration (see
    /// `DDLListLoader(configuration:calls:database:invoke:)`). `labelText` shows the value of
    /// label field `index` of a row as the user reads it (default: the row's label text as stored).
    public static func records(
        title: String, fields: [RecordListField], configuration: DDLListConfiguration, currentUserId: Int64,
        sortOptions: [ListSortOption] = ListSortOption.recordSorts,
        labelText: (@Sendable (DDLListRow, Int) -> String)? = nil,
        makeLoader: @escaping @Sendable (DDLListConfiguration) -> any PageLoader<DDLListRow>
    ) -> ListScreenSpec<DDLListRow> {
        var columns = [ListColumn<DDLListRow>("ID") { $0.recordId.map(String.init) ?? "" }]
        for (index, field) in fields.enumerated() {
            columns.append(ListColumn(field.title, preferredWidth: field.preferredWidth) { row in
                if let shown = row.shownLabels, index < shown.count { return shown[index] }
                if let labelText { return labelText(row, index) }
                return index < row.labels.count ? row.labels[index] : ""
            })
        }
        // The texts as the user reads them are worked out once per row, when its page arrives,
        // not for every visible cell of every frame (a PgDn redraws every row).
        let fieldCount = fields.count
        let loader: @Sendable (DDLListConfiguration) -> any PageLoader<DDLListRow> = { configuration in
            guard let labelText else { return makeLoader(configuration) }
            return RowMappingPageLoader(base: makeLoader(configuration)) { row in
                row.showing(labels: (0..<fieldCount).map { labelText(row, $0) })
            }
        }
        return ListScreenSpec(
            title: title, ownerId: configuration.recordSetId, noun: ("record", "records"), columns: columns, leadingColumnWidth: 8,
            mark: { $0.isInConflict ? .conflict : $0.isDirty ? .dirty : .none },
            matches: { row, text in row.matches(text) || row.recordId.map(String.init) == text },
            sortOptions: sortOptions, filtersByCreator: currentUserId != 0, canCreate: true, layout: configuration.layout,
            loader: { query in
                var configuration = configuration
                if sortOptions.indices.contains(query.sortIndex) {
                    configuration.obcClassName = sortOptions[query.sortIndex].obcClassName
                }
                configuration.userId = query.mineOnly ? currentUserId : configuration.userId
                return loader(configuration)
            })
    }
}
