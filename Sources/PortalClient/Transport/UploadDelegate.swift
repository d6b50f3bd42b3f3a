import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import Synchronization

/// Receives the events of a streamed multipart upload: counts the bytes handed to the socket and
/// reports the file's share of them as progress (monotonic, ending at the file size), and
/// collects the answer up to a size limit. Once the whole request is sent, the answer has
/// `answerDeadline` to arrive completely, or the upload is cancelled (``answerExpired``).
final class UploadDelegate: HTTPClientResponseDelegate, Sendable {
    typealias Response = HTTPAnswer

    private struct State {
        var bodySent: Int64 = 0
        var reported: Int64 = -1
        var status = 0
        var headers = HTTPHeaders()
        var body: [UInt8] = []
        var tooLarge = false
        var answerTimer: Scheduled<Void>?
        var answerExpired = false
    }

    private let state = Mutex(State())
    private let fileStart: Int64
    private let fileSize: Int64
    private let maxResponseBytes: Int
    private let progress: @Sendable (Int64, Int64) -> Void
    private let answerDeadline: TimeAmount

    init(
        fileStart: Int64, fileSize: Int64, maxResponseBytes: Int, answerDeadline: TimeAmount,
        progress: @escaping @Sendable (Int64, Int64) -> Void
    ) {
        self.answerDeadline = answerDeadline
        self.fileStart = fileStart
        self.fileSize = fileSize
        self.maxResponseBytes = maxResponseBytes
        self.progress = progress
    }

    func didSendRequestPart(task: HTTPClient.Task<HTTPAnswer>, _ part: IOData) {
        let report: Int64? = state.withLock { state in
            state.bodySent += Int64(part.readableBytes)
            let fileSent = min(max(state.bodySent - fileStart, 0), fileSize)
            guard fileSent > state.reported, fileSent > 0 else { return nil }
            state.reported = fileSent
            return fileSent
        }
        if let report { progress(report, fileSize) }
    }

    /// The answer did not arrive completely within the deadline after the request was sent.
    var answerExpired: Bool { state.withLock { $0.answerExpired } }

    func didSendRequest(task: HTTPClient.Task<HTTPAnswer>) {
        let timer = task.eventLoop.scheduleTask(in: answerDeadline) { [self] in
            state.withLock { state in state.answerExpired = true }
            task.cancel()
        }
        state.withLock { state in state.answerTimer = timer }
        let final: Bool = state.withLock { state in
            guard state.reported < fileSize || (fileSize == 0 && state.reported < 0) else { return false }
            state.reported = fileSize
            return true
        }
        if final { progress(fileSize, fileSize) }
    }

    func didReceiveHead(task: HTTPClient.Task<HTTPAnswer>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        state.withLock { state in
            state.status = Int(head.status.code)
            state.headers = head.headers
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<HTTPAnswer>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        state.withLock { state in
            guard !state.tooLarge else { return }
            if state.body.count + buffer.readableBytes > maxResponseBytes {
                state.tooLarge = true
                state.body = []
            } else {
                state.body.append(contentsOf: buffer.readableBytesView)
            }
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveError(task: HTTPClient.Task<HTTPAnswer>, _ error: any Error) {
        state.withLock { state in state.answerTimer?.cancel() }
    }

    func didFinishRequest(task: HTTPClient.Task<HTTPAnswer>) throws -> HTTPAnswer {
        try state.withLock { state in
            state.answerTimer?.cancel()
            if state.tooLarge { throw HTTPTransport.tooLarge(maxResponseBytes, status: state.status) }
            return HTTPAnswer(status: state.status, headers: state.headers, body: state.body)
        }
    }
}
