import DDM
import Testing
import TermletsTestSupport

/// `termlets` with no command: the overview of the embedded emulator's demo site.
@Suite("termlets overview (the default command)")
struct OverviewCommandTests {
    @Test(arguments: ["7", "6.2"])
    func showsTheDemoSiteOnTheEmbeddedEmulator(version: String) async throws {
        let home = try CLIHome()
        let overview = try await home.json(["--portal-version", version])
        #expect(overview["embeddedEmulator"] == true)
        #expect(overview["portalVersion"]?.stringValue == version)
        #expect(overview["groupId"] == 20143)
        #expect(overview["siteName"] == "Termlets Demo")
        let sets = try #require(overview["recordSets"]?.arrayValue)
        let issues = try #require(sets.first { $0["recordSetId"] == 40002 })
        #expect(issues["records"] == 10_000)
        #expect(issues["name"] == "Issues", "6.2's localisation XML is resolved to the name")
        #expect(overview["imageFolders"]?.arrayValue?.contains { $0["folderId"] == 50001 } == true)
        #expect(overview["bookmarkFolders"]?.arrayValue?.contains { $0["folderId"] == 60001 } == true)
    }

    @Test func textOverviewSaysWhatToRunNext() async throws {
        let home = try CLIHome()
        let result = try await home.run(["--format", "text"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("the embedded portal emulator"))
        #expect(result.stdout.contains("termlets list --record-set-id 40002"))
    }
}
