import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// A tiny HTTP/1.1 server on loopback for transport tests: records every request and answers with
/// whatever the test's handler says, including misbehaviour (no answer, dropped connection,
/// truncated body).
final class TestServer: Sendable {
    struct Request: Sendable {
        var method: String
        var uri: String
        var headers: [(String, String)]
        var body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first(where: { $0.0.lowercased() == name.lowercased() })?.1
        }
        var bodyText: String { String(decoding: body, as: UTF8.self) }
    }

    enum Reply: Sendable {
        case respond(status: Int, headers: [(String, String)], body: [UInt8])
        /// Never answer.
        case hang
        /// Close the connection without answering.
        case close
        /// Announce `declaredLength` bytes, send `body` (shorter), then close.
        case truncated(declaredLength: Int, body: [UInt8])
        /// A 200 with no length announced: `body` in chunks of `chunkSize` bytes.
        case chunked(body: [UInt8], chunkSize: Int)

        static func json(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> Reply {
            .respond(status: status, headers: [("Content-Type", "application/json")] + headers, body: Array(text.utf8))
        }
        static func text(_ text: String, status: Int, headers: [(String, String)] = []) -> Reply {
            .respond(status: status, headers: headers, body: Array(text.utf8))
        }
    }

    private let channel: Channel
    private let recorded = NIOLockedValueBox<[Request]>([])
    private let children = NIOLockedValueBox<[Channel]>([])
    let port: Int

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    var requests: [Request] { recorded.withLockedValue { $0 } }

    private init(channel: Channel) {
        self.channel = channel
        self.port = channel.localAddress?.port ?? 0
    }

    static func start(_ handler: @escaping @Sendable (Request) -> Reply) async throws -> TestServer {
        let box = NIOLockedValueBox<TestServer?>(nil)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(
                        Handler(handler: handler) { request in box.withLockedValue { $0 }?.record(request) })
                    box.withLockedValue { $0 }?.children.withLockedValue { $0.append(channel) }
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        let server = TestServer(channel: channel)
        box.withLockedValue { $0 = server }
        return server
    }

    private func record(_ request: Request) { recorded.withLockedValue { $0.append(request) } }

    func stop() async throws {
        for child in children.withLockedValue({ $0 }) { try? await child.close() }
        try await channel.close()
    }

    private final class Handler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        let handler: @Sendable (Request) -> Reply
        let record: @Sendable (Request) -> Void
        var head: HTTPRequestHead?
        var body: [UInt8] = []

        init(handler: @escaping @Sendable (Request) -> Reply, record: @escaping @Sendable (Request) -> Void) {
            self.handler = handler
            self.record = record
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let h):
                head = h
                body = []
            case .body(let buffer):
                body.append(contentsOf: buffer.readableBytesView)
            case .end:
                guard let head else { return }
                let request = Request(
                    method: head.method.rawValue, uri: head.uri, headers: head.headers.map { ($0.name, $0.value) }, body: body)
                record(request)
                reply(handler(request), context: context)
            }
        }

        private func reply(_ reply: Reply, context: ChannelHandlerContext) {
            switch reply {
            case .hang:
                return
            case .close:
                context.close(promise: nil)
            case .respond(let status, let headers, let body):
                var h = HTTPHeaders(headers)
                h.replaceOrAdd(name: "Content-Length", value: String(body.count))
                context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .init(statusCode: status), headers: h))), promise: nil)
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            case .truncated(let declared, let body):
                var h = HTTPHeaders()
                h.add(name: "Content-Length", value: String(declared))
                h.add(name: "Content-Type", value: "application/json")
                context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: h))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
                context.close(promise: nil)
            case .chunked(let body, let chunkSize):
                var h = HTTPHeaders()
                h.add(name: "Transfer-Encoding", value: "chunked")
                h.add(name: "Content-Type", value: "application/json")
                context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: h))), promise: nil)
                var start = 0
                while start < body.count {
                    let end = min(body.count, start + max(1, chunkSize))
                    context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body[start..<end])))), promise: nil)
                    start = end
                }
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            }
        }
    }
}
