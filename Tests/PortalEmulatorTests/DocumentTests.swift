import DDM
import Foundation
import Testing
@testable import PortalEmulator

extension PortalEmulatorSuites {
    @Suite("Documents & Media and bookmarks")
    struct DocumentTests {
        @Test("gallery listing: at least 100 images, paging and counts by MIME type (7.x)")
        func imageListing() async throws {
            try await withPortal(.v7) { portal in
                let count = try await portal.result("/dlapp/get-file-entries-count",
                                                    ["repositoryId": 20143, "folderId": 50001, "mimeTypes": ["image/png", "image/jpeg"]])
                #expect(try #require(count.intValue) >= 100)
                let page = try await portal.result("/dlapp/get-file-entries", [
                    "repositoryId": 20143, "folderId": 50001, "mimeTypes": ["image/png"], "start": 0, "end": 10, "obc": nil,
                ])
                let entries = try #require(page.arrayValue)
                #expect(entries.count == 10)
                let first = entries[0]
                for key in ["fileEntryId", "groupId", "folderId", "repositoryId", "uuid", "title", "version", "mimeType", "size", "createDate", "modifiedDate"] {
                    #expect(first[key] != nil, "missing \(key)")
                }
                #expect(first["version"] == "1.0")
                #expect(first["folderId"] == "50001")
                let none = try await portal.result("/dlapp/get-file-entries-count", ["repositoryId": 20143, "folderId": 50001, "mimeTypes": ["video/mpeg"]])
                #expect(none == 0)
                let folders = try await portal.result("/dlapp/get-folders", ["repositoryId": 20143, "parentFolderId": 0])
                #expect(folders[0]?["folderId"] == "50001")
                #expect(folders[0]?["name"] == "Demo images")
            }
        }

