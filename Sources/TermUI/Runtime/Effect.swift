/// Work an update asks the runtime to do: an async job whose result comes back as a message, a
/// message to deliver right away, or quitting. Effects are values, so update functions stay pure
/// and tests can inspect what an update asked for without running it.
public struct Effect<Message: Sendable>: Sendable {
    public enum Kind: Sendable {
        /// Runs off the UI; a non-nil result is fed back to `update`.
        case task(@Sendable () async -> Message?)
        /// Fed back to `update` right after the current one.
        case message(Message)
        /// Stop the program.
        case quit
    }

    public let kind: Kind

    public init(_ kind: Kind) { self.kind = kind }

    /// An async job (network, disk, timer) whose result is the next message.
    public static func task(_ work: @escaping @Sendable () async -> Message?) -> Effect { Effect(.task(work)) }
    /// A message delivered right after the current update.
    public static func message(_ message: Message) -> Effect { Effect(.message(message)) }
    /// Stops the runtime.
    public static var quit: Effect { Effect(.quit) }

    /// True for `.quit`.
    public var isQuit: Bool {
        if case .quit = kind { return true }
        return false
    }
}
