/// Delivers a stream of values one effect at a time: an effect awaits ``next()``, its message
/// re-arms the next effect, until the stream ends. How a long job (a sync run) reports progress
/// through a runtime whose effects each produce one message.
public final class MessagePump<Value: Sendable>: Sendable {
    private let stream: AsyncStream<Value>
    /// Feeds the pump.
    public let continuation: AsyncStream<Value>.Continuation
    private let reader: Reader

    private actor Reader {
        var iterator: AsyncStream<Value>.Iterator?
        func next(from stream: AsyncStream<Value>) async -> Value? {
            var current = iterator ?? stream.makeAsyncIterator()
            let value = await current.next(isolation: self)
            iterator = current
            return value
        }
    }

    public init() {
        (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: .bufferingNewest(256))
        reader = Reader()
    }

    /// The next value, or nil when the stream has ended.
    public func next() async -> Value? { await reader.next(from: stream) }
}
