import DDM
import Foundation
import Testing
import TermletsTestSupport

/// `termlets form --object` (issue 14, CONTRACT.md "Modern portals") with the real binary against
/// `termlets portal --portal-version 7.4`, every write read back with a plain `GET /o/c/…`.
@Suite("form --object: Liferay Objects entries added and updated")
struct ObjectsFormTests {
    static let password = ["TERMLETS_PASSWORD": "test"]
    static let tickets = "/o/c/tickets/scopes/20143"

    static func start74() async throws -> (CLIHome, TestPortal) {
        let home = try CLIHome()
        return (home, try await TestPortal.start(home, extra: ["--portal-version", "7.4"]))
    }

    @Test func aNewEntryWithEveryBusinessTypeIsOnThePortalOnceWithItsERC() async throws {
        let (home, portal) = try await Self.start74()
        defer { portal.stop() }
        let readBack = ObjectsReadBack(server: portal.url)
        let before = try await readBack.totalCount(Self.tickets)
        let file = home.directory.path("screenshot.png")
        try Data("not really a png".utf8).write(to: file)
        let sets = [
            "title=Printer on fire", "description=Line one\nline two", "priority=-7", "estimateMinutes=9000000000", "effortHours=2.5",
            "cost=12345.67", "resolved=true", "dueDate=2026-02-28", "reportedAt=2026-01-15T09:30:00Z", "severity=major",
            "labels=ui,security", "screenshot=\(file.path)", "r_customerTickets_c_customerId=74003",
        ]
        let result = try await home.json(
            ["form", "--object", "Ticket", "--submit"] + sets.flatMap { ["--set", $0] } + portal.server(), environment: Self.password)
        #expect(result["status"] == "added")
        #expect(result["workflowStatus"] == "approved")
        #expect(result["queueId"] == .null)
        let id = try #require(result["recordId"]?.int64Value)
        let erc = try #require(result["externalReferenceCode"]?.stringValue)
        #expect(erc.hasPrefix("termlets-"))

        let entry = try #require(try await readBack.entry("tickets", id: id))
        #expect(entry["externalReferenceCode"] as? String == erc)
        #expect(entry["title"] as? String == "Printer on fire")
        #expect(entry["description"] as? String == "Line one\nline two")
        #expect((entry["priority"] as? NSNumber)?.int64Value == -7)
        #expect((entry["estimateMinutes"] as? NSNumber)?.int64Value == 9_000_000_000)
        #expect((entry["effortHours"] as? NSNumber)?.doubleValue == 2.5)
        #expect((entry["cost"] as? NSNumber)?.doubleValue == 12345.67)
        #expect(entry["resolved"] as? Bool == true)
        #expect(entry["dueDate"] as? String == "2026-02-28")
        #expect(entry["reportedAt"] as? String == "2026-01-15T09:30:00Z")
        #expect((entry["severity"] as? [String: Any])?["key"] as? String == "major")
        #expect((entry["labels"] as? [[String: Any]])?.compactMap { $0["key"] as? String } == ["ui", "security"])
        #expect((entry["screenshot"] as? [String: Any])?["name"] as? String == "screenshot.png", "the local file was uploaded and attached")
        #expect((entry["r_customerTickets_c_customerId"] as? NSNumber)?.int64Value == 74003)
        #expect(try await readBack.entries(Self.tickets, filter: "externalReferenceCode eq '\(erc)'").count == 1)
        #expect(try await readBack.totalCount(Self.tickets) == before + 1)
    }

