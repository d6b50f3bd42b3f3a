import DDM
import Foundation
import Testing
import TermletsTestSupport

/// The command line's details (issue 15): the version, completion, help wrapping, error wording,
/// bookmarks and list exports, and where `login` keeps the password. The real binary throughout.
@Suite("termlets command-line details")
struct CommandLinePolishTests {
    @Test func versionIsPrinted() async throws {
        let result = try await ProcessRunner.termlets(["--version"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.wholeMatch(of: /\d+\.\d+\.\d+\n/) != nil, "stdout: \(result.stdout)")
    }

    @Test func completionScriptsNameTheCommandsAndOptions() async throws {
        for shell in ["bash", "zsh", "fish"] {
            let result = try await ProcessRunner.termlets(["--generate-completion-script", shell])
            #expect(result.status == 0, "\(shell): \(result.stderr)")
            #expect(result.stdout.contains("record-set-id"), "\(shell)")
            #expect(result.stdout.contains("bookmarks"), "\(shell)")
        }
    }

    /// A discussion is one paragraph the parser wraps to the terminal, not lines broken at 100
    /// columns and then broken again.
    @Test func helpIsWrappedOnce() async throws {
        let wide = try await ProcessRunner.termlets(["help", "list"], environment: ["COLUMNS": "400"])
        #expect(wide.status == 0)
        #expect(wide.stdout.contains("the first --first-page-size rows, each later page --page-size rows."), "\(wide.stdout)")
        let narrow = try await ProcessRunner.termlets(["help", "login"], environment: ["COLUMNS": "60"])
        let discussion = narrow.stdout.components(separatedBy: "\n\n")[1].split(separator: "\n")
        #expect(discussion.count >= 2)
        // Every line but the last of a paragraph wrapped once is filled close to the width.
        for line in discussion.dropLast() { #expect(line.count > 40, "\(discussion)") }
    }

    /// The README says it: a command line the parser refuses is an `input` error, status 1.
    @Test func usageErrorsAreInputErrorsWithStatusOne() async throws {
        for arguments in [["--no-such-option"], ["list"], ["list", "--record-set-id", "x"], ["bookmarks", "--folder-id"]] {
            let result = try await ProcessRunner.termlets(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.hasPrefix("error: input: "), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
    }

    @Test func anUnusableEmulatorDataFolderIsAnInputError() async throws {
        let result = try await ProcessRunner.termlets(["portal", "--data", "/proc/nope", "--port", "0"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: input: cannot use /proc/nope as the emulator's data folder: No such file or directory\n")
        let folder = try TemporaryDirectory(prefix: "termlets-cli-data")
        let file = folder.path("a-file")
        try Data("x".utf8).write(to: file)
        let onAFile = try await ProcessRunner.termlets(["portal", "--data", file.path, "--port", "0"])
        #expect(onAFile.status == 1)
        #expect(onAFile.stderr.hasPrefix("error: input: cannot use \(file.path) as the emulator's data folder: "))
        #expect(!onAFile.stderr.contains("Error Domain"))
    }

    @Test func anUnusableCacheFolderIsSaidInTheSystemsWords() async throws {
        let folder = try TemporaryDirectory(prefix: "termlets-cli-cache")
        for (path, reason) in [("/dev/null/x", "Not a directory"), ("/proc/nope/x", "No such file or directory")] {
            let result = try await ProcessRunner.termlets(
                ["pending", "--format", "json", "--cache-dir", path, "--config-dir", folder.path("config").path])
            #expect(result.status == 1)
            #expect(result.stderr == "error: input: cannot create \(path): \(reason)\n")
        }
    }

    @Test func aCacheOnlyMissNamesNoInternalKeys() async throws {
        let home = try CLIHome()
        let result = try await home.run(["list", "--record-set-id", "40001", "--offline-policy", "cache-only", "--format", "csv"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: not-found: record set 40001 was never loaded on this machine; run once with the portal reachable\n")

        let form = try await home.run(["form", "--record-set-id", "40001", "--offline-policy", "cache-only", "--format", "json"])
        #expect(form.status == 1)
        #expect(
            form.stderr
                == "error: not-found: record set 40001: not in the offline cache; run once with the portal reachable\n")
    }

    @Test func bookmarksPrintCSVAndAMissingFolderIsNotFound() async throws {
        let home = try CLIHome()
        let csv = try await home.run(["bookmarks", "--folder-id", "60001", "--all", "--format", "csv"])
        #expect(csv.status == 0, "\(csv.stderr)")
        let lines = csv.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.first == "entryId,name,url")
        #expect(lines.count == 31)
        #expect(lines.dropFirst().allSatisfy { $0.firstMatch(of: /^\d+,/) != nil })

        let missing = try await home.run(["bookmarks", "--folder-id", "999999", "--format", "json"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: not-found: bookmarks folder 999999 does not exist\n")
        #expect(missing.stdout.isEmpty)
    }

    @Test func listExportsCanCarryTheIdAndLabels() async throws {
        let home = try CLIHome()
        let page = ["list", "--record-set-id", "40002", "--label-fields", "Title,Priority", "--first-page-size", "2", "--locale", "es_ES"]
        let plain = try await home.run(page + ["--format", "csv"])
        #expect(plain.stdout.hasPrefix("Title,Priority\r\nIssue 1: "), "the contract's CSV stays as it is")
        let labelled = try await home.run(page + ["--format", "csv", "--with-id", "--header", "labels"])
        #expect(labelled.status == 0, "\(labelled.stderr)")
        #expect(labelled.stdout.hasPrefix("recordId,Título,Prioridad\r\n100001,Issue 1: "), "\(labelled.stdout)")
        let text = try await home.run(page + ["--format", "text", "--header", "names"])
        let header = text.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.hasPrefix("ID "))
        #expect(header.contains("Title") && header.contains("Priority") && !header.contains("Título"), "\(header)")
        let bad = try await home.run(page + ["--format", "csv", "--header", "titles"])
        #expect(bad.status == 1)
        #expect(bad.stderr.hasPrefix("error: input: "))
    }

    @Test func loginSaysWhereItKeepsThePasswordAndCanLeaveItOut() async throws {
        let home = try CLIHome()
        let (portal, url) = try await LoginCommandTests.startPortal(home)
        defer { portal.signal(SIGTERM) }
        let file = home.directory.path("config/config.json")

        let kept = try await home.run(
            ["login", "--server", url, "--user", "test@liferay.com", "--format", "text"], environment: ["TERMLETS_PASSWORD": "test"])
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(kept.stdout.contains("Saved in \(file.path), with the password"), "\(kept.stdout)")

        let login = try await home.run(
            ["login", "--server", url, "--user", "test@liferay.com", "--no-save-password", "--format", "text"],
            environment: ["TERMLETS_PASSWORD": "test"])
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout.contains("Saved in \(file.path), without the password"), "\(login.stdout)")
        #expect(login.stdout.contains("TERMLETS_PASSWORD"))
        let stored = try JSONValue.parse(String(contentsOf: file, encoding: .utf8))
        #expect(stored["server"]?.stringValue == url)
        #expect(stored["password"] == nil, "a password stored before is dropped too")

        let json = try await home.json(
            ["login", "--server", url, "--user", "test@liferay.com", "--no-save-password"], environment: ["TERMLETS_PASSWORD": "test"])
        #expect(json["passwordStored"] == false)
        #expect(json["configFile"]?.stringValue == file.path)

        // Later commands read the password from the environment.
        let list = try await home.json(["list", "--record-set-id", "40003"], environment: ["TERMLETS_PASSWORD": "test"])
        #expect(list["rowCount"] == 3)
    }

    /// On a terminal, with neither --save-password nor --no-save-password, login asks.
    @Test func loginOnATerminalAsksWhetherToKeepThePassword() async throws {
        let home = try CLIHome()
        let (portal, url) = try await LoginCommandTests.startPortal(home)
        defer { portal.signal(SIGTERM) }
        let file = home.directory.path("config/config.json")
        let terminal = try TmuxSession(
            [TermletsBinary.url.path, "login", "--server", url, "--user", "test@liferay.com"] + home.options,
            columns: 200, rows: 20, environment: ["TERMLETS_PASSWORD": "test"])
        _ = try await terminal.waitFor(text: "Keep the password in \(file.path) (readable by you alone)? [Y/n]")
        try terminal.type("n")
        try terminal.send("Enter")
        let screen = try await terminal.waitFor(text: "[exit 0]")
        #expect(screen.contains("without the password"), "\(screen)")
        let stored = try JSONValue.parse(String(contentsOf: file, encoding: .utf8))
        #expect(stored["server"]?.stringValue == url)
        #expect(stored["password"] == nil)
    }
}
