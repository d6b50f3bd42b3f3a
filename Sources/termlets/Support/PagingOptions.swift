import ArgumentParser

/// `--page N` and `--all`: which pages a listing command prints (`list`, `gallery --list`,
/// `bookmarks`). Without either, a listing prints page 0 — or, on a terminal, opens the screen.
struct PagingOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "The page to print, counted from 0 (page 0 holds the first page's rows, every later page the page size).")
    var page: Int?

    @Flag(help: "Print every page, in order.")
    var all = false

    /// What is wrong with the combination, if anything.
    var problem: String? {
        if page != nil && all { return "give --page or --all, not both" }
        if (page ?? 0) < 0 { return "--page counts from 0" }
        if (page ?? 0) > InputLimits.maxPage { return "--page must be at most \(InputLimits.maxPage)" }
        return nil
    }

    /// Whether either option was given.
    var isGiven: Bool { page != nil || all }
}
