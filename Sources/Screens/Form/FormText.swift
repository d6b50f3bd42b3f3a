import DDM

/// The form screen's words, looked up in the screens' catalog (``UIText``) in the locale's language.
enum FormText {
    private static func t(_ key: UIText, _ l: PortalLocale, _ arguments: String...) -> String {
        UIText.catalog.text(key, l, arguments: arguments)
    }

    static func newRecord(_ l: PortalLocale) -> String { t(.newRecord, l) }
    static func record(_ id: Int64, _ l: PortalLocale) -> String { t(.record, l, "\(id)") }
    static func entry(_ id: Int64, _ l: PortalLocale) -> String { t(.entry, l, "\(id)") }
    static func newEntry(_ l: PortalLocale) -> String { t(.newEntry, l) }
    static func loading(_ l: PortalLocale) -> String { t(.loading, l) }
    static func modified(_ l: PortalLocale) -> String { t(.modified, l) }
    static func readOnly(_ l: PortalLocale) -> String { t(.readOnly, l) }
    static func submitButton(_ l: PortalLocale) -> String { t(.submitButton, l) }
    static func submitting(_ l: PortalLocale) -> String { t(.submitting, l) }
    static func saveButton(_ l: PortalLocale) -> String { t(.saveButton, l) }
    static func saving(_ l: PortalLocale) -> String { t(.saving, l) }
    static func uploadedDocument(_ l: PortalLocale) -> String { t(.uploadedDocument, l) }
    static func uploadWaiting(_ l: PortalLocale) -> String { t(.uploadWaiting, l) }
    static func uploaded(_ l: PortalLocale) -> String { t(.uploaded, l) }
    static func uploadFailed(_ reason: String, _ l: PortalLocale) -> String { t(.uploadFailed, l, reason) }
    static func uploadQueued(_ l: PortalLocale) -> String { t(.uploadQueued, l) }
    static func unsupportedNote(_ type: String, _ l: PortalLocale) -> String { t(.unsupportedNote, l, type) }
    static func notEditable(_ l: PortalLocale) -> String { t(.notEditable, l) }
    static func formReadOnly(_ l: PortalLocale) -> String { t(.formReadOnly, l) }
    /// "Record N submitted (status)", or "Entry N …" for an Objects entry (`entry`).
    static func submitted(_ id: Int64, status: String, entry: Bool = false, _ l: PortalLocale) -> String {
        t(entry ? .entrySubmitted : .submitted, l, "\(id)", status)
    }
    static func draftSaved(_ id: Int64, entry: Bool = false, _ l: PortalLocale) -> String { t(entry ? .entryDraftSaved : .draftSaved, l, "\(id)") }
    static func queued(_ queueId: String, _ l: PortalLocale) -> String { t(.queued, l, queueId) }
    static func queuedSaveSent(_ id: Int64, entry: Bool = false, _ l: PortalLocale) -> String {
        t(entry ? .entryQueuedSaveSent : .queuedSaveSent, l, "\(id)")
    }
    static func invalidForm(_ count: Int, _ l: PortalLocale) -> String { UIText.plural(.fieldsNeedAttention, count: count, l) }
    static func unsavedTitle(_ l: PortalLocale) -> String { t(.unsavedTitle, l) }
    /// The prompt's question: what discarding leads to (back to the list, or quitting).
    static func unsavedBody(goesBack: Bool, _ l: PortalLocale) -> String { t(goesBack ? .discardAndGoBack : .discardAndQuit, l) }
    static func fromCache(_ l: PortalLocale) -> String { t(.fromCache, l) }
    static func queuedMark(_ l: PortalLocale) -> String { t(.queuedMark, l) }
    /// The unsaved-changes prompt's extra lines when this form's save is queued (or being sent).
    static func queuedBody(sending: Bool, _ l: PortalLocale) -> [String] {
        [t(sending ? .queuedBeingSent : .queuedNotYetSent, l), t(sending ? .discardTakesBackFromPortal : .discardTakesOut, l)]
    }
    static func queuedKeys(discard: String, keep: String, goesBack: Bool, _ l: PortalLocale) -> String {
        t(goesBack ? .queuedKeysBack : .queuedKeysQuit, l, discard, keep)
    }
    static func withdrawing(_ l: PortalLocale) -> String { t(.withdrawing, l) }
    static func alreadySent(_ recordId: Int64?, _ l: PortalLocale) -> String {
        recordId.map { t(.alreadySentRecord, l, "\($0)") } ?? t(.alreadySentUnknown, l)
    }
    /// Discard of a save whose request may have reached the portal, not resolved yet.
    static func beingTakenBack(_ l: PortalLocale) -> String { t(.beingTakenBack, l) }
    /// Discard of a save a request already sent had created on the portal, deleted again.
    static func takenBack(_ recordId: Int64, _ l: PortalLocale) -> String { t(.takenBack, l, String(recordId)) }
    /// The portal keeps a discarded record it would not delete; `reason` names the record.
    static func portalKeeps(_ reason: String, _ l: PortalLocale) -> String { t(.portalKeeps, l, reason) }
    static func notWithdrawn(_ reason: String, _ l: PortalLocale) -> String { t(.notWithdrawn, l, reason) }
    static func unsavedKeys(discard: String, keep: String, goesBack: Bool, _ l: PortalLocale) -> String {
        t(goesBack ? .unsavedKeysBack : .unsavedKeysQuit, l, discard, keep)
    }
    static func helpTitle(_ l: PortalLocale) -> String { t(.helpTitle, l) }
    static func language(_ id: String, _ l: PortalLocale) -> String { t(.language, l, id) }
    static func added(_ label: String, _ l: PortalLocale) -> String { t(.added, l, label) }
    static func removed(_ label: String, _ l: PortalLocale) -> String { t(.removed, l, label) }
    static func notRepeatable(_ l: PortalLocale) -> String { t(.notRepeatable, l) }
    static func uploadStarted(_ name: String, _ l: PortalLocale) -> String { t(.uploadStarted, l, name) }
    static func noMatches(_ l: PortalLocale) -> String { t(.noMatches, l) }
    static func relatedSearching(_ text: String, _ l: PortalLocale) -> String { t(.relatedSearching, l, text) }
    static func relatedNoMatches(_ text: String, _ l: PortalLocale) -> String { t(.relatedNoMatches, l, text) }
    static func relatedNotSearchable(_ reason: String, _ l: PortalLocale) -> String { t(.relatedNotSearchable, l, reason) }
    /// A workflow status's word (`approved`/`aprobado`, …), shown as `[approved]` in titles.
    static func workflow(_ status: Int?, _ l: PortalLocale) -> String {
        switch status {
        case 0?: return t(.workflowApproved, l)
        case 1?: return t(.workflowPending, l)
        case 2?: return t(.workflowDraft, l)
        case 3?: return t(.workflowExpired, l)
        case let other?: return t(.workflowOther, l, "\(other)")
        case nil: return t(.workflowUnknown, l)
        }
    }
    static func month(_ month: Int, year: Int, _ l: PortalLocale) -> String {
        t(.monthYear, l, UIStrings.monthName(month, l), "\(year)")
    }
    static func weekdays(_ l: PortalLocale) -> String { t(.weekdays, l) }

    /// The theme's placeholder for an empty value in `l`'s language: the built-in placeholders
    /// are translated, a theme's own are shown as written.
    static func placeholder(_ themed: String, _ l: PortalLocale) -> String {
        guard !themed.isEmpty else { return themed }
        return builtInPlaceholders[themed].map { t($0, l) } ?? themed
    }

    /// The shipped themes' placeholders, each with its translation (built once, not per cell).
    private static let builtInPlaceholders: [String: UIText] = [
        "YYYY-MM-DD": .placeholderDate, "latitude, longitude": .placeholderGeolocation,
        "(no image)": .placeholderNoImage, "(no document)": .placeholderNoDocument, "0.0": .placeholderDecimal,
    ]
}
