import DDM
import Foundation
import Testing
import TermletsTestSupport

/// `termlets list --object` (issue 14, CONTRACT.md "Modern portals") with the real binary against
/// `termlets portal --portal-version 7.4`, checked against the portal read back independently.
@Suite("list --object: Liferay Objects entries as records")
struct ObjectsListTests {
    static let password = ["TERMLETS_PASSWORD": "test"]
    static let tickets = "/o/c/tickets/scopes/20143"

    static func start74() async throws -> (CLIHome, TestPortal) {
        let home = try CLIHome()
        return (home, try await TestPortal.start(home, extra: ["--portal-version", "7.4"]))
    }

    @Test func pagesFollowTheFluentArithmeticAndValuesMatchThePortal() async throws {
        let (home, portal) = try await Self.start74()
        defer { portal.stop() }
        let listing = try await home.json(
            ["list", "--object", "Ticket", "--page", "2", "--first-page-size", "5", "--page-size", "3"] + portal.server(),
            environment: Self.password)
        let records = try #require(listing["records"]?.arrayValue)
        #expect(records.map { $0["recordId"]?.int64Value ?? 0 } == [200_009, 200_010, 200_011], "rows 8–10: page 2 after 5 + 3")
        #expect(listing["rowCount"] == 10_000)
        #expect(listing["source"] == "portal")

        let readBack = ObjectsReadBack(server: portal.url)
        let entry = try #require(try await readBack.entry("tickets", id: 200_010))
        let values = try #require(records[1]["values"])
        #expect(values["title"]?.stringValue == entry["title"] as? String)
        #expect(values["severity"]?.stringValue == (entry["severity"] as? [String: Any])?["key"] as? String)
        #expect(values["labels"]?.stringValue == (entry["labels"] as? [[String: Any]])?.compactMap { $0["key"] as? String }.joined(separator: ","))
        #expect(values["dueDate"]?.stringValue == entry["dueDate"] as? String)
        #expect(values["reportedAt"]?.stringValue == entry["reportedAt"] as? String)
        #expect(values["resolved"]?.stringValue == ((entry["resolved"] as? Bool) == true ? "true" : "false"))
        #expect(values["priority"]?.stringValue == (entry["priority"] as? NSNumber)?.stringValue)
        #expect(values["r_customerTickets_c_customerId"]?.stringValue == (entry["r_customerTickets_c_customerId"] as? NSNumber)?.stringValue)
        #expect(records[1]["attributes"]?["externalReferenceCode"] == "TICKET-10")
        #expect(records[1]["attributes"]?["dateModified"]?.stringValue == entry["dateModified"] as? String)
        #expect(values["id"] == nil && values["actions"] == nil, "only the object's fields are values")

        // An attachment reads as the file's title (ticket 50 has a screenshot).
        let fifty = try await home.json(
            ["list", "--object", "70001", "--search", "TICKET-50", "--sort", "id", "--first-page-size", "1"] + portal.server(), environment: Self.password)
        let screenshot = try #require(try await readBack.entry("tickets", id: 200_050)?["screenshot"] as? [String: Any])
        #expect(fifty["records"]?[0]?["values"]?["screenshot"]?.stringValue == screenshot["name"] as? String)
    }

