extension Theme {
    /// The glyph named `name` (e.g. `"checkbox.on"`), or `fallback` when the theme has none.
    public func glyph(_ name: String, fallback: String) -> String {
        glyphs[name] ?? fallback
    }

    /// A copy with the glyph `name` set.
    public func setting(glyph value: String, for name: String) -> Theme {
        var copy = self
        copy.glyphs[name] = value
        return copy
    }

    /// Glyph names the shipped themes define and the form screen uses (a theme may add more).
    public enum Glyph {
        public static let checkboxOn = "checkbox.on"
        public static let checkboxOff = "checkbox.off"
        public static let radioOn = "radio.on"
        public static let radioOff = "radio.off"
        public static let selectArrow = "select.arrow"
        public static let optionSelected = "option.selected"
        public static let optionUnselected = "option.unselected"
        public static let focusMarker = "focus.marker"
        /// The cursor of a `ListView` row (`›` when the theme has none).
        public static let listCursor = "list.cursor"
        public static let dirtyMarker = "dirty.marker"
        public static let errorMarker = "error.marker"
        public static let requiredMarker = "required.marker"
        public static let progressFull = "progress.full"
        public static let progressEmpty = "progress.empty"
        public static let calendarIcon = "date.icon"
        public static let documentIcon = "document.icon"
        public static let locationIcon = "geolocation.icon"
        public static let nestedIndent = "nested.indent"
        public static let repeatAdd = "repeat.add"
        public static let repeatRemove = "repeat.remove"
        public static let readOnlyMarker = "readonly.marker"
        /// Drawn for each character of a `masked` value.
        public static let mask = "mask"
    }
}
