import CNcurses
import Glibc

/// One `write` per frame instead of one per cursor movement.
///
/// ncurses 6 flushes its output after every cursor movement of `doupdate` for as long as the
/// screen is in its initial state — the state `newterm` leaves it in until the program has been
/// suspended with `endwin` once (`_nc_mvcur` checks `_endwin == ewInitial`, meant for programs
/// that use terminfo without a screen). A full repaint of the 10,000-record list then took about
/// 100 `write` calls, each a trip through the kernel's terminal layer. After one `endwin` and a
/// `doupdate`, ncurses buffers the whole frame and writes it once at the end of `doupdate`.
///
/// The `endwin` runs with the curses output descriptor pointed at `/dev/null`, so the terminal
/// never sees the screen left and entered again (no flash of the shell's screen) and its modes are
/// not reset in between (`tcsetattr` fails there; the `doupdate` puts the program's modes back).
/// Call it before `start_color`: resuming with colours on would send `orig_colors`, which resets a
/// palette the user set up.
enum FrameBuffering {
    /// Moves the current screen, whose output goes to `descriptor`, to the buffered state.
    /// Nothing changes when `/dev/null` or a descriptor cannot be had.
    @MainActor
    static func enable(outputDescriptor descriptor: Int32) {
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard null >= 0 else { return }
        defer { close(null) }
        let saved = dup(descriptor)
        guard saved >= 0 else { return }
        defer { close(saved) }
        guard dup2(null, descriptor) >= 0 else { return }
        _ = endwin()
        _ = dup2(saved, descriptor)
        _ = doupdate()
    }
}
