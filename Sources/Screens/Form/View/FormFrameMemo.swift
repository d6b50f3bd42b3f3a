import Synchronization
import TermUI

/// The form's last frame while an editor is open in place, and what it was drawn from: a key that
/// changes only the editor (a typed character, a cursor move in the text) draws the editor's row,
/// the note and the help line into that frame instead of drawing every row again (issue 17).
///
/// It cannot go stale: a frame is reused only when the new model equals the one it was drawn from
/// in everything but the editor (the model's own `==`, with the old editor put back), at the same
/// size, with the editor's row at the same place and of the same height; and everything the view
/// draws from the editor is drawn again. `FormFrameMemoTests` checks each such frame against a
/// frame drawn whole.
final class FormFrameMemo: Sendable {
    struct Frame: Sendable {
        /// The model the frame shows.
        var model: FormScreenModel
        var grid: Grid
        /// The lines of the editor's row, the full width of the screen, inside the body.
        var editorLines: Rect
        /// The rows shown (first ..< one past the last), for the scroll marks.
        var shownRows: Range<Int>
        /// The key contexts the help line was made for.
        var contexts: [KeyContext]
    }

    private let last = Mutex<Frame?>(nil)
    /// Frames made from the last one so far (tests check that keys took this way).
    let reuses = Atomic<Int>(0)

    /// The last frame drawn with an editor open in place, if the frame after it was not different.
    var frame: Frame? { last.withLock { $0 } }

    /// Keeps `frame` as the last one (nil: the last frame had no editor open in place).
    func remember(_ frame: Frame?) {
        last.withLock { $0 = frame }
    }
}
