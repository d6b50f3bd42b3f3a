/// A change the form model refuses.
public enum FormModelError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No field of that name in the structure.
    case unknownField(String)
    /// Instances can only be added to repeatable fields.
    case notRepeatable(String)
    /// There is no such instance of the field.
    case noSuchInstance(field: String, index: Int)
    /// The only instance of a field cannot be removed (set it to no value instead).
    case lastInstance(String)
    /// The field accepts no more instances.
    case tooManyInstances(String)

    public var description: String {
        switch self {
        case .unknownField(let name): return "no field named \"\(name)\""
        case .notRepeatable(let name): return "the field \"\(name)\" is not repeatable"
        case .noSuchInstance(let name, let index): return "the field \"\(name)\" has no instance \(index)"
        case .lastInstance(let name): return "the only instance of \"\(name)\" cannot be removed"
        case .tooManyInstances(let name): return "the field \"\(name)\" has too many instances"
        }
    }
}
