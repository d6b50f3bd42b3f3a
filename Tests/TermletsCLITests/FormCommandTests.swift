import DDM
import Foundation
import Testing
import TermletsTestSupport

/// `termlets form … --submit` on the embedded emulator, read back with `termlets list`.
@Suite("termlets form")
struct FormCommandTests {
    @Test func addsARecordAndFindsItInTheList() async throws {
        let home = try CLIHome()
        let added = try await home.json(["form", "--record-set-id", "40003", "--set", "Name=Grace Hopper", "--set", "Subscribed=true", "--submit"])
        #expect(added["status"] == "added")
        #expect(added["workflowStatus"] == "approved")
        #expect(added["queueId"] == .null)
        let recordId = try #require(added["recordId"]?.int64Value)

        let list = try await home.json(["list", "--record-set-id", "40003", "--all"])
        let record = try #require(list["records"]?.arrayValue?.first { $0["recordId"]?.int64Value == recordId })
        #expect(record["values"]?["Name"] == "Grace Hopper")
        #expect(record["values"]?["Subscribed"] == "true")
    }

    @Test func savesADraft() async throws {
        let home = try CLIHome()
        let added = try await home.json(["form", "--record-set-id", "40003", "--set", "Name=Draft", "--submit", "--draft"])
        #expect(added["workflowStatus"] == "draft")
    }

    @Test func updatesAStoredRecordKeepingItsOtherValues() async throws {
        let home = try CLIHome()
        let updated = try await home.json(["form", "--record-set-id", "40003", "--record-id", "43001", "--set", "Email=ada@newmail.example", "--submit"])
        #expect(updated["status"] == "updated")
        #expect(updated["recordId"] == 43001)
        let list = try await home.json(["list", "--record-set-id", "40003"])
        let record = try #require(list["records"]?.arrayValue?.first { $0["recordId"] == 43001 })
        #expect(record["values"]?["Email"] == "ada@newmail.example")
        #expect(record["values"]?["Name"] == "Ada Lovelace")
    }

    @Test func uploadsADocumentFirstAndStoresItsReference() async throws {
        let home = try CLIHome()
        let file = home.directory.path("photo one.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]).write(to: file)
        let added = try await home.json(["form", "--record-set-id", "40001", "--set", "Title=With a file", "--set", "Attachment=\(file.path)", "--submit"])
        let recordId = try #require(added["recordId"]?.int64Value)
        let list = try await home.json(["list", "--record-set-id", "40001", "--all"])
        let record = try #require(list["records"]?.arrayValue?.first { $0["recordId"]?.int64Value == recordId })
        let reference = try JSONValue.parse(try #require(record["values"]?["Attachment"]?.stringValue))
        #expect(reference["groupId"] == 20143)
        #expect(reference["uuid"]?.stringValue?.count == 36)
        #expect(reference["version"] == "1.0")
    }

    @Test func aRequiredFieldLeftEmptyIsAValidationError() async throws {
        let home = try CLIHome()
        let result = try await home.run(["form", "--record-set-id", "40003", "--set", "Email=a@b.example", "--submit", "--format", "json"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: validation: Name: This field is required."), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [
        ("DueDate=2024-02-30", "error: input: Due date: “2024-02-30” is not a date that exists."),
        ("Quantity=twelve", "error: input: Quantity: “twelve” is not a number."),
        ("Location=91,0", "Location: The latitude must be between -90 and 90."),
        ("Colours=purple", "error: input: Colours: “purple” is not one of the options."),
        ("Attachment=/no/such/file.png", "no such file"),
        ("NoSuchField=1", "has no field NoSuchField"),
        ("Title", "expected FIELD=VALUE"),
    ])
    func valuesTheFieldRejectsAreInputErrorsNamingIt(assignment: String, message: String) async throws {
        let home = try CLIHome()
        let result = try await home.run(["form", "--record-set-id", "40001", "--set", "Title=x", "--set", assignment, "--submit"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stderr.contains(message))
    }

    @Test func withoutSubmitThePrintsTheFormAndItsProblems() async throws {
        let home = try CLIHome()
        let form = try await home.json(["form", "--record-set-id", "40003"])
        #expect(form["valid"] == false)
        let name = try #require(form["fields"]?.arrayValue?.first { $0["name"] == "Name" })
        #expect(name["required"] == true)
        #expect(name["error"]?.stringValue?.isEmpty == false)
    }

    @Test func theViewerMayNotAddRecords() async throws {
        let home = try CLIHome()
        let result = try await home.run(
            ["form", "--record-set-id", "40003", "--set", "Name=X", "--submit", "--user", "viewer@liferay.com"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: permission: "))
    }
}
