import DDM
import Synchronization
import TermUI

/// The cell looks of one form screen's fields, each resolved once: a frame asks for a row's look
/// several times (its height, its drawing, the editor's width, the scroll computation) and every
/// key draws a frame, while the look only changes with the field (the screen's configuration, and
/// so its theme and `cellLooks`, is fixed). Looks are kept by the field's definition identity, and
/// each entry holds its field so that the identity cannot be reused while it is remembered; a form
/// loaded again has new definitions and is resolved again.
final class FormLookMemo: Sendable {
    private struct Entry {
        let field: DDMField
        let look: FormCellLook
    }

    private let looks = Mutex<[ObjectIdentifier: Entry]>([:])

    /// The look of `field`, from the memo when the same field was resolved before.
    func look(_ field: DDMField, resolve: (DDMField) -> FormCellLook) -> FormCellLook {
        let identity = field.definitionIdentity
        if let known = looks.withLock({ $0[identity]?.look }) { return known }
        let look = resolve(field)
        looks.withLock { looks in
            // A form has a bounded set of fields; the cap keeps a misuse (reloading without end) bounded.
            if looks.count >= 4096 { looks.removeAll(keepingCapacity: true) }
            looks[identity] = Entry(field: field, look: look)
        }
        return look
    }
}