    @Test func searchSortUserAndAll() async throws {
        let (home, portal) = try await Self.start74()
        defer { portal.stop() }
        let sorted = try await home.json(
            ["list", "--object", "ticket", "--sort", "priority:desc", "--first-page-size", "30"] + portal.server(), environment: Self.password)
        let priorities = (sorted["records"]?.arrayValue ?? []).compactMap { $0["values"]?["priority"]?.stringValue.flatMap(Int.init) }
        #expect(priorities.count == 30)
        #expect(priorities == priorities.sorted(by: >))
        #expect(priorities.first != priorities.last || priorities.first == 5)

        let all = try await home.json(
            ["list", "--object", "Ticket", "--search", "TICKET-123", "--all", "--first-page-size", "4", "--page-size", "3"] + portal.server(),
            environment: Self.password)
        let ids = Set((all["records"]?.arrayValue ?? []).compactMap { $0["recordId"]?.int64Value })
        #expect(ids == Set([200_123] + (201_230...201_239).map(Int64.init)), "TICKET-123 and TICKET-1230…1239")
        #expect(all["records"]?.arrayValue?.count == 11, "--all printed every matching entry once, over 3 pages")
        #expect(all["rowCount"] == 11)

        let mine = try await home.json(["list", "--object", "Ticket", "--user-id", "20139", "--first-page-size", "1"] + portal.server(), environment: Self.password)
        let theirs = try await home.json(["list", "--object", "Ticket", "--user-id", "20140", "--first-page-size", "5"] + portal.server(), environment: Self.password)
        #expect((mine["rowCount"]?.intValue ?? 0) + (theirs["rowCount"]?.intValue ?? 0) == 10_000)
        #expect((theirs["rowCount"]?.intValue ?? 0) > 0 && (mine["rowCount"]?.intValue ?? 0) > 0)
        #expect(theirs["records"]?.arrayValue?.allSatisfy { $0["attributes"]?["userId"] == 20140 } == true)
        #expect(theirs["records"]?.arrayValue?.count == 5)

        let csv = try await home.run(
            ["list", "--object", "Ticket", "--label-fields", "title,severity,labels", "--first-page-size", "2", "--format", "csv", "--with-id"] + portal.server(),
            environment: Self.password)
        #expect(csv.status == 0, "\(csv.stderr)")
        let lines = csv.stdout.split(whereSeparator: \.isNewline)
        #expect(lines.count == 3)
        #expect(lines.first == "recordId,title,severity,labels")
        #expect(lines.dropFirst().first?.hasPrefix("200001,Ticket 1: ") == true)
        let text = try await home.run(
            ["list", "--object", "Ticket", "--label-fields", "title,severity", "--first-page-size", "2", "--format", "text"] + portal.server(),
            environment: Self.password)
        #expect(text.stdout.contains("Severity"))
        #expect(text.stdout.contains("Minor"), "a picklist shows its entry's name")
        #expect(text.stdout.contains("2 of 10000 records in Tickets"))
    }

    @Test func aListPrintedOnceIsPrintedOfflineFromTheCache() async throws {
        let (home, portal) = try await Self.start74()
        let arguments = ["list", "--object", "Ticket", "--page", "1", "--first-page-size", "4", "--page-size", "4"] + portal.server()
        let online = try await home.json(arguments, environment: Self.password)
        #expect(online["source"] == "portal")
        portal.stop()
        let offline = try await home.json(arguments, environment: Self.password)
        #expect(offline["source"] == "cache")
        #expect(offline["stale"] == true)
        #expect(offline["records"] == online["records"])
        #expect(offline["rowCount"] == 10_000)
        let never = try await home.run(["list", "--object", "Customer"] + portal.server() + ["--format", "json"], environment: Self.password)
        #expect(never.status == 1)
        #expect(never.stderr.contains("error: "))
    }

    @Test func badInputAndAPortalWithoutObjects() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home)
        defer { portal.stop() }
        let seven = try await home.run(["list", "--object", "Ticket", "--format", "json"] + portal.server(), environment: Self.password)
        #expect(seven.status == 1)
        #expect(seven.stderr == "error: not-found: object Ticket: this portal has no Liferay Objects (they need Liferay 7.4 or DXP)\n")
        for (arguments, line) in [
            (["--object", "Ticket", "--record-set-id", "40001"], "error: input: give --record-set-id or --object, not both\n"),
            (["--record-set-id", "40001", "--search", "x"], "error: input: --search and --sort go with --object\n"),
            ([String](), "error: input: give --record-set-id or --object\n"),
        ] {
            let result = try await home.run(["list"] + arguments + ["--format", "json"] + portal.server(), environment: Self.password)
            #expect(result.status == 1)
            #expect(result.stderr == line)
        }
        // The record set path is unchanged.
        let records = try await home.json(["list", "--record-set-id", "40001", "--first-page-size", "2"] + portal.server(), environment: Self.password)
        #expect(records["records"]?.arrayValue?.count == 2)
    }

    @Test func unknownSortFieldOrObjectIsOneLine() async throws {
        let (home, portal) = try await Self.start74()
        defer { portal.stop() }
        let sort = try await home.run(["list", "--object", "Ticket", "--sort", "nosuch:desc", "--format", "json"] + portal.server(), environment: Self.password)
        #expect(sort.stderr == "error: input: --sort: Ticket has no field nosuch\n")
        let direction = try await home.run(["list", "--object", "Ticket", "--sort", "title:up", "--format", "json"] + portal.server(), environment: Self.password)
        #expect(direction.stderr == "error: input: --sort takes FIELD, FIELD:asc or FIELD:desc\n")
        let missing = try await home.run(["list", "--object", "Nope", "--format", "json"] + portal.server(), environment: Self.password)
        #expect(missing.stderr == "error: not-found: object Nope: no object definition is named Nope\n")
    }
}
