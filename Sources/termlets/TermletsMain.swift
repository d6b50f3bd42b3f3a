import CursesBackend

#if canImport(Glibc)
    import Glibc
#endif

/// The entry point: the command runs on the main actor while the main thread serves both the
/// main actor and the terminal (`MainThreadLoop`), so a key is read, handled and drawn on one
/// thread. Exits with status 0 when the command returns (its failures exit with 1 themselves).
@main
enum TermletsMain {
    static func main() {
        limitMallocArenas()
        MainThreadLoop.run { await TermletsCommand.main() }
    }

    /// Two malloc arenas for the whole process, set before any thread starts: the main thread's,
    /// and one that every other thread (dispatch workers, the HTTP client's event loops) shares.
    /// glibc otherwise gives each of those threads an arena of its own, each with its own slack:
    /// 0.4 MiB of the 10-field form's peak (docs/benchmarks.md, "Fifth round of issue 17").
    /// `mallopt` is declared in `<malloc.h>`, which `import Glibc` does not bring in.
    static func limitMallocArenas() {
        #if canImport(Glibc)
            typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
            let arenaMax: Int32 = -8  // M_ARENA_MAX
            guard let symbol = dlsym(nil, "mallopt") else { return }  // nil: RTLD_DEFAULT, the C library
            _ = unsafeBitCast(symbol, to: MallOpt.self)(arenaMax, 2)
        #endif
    }
}
