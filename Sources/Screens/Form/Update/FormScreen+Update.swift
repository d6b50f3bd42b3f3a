import DDM
import Screenlets
import TermUI

extension FormScreen {
    public func update(_ model: inout Model, _ message: Message) -> [Effect<Message>] {
        switch message {
        case .key(let key):
            return handleKey(key, &model)
        case .paste(let text):
            pasteIntoEditor(text, &model)
            return []
        case .resize(let size):
            model.size = size
            rescroll(&model)
            return []
        case .click(let point):
            return click(at: point, &model)
        case .opened(let state, let attributes):
            // The screenlet's attributes say whether the form may be edited (as the CLI set them).
            model.form.editable = attributes.editable
            model.form.autoscrollOnValidation = attributes.autoscrollOnValidation
            adoptLoad(state, &model)
            return []
        case .loaded(let state):
            adoptLoad(state, &model)
            // A task effect starts once this update's frame is presented.
            guard let shown = configuration.afterFirstLoadShown else { return [] }
            return [.task { shown(); return nil }]
        case .loadEvent(let event, let state):
            adoptLoad(state, &model)
            switch event {
            case .formLoadError(let message), .recordLoadError(let message):
                model.note = FormScreenModel.Note(message, .error)
            default:
                if model.form.isStale { model.online = false }
            }
            return []
        case .upload(let event, let value, let status, let shapeVersion):
            // The instance may have moved (or gone) with repetitions added or removed since.
            guard let reported = event.uploadKey, let key = model.form.instanceNow(reported, shapeVersion: shapeVersion) else { return [] }
            recordUpload(event.aboutUpload(of: key), value: value, status: status, &model)
            if case .documentUploaded(_, _, _?) = event { return recountPending() }
            return []
        case .uploadCancelled(let asked, let shapeVersion, let cancelled):
            guard let key = model.form.instanceNow(asked, shapeVersion: shapeVersion) else { return [] }
            if cancelled {
                model.form.forgetUpload(key)
                model.note = FormScreenModel.Note(UIText.text(.uploadCancelled, model.locale), .info)
            } else {
                model.note = FormScreenModel.Note(UIText.text(.uploadAlreadyDone, model.locale), .error)
            }
            return []
        case .note(let note):
            model.note = note
            return []
        case .submitted(let result, let draft):
            let previouslyQueued = model.form.identity.queuedSaveId
            model.submitRequested = false
            model.form.setSubmitting(false)
            if case .success(let outcome) = result { model.form.applySubmit(outcome) }
            handleSubmit(result, draft: draft, previouslyQueued: previouslyQueued, &model)
            if case .success(.queued) = result { return recountPending() }
            return []
        case .queuedSaveFollowed(let queueId, let recordId, let workflowStatus):
            let queuedId = model.form.identity.queuedSaveId
            model.form.followQueuedSave(queueId: queueId, recordId: recordId, workflowStatus: workflowStatus)
            // A save that waited in the queue went out: where the note still says "Queued for
            // sync", it says so instead (a report of automatic sync is left as it is).
            if let queuedId, model.form.identity.queuedSaveId == nil, let id = model.form.model?.recordId,
                model.note == nil || model.note?.text == FormText.queued(queuedId, model.locale)
            {
                model.note = FormScreenModel.Note(FormText.queuedSaveSent(id, entry: configuration.purpose == .objectEntry, model.locale), .info)
            }
            return []
        case .completed(let original, let completion):
            applyCompletion(original: original, completion, &model)
            return []
        case .relatedFound(let key, let query, let result):
            showRelated(key, query: query, result, &model)
            return []
        case .discarded(let withdrawal):
            switch withdrawal {
            case .alreadySent(let recordId):
                model.note = FormScreenModel.Note(FormText.alreadySent(recordId, model.locale), .error)
                return []
            case .notWithdrawn(let reason):
                model.note = FormScreenModel.Note(FormText.notWithdrawn(reason, model.locale), .error)
                return []
            case .beingTakenBack:
                model.farewell = FormText.beingTakenBack(model.locale)
            case .takenBack(let recordId):
                model.farewell = FormText.takenBack(recordId, model.locale)
            case .portalKeeps(_, let reason):
                model.note = FormScreenModel.Note(FormText.portalKeeps(reason, model.locale), .error)
                return []
            case .nothingQueued, .withdrawn:
                break
            }
            model.quitting = true
            return [.quit]
        case .connection(let online, let pendingWrites):
            model.online = online
            model.pendingWrites = pendingWrites
            return followQueuedSave(model)
        case .connectivityChanged(let online):
            // The status line says it at once; back online, a save that waited may have gone out.
            model.online = online
            return online ? followQueuedSave(model) : []
        case .pendingCounted(let count):
            model.pendingWrites = count
            return []
        case .autoSynced(let report):
            // What waits is the queue's count; writes that went out show the portal answers.
            model.pendingWrites = report.pending
            if report.synced > 0 { model.online = true }
            if report.isWorthTelling {
                let text = report.automaticSummary(conflictsHint: UIText.text(.conflictsHintPending, model.locale), model.locale)
                model.note = FormScreenModel.Note(text, report.failed > 0 || report.conflicts > 0 ? .error : .info)
            }
            return report.synced > 0 ? followQueuedSave(model) : []
        }
    }

