import Foundation
import Screens
import TermletsTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The emulator's 120 demo images and their thumbnails, fetched from a `termlets portal` at the
/// portal's document URLs (as the gallery does), all decode at their announced sizes.
@Suite("PNG decoder on the emulator's demo images")
struct PNGDemoImageTests {
    @Test func everyDemoImageAndThumbnailDecodes() async throws {
        let folder = try TemporaryDirectory(prefix: "termlets-demo-images")
        // The portal seeds its own data: a copy of the test process's seeded data would first seed
        // it while holding a thread of this in-process round, whose timing tests share the pool.
        let portal = try SpawnedProcess(TermletsBinary.url, ["portal", "--port", "0", "--data", folder.path("portal").path])
        defer {
            portal.terminate()
        }
        let line = try await portal.firstLine(timeout: 300)
        let server = try #require(line.firstMatch(of: /^listening on (http:\/\/127\.0\.0\.1:\d+)$/).map { String($0.1) })
        let curl = URL(fileURLWithPath: "/usr/bin/env")
        let listing = try await ProcessRunner.run(curl, [
            "curl", "-s", "--fail", "-u", "test@liferay.com:test", "-H", "Content-Type: application/json", "-d",
            #"[{"/dlapp/get-file-entries": {"repositoryId": 20143, "folderId": 50001, "start": -1, "end": -1}}]"#,
            server + "/api/jsonws/invoke",
        ])
        #expect(listing.status == 0, "\(listing.stderr)")
        let answer = try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[[String: Any]]]
        let entries = try #require(answer?.first)
        #expect(entries.count == 120)

        var arguments = ["curl", "-s", "--fail"]
        var files: [(URL, thumbnail: Bool, title: String)] = []
        for (index, entry) in entries.enumerated() {
            let title = try #require(entry["title"] as? String)
            let uuid = try #require(entry["uuid"] as? String)
            let encoded = title.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? title
            let url = "\(server)/documents/20143/50001/\(encoded)/\(uuid)"
            for thumbnail in [false, true] {
                let file = folder.path("\(index)-\(thumbnail ? "thumb" : "full").png")
                arguments += [thumbnail ? url + "?version=1.0&imageThumbnail=1" : url, "-o", file.path]
                files.append((file, thumbnail, title))
            }
        }
        let download = try await ProcessRunner.run(curl, arguments, timeout: 120)
        #expect(download.status == 0, "\(download.stderr)")

        var fullSizes: Set<String> = []
        for (file, thumbnail, title) in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            do {
                let image = try PNGDecoder.decode(bytes)
                if thumbnail {
                    #expect(max(image.width, image.height) <= 48, "\(title) thumbnail is \(image.width)×\(image.height)")
                } else {
                    #expect((64...240).contains(image.width) && (48...180).contains(image.height), "\(title)")
                    fullSizes.insert("\(image.width)x\(image.height)")
                }
                #expect(image.rgba.contains { $0 != image.rgba[0] }, "\(title) is not one flat colour")
            } catch {
                Issue.record("\(title)\(thumbnail ? " (thumbnail)" : ""): \(error)")
            }
        }
        #expect(fullSizes.count == 7, "the demo images come in 7 sizes: \(fullSizes.sorted())")
    }
}
