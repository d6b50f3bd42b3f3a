import DDM
import Foundation
import Testing
import TermletsTestSupport

/// The real binary against `termlets portal` while the portal misbehaves in one way (latency
/// spikes, injected 500s, dropped and half-written answers, offline): every command ends within
/// its time limit with its result, a queued write or one clear `error: <kind>: …` line; once the
/// fault clears, `termlets sync` brings every queued write to the portal exactly once. One case per
/// kind of fault, each with its own portal and cache, so the cases run side by side.
@Suite("faults: every command under one kind of fault")
struct FaultKindTests {
    static let env = FaultsTests.env

    @Test(.timeLimit(.minutes(10)), arguments: FaultsTests.faults.indices)
    func everyCommandEndsClearlyAndNoQueuedEditIsLost(fault index: Int) async throws {
        let fault = FaultsTests.faults[index]
        let home = try CLIHome()
        let portal = try await TestPortal.start(home)
        defer { portal.stop() }
        let server = portal.server()
        let image = home.directory.path("pixel one.png")
        try Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")!
            .write(to: image)
        // Read the form and the gallery once online so that the cache can stand in later.
        #expect(try await home.run(["form", "--record-set-id", "40001", "--offline-policy", "remote-first", "--format", "json"] + server, environment: Self.env).status == 0)
        #expect(try await home.run(["gallery", "--folder-id", "50001", "--list", "--format", "json"] + server, environment: Self.env).status == 0)

        try await portal.setFaults(fault.settings)
        let title = "fault \(index) \(fault.name)"
        let started = Date()
        let submit = try await home.run(
            ["form", "--record-set-id", "40001", "--set", "Title=\(title)", "--submit", "--offline-policy", "remote-first",
             "--format", "json"] + server, environment: Self.env)
        #expect(FaultsTests.isClear(submit), "\(fault.name): form --submit: \(submit.status) \(submit.stderr)")
        let submitted = submit.status == 0 ? (try JSONValue.parse(submit.stdout)["status"]?.stringValue ?? "?") : "error"
        let uploadTitle = "upload \(index)"
        let upload = try await home.run(
            ["gallery", "--folder-id", "50001", "--upload", image.path, "--title", uploadTitle, "--repository-id", "20143",
             "--format", "json"] + server, environment: Self.env)
        #expect(FaultsTests.isClear(upload), "\(fault.name): gallery --upload: \(upload.status) \(upload.stderr)")
        let uploaded = upload.status == 0 ? (try JSONValue.parse(upload.stdout)["status"]?.stringValue ?? "uploaded") : "error"
        let list = try await home.run(["list", "--record-set-id", "40001", "--format", "json"] + server, environment: Self.env)
        #expect(FaultsTests.isClear(list), "\(fault.name): list: \(list.status) \(list.stderr)")
        let sync = try await home.run(["sync", "--format", "json"] + server, environment: Self.env)
        #expect(FaultsTests.isClear(sync) || sync.stderr.hasPrefix("error: "), "\(fault.name): sync: \(sync.status) \(sync.stderr)")
        #expect(Date().timeIntervalSince(started) < 240, "\(fault.name): the commands ended in time")
        if fault.settings["offline"] == true {
            #expect(submitted == "queued", "offline, the submit is queued: \(submit.stdout) \(submit.stderr)")
            #expect(uploaded == "queued", "offline, the upload is queued: \(upload.stdout) \(upload.stderr)")
        }

        // The fault clears: sync sends whatever is still queued, and nothing stays behind.
        try await portal.clearFaults()
        let finalSync = try await home.run(["sync", "--format", "json"] + server, environment: Self.env)
        #expect(finalSync.status == 0, "\(finalSync.stderr)")
        let pending = try JSONValue.parse(try await home.run(["pending", "--format", "json"] + server, environment: Self.env).stdout)
        #expect(pending.arrayValue?.isEmpty == true, "nothing stays queued: \(pending.serialized())")

        let counts = try await portal.valueCounts(40001, field: "Title")
        switch submitted {
        case "added", "queued": #expect(counts[title] == 1, "\(title) (\(submitted)) is on the portal exactly once: \(counts[title] ?? 0)")
        default: #expect((counts[title] ?? 0) <= 1, "\(title) (\(submitted)) is never duplicated")
        }
        let listing = try JSONValue.parse(try await home.run(
            ["gallery", "--folder-id", "50001", "--list", "--all", "--format", "json"] + server, environment: Self.env).stdout)
        let titles = (listing["images"]?.arrayValue ?? listing["entries"]?.arrayValue ?? listing.arrayValue ?? []).compactMap { $0["title"]?.stringValue }
        #expect(!titles.isEmpty)
        if uploaded == "error" {
            #expect(titles.filter { $0 == uploadTitle }.count <= 1, "\(uploadTitle) is never duplicated")
        } else {
            #expect(titles.filter { $0 == uploadTitle }.count == 1, "\(uploadTitle) (\(uploaded)) uploaded exactly once")
        }
    }
}