    /// After this screen queued a write (counted at once as one more): the queue's own count, when
    /// the host can read it. A sync report that came first has counted the write already.
    func recountPending() -> [Effect<Message>] {
        guard let count = configuration.autoSync?.pendingCount else { return [] }
        return [.task { count().map(Message.pendingCounted) }]
    }

    /// When this form's save waited in the queue and sync may have sent it, the form learns what
    /// it became (a queued new record becomes "Record N").
    func followQueuedSave(_ model: Model) -> [Effect<Message>] {
        guard model.form.identity.queuedSaveId != nil else { return [] }
        let screenlet = self.screenlet
        return [.task {
            await screenlet.followQueuedSave()
            let state = await screenlet.state
            return .queuedSaveFollowed(queueId: state.queuedSubmitId, recordId: state.recordId, workflowStatus: state.workflowStatus)
        }]
    }

    // MARK: The engine's state

    /// A load's results reach the engine; the rows are rebuilt when the form's shape changed.
    func adoptLoad(_ state: FormState, _ model: inout Model) {
        model.form.adoptLoad(state)
        rebuildRows(always: true, &model)
    }

    /// An upload's report reaches the engine, and the message area says how it ended.
    func recordUpload(_ event: FormEvent, value: FieldValue?, status: DocumentUploadStatus?, _ model: inout Model) {
        model.form.recordUpload(event, value: value, status: status)
        switch event {
        case .documentUploadError(let key, let message):
            model.note = FormScreenModel.Note("\(key): \(message)", .error)
        case .documentUploaded(let key, _, let queueId):
            if queueId != nil {
                model.pendingWrites += 1
                model.online = false
            }
            model.note = FormScreenModel.Note("\(key): " + (queueId == nil ? FormText.uploaded(model.locale) : FormText.uploadQueued(model.locale)), .success)
        default:
            break
        }
    }

    /// Rebuilds the rows from the engine's form after a load or a repetition (`always`) or a
    /// locale switch (the only changes of the form's shape), keeping the focus on the same field where it can.
    func rebuildRows(always: Bool = false, _ model: inout Model) {
        guard let form = model.form.model else { return }
        let localeChanged = model.form.locale != model.locale
        model.locale = model.form.locale
        guard always || localeChanged || model.rows.isEmpty else { return }
        let focusedKey = model.focusedRow?.key
        let wasOnSubmit = model.focusedRow?.kind == .submit
        model.rows = FormRows(model: form, locale: model.form.locale, submitButton: configuration.showSubmitButton && model.form.editable)
        if let focusedKey, let row = model.rows.index[focusedKey] {
            model.focus = row
        } else if wasOnSubmit {
            model.focus = max(0, model.rows.count - 1)
        } else {
            model.focus = min(model.focus, max(0, model.rows.count - 1))
        }
        rescroll(&model)
    }

    func handleSubmit(
        _ result: Result<FormSubmitOutcome, FormSubmitFailure>, draft: Bool, previouslyQueued: String? = nil, _ model: inout Model
    ) {
        switch result {
        case .success(.submitted(let recordId, let status, _)):
            model.online = true
            let entry = configuration.purpose == .objectEntry
            model.note = FormScreenModel.Note(
                draft ? FormText.draftSaved(recordId, entry: entry, model.locale)
                    : FormText.submitted(recordId, status: FormText.workflow(status, model.locale), entry: entry, model.locale), .success)
        case .success(.saved(let summary)):
            model.note = FormScreenModel.Note(summary, .success)
        case .success(.queued(let queueId)):
            // Saving again while the first save waits replaces it: still one write in the queue.
            if queueId != previouslyQueued { model.pendingWrites += 1 }
            model.online = false
            model.note = FormScreenModel.Note(FormText.queued(queueId, model.locale), .info)
        case .failure(let failure):
            if failure.invalid {
                // The engine shows every message (the same validation the screenlet refused with).
                let count = max(1, model.form.validateAll())
                model.note = FormScreenModel.Note(FormText.invalidForm(count, model.locale), .error)
                if model.form.autoscrollOnValidation, let first = model.form.firstInvalidField, let row = model.rows.index[first] {
                    moveFocus(to: row, &model, validate: false)
                }
            } else {
                model.note = FormScreenModel.Note(failure.message, .error)
            }
        }
    }

