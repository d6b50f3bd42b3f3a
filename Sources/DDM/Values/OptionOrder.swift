/// Selections of a multiple-choice field always read in the structure's option order, whatever
/// order the values were stored or chosen in.
extension DDMField {
    /// `values` in the order of the field's options; values that are not options (a data
    /// provider's choices) follow, in their own order. Duplicates are kept once.
    public func inOptionOrder(_ values: [String]) -> [String] {
        var ordered = options.map(\.value).filter { values.contains($0) }
        for value in values where !ordered.contains(value) { ordered.append(value) }
        return ordered
    }
}
