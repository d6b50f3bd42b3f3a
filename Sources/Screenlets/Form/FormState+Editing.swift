import DDM

/// The edits every form screenlet makes the same way, whatever it loads from and submits to:
/// values, repetitions, validation messages and the locale, all on the ``FormState`` it draws.
extension FormState {
    /// The field `name`; refused when the form is read-only, not loaded, or has no such field.
    func editableField(_ name: String, editable: Bool) throws(FormScreenletError) -> DDMField {
        guard editable else { throw .notEditable }
        guard let model else { throw .notLoaded }
        guard let field = model.field(named: name) else { throw .unknownField(name) }
        return field
    }

    /// Applies `change` to the model, or leaves it as it was when the change is refused.
    mutating func mutateModel(_ change: (inout DDLFormModel) throws(FormModelError) -> Void) throws(FormScreenletError) {
        guard var model else { throw .notLoaded }
        do {
            try change(&model)
        } catch {
            throw .model(error)
        }
        self.model = model
    }

    /// Forgets the file chosen for `key` (a cancelled upload): the field's value as loaded comes
    /// back and its upload status goes. False when nothing was being uploaded there.
    @discardableResult
    mutating func forgetChosenFile(_ key: FormFieldKey) -> Bool {
        guard uploads[key]?.isRunning == true else { return false }
        uploads[key] = nil
        let loaded = model?.loadedValues[key.field].flatMap { key.instance < $0.count ? $0[key.instance] : nil }
        try? model?.setValue(loaded ?? nil, of: key.field, instance: key.instance)
        return true
    }

    /// Sets one instance of a field (`nil` clears it); a message shown under it is brought up to date.
    mutating func setValue(_ value: FieldValue?, of field: String, instance: Int, editable: Bool) throws(FormScreenletError) {
        let name = try editableField(field, editable: editable).name
        try mutateModel { model throws(FormModelError) in try model.setValue(value, of: name, instance: instance) }
        let key = FormFieldKey(field: name, instance: instance)
        if validationMessages[key] != nil { validateField(key) }
    }

    /// The user left a field instance: its message is shown, or cleared when the value is valid.
    mutating func leaveField(_ field: String, instance: Int) -> String? {
        guard let name = model?.field(named: field)?.name else { return nil }
        return validateField(FormFieldKey(field: name, instance: instance))
    }

    /// Adds an instance of a repeatable field; returns its index.
    mutating func addInstance(of field: String, after index: Int?, editable: Bool) throws(FormScreenletError) -> Int {
        let name = try editableField(field, editable: editable).name
        var added = 0
        try mutateModel { model throws(FormModelError) in added = try model.addInstance(of: name, after: index) }
        moveInstanceState(by: .added(field: name, at: added))
        return added
    }

    /// Removes an instance of a repeatable field (not the last one) with its message; returns the
    /// instance's key (the caller settles its upload).
    mutating func removeInstance(of field: String, at index: Int, editable: Bool) throws(FormScreenletError) -> FormFieldKey {
        let name = try editableField(field, editable: editable).name
        try mutateModel { model throws(FormModelError) in try model.removeInstance(of: name, at: index) }
        moveInstanceState(by: .removed(field: name, at: index))
        return FormFieldKey(field: name, instance: index)
    }

    /// Labels, tips, options and messages in `locale` from now on.
    mutating func switchLocale(_ locale: PortalLocale) {
        self.locale = locale
        for key in Array(validationMessages.keys) { validateField(key) }
    }

    /// The values as loaded come back; messages and uploads are forgotten.
    mutating func discardEdits() {
        model?.reset()
        uploads = [:]
        validationMessages = [:]
        firstInvalidField = nil
    }

    /// Validates one field instance and shows (or clears) its message.
    @discardableResult
    mutating func validateField(_ key: FormFieldKey) -> String? {
        guard let model, let field = model.field(named: key.field) else { return nil }
        let issue = field.validate(model.value(of: key.field, instance: key.instance))
        let label = field.label(in: locale).isEmpty ? field.name : field.label(in: locale)
        let message = issue.map { $0.message(for: label, in: locale) }
        validationMessages[key] = message
        return message
    }

    /// Validates every field: shows every message and remembers the first invalid field; throws
    /// ``FormScreenletError/invalid(_:)`` when any is invalid.
    mutating func validateAll() throws(FormScreenletError) {
        guard let model else { throw .notLoaded }
        let failures = model.validate()
        validationMessages = [:]
        for failure in failures {
            let key = FormFieldKey(field: failure.field.name, instance: failure.instance)
            if validationMessages[key] == nil { validationMessages[key] = failure.message(in: locale) }
        }
        firstInvalidField = failures.first.map { FormFieldKey(field: $0.field.name, instance: $0.instance) }
        guard failures.isEmpty else { throw .invalid(failures) }
    }

    /// Starts a submit: refused when the form is read-only or not loaded; marks it running (the
    /// caller clears ``isSubmitting`` when it ends).
    mutating func beginSubmit(editable: Bool) throws(FormScreenletError) {
        guard editable else { throw .notEditable }
        guard model != nil else { throw .notLoaded }
        isSubmitting = true
    }
}

extension FormEvent {
    /// What a refused submit reports: the invalid field instances when validation failed.
    static func submitRefused(_ error: FormScreenletError) -> FormEvent {
        guard case .invalid(let failures) = error else { return .formSubmitError(message: error.description, invalidFields: []) }
        let keys = failures.map { FormFieldKey(field: $0.field.name, instance: $0.instance) }
        return .formSubmitError(message: error.description, invalidFields: keys)
    }
}