    // MARK: Focus and scrolling

    func layout(_ model: Model) -> FormLayout { FormLayout(size: model.size, widestLabel: model.rows.widestLabel) }

    func rescroll(_ model: inout Model) {
        model.firstRow = scrolled(first: model.firstRow, focus: model.focus, model: model, layout: layout(model))
    }

    /// Moves the focus; leaving a field validates it (its message shows under it).
    @discardableResult
    func moveFocus(to row: Int, _ model: inout Model, validate: Bool = true) -> [Effect<Message>] {
        guard !model.rows.isEmpty else { return [] }
        let target = min(max(0, row), model.rows.count - 1)
        let effects: [Effect<Message>] = []
        if validate, target != model.focus, let key = model.focusedRow?.key, model.form.editable,
           model.focusedRow?.field?.isEditable == true {
            model.form.leaveField(key)
        }
        model.focus = target
        rescroll(&model)
        return effects
    }

    /// Focuses the row under a click; clicking the focused row activates it. Ignored while an
    /// editor or an overlay is open.
    func click(at point: Point, _ model: inout Model) -> [Effect<Message>] {
        if let chosen = clickOnOption(at: point, &model) { return chosen }
        guard model.editor == nil, model.overlay == nil, !model.rows.isEmpty else { return [] }
        let layout = layout(model)
        guard layout.body.contains(point) else { return [] }
        var y = layout.body.y
        var row = scrolled(first: model.firstRow, focus: model.focus, model: model, layout: layout)
        while row < model.rows.count && y < layout.body.maxY {
            let height = rowHeight(row, model: model, layout: layout)
            if point.y < y + height {
                if row == model.focus { return activate(toggleOnly: false, &model) }
                return moveFocus(to: row, &model)
            }
            y += height
            row += 1
        }
        return []
    }

    // MARK: Submitting and quitting

    func submit(draft: Bool, _ model: inout Model) -> [Effect<Message>] {
        guard model.form.editable else {
            model.note = FormScreenModel.Note(FormText.formReadOnly(model.locale), .error)
            return []
        }
        model.note = FormScreenModel.Note(
            configuration.purpose == .local ? FormText.saving(model.locale) : FormText.submitting(model.locale))
        model.submitRequested = true
        model.form.setSubmitting(true)
        // The values submitted are the engine's, as they are now: the last confirmed edit is in.
        let edits = model.form.state
        let screenlet = self.screenlet
        return [.task {
            let result: Result<FormSubmitOutcome, FormSubmitFailure>
            do {
                result = .success(try await screenlet.submitForm(edits: edits, draft: draft))
            } catch let error as FormScreenletError {
                if case .invalid = error {
                    result = .failure(FormSubmitFailure(message: error.description, invalid: true))
                } else {
                    result = .failure(FormSubmitFailure(message: error.description, invalid: false))
                }
            } catch {
                result = .failure(FormSubmitFailure(message: String(describing: error), invalid: false))
            }
            return .submitted(result, draft: draft)
        }]
    }

    /// Quits, first asking when there are unsaved changes (a save still being submitted counts).
    /// Leaves the form (Esc, `q`), or quits the program (`quitsProgram`: Ctrl-C), after the
    /// unsaved-changes prompt when there is something to lose.
    /// Text typed in an open editor that the field refused counts as an edit: it is asked about,
    /// and "keep editing" finds the editor as it was.
    func requestQuit(quitsProgram: Bool, _ model: inout Model) -> [Effect<Message>] {
        model.quitsProgram = quitsProgram
        if model.form.isDirty || model.isSaving || model.editor?.error != nil {
            model.overlay = .unsavedChanges
            return []
        }
        model.editor = nil
        model.quitting = true
        return [.quit]
    }

    /// Discards the edits (the values as loaded come back) and takes the form's queued or
    /// in-flight save back out of the queue, then quits — or says why it cannot.
    func discardAndQuit(_ model: inout Model) -> [Effect<Message>] {
        let screenlet = self.screenlet
        if model.isSaving || model.form.identity.queuedSaveId != nil {
            model.note = FormScreenModel.Note(FormText.withdrawing(model.locale))
        }
        model.overlay = nil
        model.editor = nil
        return [.task {
            let withdrawal = await screenlet.withdrawQueuedWrite()
            await screenlet.cancel()
            return .discarded(withdrawal)
        }]
    }
}
