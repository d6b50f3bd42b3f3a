/// Work an update asks the runtime to do: an async job whose result comes back as a message, a
/// subscription whose every message comes back in order, a message to deliver right away, or
/// quitting. Effects are values, so update functions stay pure and tests can inspect what an
/// update asked for without running it.
public struct Effect<Message: Sendable>: Sendable {
    /// How a subscription hands a message to `update`; returns once the message has been handled.
    public typealias Emit = @Sendable (Message) async -> Void

    public enum Kind: Sendable {
        /// Runs off the UI; a non-nil result is fed back to `update`.
        case task(@Sendable () async -> Message?)
        /// Runs off the UI for as long as it lasts (an event stream): every message it emits is fed
        /// back to `update`, in order. Ends when the closure returns or the runtime stops.
        case subscription(@Sendable (_ emit: @escaping Emit) async -> Void)
        /// Fed back to `update` right after the current one.
        case message(Message)
        /// Stop the program.
        case quit
    }

    public let kind: Kind

    public init(_ kind: Kind) { self.kind = kind }

    /// An async job (network, disk, timer) whose result is the next message.
    public static func task(_ work: @escaping @Sendable () async -> Message?) -> Effect { Effect(.task(work)) }
    /// A long-running job that emits messages until it returns (see ``Kind/subscription(_:)``).
    public static func subscription(_ run: @escaping @Sendable (_ emit: @escaping Emit) async -> Void) -> Effect {
        Effect(.subscription(run))
    }
    /// Every element of `stream`, turned into a message by `transform` (nil: nothing to deliver),
    /// until the stream ends. The runtime iterates it: no effect re-arms itself after each element.
    public static func stream<Element: Sendable>(
        _ stream: AsyncStream<Element>, _ transform: @escaping @Sendable (Element) async -> Message?
    ) -> Effect {
        .subscription { emit in
            for await element in stream {
                if let message = await transform(element) { await emit(message) }
            }
        }
    }
    /// A message delivered right after the current update.
    public static func message(_ message: Message) -> Effect { Effect(.message(message)) }
    /// Stops the runtime.
    public static var quit: Effect { Effect(.quit) }

    /// True for `.quit`.
    public var isQuit: Bool {
        if case .quit = kind { return true }
        return false
    }

    /// The same effect delivering its messages wrapped by `transform`: how a parent program runs
    /// the effects of a child program it embeds.
    public func map<Other: Sendable>(_ transform: @escaping @Sendable (Message) -> Other) -> Effect<Other> {
        switch kind {
        case .task(let work): return .task { await work().map(transform) }
        case .subscription(let run): return .subscription { emit in await run { await emit(transform($0)) } }
        case .message(let message): return .message(transform(message))
        case .quit: return .quit
        }
    }
}
