import DDM
import Foundation
import Testing

@testable import PortalClient

/// headless-delivery `Document`s as the gallery's FileEntry JSON (reference §3.1): the mapping,
/// the filters, and untrusted URLs that must never take the credentials elsewhere.
@Suite("headless-delivery documents")
struct HeadlessDocumentsTests {
    /// The reference's example answer to an upload.
    static let document: JSONValue = [
        "id": 38549, "title": "photo.jpg", "fileName": "photo.jpg", "fileExtension": "jpg", "encodingFormat": "image/jpeg",
        "sizeInBytes": 183211, "documentFolderId": 38547, "siteId": 20121, "externalReferenceCode": "e978-1",
        "contentUrl": "/documents/20121/38547/photo.jpg/e978-1?version=1.0&t=1611234567000",
        "adaptedImages": [
            ["resolutionName": "Preview-1000x0", "contentUrl": "/o/adaptive-media/image/38549/Preview-1000x0/photo.jpg"],
            ["resolutionName": "Thumbnail-300x300", "width": 300, "height": 225, "sizeInBytes": 14230,
             "contentUrl": "/o/adaptive-media/image/38549/Thumbnail-300x300/photo.jpg?t=1"],
        ],
        "dateCreated": "2025-01-20T10:00:00Z", "dateModified": "2025-01-20T10:00:01.500Z", "description": "Holiday",
    ]

    @Test func aDocumentBecomesTheFileEntryDlappWouldGive() throws {
        let json = try #require(HeadlessDocuments.fileEntryJSON(Self.document))
        let entry = try #require(FileEntry(json: json))
        #expect(entry.fileEntryId == 38549 && entry.groupId == 20121 && entry.repositoryId == 20121 && entry.folderId == 38547)
        #expect(entry.title == "photo.jpg" && entry.mimeType == "image/jpeg" && entry.size == 183211 && entry.description == "Holiday")
        #expect(entry.uuid == "e978-1" && entry.version == "1.0")
        #expect(entry.createDate == 1_737_367_200_000 && entry.modifiedDate == 1_737_367_201_500)
        #expect(json["thumbnailUrl"] == "/o/adaptive-media/image/38549/Thumbnail-300x300/photo.jpg?t=1")
        #expect(json["contentUrl"] == Self.document["contentUrl"])
        #expect(json["transport"] == "headless-delivery")
    }

    @Test func urlsOfAnotherHostAreDroppedAndAnEntryWithoutIdIsNone() throws {
        guard case .object(var members) = Self.document else { return }
        members["contentUrl"] = "https://elsewhere.example/documents/1"
        members["adaptedImages"] = [["resolutionName": "Thumbnail-300x300", "contentUrl": "//elsewhere.example/thumb.png"]]
        members["dateModified"] = "yesterday"
        let json = try #require(HeadlessDocuments.fileEntryJSON(.object(members)))
        #expect(json["contentUrl"] == nil && json["thumbnailUrl"] == nil)
        #expect(json["modifiedDate"] == .null)
        members["id"] = "not a number"
        #expect(HeadlessDocuments.fileEntryJSON(.object(members)) == nil)
        #expect(HeadlessDocuments.fileEntryJSON("a string") == nil)
    }

    @Test func filtersAndPaths() {
        #expect(HeadlessDocuments.filter(mimeTypes: ["image/png", "image/gif"]) == "encodingFormat eq 'image/png' or encodingFormat eq 'image/gif'")
        #expect(HeadlessDocuments.filter(mimeTypes: []) == nil)
        #expect(HeadlessDocuments.filter(title: "Ann's 'best'") == "title eq 'Ann''s ''best'''")
        #expect(HeadlessDocuments.collectionPath(siteId: 20121, folderId: 0) == "/o/headless-delivery/v1.0/sites/20121/documents")
        #expect(HeadlessDocuments.collectionPath(siteId: 20121, folderId: 7) == "/o/headless-delivery/v1.0/document-folders/7/documents")
        #expect(HeadlessDocuments.pageQuery("/p", page: 2, pageSize: 25, filter: "title eq 'a&b'")
            == "/p?page=2&pageSize=25&sort=dateCreated&filter=title%20eq%20%27a%26b%27")
    }
}
