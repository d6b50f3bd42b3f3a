import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

extension HTTPTransport {
    /// Size of each chunk read from the file and written to the socket.
    static let uploadChunkSize = 64 * 1024

    /// POSTs a multipart body whose file part is streamed from `fileURL` in fixed-size chunks.
    /// Sending has the idle timeouts only (its length depends on the file); once it is sent, the
    /// answer must be complete within `options.requestDeadline`. Cancelling the calling task
    /// cancels the upload.
    func upload(
        url: String, headers: HTTPHeaders, body: MultipartBody, fileURL: URL,
        progress: @escaping @Sendable (Int64, Int64) -> Void
    ) async throws -> HTTPAnswer {
        var headers = headers
        headers.replaceOrAdd(name: "Content-Type", value: body.contentType)
        let head = body.head
        let tail = body.tail
        let fileSize = body.fileSize
        let http: HTTPClient
        do { http = try client() } catch { throw redact(Self.map(error, maxBytes: options.maxResponseBytes)) }
        let eventLoop = http.eventLoopGroup.next()
        let stream = HTTPClient.Body.stream(contentLength: body.contentLength) { writer in
            let promise = eventLoop.makePromise(of: Void.self)
            promise.completeWithTask {
                try await writer.write(.byteBuffer(ByteBuffer(bytes: head))).get()
                try await Self.streamFile(fileURL, size: fileSize, to: writer)
                try await writer.write(.byteBuffer(ByteBuffer(bytes: tail))).get()
            }
            return promise.futureResult
        }
        let request: HTTPClient.Request
        do {
            request = try HTTPClient.Request(url: url, method: .POST, headers: headers, body: stream)
        } catch {
            throw PortalError(kind: .input, message: "invalid upload URL")
        }
        let delegate = UploadDelegate(
            fileStart: Int64(head.count), fileSize: fileSize, maxResponseBytes: options.maxResponseBytes,
            answerDeadline: options.requestDeadline.timeAmount, progress: progress)
        let started = ContinuousClock.now
        let task = http.execute(request: request, delegate: delegate, deadline: nil)
        do {
            let answer = try await withTaskCancellationHandler {
                try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            }
            logger.debug("POST \(Self.loggable(url)) (multipart, \(fileSize) file bytes) -> \(answer.status) in \(ContinuousClock.now - started)")
            return answer
        } catch {
            if Task.isCancelled { throw CancellationError() }
            if delegate.answerExpired {
                throw PortalError(
                    kind: .network, message: "the portal did not answer the upload completely within \(Self.describe(options.requestDeadline))")
            }
            throw redact(Self.map(error, maxBytes: options.maxResponseBytes))
        }
    }

    /// Writes exactly `size` bytes of the file, chunk by chunk, waiting for each write.
    private static func streamFile(_ fileURL: URL, size: Int64, to writer: HTTPClient.Body.StreamWriter) async throws {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: fileURL)
        } catch {
            throw PortalError(kind: .input, message: "cannot read \(fileURL.path)")
        }
        defer { try? handle.close() }
        var remaining = size
        while remaining > 0 {
            try Task.checkCancellation()
            let want = Int(min(Int64(uploadChunkSize), remaining))
            let chunk = try handle.read(upToCount: want) ?? Data()
            if chunk.isEmpty {
                throw PortalError(kind: .input, message: "\(fileURL.lastPathComponent) became shorter while it was being uploaded")
            }
            remaining -= Int64(chunk.count)
            try await writer.write(.byteBuffer(ByteBuffer(bytes: chunk))).get()
        }
    }
}
