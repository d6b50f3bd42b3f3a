import CursesBackend

/// The entry point: the command runs on the main actor while the main thread serves both the
/// main actor and the terminal (`MainThreadLoop`), so a key is read, handled and drawn on one
/// thread. Exits with status 0 when the command returns (its failures exit with 1 themselves).
@main
enum TermletsMain {
    static func main() {
        MainThreadLoop.run { await TermletsCommand.main() }
    }
}
