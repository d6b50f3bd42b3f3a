import DDM
import Foundation
import NIOHTTP1

/// A page of a folder's documents from headless-delivery, as FileEntry JSON.
public struct HeadlessDocumentPage: Sendable {
    /// ``HeadlessDocuments/fileEntryJSON(_:)`` of each item.
    public var rows: [JSONValue]
    public var totalCount: Int
}

extension PortalSession {
    /// Page `page` (1-based) of `pageSize` documents of `folderId` (0: the site's root) whose
    /// `encodingFormat` is one of `mimeTypes` (all when empty), oldest first.
    public func headlessDocuments(
        siteId: Int64, folderId: Int64, mimeTypes: [String], page: Int, pageSize: Int
    ) async throws -> HeadlessDocumentPage {
        let path = HeadlessDocuments.collectionPath(siteId: siteId, folderId: folderId)
        let json = try await headlessGetJSON(
            HeadlessDocuments.pageQuery(path, page: page, pageSize: pageSize, filter: HeadlessDocuments.filter(mimeTypes: mimeTypes)))
        guard let items = json["items"]?.arrayValue, let total = json["totalCount"]?.intValue, total >= 0 else {
            throw PortalError(kind: .server, message: "the portal's documents are not a page of items")
        }
        let rows = try items.enumerated().map { offset, item in
            guard let row = HeadlessDocuments.fileEntryJSON(item) else {
                throw PortalError(kind: .server, message: "document \(offset + 1) of page \(page) has no id")
            }
            return row
        }
        return HeadlessDocumentPage(rows: rows, totalCount: total)
    }

    /// The document titled `title` in `folderId`, as FileEntry JSON, or `nil`.
    public func headlessDocument(titled title: String, siteId: Int64, folderId: Int64) async throws -> JSONValue? {
        let path = HeadlessDocuments.collectionPath(siteId: siteId, folderId: folderId)
        let json = try await headlessGetJSON(HeadlessDocuments.pageQuery(path, page: 1, pageSize: 1, filter: HeadlessDocuments.filter(title: title)))
        return json["items"]?.arrayValue?.first.flatMap(HeadlessDocuments.fileEntryJSON)
    }

    /// Uploads `file` as a new document of `folderId` (0: the site's root): a multipart POST of
    /// the `document` part (`title`, `description`, `externalReferenceCode` when given) and the
    /// `file` part, streamed, reporting (bytes sent, size). A title already in the folder is a
    /// ``PortalError`` with `httpStatus` 409.
    public func headlessAddDocument(
        siteId: Int64, folderId: Int64, file: FileUpload, title: String, description: String = "",
        externalReferenceCode: String? = nil, progress: @escaping @Sendable (Int64, Int64) -> Void = { _, _ in }
    ) async throws -> FileEntry {
        let size = try Self.regularFileSize(file.fileURL)
        var document: [String: JSONValue] = ["title": .string(title), "description": .string(description)]
        if let externalReferenceCode, !externalReferenceCode.isEmpty { document["externalReferenceCode"] = .string(externalReferenceCode) }
        let body = MultipartBody(
            parts: [("document", JSONValue.object(document).serialized(), "application/json")], fileField: "file", file: file, fileSize: size)
        _ = try TransportSecurity.validate(serverURL: context.serverURL, sendsCredentials: credentials != nil, allowInsecure: options.allowInsecure)
        let answer: HTTPAnswer
        do {
            answer = try await transport.upload(
                url: headlessURL(HeadlessDocuments.collectionPath(siteId: siteId, folderId: folderId)), headers: baseHeaders(), body: body,
                fileURL: file.fileURL, progress: progress)
        } catch let error as PortalError {
            throw redact(error)
        }
        try checkHeadless(answer)
        guard let json = try? JSONValue.parse(bytes: answer.body), let row = HeadlessDocuments.fileEntryJSON(json), let entry = FileEntry(json: row)
        else {
            throw PortalError(kind: .server, message: "the portal's answer to the upload is not a document", httpStatus: answer.status)
        }
        return entry
    }

    /// Uploads like ``headlessAddDocument(siteId:folderId:file:title:description:externalReferenceCode:progress:)``
    /// exactly once for the write `externalReferenceCode` (a client-made id, e.g. the queue
    /// item's uuid): when the upload `mayExist` (a retry, or an interrupted attempt) the folder's
    /// document of that title is looked for first, and a 409 (duplicate title) is answered by the
    /// same look-up. The document found is adopted when it carries the write's ERC, or, on a
    /// retry to a portal that keeps its own ERCs, when its file name and size are the file's.
    public func headlessAddDocumentOnce(
        siteId: Int64, folderId: Int64, file: FileUpload, title: String, description: String = "", externalReferenceCode: String,
        mayExist: Bool, progress: @escaping @Sendable (Int64, Int64) -> Void = { _, _ in }
    ) async throws -> FileEntry {
        let adoptable = { @Sendable () async throws -> FileEntry? in
            guard let row = try await self.headlessDocument(titled: title, siteId: siteId, folderId: folderId),
                let entry = FileEntry(json: row)
            else { return nil }
            if entry.uuid == externalReferenceCode { return entry }
            guard mayExist else { return nil }
            let size = try? Self.regularFileSize(file.fileURL)
            return row["fileName"]?.stringValue == file.fileName && entry.size == size ? entry : nil
        }
        if mayExist, let existing = try await adoptable() { return existing }
        do {
            return try await headlessAddDocument(
                siteId: siteId, folderId: folderId, file: file, title: title, description: description,
                externalReferenceCode: externalReferenceCode, progress: progress)
        } catch let error as PortalError where error.httpStatus == 409 {
            if let existing = try await adoptable() { return existing }
            throw error
        }
    }

    /// Deletes document `id` (`DELETE documents/{id}`, 204).
    public func headlessDeleteDocument(id: Int64) async throws {
        _ = try TransportSecurity.validate(serverURL: context.serverURL, sendsCredentials: credentials != nil, allowInsecure: options.allowInsecure)
        let answer: HTTPAnswer
        do {
            answer = try await transport.send(method: .DELETE, url: headlessURL(HeadlessDocuments.documentPath(id)), headers: baseHeaders())
        } catch let error as PortalError {
            throw redact(error)
        }
        try checkHeadless(answer)
    }

    // MARK: Plumbing

    private func headlessURL(_ path: String) -> String {
        var base = context.serverURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return base + path
    }

    /// A status other than 2xx as a ``PortalError`` with the problem's `title` as its message
    /// (409: `validation`, the duplicate title).
    private func checkHeadless(_ answer: HTTPAnswer) throws {
        guard !(200..<300).contains(answer.status) else { return }
        var error = ResponseParser.statusError(answer.status)
        if answer.status == 409 || answer.status == 400 { error = PortalError(kind: .validation, message: error.message, httpStatus: answer.status) }
        if let title = (try? JSONValue.parse(bytes: answer.body))?["title"]?.stringValue, !title.isEmpty {
            error = PortalError(kind: error.kind, message: Sanitizer.clean(title, limit: 300), httpStatus: answer.status)
        }
        throw redact(error)
    }

    static func regularFileSize(_ url: URL) throws -> Int64 {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else {
            throw PortalError(kind: .input, message: "cannot read \(url.path): no such file or no permission")
        }
        guard (attributes[.type] as? FileAttributeType) == .typeRegular else {
            throw PortalError(kind: .input, message: "\(url.path) is not a regular file")
        }
        return (attributes[.size] as? NSNumber)?.int64Value ?? 0
    }
}
