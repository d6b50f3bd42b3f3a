/// Where plain mode reads answers and writes prompts: injected, so the prompts are tested with
/// scripted lines and the command wires them to standard input and output.
public struct PlainConsole: Sendable {
    /// The next line without its line break; nil at end of input.
    public let readLine: @Sendable () -> String?
    /// Writes text as is (prompts end without a line break).
    public let write: @Sendable (String) -> Void
    /// Ends each prompt's line after the answer is read: when input is not a terminal, the
    /// answer is not echoed, and the next prompt would run on.
    public let endsLinesAfterAnswers: Bool

    public init(
        readLine: @escaping @Sendable () -> String?, write: @escaping @Sendable (String) -> Void, endsLinesAfterAnswers: Bool = false
    ) {
        self.readLine = readLine
        self.write = write
        self.endsLinesAfterAnswers = endsLinesAfterAnswers
    }

    /// Writes `prompt` and reads the answer; throws ``PlainInputEnded`` at end of input.
    public func ask(_ prompt: String) throws(PlainInputEnded) -> String {
        write(prompt)
        guard let line = readLine() else {
            write("\n")
            throw PlainInputEnded()
        }
        if endsLinesAfterAnswers { write("\n") }
        return line.hasSuffix("\r") ? String(line.dropLast()) : line
    }
}

/// Standard input ended before the form was complete: nothing is submitted.
public struct PlainInputEnded: Error, Equatable, Sendable {
    public init() {}
}
