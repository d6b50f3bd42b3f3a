import DDM
import Foundation
import Testing
import TermletsTestSupport

/// `termlets list` on the embedded emulator's demo data (record sets 40001–40003).
@Suite("termlets list")
struct ListCommandTests {
    @Test func firstPageOfTheBigRecordSetWithItsCount() async throws {
        let home = try CLIHome()
        let output = try await home.json(["list", "--record-set-id", "40002"])
        let records = try #require(output["records"]?.arrayValue)
        #expect(records.count == 50)
        #expect(output["rowCount"] == 10_000)
        #expect(output["source"] == "portal")
        #expect(output["storedAt"] == .null)
        #expect(records.first?["recordId"] == 100_001)
        let values = try #require(records.first?["values"]?.objectValue)
        #expect(values.values.contains { ($0.stringValue ?? "").hasPrefix("Issue 1:") })
        #expect(records.first?["attributes"]?["recordSetId"]?.int64Value == 40002)
    }

    @Test func pagesFollowTheFluentArithmetic() async throws {
        let home = try CLIHome()
        let output = try await home.json(["list", "--record-set-id", "40002", "--page", "2", "--page-size", "10", "--first-page-size", "20"])
        let ids = try #require(output["records"]?.arrayValue).compactMap { $0["recordId"]?.int64Value }
        // Page 0 = rows 0..<20, page 1 = 20..<30, page 2 = 30..<40.
        #expect(ids == Array(100_031...100_040))
    }

    @Test func allPagesOfASmallRecordSetAsCSVWithLabelFields() async throws {
        let home = try CLIHome()
        let result = try await home.run(["list", "--record-set-id", "40003", "--all", "--label-fields", " Name , Email", "--format", "csv"])
        #expect(result.status == 0)
        let lines = result.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.first == "Name,Email")
        #expect(lines.count == 4)
        #expect(lines.contains("Ada Lovelace,ada@example.com"))
    }

    @Test func valuesAreCanonicalForBothPortalVersions() async throws {
        let home = try CLIHome()
        let seven = try await home.json(["list", "--record-set-id", "40001", "--label-fields", "DueDate,Agreed,Price"])
        let sixTwo = try await home.json(["list", "--record-set-id", "40001", "--label-fields", "DueDate,Agreed,Price", "--portal-version", "6.2"])
        let first7 = try #require(seven["records"]?[0]?["values"])
        let first62 = try #require(sixTwo["records"]?[0]?["values"])
        #expect(first7["DueDate"] == "2024-06-19")
        #expect(first7 == first62, "6.2 sends typed values and epoch dates, 7.x strings: both read the same")
    }

    @Test func aTableForPeopleInTheirLocale() async throws {
        let home = try CLIHome()
        let result = try await home.run(["list", "--record-set-id", "40002", "--label-fields", "title,dueDate", "--locale", "es_ES", "--format", "text"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Fecha límite"))
        #expect(result.stdout.contains(" de enero de 2024"))
        #expect(result.stdout.contains("50 of 10000 records"))
    }

    @Test func unknownRecordSetIsNotFound() async throws {
        let home = try CLIHome()
        let result = try await home.run(["list", "--record-set-id", "4242", "--format", "json"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: not-found: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test(arguments: [
        (["--page", "1", "--all"], "give --page or --all"),
        (["--label-fields", "NoSuchField"], "has no field NoSuchField"),
        (["--format", "xml"], "invalid --format"),
        (["--page-size", "0"], "page sizes"),
    ])
    func badOptionsAreInputErrors(extra: [String], message: String) async throws {
        let home = try CLIHome()
        let result = try await home.run(["list", "--record-set-id", "40003"] + extra)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: input: "))
        #expect(result.stderr.contains(message))
    }
}
