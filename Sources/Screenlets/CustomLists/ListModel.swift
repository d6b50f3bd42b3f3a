import DDM

/// A list's row model, built from one element of the portal's rows array.
///
/// Return `nil` when the JSON does not describe a row; the page then fails with
/// ``ListLoadError/malformedRow(index:)`` rather than silently shifting the rows after it.
public protocol ListModel: Sendable {
    init?(json: JSONValue)
}
