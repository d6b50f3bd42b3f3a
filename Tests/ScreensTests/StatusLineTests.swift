import DDM
import Foundation
import Screens
import TermUI
import TermUITesting
import Testing

@Suite("Status line")
struct StatusLineTests {
    @Test func summaryNamesUserServerStateAndPendingWrites() {
        #expect(StatusLine.summary(ConnectionStatus(server: "localhost:8080", user: "test@liferay.com"))
            == "test@liferay.com @ localhost:8080 · online")
        #expect(StatusLine.summary(ConnectionStatus(server: "p", user: "u", online: false, pendingWrites: 3))
            == "u @ p · offline · 3 pending")
    }

    @Test func oneNameForTheServerOnEveryScreen() throws {
        #expect(ConnectionStatus.serverName(URL(string: "http://localhost:8080")) == "localhost:8080")
        #expect(ConnectionStatus.serverName(URL(string: "https://portal.example.com/")) == "portal.example.com")
        #expect(ConnectionStatus.serverName(URL(string: "https://portal.example.com:8443/web/guest")) == "portal.example.com:8443")
        #expect(ConnectionStatus.serverName(nil) == "embedded emulator")
        var status = ConnectionStatus(server: "localhost:8080", user: "u")
        status.problem = "page 3 failed"
        #expect(StatusLine.summary(status) == "u @ localhost:8080 · page 3 failed")
    }

    /// Issue 15 "Language": the embedded emulator's name is a word of the catalog; an address is not.
    @Test func theEmbeddedEmulatorIsNamedInSpanish() {
        let embedded = ConnectionStatus(server: ConnectionStatus.serverName(nil) + " · headless-delivery", user: "u", locale: .esES)
        #expect(StatusLine.summary(embedded) == "u @ emulador integrado · headless-delivery · en línea")
        #expect(StatusLine.summary(ConnectionStatus(server: ConnectionStatus.serverName(nil), user: "u")) == "u @ embedded emulator · online")
        #expect(StatusLine.summary(ConnectionStatus(server: "localhost:8080", user: "u", locale: .esES)) == "u @ localhost:8080 · en línea")
    }

    @Test func messageOnTheLeftSummaryOnTheRightHostileTextInert() {
        var grid = Grid(size: Size(width: 60, height: 1))
        let status = ConnectionStatus(server: "srv", user: "u\u{1B}[2J", online: false, pendingWrites: 2)
        StatusLine.draw(status, message: "Saved", into: &grid, rect: grid.bounds, theme: .standard)
        let line = GridText.text(grid)
        #expect(line.hasPrefix(" Saved"))
        #expect(line.hasSuffix("u\u{FFFD}[2J @ srv · offline · 2 pending"))
        #expect(!line.contains("\u{1B}"))
    }

    @Test func aNarrowRowKeepsPartOfTheMessage() {
        var grid = Grid(size: Size(width: 30, height: 1))
        StatusLine.draw(ConnectionStatus(server: "a-very-long-server-name.example.com", user: "someone@example.com"),
                        message: "Record 100001 saved", into: &grid, rect: grid.bounds, theme: .monochrome)
        let line = GridText.text(grid)
        #expect(line.hasPrefix(" Record"))
        #expect(line.contains("…"))
    }
}
