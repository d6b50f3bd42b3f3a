/// One change of a form's shape — a repetition added or removed, or every value back as loaded —
/// as ``DDLFormModel`` records them since it was made. Two copies of a form (the screen's and the
/// one an upload runs against) stay the same shape by one following the other's changes
/// (``DDLFormModel/follow(_:)``), and a field instance named in one shape is found in the other
/// with ``instance(_:of:)``.
public enum FormShapeChange: Sendable, Hashable {
    /// An instance of `field` was inserted at `at`; those from `at` on moved one down.
    case added(field: String, at: Int)
    /// Instance `at` of `field` was removed; those after it moved one up.
    case removed(field: String, at: Int)
    /// The values as loaded came back (every repetition added since is gone).
    case reset

    /// Where instance `instance` of `field` is after this change; nil when it is gone.
    public func instance(_ instance: Int, of field: String) -> Int? {
        switch self {
        case .added(let changed, let position) where changed == field:
            return instance >= position ? instance + 1 : instance
        case .removed(let changed, let position) where changed == field:
            if instance == position { return nil }
            return instance > position ? instance - 1 : instance
        case .reset:
            return nil
        default:
            return instance
        }
    }
}
