import Foundation
import TermUI

/// `keystroke`: the CPU time and the terminal bytes of one key press in forms of 10, 28 (about a
/// screenful) and 1,000 text fields: Tab (focus to the next field, scrolling when it leaves the
/// screen) and a typed character (into the focused field's editor). Each key goes through the
/// interactive form screen (`FormScreen`, see ``FormScreenKeystrokes``) run by TermUI's runtime:
/// update → view → frame diff → ANSI bytes; the CPU time is the thread's own.
struct KeystrokeScenario {
    struct Settings: Sendable {
        /// Key presses measured per kind and form.
        var keys: Int
        static let full = Settings(keys: 500)
        static let quick = Settings(keys: 100)
        var description: String {
            "\(keys) Tabs and \(keys) typed characters per form, 100×30, through the form screen (FormScreen) on a byte-counting terminal"
        }
    }

    struct Figures: Sendable {
        var usPerTab = 0.0
        var bytesPerTab = 0.0
        var usPerChar = 0.0
        var bytesPerChar = 0.0
        var firstFrameUs = 0.0
        var firstFrameBytes = 0
        /// Fields in the form.
        var fields = 0

        var usPerKey: Double { (usPerTab + usPerChar) / 2 }
        var bytesPerKey: Double { (bytesPerTab + bytesPerChar) / 2 }

        var json: [String: Double] {
            [
                "usPerKey": usPerKey.rounded(to: 1), "bytesPerKey": bytesPerKey.rounded(to: 1),
                "usPerTab": usPerTab.rounded(to: 1), "bytesPerTab": bytesPerTab.rounded(to: 1),
                "usPerChar": usPerChar.rounded(to: 1), "bytesPerChar": bytesPerChar.rounded(to: 1),
                "firstFrameUs": firstFrameUs.rounded(to: 0), "firstFrameBytes": Double(firstFrameBytes),
                "fields": Double(fields),
            ]
        }
    }

    let settings: Settings

    /// The 10- and 1,000-field forms, and a 28-field one that fills about a screen: the 10-field
    /// form draws fewer rows than the others, so the 1,000-field cost is flat when it matches the 28's.
    @MainActor
    func run(cacheFolder: URL) throws -> (fields10: Figures, fields28: Figures, fields1000: Figures) {
        func measure(_ fields: Int) throws -> Figures {
            var figures = try FormScreenKeystrokes.measure(
                fields: fields, keys: settings.keys, cacheFolder: cacheFolder.appendingPathComponent("form-\(fields)"))
            figures.fields = fields
            return figures
        }
        return (try measure(10), try measure(28), try measure(1_000))
    }
}

