import Foundation
import Testing
import TermletsTestSupport

/// The gallery screen of the real binary in tmux against `termlets portal --portal-version 7.4`
/// (issue 14, item 3): tiles and previews over headless-delivery, the path named on the status
/// line, an upload and a deletion, each read back from the portal with a plain HTTP GET of the
/// folder's headless documents.
@Suite("gallery screen in tmux over headless-delivery", .serialized)
struct HeadlessGalleryScreenTests {
    /// `GET <server>/o/headless-delivery/v1.0/document-folders/50001/documents?filter=title eq '<title>'` with curl.
    static func documents(titled title: String, server: String) async throws -> String {
        let filter = "title%20eq%20%27" + (title.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? title) + "%27"
        let result = try await ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["curl", "-s", "-u", "test@liferay.com:test", server + "/o/headless-delivery/v1.0/document-folders/50001/documents?filter=" + filter])
        return result.stdout
    }

    @Test func tilesUploadAndDeleteOverHeadlessDelivery() async throws {
        let folder = try TemporaryDirectory(prefix: "termlets-headless-gallery-screen")
        let portal = try SpawnedProcess.demoPortal(data: folder.path("portal"), ["--portal-version", "7.4"])
        defer { portal.terminate() }
        let line = try await portal.firstLine(timeout: 300)
        let server = try #require(line.firstMatch(of: /^listening on (http:\/\/127\.0\.0\.1:\d+)$/).map { String($0.1) }, "first line: \(line)")
        let image = folder.path("zebra.png")
        try Data(GalleryScreenTests.stripesPNG(width: 300, height: 200)).write(to: image)

        let terminal = try TmuxSession(
            [TermletsBinary.url.path, "gallery", "--folder-id", "50001", "--server", server, "--user", "test@liferay.com",
             "--cache-dir", folder.path("cache").path, "--config-dir", folder.path("config").path],
            columns: 120, rows: 30, environment: ["TERMLETS_PASSWORD": "test", "NO_COLOR": "", "COLORTERM": "truecolor"])
        let first = try await terminal.waitForScreen("the first tiles", timeout: 60) { $0.contains("1 of 120") && $0.contains("▸") }
        #expect(first.contains("headless-delivery"), "the status line names the path: \(first)")
        _ = try await waitFor("previews from the adapted images", timeout: TmuxSession.defaultScreenTimeout) {
            try terminal.screenWithStyles().contains("▀") ? true : nil
        }

        try terminal.send("u")
        try await terminal.waitFor(text: "Upload an image")
        try terminal.type(image.path)
        try terminal.send("Enter")
        try terminal.type("Zz headless")
        try terminal.send("Enter", "Enter")
        try await terminal.waitForScreen("the finished upload") { $0.contains("100% uploaded") && $0.contains("of 121") }
        let uploaded = try await Self.documents(titled: "Zz headless", server: server)
        #expect(uploaded.contains("\"totalCount\":1") || uploaded.contains("\"totalCount\": 1"), "\(uploaded)")

        try terminal.send("End")
        try await terminal.waitForScreen("the new tile") { $0.contains("▸Zz headless") && $0.contains("121 of 121") }
        try terminal.send("d")
        try await terminal.waitFor(text: "Delete “Zz headless”?")
        try terminal.send("y")
        try await terminal.waitForScreen("the tile gone") { $0.contains("of 120") && $0.contains("Deleted") }
        let gone = try await Self.documents(titled: "Zz headless", server: server)
        #expect(gone.contains("\"totalCount\":0") || gone.contains("\"totalCount\": 0"), "\(gone)")

        try terminal.send("q")
        let end = try await terminal.waitFor(text: "[exit ")
        #expect(end.contains("[exit 0]"), "\(end)")
    }
}
