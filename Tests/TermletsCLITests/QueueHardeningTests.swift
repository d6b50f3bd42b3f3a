import DDM
import Foundation
import Testing
import TermletsTestSupport

/// Issue 12, items 8–12, through the real binary against `termlets portal`: a damaged queued write,
/// bad local files, cache-only gallery uploads.
@Suite("termlets queue hardening: damaged writes, bad files, cache-only uploads")
struct QueueHardeningTests {
    static let password = ["TERMLETS_PASSWORD": "test"]

    /// The `cache.sqlite` of the (server, user) cache under the home's cache folder (not the
    /// embedded emulator's data).
    static func cacheDatabase(_ home: CLIHome) throws -> URL {
        let root = home.directory.path("cache")
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.path)
        let databases = folders.map { root.appendingPathComponent($0).appendingPathComponent("cache.sqlite") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        return try #require(databases.count == 1 ? databases.first : nil, "one cache among \(folders)")
    }

    /// Runs the `sqlite3` command-line shell on `database`.
    static func sqlite(_ database: URL, _ statement: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database.path, statement]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "sqlite3 \(statement)")
    }

    @Test func aDamagedQueuedWriteIsSetAsideAndTheOthersAreListedAndSent() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home)
        defer { portal.stop() }
        let server = portal.server()
        let read = try await home.runOffPool(
            ["form", "--record-set-id", "40003", "--offline-policy", "remote-first", "--format", "json"] + server,
            environment: Self.password)
        #expect(read.status == 0, "\(read.stderr)")
        let marker = UUID().uuidString.prefix(8)
        var queueIds: [String] = []
        for name in ["first", "damaged", "third"] {
            let queued = try await home.jsonOffPool(
                ["form", "--record-set-id", "40003", "--set", "Name=\(name)-\(marker)", "--submit", "--offline-policy", "cache-only"]
                    + server, environment: Self.password)
            #expect(queued["status"] == "queued")
            queueIds.append(try #require(queued["queueId"]?.stringValue))
        }
        try Self.sqlite(
            try Self.cacheDatabase(home),
            "UPDATE pending_write SET payload = '{\"recordSetId\": 40003, \"values\": {' WHERE queueId = '\(queueIds[1])';")

        let pending = try await home.jsonOffPool(["pending"] + server)
        let entries = try #require(pending.arrayValue)
        #expect(entries.compactMap { $0["queueId"]?.stringValue } == queueIds)
        #expect(entries.map { $0["state"] } == ["dirty", "failed", "dirty"])
        #expect(entries[1]["error"]?.stringValue?.hasPrefix("damaged in the offline cache") == true)
        let text = try await home.runOffPool(["pending", "--format", "text"] + server)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("\(queueIds[1])  add-record  failed"))

        let sync = try await home.runOffPool(["sync", "--format", "json"] + server, environment: Self.password)
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(try JSONValue.parse(sync.stdout) == ["synced": 2, "failed": 0, "conflicts": 0, "pending": 1])

        let readBack = PortalReadBack(server: portal.url)
        let names = try await readBack.records(recordSetId: 40003).compactMap { $0.values["Name"] }
        #expect(names.filter { $0.hasSuffix(String(marker)) }.sorted() == ["first-\(marker)", "third-\(marker)"])
        let after = try await home.jsonOffPool(["pending"] + server)
        #expect(after.arrayValue?.compactMap { $0["queueId"]?.stringValue } == [queueIds[1]])
    }

    /// A one-pixel PNG.
    static let pixelPNG = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")!

    /// Reads the form of record set 40001 once online, so that cache-only can queue against it.
    static func cacheForm(_ home: CLIHome, _ server: [String], recordSetId: String = "40001") async throws {
        let read = try await home.runOffPool(
            ["form", "--record-set-id", recordSetId, "--offline-policy", "remote-first", "--format", "json"] + server,
            environment: password)
        #expect(read.status == 0, "\(read.stderr)")
    }

    /// 12.9: the private copy of a document given as a link is the file's content, and sync delivers it.
    @Test func aDocumentGivenAsALinkIsQueuedAsItsContentAndDelivered() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home)
        defer { portal.stop() }
        let server = portal.server()
        try await Self.cacheForm(home, server)
        let real = home.directory.path("report.pdf")
        let content = Data("%PDF-1.4 quarterly figures".utf8)
        try content.write(to: real)
        let link = home.directory.path("link-to-report.pdf")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let title = "Linked \(UUID().uuidString.prefix(8))"
        let queued = try await home.jsonOffPool(
            ["form", "--record-set-id", "40001", "--set", "Title=\(title)", "--set", "Attachment=\(link.path)", "--submit",
             "--offline-policy", "cache-only"] + server, environment: Self.password)
        #expect(queued["status"] == "queued")

        let copies = try Self.cacheDatabase(home).deletingLastPathComponent().appendingPathComponent("files")
        let names = try FileManager.default.contentsOfDirectory(atPath: copies.path)
        #expect(names.count == 1)
        let copy = copies.appendingPathComponent(try #require(names.first))
        let attributes = try FileManager.default.attributesOfItem(atPath: copy.path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular, "the copy is the content, not a link")
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try Data(contentsOf: copy) == content)

        let sync = try await home.runOffPool(["sync", "--format", "json"] + server, environment: Self.password)
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(try JSONValue.parse(sync.stdout) == ["synced": 2, "failed": 0, "conflicts": 0, "pending": 0])
        let records = try await PortalReadBack(server: portal.url).records(recordSetId: 40001, where: "Title", is: title)
        #expect(records.count == 1)
        let attachment = try JSONValue.parse(try #require(records.first?.values["Attachment"]))
        #expect(attachment["uuid"]?.stringValue?.count == 36)
    }

    /// 12.10: a FIFO, a folder, devices, /proc files and a sparse 1 GiB file are refused at once as
    /// `input` errors, by the form (cache-only and online) and the gallery, and nothing is queued.
    @Test func badFilesAreRefusedAtOnceAndNothingIsQueued() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home)
        defer { portal.stop() }
        let server = portal.server()
        try await Self.cacheForm(home, server)
        let fifo = home.directory.path("pipe.png")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let folder = home.directory.path("a folder")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("inside"), withIntermediateDirectories: true)
        let sparse = home.directory.path("sparse.png")
        #expect(FileManager.default.createFile(atPath: sparse.path, contents: Data([0x89, 0x50, 0x4E, 0x47])))
        let handle = try FileHandle(forWritingTo: sparse)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let linkToFifo = home.directory.path("link-to-pipe.png")
        try FileManager.default.createSymbolicLink(at: linkToFifo, withDestinationURL: fifo)
        let cases: [(String, String)] = [
            (fifo.path, "FIFO"), (linkToFifo.path, "FIFO"), (folder.path, "is a folder"), ("/dev/zero", "is a device"),
            ("/proc/self/mem", "system file"), (sparse.path, "over the upload limit of 60.0 MB"),
        ]
        for (path, reason) in cases {
            for policy in ["cache-only", "remote-first"] {
                let started = Date()
                let result = try await home.runOffPool(
                    ["form", "--record-set-id", "40001", "--set", "Title=bad file", "--set", "Attachment=\(path)", "--submit",
                     "--offline-policy", policy] + server, environment: Self.password)
                #expect(result.status == 1, "\(path) \(policy)")
                #expect(result.stderr.hasPrefix("error: input: Attachment: "), "\(path) \(policy): \(result.stderr)")
                #expect(result.stderr.contains(reason), "\(path): \(result.stderr)")
                #expect(Date().timeIntervalSince(started) < 60, "refused at once")
            }
            let gallery = try await home.runOffPool(
                ["gallery", "--folder-id", "50001", "--repository-id", "20143", "--upload", path, "--offline-policy", "cache-only",
                 "--format", "json"] + server, environment: Self.password)
            #expect(gallery.status == 1)
            #expect(gallery.stderr.hasPrefix("error: input: --upload: "), "\(path): \(gallery.stderr)")
        }
        let pending = try await home.jsonOffPool(["pending"] + server)
        #expect(pending == [])
        let copies = try Self.cacheDatabase(home).deletingLastPathComponent().appendingPathComponent("files")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: copies.path)) ?? []).isEmpty)
    }

    /// 12.11: a cache-only gallery upload is queued without a single request; sync sends it.
    @Test func aCacheOnlyGalleryUploadSendsNoRequest() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home)
        defer { portal.stop() }
        let server = portal.server()
        let image = home.directory.path("dot.png")
        try Self.pixelPNG.write(to: image)
        let before = try await portal.requests().count
        let title = "Cache only \(UUID().uuidString.prefix(8))"
        let queued = try await home.jsonOffPool(
            ["gallery", "--folder-id", "50001", "--repository-id", "20143", "--upload", image.path, "--title", title,
             "--offline-policy", "cache-only"] + server, environment: Self.password)
        #expect(queued["status"] == "queued")
        let journal = try await portal.requests()
        #expect(journal.count == before, "requests: \(journal.dropFirst(before).map { $0["path"] ?? .null })")

        let sync = try await home.jsonOffPool(["sync"] + server, environment: Self.password)
        #expect(sync == ["synced": 1, "failed": 0, "conflicts": 0, "pending": 0])
        let listed = try await home.jsonOffPool(
            ["gallery", "--folder-id", "50001", "--repository-id", "20143", "--list", "--all", "--offline-policy", "remote-only"]
                + server, environment: Self.password)
        #expect(listed["entries"]?.arrayValue?.filter { $0["title"]?.stringValue == title }.count == 1)
    }

    /// 11.8: an image field uploads its file like a document field; the record holds the file
    /// reference, and `list --format text` shows the file's title.
    @Test func anImageFieldUploadsItsFileAndShowsItsTitle() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home)
        defer { portal.stop() }
        let server = portal.server()
        let image = home.directory.path("x.png")
        try Self.pixelPNG.write(to: image)
        let title = "With a photo \(UUID().uuidString.prefix(8))"
        let added = try await home.jsonOffPool(
            ["form", "--record-set-id", "40001", "--set", "Title=\(title)", "--set", "Photo=\(image.path)", "--submit"] + server,
            environment: Self.password)
        #expect(added["status"] == "added")
        let records = try await PortalReadBack(server: portal.url).records(recordSetId: 40001, where: "Title", is: title)
        let photo = try JSONValue.parse(try #require(records.first?.values["Photo"]))
        #expect(photo["uuid"]?.stringValue?.count == 36)
        #expect(photo["groupId"]?.int64Value == 20143)
        let fileTitle = try #require(photo["title"]?.stringValue)
        #expect(fileTitle.hasPrefix("form-file-"))
        #expect(!(records.first?.values["Photo"]?.contains(image.path) ?? true), "no local path on the portal")

        let text = try await home.runOffPool(
            ["list", "--record-set-id", "40001", "--all", "--format", "text"] + server, environment: Self.password)
        #expect(text.status == 0, "\(text.stderr)")
        let line = try #require(text.stdout.split(separator: "\n").first { $0.contains(title) })
        #expect(line.contains(fileTitle))
        #expect(!line.contains("\"uuid\""))
    }

    /// 11.8: image fields and the gallery refuse what is not an image, judged by content.
    @Test func imageFieldsAndTheGalleryRefuseFilesThatAreNotImages() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home)
        defer { portal.stop() }
        let server = portal.server()
        let pdf = home.directory.path("holiday.png")
        try Data("%PDF-1.7 not a picture".utf8).write(to: pdf)
        let before = try await portal.requests().count
        let form = try await home.runOffPool(
            ["form", "--record-set-id", "40001", "--set", "Title=no", "--set", "Photo=\(pdf.path)", "--submit"] + server,
            environment: Self.password)
        #expect(form.status == 1)
        #expect(form.stderr.hasPrefix("error: input: Photo: \(pdf.path) is not an image (it looks like a PDF)"), "\(form.stderr)")
        let gallery = try await home.runOffPool(
            ["gallery", "--folder-id", "50001", "--repository-id", "20143", "--upload", pdf.path, "--format", "json"] + server,
            environment: Self.password)
        #expect(gallery.status == 1)
        #expect(gallery.stderr.hasPrefix("error: input: --upload: \(pdf.path) is not an image (it looks like a PDF)"), "\(gallery.stderr)")
        let uploads = try await portal.requests().dropFirst(before).filter { ($0["path"]?.stringValue ?? "").contains("add-file-entry") }
        #expect(uploads.isEmpty, "nothing uploaded")
    }
}
