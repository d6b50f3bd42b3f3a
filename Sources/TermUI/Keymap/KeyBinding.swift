/// Keys for one command in one context, with what the help shows about it.
public struct KeyBinding: Hashable, Sendable {
    public var command: CommandName
    public var context: KeyContext
    /// The keys, the first one being the one help lines show.
    public var keys: [KeyEvent]
    /// Short help text, e.g. "submit".
    public var help: String
    /// The heading it is listed under in the `?` overlay, e.g. "Navigation".
    public var category: String
    /// Rank in the help line (lower first); nil keeps it out of the help line (overlay only).
    public var helpPriority: Int?

    public init(_ command: CommandName, in context: KeyContext, keys: [KeyEvent], help: String,
                category: String, helpPriority: Int? = nil) {
        self.command = command
        self.context = context
        self.keys = keys
        self.help = help
        self.category = category
        self.helpPriority = helpPriority
    }
}
