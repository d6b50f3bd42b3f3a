import ArgumentParser

/// `termlets list --header names|labels`: what the header row of a CSV or text export shows.
enum ListExportHeader: String, CaseIterable, ExpressibleByArgument {
    /// The fields' names, as `--label-fields` and `form --set` take them (CSV's default).
    case names
    /// The fields' labels in the list's locale (the text table's default).
    case labels
}
