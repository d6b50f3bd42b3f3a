/// One instance of one field of a form.
public struct FormFieldKey: Sendable, Hashable, CustomStringConvertible {
    /// The field's name, as the structure spells it.
    public let field: String
    /// The instance (0 unless the field is repeatable).
    public let instance: Int

    public init(field: String, instance: Int = 0) {
        self.field = field
        self.instance = instance
    }

    public var description: String { instance == 0 ? field : "\(field)#\(instance + 1)" }
}
