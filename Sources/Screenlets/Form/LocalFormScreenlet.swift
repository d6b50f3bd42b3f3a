import DDM

/// A form over a structure given in code whose values stay on this machine: the same editing,
/// validation, locales and events as ``FormScreenlet``, but `start` asks `load` for the
/// structure (its predefined values are the values shown) and a submit hands the valid values to
/// `save` instead of a portal. The form screen draws and drives it like any other form;
/// Termlets' settings screen is one.
///
/// Local forms hold no documents (``chooseDocument(_:for:instance:)`` refuses) and have no
/// drafts. A save is reported by its result, ``FormSubmitOutcome/saved(summary:)``, and a
/// refused one by `formSubmitError`, as for a record.
public actor LocalFormScreenlet: FormEditing {
    public private(set) var attributes: FormScreenletAttributes
    public private(set) var state: FormState
    public nonisolated let events: AsyncStream<FormEvent>

    private let eventSink: AsyncStream<FormEvent>.Continuation
    private let title: String
    private let load: @Sendable () async throws -> DDMStructure
    private let save: @Sendable (DDLFormModel) async throws -> String

    /// A form titled `title`, shown in `locale`. `load` gives the structure; `save` keeps the
    /// values and returns a one-line summary (what changed, where it was written), or throws
    /// to refuse them (its message is shown and nothing is marked saved).
    public init(
        title: String, locale: PortalLocale, editable: Bool = true,
        load: @escaping @Sendable () async throws -> DDMStructure,
        save: @escaping @Sendable (DDLFormModel) async throws -> String
    ) {
        var attributes = FormScreenletAttributes()
        attributes.editable = editable
        self.attributes = attributes
        self.state = FormState(locale: locale)
        self.title = title
        self.load = load
        self.save = save
        let (stream, sink) = AsyncStream<FormEvent>.makeStream()
        events = stream
        eventSink = sink
    }

    public func start() async {
        state.isLoading = true
        defer { state.isLoading = false }
        do {
            let structure = try await load()
            state.model = DDLFormModel(structure: structure, locale: state.locale)
            state.recordSetName = title
            // Kept on this machine: the origin is local storage, never stale.
            let origin = FormDataOrigin(source: .cache, isStale: false, storedAt: nil)
            state.formOrigin = origin
            eventSink.yield(.formLoaded(origin))
        } catch {
            eventSink.yield(.formLoadError(message: String(describing: error)))
        }
    }

    public func close() {
        eventSink.finish()
    }

    public func updateState<Result, Failure: Error>(_ change: (inout FormState) throws(Failure) -> Result) throws(Failure) -> Result {
        try change(&state)
    }

    public func chooseDocument(_ path: String, for field: String, instance: Int = 0) throws(FormScreenletError) {
        throw .notADocumentField(try state.editableField(field, editable: attributes.editable).name)
    }

    /// Validates every field, then saves. `draft` is ignored: a local form has no drafts.
    @discardableResult
    public func submitForm(draft: Bool = false) async throws -> FormSubmitOutcome {
        try state.beginSubmit(editable: attributes.editable)
        defer { state.isSubmitting = false }
        do {
            try state.validateAll()
        } catch {
            eventSink.yield(.submitRefused(error))
            throw error
        }
        guard let model = state.model else { throw FormScreenletError.notLoaded }
        do {
            let summary = try await save(model)
            state.model?.markSaved()
            return .saved(summary: summary)
        } catch {
            eventSink.yield(.formSubmitError(message: String(describing: error), invalidFields: []))
            throw error
        }
    }

    public func cancel() {
        state.discardEdits()
    }

    public func switchLocale(_ locale: PortalLocale) {
        state.switchLocale(locale)
    }
}
