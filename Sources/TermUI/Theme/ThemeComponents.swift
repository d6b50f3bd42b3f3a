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
        public static let overlay = "overlay"
    }
}
