import DDM
import Foundation
import Testing
import TermletsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real binary's gallery against `termlets portal --portal-version 7.4` (issue 14, item 3):
/// it lists, uploads and deletes through headless-delivery and says so (`"transport"`); every
/// outcome is read back from the portal with a plain HTTP GET of the headless folder documents.
/// On the 7.x portal the gallery keeps `dlapp`.
@Suite("gallery CLI over headless-delivery")
struct HeadlessGalleryCLITests {
    static let password = ["TERMLETS_PASSWORD": "test"]

    /// An independent read of the portal: `GET <portal>/o/headless-delivery/v1.0/<path>` with Basic credentials.
    static func readBack(_ portal: TestPortal, _ path: String) async throws -> (status: Int, json: JSONValue?) {
        var request = URLRequest(url: URL(string: portal.url + "/o/headless-delivery/v1.0/" + path)!)
        request.setValue("Basic " + Data("test@liferay.com:test".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        request.setValue("close", forHTTPHeaderField: "Connection")
        request.timeoutInterval = 30
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, try? JSONValue.parse(bytes: Array(data)))
    }

    @Test func listUploadAndDeleteGoThroughHeadlessDeliveryOnStock74() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, extra: ["--portal-version", "7.4"])
        defer { portal.stop() }
        let listing = try await home.json(["gallery", "--list", "--folder-id", "50001"] + portal.server(), environment: Self.password)
        #expect(listing["transport"] == "headless-delivery")
        #expect(listing["rowCount"] == 120)
        #expect(listing["entries"]?.arrayValue?.count == 50)
        let text = try await home.run(["gallery", "--list", "--folder-id", "50001", "--format", "text"] + portal.server(), environment: Self.password)
        #expect(text.stdout.contains("50 of 120 images via headless-delivery"), "\(text.stdout.suffix(200))")

        let file = home.directory.path("cli-headless.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 3, count: 9_000)).write(to: file)
        let uploaded = try await home.json(
            ["gallery", "--upload", file.path, "--title", "CLI headless", "--folder-id", "50001"] + portal.server(), environment: Self.password)
        #expect(uploaded["status"] == "uploaded")
        #expect(uploaded["transport"] == "headless-delivery")
        let id = try #require(uploaded["fileEntryId"]?.int64Value)
        let found = try await Self.readBack(portal, "document-folders/50001/documents?filter=title%20eq%20%27CLI%20headless%27")
        #expect(found.status == 200)
        #expect(found.json?["totalCount"] == 1)
        #expect(found.json?["items"]?[0]?["id"]?.int64Value == id)
        #expect(found.json?["items"]?[0]?["sizeInBytes"] == 9_008)
        let journal = try await portal.requests()
        #expect(journal.contains { $0["method"] == "POST" && $0["path"] == "/o/headless-delivery/v1.0/document-folders/50001/documents" })
        #expect(!journal.contains { $0["services"]?.arrayValue?.contains("/dlapp/add-file-entry") == true })

        let deleted = try await home.json(["gallery", "--delete", String(id), "--folder-id", "50001"] + portal.server(), environment: Self.password)
        #expect(deleted["status"] == "deleted" && deleted["transport"] == "headless-delivery")
        #expect(try await Self.readBack(portal, "documents/\(id)").status == 404)
        let deletedText = try await home.run(
            ["gallery", "--delete", "51002", "--folder-id", "50001", "--format", "text"] + portal.server(), environment: Self.password)
        #expect(deletedText.stdout.contains("transport: headless-delivery"), "\(deletedText.stdout) \(deletedText.stderr)")
        #expect(try await Self.readBack(portal, "documents/51002").status == 404)
    }

    /// A site's root folder (`--folder-id 0`) takes uploads too: `POST sites/{siteId}/documents`,
    /// as Liferay's headless-delivery has it; the document is read back from the site's root listing.
    @Test func anUploadToTheRootFolderGoesToTheSitesDocuments() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home, extra: ["--portal-version", "7.4"])
        defer { portal.stop() }
        let file = home.directory.path("root-headless.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 4_000)).write(to: file)
        let uploaded = try await home.json(
            ["gallery", "--upload", file.path, "--title", "Root headless", "--folder-id", "0"] + portal.server(), environment: Self.password)
        #expect(uploaded["status"] == "uploaded", "\(uploaded)")
        #expect(uploaded["transport"] == "headless-delivery")
        let id = try #require(uploaded["fileEntryId"]?.int64Value)
        let journal = try await portal.requests()
        let posts = journal.filter { $0["method"] == "POST" && ($0["path"]?.stringValue ?? "").hasSuffix("/documents") }
        #expect(posts.count == 1 && posts.first?["path"]?.stringValue?.hasPrefix("/o/headless-delivery/v1.0/sites/") == true, "\(posts)")
        let site = try #require(posts.first?["path"]?.stringValue?.split(separator: "/").dropLast().last)
        let found = try await Self.readBack(portal, "sites/\(site)/documents?filter=title%20eq%20%27Root%20headless%27")
        #expect(found.status == 200)
        #expect(found.json?["totalCount"] == 1)
        #expect(found.json?["items"]?[0]?["id"]?.int64Value == id)
        #expect(found.json?["items"]?[0]?["documentFolderId"] == 0 || found.json?["items"]?[0]?["documentFolderId"] == nil)
        let again = try await home.run(
            ["gallery", "--upload", file.path, "--title", "Root headless", "--folder-id", "0"] + portal.server(), environment: Self.password)
        #expect(again.status == 1 && again.stderr.contains("Root headless"), "a second document of the same title is refused: \(again.stderr)")
    }

    @Test func the7xPortalKeepsDlapp() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home)
        defer { portal.stop() }
        let listing = try await home.json(["gallery", "--list", "--folder-id", "50001"] + portal.server(), environment: Self.password)
        #expect(listing["transport"] == "jsonws")
        #expect(listing["rowCount"] == 120)
        // The text table gives sizes as the screens do (one byte formatter), not raw byte counts.
        let size = try #require(listing["entries"]?[0]?["size"]?.int64Value)
        let table = try await home.run(["gallery", "--list", "--folder-id", "50001", "--format", "text"] + portal.server(), environment: Self.password)
        #expect(table.stdout.contains(ByteSize.text(size)), "\(table.stdout.prefix(400))")
        #expect(!table.stdout.contains(" \(size)\n"), "\(table.stdout.prefix(400))")
        let journal = try await portal.requests()
        #expect(journal.contains { $0["services"]?.arrayValue?.contains("/dlapp/get-file-entries") == true })
        #expect(!journal.contains { ($0["path"]?.stringValue ?? "").contains("/documents?page=") })
        // The text of an outcome is today's on dlapp: the path is named only when it is headless.
        let deleted = try await home.run(
            ["gallery", "--delete", "51001", "--folder-id", "50001", "--format", "text"] + portal.server(), environment: Self.password)
        #expect(deleted.status == 0 && deleted.stdout.contains("status: deleted"), "\(deleted.stderr)")
        #expect(!deleted.stdout.contains("transport"), "\(deleted.stdout)")
    }
}
