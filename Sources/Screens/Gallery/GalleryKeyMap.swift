import TermUI

extension KeyContext {
    /// The gallery's grid of tiles (and its detail view).
    public static let gallery: KeyContext = "gallery"
    /// The detail view of one image: only the keys that act there (back, delete, refresh, help, quit).
    public static let galleryDetail: KeyContext = "gallery-detail"
    /// While an upload runs (grid or detail view): `x` cancels it.
    public static let galleryUpload: KeyContext = "gallery-upload"
}

extension CommandName {
    public static let cursorLeft: CommandName = "cursor-left"
    public static let cursorRight: CommandName = "cursor-right"
}

extension KeyMap {
    /// The gallery's keys, derived from `base` (so the user's list overrides apply): the list
    /// bindings the gallery uses (moving, open, refresh, upload, delete, back, help, quit) in the
    /// `gallery` context, plus ← and → to move between columns; those that act in the detail view
    /// also in `gallery-detail`, so its help line and `?` offer nothing that does not work there.
    public static func gallery(from base: KeyMap = .defaults) -> KeyMap {
        let used: Set<CommandName> = [
            .cursorDown, .cursorUp, .pageDown, .pageUp, .first, .last, .open, .refresh, .upload, .delete, .back, .help, .quit,
        ]
        let inDetail: Set<CommandName> = [.back, .delete, .refresh, .help, .quit]
        var bindings = base.bindings
        for binding in base.bindings where binding.context == .list && used.contains(binding.command) {
            var copy = binding
            copy.context = .gallery
            bindings.append(copy)
            if inDetail.contains(binding.command) {
                copy.context = .galleryDetail
                bindings.append(copy)
            }
        }
        bindings.append(KeyBinding(.cursorLeft, in: .gallery, keys: [.left], help: "left", category: "Navigation"))
        bindings.append(KeyBinding(.cursorRight, in: .gallery, keys: [.right], help: "right", category: "Navigation"))
        bindings.append(KeyBinding(.cancelUpload, in: .galleryUpload, keys: [.character("x")], help: "cancel upload", category: "Actions", helpPriority: 0))
        return KeyMap(bindings: bindings)
    }
}
