import DDM
import Foundation
import Testing

@Suite("termlets portal")
struct PortalCommandTests {
    /// The built `termlets` binary, next to the test bundle.
    static var binary: URL {
        get throws {
            var directory = Bundle.module.bundleURL
            for _ in 0..<4 {
                directory = directory.deletingLastPathComponent()
                let candidate = directory.appendingPathComponent("termlets")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
            throw HarnessError.unexpected("termlets binary not found near \(Bundle.module.bundleURL.path); run swift build first")
        }
    }

    @Test("prints `listening on`, answers, and exits 0 promptly on SIGTERM")
    func runsAndStops() async throws {
        let data = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let process = Process()
        process.executableURL = try Self.binary
        process.arguments = ["portal", "--port", "0", "--portal-version", "6.2", "--data", data.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        let line = try await Self.firstLine(of: output.fileHandleForReading, within: 120)
        let match = try #require(line.firstMatch(of: /^listening on http:\/\/127\.0\.0\.1:(\d+)$/))
        let port = try #require(Int(match.1))
        let response = try await RawHTTPClient.send(port: port, method: "POST", path: "/api/jsonws/invoke",
                                                    headers: [("Authorization", DemoUser.basic("test", "test"))],
                                                    body: Array(#"[{"/ddlrecordset/get-record-set":{"recordSetId":40002}}]"#.utf8))
        #expect(response.status == 200)
        #expect(response.header("Liferay-Portal")?.contains("Build 6205") == true)
        #expect(try JSONValue.parse(bytes: response.body)[0]?["recordSetId"] == 40002)

        let stopStarted = Date()
        process.terminate()  // SIGTERM
        #expect(await eventually(within: 10) { !process.isRunning })
        #expect(Date().timeIntervalSince(stopStarted) < 10)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }

    /// Reads standard output on a thread until the first newline.
    static func firstLine(of handle: FileHandle, within seconds: TimeInterval) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                var bytes = [UInt8]()
                let deadline = Date().addingTimeInterval(seconds)
                while Date() < deadline {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    bytes += chunk
                    if let newline = bytes.firstIndex(of: 10) {
                        continuation.resume(returning: String(decoding: bytes[..<newline], as: UTF8.self))
                        return
                    }
                }
                continuation.resume(throwing: HarnessError.unexpected("no line on standard output: \(String(decoding: bytes, as: UTF8.self))"))
            }.start()
        }
    }
}
