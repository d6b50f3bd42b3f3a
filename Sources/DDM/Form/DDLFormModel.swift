/// The values of a form: one list of instances per field (nested fields included; repeatable
/// fields may have several), the values as loaded, and the payload a submit sends.
///
/// Edits live here, never in the UI: ``reset()`` restores the values as loaded and
/// ``isModified`` tells whether there is anything to keep or discard.
public struct DDLFormModel: Sendable, Hashable {
    public let structure: DDMStructure
    /// Field name → its instances, in order; every field has at least one (possibly `nil`).
    public private(set) var values: [String: [FieldValue?]]
    /// The values as loaded (predefined values for a new record), which ``reset()`` restores.
    public private(set) var loadedValues: [String: [FieldValue?]]
    /// The record's id, `nil` for a new record.
    public private(set) var recordId: Int64?
    /// The record's model attributes as loaded.
    public private(set) var attributes: [String: JSONValue]
    /// Values the record had for names the structure does not know, kept for reference.
    public private(set) var unmatchedValues: [String: JSONValue]
    /// The repetitions added and removed (and resets) since this form was made, in order.
    public private(set) var shapeChanges: [FormShapeChange] = []

    /// The most instances one repeatable field may have.
    public static let maximumInstances = 1000

    /// A new record: each field holds its predefined value for `locale`.
    public init(structure: DDMStructure, locale: PortalLocale) {
        self.structure = structure
        var initial: [String: [FieldValue?]] = [:]
        for field in structure.allFields where initial[field.name] == nil {
            initial[field.name] = [field.predefinedValue(in: locale)]
        }
        values = initial
        loadedValues = initial
        recordId = nil
        attributes = [:]
        unmatchedValues = [:]
    }

    /// A stored record. Every value the record has is kept: one that cannot be read for its
    /// field's kind is held as ``FieldValue/raw(_:)`` (validation reports it, a submit sends it
    /// back unchanged), and unsupported fields keep their raw values so they survive an update.
    public init(structure: DDMStructure, record: RecordPayload) {
        self.structure = structure
        var loaded: [String: [FieldValue?]] = [:]
        var matched: Set<String> = []
        let byName = Dictionary(record.values.map { ($0.key.lowercased(), $0.key) }, uniquingKeysWith: { first, _ in first })
        for field in structure.allFields where loaded[field.name] == nil {
            let key = record.values[field.name] != nil ? field.name : byName[field.name.lowercased()]
            guard let key, let json = record.values[key] else {
                loaded[field.name] = [nil]
                continue
            }
            matched.insert(key)
            loaded[field.name] = DDLFormModel.instances(of: field, from: json)
        }
        values = loaded
        loadedValues = loaded
        recordId = record.recordId
        attributes = record.attributes
        unmatchedValues = record.values.filter { !matched.contains($0.key) }
    }

    /// A record value as instances: a JSON array of server strings for a repeatable field (the
    /// convention ``fieldsMap(for:)`` writes), one value otherwise.
    static func instances(of field: DDMField, from json: JSONValue) -> [FieldValue?] {
        if field.repeatable, json == .array([]) { return [nil] }
        if field.repeatable, case .array(let elements) = json, !elements.isEmpty,
            field.kind != .options || elements.allSatisfy({ $0.stringValue?.hasPrefix("[") == true })
        {
            return elements.prefix(maximumInstances).map { read(field, $0) }
        }
        return [read(field, json)]
    }

    static func read(_ field: DDMField, _ json: JSONValue) -> FieldValue? {
        do {
            return try field.value(fromServer: json)
        } catch {
            return json.textValue.map(FieldValue.raw)
        }
    }

    // MARK: Reading and changing values

    /// The field named `name` (ignoring case), or `nil`.
    public func field(named name: String) -> DDMField? { structure.field(named: name) }

    /// The instances of a field (ignoring case); empty for an unknown name.
    public func instances(of name: String) -> [FieldValue?] {
        guard let field = field(named: name) else { return [] }
        return values[field.name] ?? [nil]
    }

    /// The value of one instance of a field, or `nil`.
    public func value(of name: String, instance: Int = 0) -> FieldValue? {
        // The field's own name (what the screens use) is found without looking the field up.
        if let list = values[name] { return list.indices.contains(instance) ? list[instance] : nil }
        let list = instances(of: name)
        return list.indices.contains(instance) ? list[instance] : nil
    }

    /// Sets one instance of a field (`nil` clears it).
    public mutating func setValue(_ value: FieldValue?, of name: String, instance: Int = 0) throws(FormModelError) {
        guard let field = field(named: name) else { throw .unknownField(name) }
        var list = values[field.name] ?? [nil]
        guard list.indices.contains(instance) else { throw .noSuchInstance(field: field.name, index: instance) }
        list[instance] = value
        values[field.name] = list
    }

