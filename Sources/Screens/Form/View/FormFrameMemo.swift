import Synchronization
import TermUI

/// The form's last frame and what it was drawn from, so that the next frame draws only what a key
/// changed (issue 17):
/// - a key that changes only the open editor (a typed character, a cursor move in the text) draws
///   the editor's row, the note and the help line into the last frame (`redrawnEditor`);
/// - a key that changes only the focus and the scrolling (a field move) draws the frame as usual
///   but copies the rows that were shown whole and unfocused in the last frame and are again,
///   from wherever they were, instead of drawing them (`ReusableRows`), when nothing covered them.
///
/// It cannot go stale: the last frame is used only when the new model equals the one it was drawn
/// from in everything but the editor, or in everything but the focus and the first row shown (the
/// model's own `==`, with those put back), at the same size. A row looks the same wherever it is
/// drawn: its height and cells depend on the model, the layout and whether it has the focus, not
/// on where it is. `FormFrameMemoTests` checks every such frame against one drawn whole.
final class FormFrameMemo: Sendable {
    /// A frame as it was drawn. Immutable and kept behind one reference: a frame is read and
    /// stored on every key, and a copy of the model in it would be dozens of reference counts.
    final class Frame: Sendable {
        /// The model the frame shows.
        let model: FormScreenModel
        let grid: Grid
        /// The key contexts the help line was made for.
        let contexts: [KeyContext]
        /// Where the body's rows went.
        let body: FormBodyDrawn

        init(model: FormScreenModel, grid: Grid, contexts: [KeyContext], body: FormBodyDrawn) {
            self.model = model
            self.grid = grid
            self.contexts = contexts
            self.body = body
        }
    }

    private let last = Mutex<Frame?>(nil)
    /// Frames made from the last one by drawing the editor's row alone (tests check that keys
    /// took this way).
    let editorRedraws = Atomic<Int>(0)
    /// Rows copied from the last frame instead of being drawn (for tests too).
    let rowCopies = Atomic<Int>(0)

    /// The last frame drawn without an overlay, if any.
    var frame: Frame? { last.withLock { $0 } }

    /// Keeps `frame` as the last one (nil: the last frame cannot be built on).
    func remember(_ frame: Frame?) {
        last.withLock { $0 = frame }
    }
}

/// Where the body's rows went in a frame.
struct FormBodyDrawn: Sendable {
    /// A row's top line and height.
    struct Placement: Sendable {
        var y: Int
        var height: Int
    }

    /// The rows shown (first ..< one past the last).
    var shownRows: Range<Int>
    /// The placement of each row shown, in order.
    var placements: [Placement]
    /// The focused row's top line, when visible.
    var focusedY: Int?

    /// The placement of row `index`, when it was shown.
    func placement(of index: Int) -> Placement? {
        shownRows.contains(index) ? placements[index - shownRows.lowerBound] : nil
    }
}

/// The rows of the last frame that the frame being drawn may copy: every row shown whole there,
/// except the rows focused in either frame. Rows draw inside `FormLayout.rows` (never in the
/// body's last column, where the scroll marks go), so their lines copy as they are.
struct ReusableRows {
    let frame: FormFrameMemo.Frame
    let bodyEnd: Int

    /// The top line of row `index` in the last frame, when it may be copied at `height`.
    func lines(of index: Int, height: Int) -> Int? {
        guard index != frame.model.focus, let placement = frame.body.placement(of: index), placement.height == height,
              placement.y + height <= bodyEnd else { return nil }
        return placement.y
    }
}
