import Foundation

/// Opens a URL in the user's browser when one is at hand: `$BROWSER`, or `xdg-open` with a
/// graphical display. Never waits for it, never fails the sign-in: the URL is printed anyway.
enum BrowserOpener {
    /// Starts the browser on `url`; false when there is none to start.
    @discardableResult
    static func open(_ url: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        let command: [String]
        if let browser = environment["BROWSER"], !browser.trimmingCharacters(in: .whitespaces).isEmpty {
            command = [browser.trimmingCharacters(in: .whitespaces), url]
        } else if environment["DISPLAY"].nonEmpty != nil || environment["WAYLAND_DISPLAY"].nonEmpty != nil,
                  let opener = executable("xdg-open", path: environment["PATH"] ?? "") {
            command = [opener, url]
        } else {
            return false
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0].hasPrefix("/") ? command[0] : (executable(command[0], path: environment["PATH"] ?? "") ?? command[0]))
        process.arguments = Array(command.dropFirst())
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            return true
        } catch {
            return false
        }
    }

    /// The first executable `name` on `path`.
    static func executable(_ name: String, path: String) -> String? {
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
