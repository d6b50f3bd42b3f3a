import DDM

/// Every word the screens and the plain mode show, by typed key. The tables are
/// ``UIText+English`` and ``UIText+Spanish`` (one per language); a key the Spanish table lacks
/// falls back to English, and `StringCatalogTests` fails on it.
enum UIText: String, CatalogKey {
    // The form's title, status and buttons.
    case newRecord, record, newEntry, entry, loading, modified, readOnly, submitButton, submitting, saveButton, saving
    case fromCache, queuedMark, helpTitle, language
    // Workflow states, shown as `[approved]`.
    case workflowApproved, workflowPending, workflowDraft, workflowExpired, workflowOther, workflowUnknown
    // Documents and uploads.
    case uploadedDocument, uploadWaiting, uploaded, uploadFailed, uploadQueued, uploadStarted, noMatches, uploadCancelled, uploadAlreadyDone
    // A relationship field's search of the related object.
    case relatedSearching, relatedNoMatches, relatedNotSearchable
    // Notes after an action.
    case unsupportedNote, notEditable, formReadOnly, submitted, draftSaved, queued, queuedSaveSent
    case entrySubmitted, entryDraftSaved, entryQueuedSaveSent
    case fieldsNeedAttention, added, removed, notRepeatable
    // The unsaved-changes prompt.
    case unsavedTitle, discardAndGoBack, discardAndQuit, queuedBeingSent, queuedNotYetSent, discardTakesOut
    case queuedKeysBack, queuedKeysQuit, unsavedKeysBack, unsavedKeysQuit
    case withdrawing, alreadySentRecord, alreadySentUnknown, notWithdrawn
    case discardTakesBackFromPortal, beingTakenBack, takenBack, portalKeeps
    // Form keys whose help depends on where the form was opened.
    case keyBack, keyQuit, keyDiscardAndGoBack, keyDiscardAndQuit
    // The calendar.
    case monthYear, weekdays
    // Placeholders of empty values and of the line editor.
    case placeholderDate, placeholderGeolocation, placeholderNoImage, placeholderNoDocument, placeholderDecimal
    case editorDate, editorGeolocation, editorInteger, editorDecimal, editorPath
    // Plain mode.
    case plainIntro, hintYesNo, hintText, hintOptions, hintOption, hintDate, hintInteger, hintDecimal
    case hintGeolocation, hintFile, required, addAnother, submitPrompt, summary, noFile, answerYesNo
    case answerSubmit, noOption
    // The status line.
    case online, offline, pendingCount, embeddedEmulator
    // The portal browser.
    case sites, noSites, noneNote, recordSets, objects, imageFolders, bookmarkFolders, cachedMenu, siteId
    case valuesUnreadable, recordCount, entryCount, unknownEntryCount, scopeSite, scopeCompany, imageCount
    case images, bookmarkCount, bookmarks, settings, settingsDetail, nothingHere, cannotOpen
    case entryDeleteQueued, entryDeleted, cannotDeleteEntry, theSettings, theForm, theGallery, couldNotLoad
    case opening, noEntryList, noGalleryScreen, noSyncHere, sync, crumbRecord, crumbNewRecord, noFormScreen
    case noSettingsHere, keysBrowser
    // The sync view and automatic sync.
    case syncRunSummary, conflictsHintSyncView, syncedAutomatically, refusedCount, inConflictCount
    case cannotReadQueue, syncingMessage, onlyConflictsResolve, cannotResolve, syncFailed, keysSync
    case resolvedKeepMine, resolvedTakePortal, resolvedLater
    case readingQueue, syncingProgress, syncing, nothingWaiting, waitingCount, waitingConflicts, lastRun
    case columnState, columnWrite, conflictExplained, columnField, columnMine, columnPortals, stateDirty
    case stateSending, stateConflict, stateFailed
    // The record list and the bookmarks list.
    case keysList, filterMine, offlineCached, refreshing, rowPosition, rowLoading, searchHint, retrying
    case refreshFailed
    // The record list's (and every list's) sentences about its rows; the nouns of the built-in lists.
    case listZero, listLoadingRows, listNoneYet, listNoneYetAdd, listMineNone, pageFailedRow, pageFailed, pagesFailed
    case pageError, sortedBy, onlyMine, everyCreator, deletingRow, pressDAgain, rowNamed, noLoadedMatch, serverMatches
    case loadedMatchPosition
    case sortDefault, sortModified, sortCreated, columnName, columnSite
    case nounRecord, nounRecords, nounEntry, nounEntries, nounBookmark, nounBookmarks, nounRow, nounRows
    // The settings screen.
    case settingLanguage, settingLanguageTip, settingTheme, settingThemeTip, settingOfflinePolicy, settingOfflinePolicyTip
    case settingAutoSync, settingAutoSyncTip, themeAutomatic, themeNotFound, policyUnknown, policyRemoteFirst, policyCacheFirst
    case policyCacheThenRemote, policyRemoteOnly, policyCacheOnly, settingsUnchanged, settingsSaved, changedLanguage, changedTheme
    case changedOfflinePolicy, changedAutoSyncOn, changedAutoSyncOff
    // The gallery: title, tiles, upload queue, detail view, dialogs and messages.
    case galleryTitle, galleryRefreshing, galleryNotLoaded, galleryLoadFailed, galleryLoadingImages, galleryEmpty
    case galleryDeletePending, galleryKeys, galleryImageKeys, conflictsHintPending
    case queueWaiting, queueUploaded, queuePendingSync, queueFailed, queueCancelled, queuePendingCount, queueUploadedCount
    case detailTitle, detailType, detailSize, detailSizeBytes, detailCreated, detailModified, detailVersion, detailAbout
    case detailStatus, detailSource, detailPreview, detailDeletionPending, detailOfflineCache
    case uploadDialogTitle, uploadFile, uploadTitle, uploadDescription, uploadPathPlaceholder, uploadTitlePlaceholder
    case uploadMoreCandidates, uploadDialogHint, uploadNoFileMatches, uploadTypePath, uploadNumber
    case helpNextUpload, helpComplete, helpCancel, helpDelete, helpKeep
    case deleteTitle, deleteQuestion, deleteFromPortal, deleteWaitsForSync, deleteKeys
    case galleryRefreshingMessage, deletionAlreadyWaits, deletingImage, notDeleted, uploadPromptCancelled, uploadedImage
    case uploadOfflineQueued, galleryUploadFailed, uploadStoppedNothingKept, uploadTakenBack, uploadMayRemain
    case deletionQueued, imageDeleted, deleteFailed, cancellingUpload, loadFailedMessage

    static let catalog = StringCatalog<UIText>(english: english, spanish: spanish)

    /// The text of `key` in `locale`'s language, with `arguments` for `{0}`, `{1}`, …
    static func text(_ key: UIText, _ locale: PortalLocale, _ arguments: String...) -> String {
        catalog.text(key, locale, arguments: arguments)
    }

    /// A count as the screens show it: plain digits in English (as the English screens have
    /// always shown them), grouped in Spanish (`10.000`; `1234` stays, as Spanish writes it).
    static func count(_ number: Int, _ locale: PortalLocale) -> String {
        ByteSize.exact(Int64(number), locale: locale)
    }

    /// The one/other form of `key` for `count`.
    static func plural(_ key: UIText, count: Int, _ locale: PortalLocale) -> String {
        catalog.plural(key, count: count, locale)
    }
}
