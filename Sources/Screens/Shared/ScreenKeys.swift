import TermUI

extension KeyMap {
    /// Every interactive screen's keys in one map — the form screen's, the lists', the browser's
    /// and the sync view's (the gallery derives its own from it) — so one user key file
    /// (`list.refresh = f5`, `popup.confirm-edit = enter, space`…) overrides them all and may name
    /// any of their contexts.
    public static let allScreens: KeyMap = KeyMap.formScreen.merging(.screens)
}
