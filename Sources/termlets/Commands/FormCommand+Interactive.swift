import ArgumentParser
import CursesBackend
import DDM
import Foundation
import OfflineStore
import PortalEmulator
import Screenlets
import Screens
import TermUI

/// The options only the interactive form screen takes.
struct InteractiveFormOptions: ParsableArguments {
    @Option(help: "false shows the record read-only (the screen only).")
    var editable = true

    @Option(name: .customLong("show-submit-button"), help: "false hides the Submit button at the end of the form (Ctrl-S still submits).")
    var showSubmitButton = true

    @Option(help: "The theme of the form screen (default, monochrome; NO_COLOR picks monochrome).")
    var theme: String?
}

/// `termlets form` on a terminal with no `--set`, `--submit`, `--format` or `--events`: the
/// interactive form screen (docs/form-screen.md).
extension FormCommand {
    /// Whether to open the screen: standard input and output are terminals and nothing asks for
    /// the non-interactive behaviour.
    var opensScreen: Bool {
        CursesTerminal.isAvailable && assignments.isEmpty && !submit && !draft && format == nil && eventsFile == nil
    }

    func runInteractive() async throws {
        let settings = try ResolvedSettings.resolve(connection)
        guard let recordSetId = recordSetIdOption ?? (settings.target == .embeddedEmulator ? DemoIDs.everyFieldRecordSetId : nil) else {
            throw CommandFailure(.input, "--record-set-id is required with a configured portal")
        }
        let policies = try Self.policies(offlinePolicy)
        let theme = try Self.theme(named: interactive.theme)
        try await connection.withConnection(allowOffline: policies.submit != .remoteOnly || policies.load != .remoteOnly) {
            connection in
            let cache = try OfflineCache.open(connection.settings)
            var attributes = attributes(connection, policies: policies)
            attributes.recordSetId = recordSetId
            attributes.autoLoad = true
            attributes.editable = interactive.editable
            attributes.showSubmitButton = interactive.showSubmitButton
            let locale = PortalLocale(connection.settings.locale) ?? .enUS
            let screenlet = FormScreenlet(
                portal: FormPortal(session: connection.session), cache: cache, attributes: attributes, locale: locale)
            let pending = (try? PendingQueue(database: cache).listing().count) ?? 0
            let status = ConnectionStatus(
                server: connection.emulator != nil ? "embedded emulator" : connection.serverDescription,
                user: connection.user.emailAddress.isEmpty ? connection.user.screenName : connection.user.emailAddress,
                online: !connection.isOffline, pendingWrites: pending)
            let configuration = FormScreenConfiguration(
                theme: theme, connection: status, showSubmitButton: interactive.showSubmitButton,
                today: Self.today(), workingDirectory: FileManager.default.currentDirectoryPath)
            let screen = FormScreen(driver: FormDriver(screenlet: screenlet), configuration: configuration, locale: locale,
                                    editable: interactive.editable)
            do {
                _ = try await CursesTerminal.run(screen)
            } catch let error as CursesTerminalError {
                await screenlet.close()
                throw CommandFailure(.input, "cannot open the terminal: \(error)")
            }
            await screenlet.close()
        }
    }

    /// The theme by name; `NO_COLOR` (non-empty) picks the monochrome one.
    static func theme(named name: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws(CommandFailure) -> Theme {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        switch name ?? "default" {
        case "default": return .standard
        case "monochrome": return .monochrome
        default: throw CommandFailure(.input, "--theme \(name ?? ""): unknown theme (default, monochrome)")
        }
    }

    /// Today's date in the local time zone (the calendar starts there).
    static func today() -> CalendarDate {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        return CalendarDate(year: parts.year ?? 2000, month: parts.month ?? 1, day: parts.day ?? 1)
            ?? CalendarDate(year: 2000, month: 1, day: 1)!
    }
}
