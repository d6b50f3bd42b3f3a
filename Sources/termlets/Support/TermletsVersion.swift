/// The one place the program's version is written: `termlets --version` prints it.
enum TermletsVersion {
    /// Semantic version of this Termlets build.
    static let current = "0.9.0"
}
