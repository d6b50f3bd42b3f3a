import DDM

/// Optional for a ``ListPageSource`` whose portal answers are not simply "an array of the page's
/// rows" and "an integer count": e.g. Liferay 6.2's filtered file listing answers the whole
/// folder, to be sliced here, and its length is the count.
public protocol PortalAnswerShaping {
    /// The rows `start..<end` from the rows call's answer.
    func rows(in answer: JSONValue, start: Int, end: Int) -> JSONValue
    /// The row count from the count call's answer; `nil` when it is not a count.
    func count(in answer: JSONValue) -> Int?
}
