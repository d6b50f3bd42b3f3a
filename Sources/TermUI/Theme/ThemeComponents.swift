extension Theme {
    /// Component names the core widgets use.
    public enum Component {
        public static let title = "title"
        public static let border = "border"
        public static let statusLine = "status"
        public static let helpKey = "help.key"
        public static let helpLabel = "help.label"
        public static let fieldLabel = "field.label"
        public static let fieldValue = "field.value"
        public static let fieldError = "field.error"
        public static let listRow = "list.row"
        public static let listHeader = "list.header"
        /// A list row that matches the search (not under the cursor).
        public static let listRowMatch = "list.row.match"
        /// A list row still loading, or the other rows of a failed page.
        public static let listRowPlaceholder = "list.row.placeholder"
        /// The row telling that a page failed.
        public static let listRowError = "list.row.error"
        /// A row's conflict mark (a pending edit that conflicts with the portal).
        public static let listRowConflict = "list.row.conflict"
        /// A list's busy note in its title line (refreshing).
        public static let listIndicator = "list.indicator"
        public static let overlay = "overlay"
    }
}