    @Test func anUpdateChangesOnlyTheFieldsGivenAndADraftIsADraft() async throws {
        let (home, portal) = try await Self.start74()
        defer { portal.stop() }
        let readBack = ObjectsReadBack(server: portal.url)
        let original = try #require(try await readBack.entry("tickets", id: 200_001))
        let result = try await home.json(
            ["form", "--object", "Ticket", "--record-id", "200001", "--set", "priority=9", "--submit", "--draft"] + portal.server(),
            environment: Self.password)
        #expect(result["status"] == "updated")
        #expect(result["recordId"] == 200_001)
        #expect(result["workflowStatus"] == "draft")
        let updated = try #require(try await readBack.entry("tickets", id: 200_001))
        #expect((updated["priority"] as? NSNumber)?.intValue == 9)
        #expect(updated["title"] as? String == original["title"] as? String)
        #expect((updated["severity"] as? [String: Any])?["key"] as? String == (original["severity"] as? [String: Any])?["key"] as? String)
        #expect((updated["status"] as? [String: Any])?["code"] as? Int == 2)
        #expect(updated["externalReferenceCode"] as? String == "TICKET-1")

        let shown = try await home.json(["form", "--object", "Ticket", "--record-id", "200001"] + portal.server(), environment: Self.password)
        #expect(shown["object"] == "Ticket")
        #expect(shown["recordId"] == 200_001)
        #expect(shown["valid"] == true)
        let priority = try #require(shown["fields"]?.arrayValue?.first { $0["name"] == "priority" })
        #expect(priority["values"] == ["9"])
        let withFile = try await home.json(["form", "--object", "Ticket", "--record-id", "200050"] + portal.server(), environment: Self.password)
        let screenshot = try #require(withFile["fields"]?.arrayValue?.first { $0["name"] == "screenshot" })
        let name = try #require(try await readBack.entry("tickets", id: 200_050)?["screenshot"] as? [String: Any])["name"] as? String
        #expect(screenshot["values"] == [JSONValue(name)], "an attachment shows as the file's title")
    }

    /// Problems read as for record sets: `<label>: <problem>` (one wording, issue 15).
    @Test func invalidValuesSayWhatAndSendNothing() async throws {
        let (home, portal) = try await Self.start74()
        defer { portal.stop() }
        let readBack = ObjectsReadBack(server: portal.url)
        let before = try await readBack.totalCount(Self.tickets)
        for (sets, line) in [
            (["title=x", "reportedAt=tomorrow"], "error: input: Reported at: “tomorrow” is not a date and time (ISO-8601, e.g. 2024-01-15T09:00:00Z).\n"),
            (["title=x", "priority=many"], "error: input: Priority: “many” is not a number.\n"),
            (["title=x", "priority=3000000000"], "error: input: Priority: “3000000000” is too large a number.\n"),
            (["title=x", "severity=huge"], "error: input: Severity: “huge” is not one of the options.\n"),
            (["title=x", "nosuch=1"], "error: input: Ticket has no field nosuch\n"),
            (["title=x", "screenshot=/no/such/file.png"], "error: input: Screenshot: /no/such/file.png is neither a file nor the ID of a Documents and Media file\n"),
            (["priority=3"], "error: validation: Title: This field is required.\n"),
        ] {
            let result = try await home.run(
                ["form", "--object", "Ticket", "--submit", "--format", "json"] + sets.flatMap { ["--set", $0] } + portal.server(),
                environment: Self.password)
            #expect(result.status == 1)
            #expect(result.stderr == line)
            #expect(result.stdout.isEmpty)
        }
        #expect(try await readBack.totalCount(Self.tickets) == before, "nothing was added")
        let both = try await home.run(["form", "--object", "Ticket", "--record-set-id", "40001", "--format", "json"] + portal.server(), environment: Self.password)
        #expect(both.stderr == "error: input: give --record-set-id or --object, not both\n")
    }

    /// Every answer to an entry write cut short (the portal did the write): the add is sent again
    /// with the same client-made ERC, so the portal holds one entry however often it was sent.
    @Test func anAddSentAgainAfterALostAnswerIsStillOneEntry() async throws {
        let (home, portal) = try await Self.start74()
        defer { portal.stop() }
        let readBack = ObjectsReadBack(server: portal.url)
        let before = try await readBack.totalCount(Self.tickets)
        try await portal.setFaults(["truncateRate": 1, "pathPrefix": "/o/c/tickets/scopes/20143/by-external-reference-code/"])
        let result = try await home.run(
            ["form", "--object", "Ticket", "--set", "title=Sent three times", "--submit", "--format", "json"] + portal.server(),
            environment: Self.password)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: network: new entry of Ticket: "))
        let puts = try await portal.requests().filter { $0["method"] == "PUT" }.compactMap { $0["path"]?.stringValue }
        #expect(puts.count == 3, "the add was sent three times")
        #expect(Set(puts).count == 1, "always with the same ERC: \(puts)")
        try await portal.clearFaults()
        #expect(try await readBack.totalCount(Self.tickets) == before + 1, "one entry")
        let erc = try #require(puts.first?.split(separator: "/").last.map(String.init))
        #expect(try await readBack.entries(Self.tickets, filter: "externalReferenceCode eq '\(erc)'").count == 1)
    }
}