        @Test("6.2 lists file entries with its own overloads; the paged MIME-type overload is 7.x only")
        func imageListing62() async throws {
            try await withPortal(.v62) { portal in
                let byType = try await portal.result("/dlapp/get-file-entries", ["repositoryId": 20143, "folderId": 50001, "mimeTypes": ["image/png"]])
                #expect(try #require(byType.arrayValue?.count) >= 100)
                #expect(byType[0]?["fileEntryId"] == 51001)
                let paged = try await portal.result("/dlapp/get-file-entries", ["repositoryId": 20143, "folderId": 50001, "start": 100, "end": 200, "obc": nil])
                #expect(paged.arrayValue?.count == DemoIDs.imageCount - 100)
                let count = try await portal.result("/dlapp/get-file-entries-count", ["repositoryId": 20143, "folderId": 50001])
                #expect(count.intValue == DemoIDs.imageCount)
                let missing = try await portal.call("/dlapp/get-file-entries", [
                    "repositoryId": 20143, "folderId": 50001, "mimeTypes": ["image/png"], "start": 0, "end": 10, "obc": nil,
                ])
                #expect(missing.json == ["exception": "java.lang.RuntimeException",
                                         "message": "No JSON web service action with path /dlapp/get-file-entries and method POST for /"])
            }
        }

        @Test("the demo images are valid PNGs at their document URLs, with smaller thumbnails")
        func documentURLs() async throws {
            try await withPortal(.v7) { portal in
                let entry = try await portal.result("/dlapp/get-file-entry", ["fileEntryId": 51001])
                let title = try #require(entry["title"]?.stringValue)
                let uuid = try #require(entry["uuid"]?.stringValue)
                let encodedTitle = title.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!
                let image = try await portal.get("/documents/20143/50001/\(encodedTitle)/\(uuid)")
                #expect(image.status == 200)
                #expect(image.header("Content-Type") == "image/png")
                #expect(Array(image.body.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
                #expect(image.body.count == entry["size"]?.intValue)
                try PNGCheck.verify(image.body)
                let thumbnail = try await portal.get("/documents/20143/50001/\(encodedTitle)/\(uuid)?version=1.0&imageThumbnail=1")
                #expect(thumbnail.status == 200)
                #expect(thumbnail.body.count < image.body.count)
                try PNGCheck.verify(thumbnail.body)
                let missing = try await portal.get("/documents/20143/50001/\(encodedTitle)/not-a-uuid")
                #expect(missing.status == 404)
            }
        }

        @Test("multipart add-file-entry returns the bare FileEntry; the file is served and can be deleted", arguments: PortalVersion.allCases)
        func upload(version: PortalVersion) async throws {
            try await withPortal(version) { portal in
                let content = Array("Hello, portal!".utf8) + [0, 255, 13, 10]
                let boundary = "----termlets\(UUID().uuidString)"
                var body = [UInt8]()
                func field(_ name: String, _ value: String) {
                    body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
                }
                field("repositoryId", "20143")
                field("folderId", "50001")
                field("sourceFileName", "notes.bin")
                field("mimeType", "application/octet-stream")
                field("title", "Uploaded notes")
                field("description", "")
                field("changeLog", "Uploaded from a test")
                field("+serviceContext", "com.liferay.portal.kernel.service.ServiceContext")
                field("serviceContext.addGuestPermissions", "true")
                body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"notes.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
                body += content + Array("\r\n--\(boundary)--\r\n".utf8)
                let response = try await portal.post("/api/jsonws/dlapp/add-file-entry", body: body, contentType: "multipart/form-data; boundary=\(boundary)")
                #expect(response.status == 200)
                let entry = try JSONValue.parse(bytes: response.body)
                #expect(entry["title"] == "Uploaded notes")
                #expect(entry["size"] == portal.id(Int64(content.count)))
                #expect(entry["version"] == "1.0")
                #expect(entry["repositoryId"] == portal.id(20143))
                let uuid = try #require(entry["uuid"]?.stringValue)
                let download = try await portal.get("/documents/20143/50001/Uploaded%20notes/\(uuid)")
                #expect(download.body == content)

                let denied = try await portal.post("/api/jsonws/dlapp/add-file-entry", body: body,
                                                   contentType: "multipart/form-data; boundary=\(boundary)", as: DemoUser.viewer)
                #expect(try JSONValue.parse(bytes: denied.body)["exception"] != nil)

                let fileEntryId = try #require(entry["fileEntryId"]?.int64Value)
                _ = try await portal.result("/dlapp/delete-file-entry", ["fileEntryId": .int(fileEntryId)])
                let gone = try await portal.call("/dlapp/get-file-entry", ["fileEntryId": .int(fileEntryId)])
                #expect(gone.json["exception"] != nil)
            }
        }

        @Test("bookmarks: entries, counts, folders, add", arguments: PortalVersion.allCases)
        func bookmarks(version: PortalVersion) async throws {
            try await withPortal(version) { portal in
                let count = try await portal.result(portal.path(.bookmarks, "get-entries-count"), ["groupId": 20143, "folderId": 60001])
                #expect(count == 30)
                let all = try await portal.result(portal.path(.bookmarks, "get-entries"), ["groupId": 20143, "folderId": 60001, "start": -1, "end": -1])
                let names = try #require(all.arrayValue?.compactMap { $0["name"]?.stringValue })
                #expect(names.count == 30)
                #expect(names == names.sorted())
                #expect(all[0]?["url"]?.stringValue?.hasPrefix("https://") == true)
                let page = try await portal.result(portal.path(.bookmarks, "get-entries"), ["groupId": 20143, "folderId": 60001, "start": 5, "end": 10])
                #expect(page.arrayValue?.count == 5)
                let folders = try await portal.result(portal.path(.bookmarkFolders, "get-folders"), ["groupId": 20143, "parentFolderId": 0])
                #expect(folders[0]?["folderId"] == portal.id(60001))
                let added = try await portal.result(portal.path(.bookmarks, "add-entry"), [
                    "groupId": 20143, "folderId": 60001, "name": "Termlets", "url": "https://example.com/termlets", "description": "Added from a test",
                ])
                #expect(added["name"] == "Termlets")
                let after = try await portal.result(portal.path(.bookmarks, "get-entries-count"), ["groupId": 20143, "folderId": 60001])
                #expect(after == 31)
            }
        }

        @Test("the PNG encoder writes valid chunks, CRCs and Adler-32")
        func pngEncoder() throws {
            let png = PNGEncoder.encode(width: 3, height: 2, rgb: [UInt8](repeating: 200, count: 18))
            try PNGCheck.verify(png)
            #expect(PNGEncoder.crc32(Array("IEND".utf8)) == 0xAE42_6082)
            #expect(PNGEncoder.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
            let big = PNGEncoder.zlibStored([UInt8](repeating: 7, count: 70_000))
            #expect(big.count == 2 + 70_000 + 2 * 5 + 4, "two stored blocks")
            #expect(DemoImages.all.count >= 100)
            #expect(Set(DemoImages.all.map { "\($0.width)x\($0.height)" }).count >= 5)
        }
    }

    /// Checks a PNG's signature, chunk CRCs and the IDAT zlib stream (stored blocks + Adler-32).
    enum PNGCheck {
        struct Invalid: Error { let reason: String }

        static func verify(_ png: [UInt8]) throws {
            guard Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { throw Invalid(reason: "signature") }
            var index = 8
            var idat = [UInt8]()
            var width = 0
            var height = 0
            while index + 12 <= png.count {
                let length = Int(png[index]) << 24 | Int(png[index + 1]) << 16 | Int(png[index + 2]) << 8 | Int(png[index + 3])
                let type = Array(png[(index + 4)..<(index + 8)])
                let data = Array(png[(index + 8)..<(index + 8 + length)])
                let crcStart = index + 8 + length
                let crc = UInt32(png[crcStart]) << 24 | UInt32(png[crcStart + 1]) << 16 | UInt32(png[crcStart + 2]) << 8 | UInt32(png[crcStart + 3])
                guard crc == PNGEncoder.crc32(type + data) else { throw Invalid(reason: "crc of \(String(decoding: type, as: UTF8.self))") }
                if type == Array("IHDR".utf8) {
                    width = Int(data[0]) << 24 | Int(data[1]) << 16 | Int(data[2]) << 8 | Int(data[3])
                    height = Int(data[4]) << 24 | Int(data[5]) << 16 | Int(data[6]) << 8 | Int(data[7])
                }
                if type == Array("IDAT".utf8) { idat += data }
                index = crcStart + 4
            }
            guard index == png.count else { throw Invalid(reason: "trailing bytes") }
            var raw = [UInt8]()
            var position = 2
            while true {
                let final = idat[position] & 1
                let length = Int(idat[position + 1]) | Int(idat[position + 2]) << 8
                raw += idat[(position + 5)..<(position + 5 + length)]
                position += 5 + length
                if final == 1 { break }
            }
            let adler = UInt32(idat[position]) << 24 | UInt32(idat[position + 1]) << 16 | UInt32(idat[position + 2]) << 8 | UInt32(idat[position + 3])
            guard adler == PNGEncoder.adler32(raw) else { throw Invalid(reason: "adler32") }
            guard raw.count == (width * 3 + 1) * height else { throw Invalid(reason: "pixel data size") }
        }
    }
}
