import DDM
import Foundation
import Testing
import TermletsTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The gallery screen of the real binary in a real terminal (tmux), against `termlets portal`
/// started by the test: previews, an upload with its progress bar and its tile, a deletion with
/// confirmation, and an upload while the portal is offline shown as pending.
@Suite("gallery screen in tmux", .serialized)
struct GalleryScreenTests {
    @Test func uploadSeeDeleteAndGoOffline() async throws {
        let fixture = try await GalleryPortal.start(prefix: "termlets-gallery-screen")
        defer {
            fixture.portal.terminate()
        }
        let (folder, server, image) = (fixture.folder, fixture.server, fixture.image)

        let terminal = try TmuxSession(
            fixture.galleryCommand,
            columns: 100, rows: 30,
            environment: ["TERMLETS_PASSWORD": "test", "NO_COLOR": "", "COLORTERM": "truecolor"])

        // The first screen: tiles with previews of the decoded demo PNGs, drawn in colour (256
        // colours under tmux-256color; 24-bit where terminfo is direct-colour).
        try await terminal.waitForScreen("the first tiles", timeout: 60) { $0.contains("1 of 120") && $0.contains("▸") }
        _ = try await waitFor("previews in colour", timeout: TmuxSession.defaultScreenTimeout) {
            let styled = try terminal.screenWithStyles()
            return styled.contains("▀") && (styled.contains("38;5;") || styled.contains("38;2;")) ? true : nil
        }
        let first = try terminal.screen()
        #expect(!first.contains("corrupt") && !first.contains("no preview"), "\(first)")

        // Upload: the path prompt (Tab completes), a title, the progress bar, then the tile.
        try terminal.send("u")
        try await terminal.waitFor(text: "Upload an image")
        try terminal.type(folder.path("zeb").path)
        try terminal.send("Tab")
        try await terminal.waitFor(text: "zebra.png")
        try terminal.send("Enter")
        try terminal.type("Zz upload")
        try terminal.send("Enter")
        try terminal.type("Stripes from a test")
        try terminal.send("Enter")
        let uploaded = try await terminal.waitForScreen("the finished progress bar") {
            $0.contains("100% uploaded") && $0.contains("of 121")
        }
        #expect(uploaded.contains("[████"), "\(uploaded)")
        try terminal.send("End")
        try await terminal.waitForScreen("the new tile") { $0.contains("▸Zz upload") && $0.contains("121 of 121") }

        // Delete it, with confirmation.
        try terminal.send("d")
        try await terminal.waitFor(text: "Delete “Zz upload”?")
        try terminal.send("y")
        // The queue row still names the upload ("Zz upload [████…"); its tile is gone.
        try await terminal.waitForScreen("the tile gone") {
            $0.contains("of 120") && $0.contains("Deleted") && !$0.contains("Zz upload\n") && !$0.contains("Zz upload  ")
        }

        // Offline: an upload waits in the queue, shown as pending.
        let faults = try await ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["curl", "-s", "-X", "POST", "-H", "Content-Type: application/json", "-d", #"{"offline": true}"#, server + "/_emulator/faults"])
        #expect(faults.status == 0 && faults.stdout.contains("\"offline\":true"), "\(faults.stdout) \(faults.stderr)")
        try terminal.send("u")
        try await terminal.waitFor(text: "Upload an image")
        try terminal.type(image.path)
        try terminal.send("Enter", "Enter", "Enter")
        let offline = try await fixture.explainingFailure {
            try await terminal.waitForScreen("the pending upload", timeout: 60) {
                $0.contains("pending sync (offline)") && $0.contains("offline")
            }
        }
        #expect(offline.contains("1 pending"), "\(offline)")

        try terminal.send("q")
        let end = try await terminal.waitFor(text: "[exit ")
        #expect(end.contains("[exit 0]"), "\(end)")

        // A new run with the portal still offline: tiles and their previews come from the cache.
        let offlineRun = try TmuxSession(
            fixture.galleryCommand + ["--group-id", "20143"],
            columns: 100, rows: 30, environment: ["TERMLETS_PASSWORD": "test", "NO_COLOR": ""])
        try await offlineRun.waitForScreen("the cached tiles", timeout: 60) { $0.contains("1 of 120") && $0.contains("offline") }
        _ = try await waitFor("cached previews drawn", timeout: TmuxSession.defaultScreenTimeout) {
            let styled = try offlineRun.screenWithStyles()
            return styled.contains("▀") && styled.contains("38;5;") ? true : nil
        }
        let cached = try offlineRun.screen()
        #expect(!cached.contains("not in the offline cache"), "\(cached)")
        try offlineRun.send("q")
        try await offlineRun.waitFor(text: "[exit 0]")
    }

    /// Automatic sync on the gallery's own screen: an upload queued while the portal is away goes
    /// out once it answers, the message says so and the new tile appears.
    @Test func anUploadQueuedOfflineIsSentWhenThePortalIsBack() async throws {
        let fixture = try await GalleryPortal.start(prefix: "termlets-gallery-autosync")
        defer {
            fixture.portal.terminate()
        }
        let (server, image) = (fixture.server, fixture.image)
        let terminal = try await TmuxSession.startOffPool(
            fixture.galleryCommand, columns: 100, rows: 30, environment: ["TERMLETS_PASSWORD": "test", "NO_COLOR": ""])
        try await terminal.screen("the first tiles", timeout: 120) { $0.contains("1 of 120") }

        try await BrowserScreenTests.setOffline(true, server)
        try await terminal.press("u")
        try await terminal.screen(containing: "Upload an image")
        try await terminal.typeOffPool(image.path)
        try await terminal.press("Enter")
        try await terminal.typeOffPool("Queued zebra")
        try await terminal.press("Enter", "Enter")
        let queued = try await terminal.screen("the pending upload") { $0.contains("pending sync (offline)") }
        #expect(queued.contains("1 pending"), "\(queued)")

        try await BrowserScreenTests.setOffline(false, server)
        let synced = try await terminal.screen("the upload sent on its own and its tile", timeout: 90) {
            $0.contains("Synced 1 queued write automatically") && $0.contains("of 121") && !$0.contains("pending")
        }
        #expect(synced.contains("online"), "\(synced)")
        try await terminal.press("End")
        try await terminal.screen("the new tile") { $0.contains("Queued zebra") && $0.contains("121 of 121") }
        try await terminal.press("q")
        #expect(try await terminal.screen(containing: "[exit ").contains("[exit 0]"))
    }

    /// Issue 15: `x` cancels a running upload on the real binary. The portal waits before it reads
    /// an upload's body, so a 40 MiB image is still on its way when `x` comes: the screen says it
    /// was cancelled, and afterwards the portal has no new image and nothing waits for sync (read
    /// back with separate commands).
    @Test func aRunningUploadIsCancelledWithX() async throws {
        let fixture = try await GalleryPortal.start(prefix: "termlets-gallery-cancel")
        defer {
            fixture.portal.terminate()
        }
        let (folder, server) = (fixture.folder, fixture.server)
        let large = folder.path("large.png")
        var bytes = Self.stripesPNG(width: 30, height: 20)
        bytes += [UInt8](repeating: 0, count: (40 << 20) - bytes.count)
        try Data(bytes).write(to: large)
        let slow = try await ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["curl", "-sS", "-X", "POST", "-H", "Content-Type: application/json", "-d", #"{"latencyMs": 20000, "pathPrefix": "/api/jsonws/dlapp"}"#,
             server + "/_emulator/faults"])
        #expect(slow.status == 0, "\(slow.stderr)")
        let terminal = try await TmuxSession.startOffPool(
            fixture.galleryCommand, columns: 100, rows: 30, environment: ["TERMLETS_PASSWORD": "test", "NO_COLOR": ""])
        try await terminal.screen("the first tiles", timeout: 120) { $0.contains("1 of 120") }
        try await terminal.press("u")
        try await terminal.screen(containing: "Upload an image")
        try await terminal.typeOffPool(large.path)
        try await terminal.press("Enter")
        try await terminal.typeOffPool("Never kept")
        try await terminal.press("Enter", "Enter")
        try await terminal.screen("the upload running, x offered") { $0.contains("Never kept") && $0.contains("x cancel upload") }
        try await terminal.press("x")
        let cancelled = try await terminal.screen("the upload cancelled", timeout: 60) {
            $0.contains("Upload of Never kept cancelled: nothing was kept")
        }
        #expect(!cancelled.contains("x cancel upload"), "nothing runs any more: \(cancelled)")
        try await terminal.press("q")
        #expect(try await terminal.screen(containing: "[exit ").contains("[exit 0]"))

        let options = ["--server", server, "--user", "test@liferay.com", "--cache-dir", folder.path("cache").path,
                       "--config-dir", folder.path("config").path, "--format", "json"]
        let pending = try await ProcessRunner.termlets(["pending"] + options, environment: ["TERMLETS_PASSWORD": "test"])
        #expect(pending.status == 0 && (try? JSONValue.parse(pending.stdout))?.arrayValue?.isEmpty == true, "nothing queued: \(pending.stdout)")
        let listing = try await ProcessRunner.termlets(
            ["gallery", "--folder-id", "50001", "--list", "--all"] + options, environment: ["TERMLETS_PASSWORD": "test"])
        #expect(listing.status == 0, "\(listing.stderr)")
        #expect(!listing.stdout.contains("Never kept"), "the portal has no such image")
        #expect((try? JSONValue.parse(listing.stdout))?["rowCount"] == 120, "\(listing.stdout.prefix(300))")
    }

