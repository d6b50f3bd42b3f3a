import DDM
import Synchronization
import TermUI

/// The cell looks of one form screen's fields, each resolved once: a frame asks for a row's look
/// several times (its height, its drawing, the editor's width, the scroll computation) and every
/// key draws a frame, while the look only changes with the field (the screen's configuration, and
/// so its theme and `cellLooks`, is fixed). A field whose definition changed (a form loaded
/// again) is resolved again.
final class FormLookMemo: Sendable {
    private let looks = Mutex<[String: (field: DDMField, look: FormCellLook)]>([:])

    /// The look of `field`, from the memo when the same field was resolved before.
    func look(_ field: DDMField, resolve: (DDMField) -> FormCellLook) -> FormCellLook {
        // Compared in place: copying a field out costs more than comparing it (equal values share storage).
        if let known = looks.withLock({ looks -> FormCellLook? in
            guard let entry = looks[field.name], entry.field == field else { return nil }
            return entry.look
        }) {
            return known
        }
        let look = resolve(field)
        looks.withLock { looks in
            // A form has a bounded set of fields; the cap keeps a misuse from growing it forever.
            if looks.count >= 4096 { looks.removeAll(keepingCapacity: true) }
            looks[field.name] = (field, look)
        }
        return look
    }
}
