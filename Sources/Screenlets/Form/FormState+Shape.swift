import DDM

extension FormFieldKey {
    /// Where this field instance is after `change` (a repetition added or removed before it
    /// moves it); nil when it is gone.
    public func moved(by change: FormShapeChange) -> FormFieldKey? {
        change.instance(instance, of: field).map { FormFieldKey(field: field, instance: $0) }
    }

    /// Where this field instance is after `changes`, in order; nil when it is gone.
    public func moved(by changes: some Sequence<FormShapeChange>) -> FormFieldKey? {
        var key: FormFieldKey? = self
        for change in changes { key = key?.moved(by: change) }
        return key
    }
}

extension Dictionary where Key == FormFieldKey {
    /// The entries moved with their field instances by `change`; an instance gone takes its entry along.
    func moved(by change: FormShapeChange) -> [FormFieldKey: Value] {
        var moved: [FormFieldKey: Value] = [:]
        for (key, value) in self {
            if let to = key.moved(by: change) { moved[to] = value }
        }
        return moved
    }
}

extension FormState {
    /// What the form keeps per field instance (validation messages, uploads, the first invalid
    /// field) follows the instances through a change of shape just made to the model.
    mutating func moveInstanceState(by change: FormShapeChange) {
        validationMessages = validationMessages.moved(by: change)
        uploads = uploads.moved(by: change)
        firstInvalidField = firstInvalidField?.moved(by: change)
    }

    /// Makes one change of shape to the model and moves what is kept per instance with it.
    mutating func applyShapeChange(_ change: FormShapeChange) throws(FormModelError) {
        try model?.apply(change)
        moveInstanceState(by: change)
    }

    /// Makes the shape changes of `other` (the screen's copy of this form) not made here yet, each
    /// with ``moveInstanceState(by:)``. Returns them; nil (nothing changed) when the two forms
    /// went different ways or are not the same form.
    mutating func followShape(of other: DDLFormModel) -> [FormShapeChange]? {
        guard var model, let changes = model.follow(other) else { return nil }
        self.model = model
        for change in changes { moveInstanceState(by: change) }
        return changes
    }
}
