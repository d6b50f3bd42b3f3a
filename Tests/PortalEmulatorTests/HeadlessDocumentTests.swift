import DDM
import Foundation
import Testing
@testable import PortalEmulator

extension PortalEmulatorSuites {
    @Suite("Stock 7.4: headless-delivery documents")
    struct HeadlessDocumentTests {
        static let folderPath = "/o/headless-delivery/v1.0/document-folders/\(DemoIDs.imageFolderId)/documents"

        static func multipart(fileName: String, contentType: String, data: [UInt8], document: JSONValue?) -> (body: [UInt8], contentType: String) {
            let boundary = "----termlets-test-boundary"
            var body: [UInt8] = []
            if let document {
                body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"document\"\r\nContent-Type: application/json\r\n\r\n\(document.serialized())\r\n".utf8)
            }
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(fileName)\"\r\nContent-Type: \(contentType)\r\n\r\n".utf8)
            body += data
            body += Array("\r\n--\(boundary)--\r\n".utf8)
            return (body, "multipart/form-data; boundary=\(boundary)")
        }

        @Test("a folder's documents page in the Vulcan envelope with adapted-image thumbnails that download")
        func listing() async throws {
            try await withStock74Portal { portal in
                let page = try await portal.rest("GET", "\(Self.folderPath)?page=2&pageSize=50")
                #expect(page.status == 200)
                #expect(page.json["totalCount"] == .int(Int64(DemoIDs.imageCount)))
                #expect(page.json["lastPage"] == 3)
                let items = try #require(page.json["items"]?.arrayValue)
                #expect(items.count == 50)
                #expect(items.first?["id"] == .int(DemoIDs.firstImageFileEntryId + 50))
                let first = try #require(items.first)
                #expect(first["encodingFormat"] == "image/png")
                #expect(first["documentFolderId"] == .int(DemoIDs.imageFolderId))
                let thumbnail = try #require(first["adaptedImages"]?[0])
                #expect(thumbnail["resolutionName"] == "Thumbnail-300x300")
                #expect(thumbnail["width"]?.intValue ?? 0 > 0)
                let thumbnailURL = try #require(thumbnail["contentUrl"]?.stringValue)
                let bytes = try await portal.rest("GET", thumbnailURL, authorization: nil)
                #expect(bytes.status == 200)
                #expect(Array(bytes.raw.body.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
                #expect(bytes.raw.body.count == thumbnail["sizeInBytes"]?.intValue)
                let content = try await portal.rest("GET", try #require(first["contentUrl"]?.stringValue), authorization: nil)
                #expect(content.status == 200)
                #expect(content.raw.body.count == first["sizeInBytes"]?.intValue)

                let sorted = try await portal.rest("GET", "\(Self.folderPath)?sort=title:desc&pageSize=5")
                let titles = try #require(sorted.json["items"]?.arrayValue?.compactMap { $0["title"]?.stringValue })
                #expect(titles == titles.sorted { $0.lowercased() > $1.lowercased() })
                #expect(try await portal.rest("GET", "/o/headless-delivery/v1.0/document-folders/4242/documents").status == 404)
            }
        }

        @Test("multipart upload (file + document JSON) lists, reads back byte for byte, and deletes; a duplicate title is a 409")
        func uploadAndDelete() async throws {
            try await withStock74Portal { portal in
                let data = Array("hello from termlets\n".utf8)
                let form = Self.multipart(fileName: "note.txt", contentType: "text/plain", data: data,
                                          document: ["title": "A note", "description": "Uploaded by a test"])
                let created = try await portal.send("POST", Self.folderPath, body: form.body, contentType: form.contentType)
                #expect(created.status == 200, "\(created.raw.text)")
                #expect(created.json["title"] == "A note")
                #expect(created.json["fileName"] == "note.txt")
                #expect(created.json["sizeInBytes"] == .int(Int64(data.count)))
                #expect(created.json["adaptedImages"] == [])
                let id = try #require(created.json["id"]?.int64Value)
                let listed = try await portal.rest("GET", "\(Self.folderPath)?pageSize=1")
                #expect(listed.json["totalCount"] == .int(Int64(DemoIDs.imageCount + 1)))
                let filtered = try await portal.rest("GET", "\(Self.folderPath)?filter=encodingFormat%20eq%20%27text%2Fplain%27")
                #expect(filtered.json["items"]?.arrayValue?.compactMap { $0["id"]?.int64Value } == [id])
                let download = try await portal.rest("GET", try #require(created.json["contentUrl"]?.stringValue), authorization: nil)
                #expect(download.raw.body == data)

                let again = try await portal.send("POST", Self.folderPath, body: form.body, contentType: form.contentType)
                #expect(again.status == 409)
                #expect(again.json["status"] == "CONFLICT")
                let image = Self.multipart(fileName: "pixel.png", contentType: "image/png", data: PNGEncoder.encode(width: 2, height: 3, rgb: Array(repeating: 200, count: 18)), document: nil)
                let png = try await portal.send("POST", Self.folderPath, body: image.body, contentType: image.contentType)
                #expect(png.json["title"] == "pixel.png")
                #expect(png.json["adaptedImages"]?[0]?["height"] == 3)

                let denied = try await portal.rest("DELETE", "/o/headless-delivery/v1.0/documents/\(id)",
                                                   authorization: DemoUser.basic(DemoUser.viewer.0, DemoUser.viewer.1))
                #expect(denied.status == 403)
                #expect(try await portal.rest("DELETE", "/o/headless-delivery/v1.0/documents/\(id)").status == 204)
                let gone = try await portal.rest("GET", "/o/headless-delivery/v1.0/documents/\(id)")
                #expect(gone.status == 404)
                #expect(gone.json["status"] == "NOT_FOUND")
                let noFile = try await portal.send("POST", Self.folderPath, body: Array("x".utf8), contentType: "application/json")
                #expect(noFile.status == 415)
            }
        }
    }
}
