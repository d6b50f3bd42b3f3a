import DDM
import Foundation
import PortalClient

extension FormPortal {
    /// Uploads `file` with `metadata` and hands every progress report (bytes sent, total) to
    /// `report`, in order, before it returns: the upload's outcome as a value, so the record form
    /// and the Objects form each sort its failures their own way (queue it, or say why).
    func uploadReportingProgress(
        file: URL, metadata: [String: JSONValue], report: @escaping @Sendable (Int64, Int64) async -> Void
    ) async -> Result<FileEntry, any Error> {
        let (progress, sink) = AsyncStream<(Int64, Int64)>.makeStream()
        let reporter = Task { for await (sent, total) in progress { await report(sent, total) } }
        let result: Result<FileEntry, any Error>
        do {
            result = .success(try await upload(file: file, metadata: .object(metadata), uuid: nil) { sink.yield(($0, $1)) })
        } catch {
            result = .failure(error)
        }
        sink.finish()
        await reporter.value
        return result
    }
}
