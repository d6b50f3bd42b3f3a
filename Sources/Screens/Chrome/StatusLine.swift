import Foundation
import DDM
import Synchronization
import TermUI

/// What the status line at the bottom of every screen says: where the user is connected, whether
/// the portal answers, and how many writes wait for a sync.
public struct ConnectionStatus: Equatable, Sendable {
    /// The portal as ``serverName(_:)`` names it: `host[:port]`, or "embedded emulator".
    public var server: String
    /// The login (email or screen name); never a password.
    public var user: String
    /// False while the portal is unreachable (the screens then read from the cache).
    public var online: Bool
    /// Writes queued in the offline store (dirty, failed or in conflict).
    public var pendingWrites: Int
    /// Said instead of "online" while something the screen shows failed to load (e.g. "page 3
    /// failed"); `nil` when all is well.
    public var problem: String?
    /// The language the screens speak (their words come from ``UIText``): the run's locale
    /// (`--locale`, else the stored settings' language, else `en_US`).
    public var locale: PortalLocale

    public init(server: String, user: String, online: Bool = true, pendingWrites: Int = 0, locale: PortalLocale = .enUS) {
        self.server = server
        self.user = user
        self.online = online
        self.pendingWrites = pendingWrites
        self.locale = locale
    }

    /// How every screen's status line names the server: the configured address's `host[:port]`
    /// (`portal.example.com`, `localhost:8080`), or "embedded emulator" without one (`nil`).
    public static func serverName(_ url: URL?) -> String {
        guard let url else { return "embedded emulator" }
        guard let host = url.host, !host.isEmpty else { return url.absoluteString }
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return url.port.map { "\(shownHost):\($0)" } ?? shownHost
    }
}

/// The one-line status bar: a message on the left (e.g. "Saved", "3 of 10 uploaded"), the
/// connection on the right. Server-provided text is drawn inert by the grid.
public enum StatusLine {
    /// The server as named in the status's language: the embedded emulator's name is a word of
    /// the catalog (`emulador integrado`), an address is shown as it is.
    static func shownServer(_ status: ConnectionStatus) -> String {
        let embedded = ConnectionStatus.serverName(nil)
        guard status.server.hasPrefix(embedded) else { return status.server }
        return UIText.text(.embeddedEmulator, status.locale) + status.server.dropFirst(embedded.count)
    }

    /// The right-hand summary, e.g. `test@liferay.com @ localhost:8080 · offline · 3 pending`.
    /// The last one is kept: every frame draws the status line, which changes far less often.
    public static func summary(_ status: ConnectionStatus) -> String {
        if let known = lastSummary.withLock({ last in last.flatMap { $0.status == status ? $0.text : nil } }) { return known }
        var text = "\(status.user) @ \(shownServer(status)) · "
        text += status.online ? status.problem ?? UIText.text(.online, status.locale) : UIText.text(.offline, status.locale)
        if status.pendingWrites > 0 { text += " · " + UIText.text(.pendingCount, status.locale, String(status.pendingWrites)) }
        lastSummary.withLock { $0 = (status, text) }
        return text
    }

    private static let lastSummary = Mutex<(status: ConnectionStatus, text: String)?>(nil)

    /// Draws the bar into `rect` (its first row): the whole row in the theme's status style,
    /// `message` at the left, the summary right-aligned; the message yields room to the summary
    /// only down to a third of the row.
    public static func draw(_ status: ConnectionStatus, message: String = "", into grid: inout Grid, rect: Rect, theme: Theme) {
        guard rect.width > 0, rect.height > 0 else { return }
        let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        let style = theme.style(for: Theme.Component.statusLine, states: status.online && status.problem == nil ? [] : [.stale])
        grid.fill(row, style: style)
        let summary = " " + summary(status) + " "
        let summaryWidth = min(summary.displayWidth, max(0, rect.width - rect.width / 3))
        let messageRect = Rect(x: rect.x, y: rect.y, width: rect.width - summaryWidth, height: 1)
        if !message.isEmpty, messageRect.width > 1 {
            grid.write(" " + message, fitting: messageRect, style: style)
        }
        if summaryWidth > 0 {
            let summaryRect = Rect(x: rect.x + rect.width - summaryWidth, y: rect.y, width: summaryWidth, height: 1)
            grid.write(summary, fitting: summaryRect, style: style, alignment: .right)
        }
    }
}