    /// A 300×200 RGB PNG of vertical stripes, stored (uncompressed) deflate blocks.
    static func stripesPNG(width: Int, height: Int) -> [UInt8] {
        var scanlines: [UInt8] = []
        for _ in 0..<height {
            scanlines.append(0)
            for x in 0..<width { scanlines += (x / 20) % 2 == 0 ? [20, 20, 20] : [240, 240, 240] }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        while offset < scanlines.count {
            let length = min(65_535, scanlines.count - offset)
            zlib.append(offset + length == scanlines.count ? 1 : 0)
            zlib += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            zlib += scanlines[offset..<offset + length]
            offset += length
        }
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in scanlines {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        zlib += be32(b << 16 | a)
        let header = be32(UInt32(width)) + be32(UInt32(height)) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let bytes = Array(type.utf8) + body
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return be32(UInt32(body.count)) + bytes + be32(~crc)
    }

    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}

/// A `termlets portal` of the gallery test's own (on a copy of the demo data; stop it with
/// `portal.terminate()`), its address, a striped PNG to upload, and the gallery command for it.
struct GalleryPortal {
    let folder: TemporaryDirectory
    let portal: SpawnedProcess
    let server: String
    let image: URL

    static func start(prefix: String) async throws -> GalleryPortal {
        let folder = try TemporaryDirectory(prefix: prefix)
        let portal = try SpawnedProcess.demoPortal(data: folder.path("portal"))
        do {
            let line = try await portal.firstLine(timeout: 300)
            let server = try #require(
                line.firstMatch(of: /^listening on (http:\/\/127\.0\.0\.1:\d+)$/).map { String($0.1) }, "first line: \(line)")
            let image = folder.path("zebra.png")
            try Data(GalleryScreenTests.stripesPNG(width: 300, height: 200)).write(to: image)
            return GalleryPortal(folder: folder, portal: portal, server: server, image: image)
        } catch {
            portal.terminate()
            throw error
        }
    }

    /// Runs `step`; when it fails, the failure also lists the portal's last requests (did the
    /// upload reach it, and how did it end?), so that a failure in CI explains itself.
    func explainingFailure<T>(_ step: () async throws -> T) async throws -> T {
        do {
            return try await step()
        } catch {
            throw Explained(failure: "\(error)", journal: await lastRequests())
        }
    }

    /// The last `count` requests of the portal's journal, one line each (method, path, services,
    /// status or fault).
    func lastRequests(_ count: Int = 15) async -> String {
        guard let result = try? await ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["curl", "-s", "-m", "10", server + "/_emulator/requests"]),
            let requests = try? JSONValue.parse(result.stdout)["requests"]?.arrayValue
        else { return "<the journal could not be read>" }
        return requests.suffix(count).map { request in
            let services = request["services"]?.arrayValue?.compactMap(\.stringValue).joined(separator: ",") ?? ""
            let ending = request["status"]?.int64Value.map { "→ \($0)" } ?? "→ no answer"
            let fault = request["fault"]?.stringValue.map { " (\($0))" } ?? ""
            return [request["method"]?.stringValue ?? "?", request["path"]?.stringValue ?? "?", services, ending + fault]
                .filter { !$0.isEmpty }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    /// A step's failure with the portal's last requests.
    struct Explained: Error, CustomStringConvertible {
        let failure: String
        let journal: String
        var description: String { "\(failure)\n--- the portal's last requests ---\n\(journal)" }
    }

    /// `termlets gallery` of the demo folder on this portal, with the test's own folders.
    var galleryCommand: [String] {
        [TermletsBinary.url.path, "gallery", "--folder-id", "50001", "--server", server, "--user", "test@liferay.com",
         "--cache-dir", folder.path("cache").path, "--config-dir", folder.path("config").path]
    }
}