    /// Adds an instance of a repeatable field after the last one (or after `index`), holding
    /// `value`; returns its index.
    @discardableResult
    public mutating func addInstance(of name: String, after index: Int? = nil, value: FieldValue? = nil) throws(FormModelError) -> Int {
        guard let field = field(named: name) else { throw .unknownField(name) }
        guard field.repeatable else { throw .notRepeatable(field.name) }
        var list = values[field.name] ?? [nil]
        guard list.count < DDLFormModel.maximumInstances else { throw .tooManyInstances(field.name) }
        let position = (index ?? list.count - 1) + 1
        guard (1...list.count).contains(position) else { throw .noSuchInstance(field: field.name, index: position - 1) }
        list.insert(value, at: position)
        values[field.name] = list
        shapeChanges.append(.added(field: field.name, at: position))
        return position
    }

    /// Removes one instance of a repeatable field; the only instance cannot be removed.
    public mutating func removeInstance(of name: String, at index: Int) throws(FormModelError) {
        guard let field = field(named: name) else { throw .unknownField(name) }
        var list = values[field.name] ?? [nil]
        guard list.indices.contains(index) else { throw .noSuchInstance(field: field.name, index: index) }
        guard list.count > 1 else { throw .lastInstance(field.name) }
        list.remove(at: index)
        values[field.name] = list
        shapeChanges.append(.removed(field: field.name, at: index))
    }

    /// Restores the values as loaded.
    public mutating func reset() {
        values = loadedValues
        shapeChanges.append(.reset)
    }

    /// Makes the shape changes of `other` (a copy of this form that changed further) that this
    /// one has not made yet: repetitions added and removed in the same order. Returns them, or
    /// nil (and changes nothing) when the two went different ways or `other` is another form.
    @discardableResult
    public mutating func follow(_ other: DDLFormModel) -> [FormShapeChange]? {
        guard let missing = shapeChanges(toFollow: other) else { return nil }
        var copy = self
        do {
            for change in missing { try copy.apply(change) }
        } catch {
            return nil
        }
        self = copy
        return missing
    }

    /// Makes one change of shape (recorded like any other).
    public mutating func apply(_ change: FormShapeChange) throws(FormModelError) {
        switch change {
        case .added(let field, let position): try addInstance(of: field, after: position - 1)
        case .removed(let field, let position): try removeInstance(of: field, at: position)
        case .reset: reset()
        }
    }

    /// The shape changes `other` (a copy of this form that changed further) made that this one
    /// has not; nil when the two went different ways or `other` is another form.
    public func shapeChanges(toFollow other: DDLFormModel) -> [FormShapeChange]? {
        guard other.shapeChanges.starts(with: shapeChanges), other.structure == structure else { return nil }
        return Array(other.shapeChanges.dropFirst(shapeChanges.count))
    }

    /// Whether any value differs from the values as loaded.
    public var isModified: Bool { values != loadedValues }

    /// Makes the current values the loaded ones (after a successful submit).
    public mutating func markSaved(recordId: Int64? = nil) {
        loadedValues = values
        if let recordId { self.recordId = recordId }
    }

    /// The new record these values were queued as has been added (as `recordId`): the model
    /// becomes that record, keeping its values and whether they were changed since.
    public mutating func adoptRecordId(_ recordId: Int64) {
        self.recordId = recordId
        attributes["recordId"] = .int(recordId)
    }

    // MARK: Submitting

    /// The `fieldsMap` a submit sends for `version`: field name → server string. A field with no
    /// value (no instance with a server form, or only `""`) is omitted, because the portal rejects
    /// empty strings. A repeatable field with several instances is sent as a JSON array of server
    /// strings under its name. Nested fields are sent under their own names.
    public func fieldsMap(for version: PortalVersion) -> [String: JSONValue] {
        var map: [String: JSONValue] = [:]
        for field in structure.allFields where map[field.name] == nil {
            let strings = (values[field.name] ?? []).compactMap { $0?.serverString(for: version) }.filter { !$0.isEmpty }
            if strings.isEmpty { continue }
            map[field.name] = field.repeatable && strings.count > 1 ? .array(strings.map(JSONValue.string)) : .string(strings[0])
        }
        return map
    }

    /// Every problem in the form, in document order (fields with their nested fields, then
    /// instances in order).
    public func validate() -> [FormValidationFailure] {
        var failures: [FormValidationFailure] = []
        var seen: Set<String> = []
        for field in structure.allFields where seen.insert(field.name).inserted {
            for (index, value) in (values[field.name] ?? [nil]).enumerated() {
                if let issue = field.validate(value) {
                    failures.append(FormValidationFailure(field: field, instance: index, issue: issue))
                }
            }
        }
        return failures
    }
}

/// One invalid field instance of a form.
public struct FormValidationFailure: Sendable, Hashable {
    public let field: DDMField
    public let instance: Int
    public let issue: FieldIssue

    /// `<label>: <message>` (the one wording of a field's problem), in the language of `locale`;
    /// `numbered` names a repetition after the first (`Phone #2: …`).
    public func message(in locale: PortalLocale, numbered: Bool = false) -> String {
        let label = field.label(in: locale).isEmpty ? field.name : field.label(in: locale)
        return issue.message(for: label + (numbered && instance > 0 ? " #\(instance + 1)" : ""), in: locale)
    }
}
