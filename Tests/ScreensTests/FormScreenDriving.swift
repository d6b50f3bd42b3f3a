import Screenlets
import Screens
import TermUI

/// What both form-screen testbeds (in memory, and on the emulator) do the same way: read the model
/// and the drawn screen, and press keys as a user would.
@MainActor
protocol FormScreenDriving: AnyObject {
    var screen: FormScreen { get }
    var backend: HeadlessBackend { get }
    var runtime: Runtime<FormScreen> { get }
}

extension FormScreenDriving {
    var model: FormScreenModel { runtime.model }

    /// The screen as the program draws it now, at the backend's size.
    var grid: Grid { screen.view(runtime.model, size: backend.size) }

    func press(_ keys: KeyEvent...) {
        for key in keys { runtime.handle(.key(key)) }
    }

    func type(_ text: String) {
        for character in text { runtime.handle(.key(.character(character))) }
    }

    func resize(_ size: Size) {
        backend.resize(to: size)
        runtime.handle(.resize(size))
    }

    /// Focuses the row of `field` (instance 0) by pressing Tab / Shift-Tab, as a user would.
    func focus(_ field: String, instance: Int = 0) throws {
        guard let target = model.rows.index[FormFieldKey(field: field, instance: instance)] else {
            throw TestbedError("no row for \(field)")
        }
        while model.focus < target { press(.tab) }
        while model.focus > target { press(.backTab) }
    }
}
