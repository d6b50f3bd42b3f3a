import DDM
import Foundation

/// The figures of one `termlets bench` run and how they print: the CONTRACT's JSON (every
/// scenario's keys, null for a scenario not run) or a table. Goals are the SPEC's (§4).
struct BenchReport {
    var quick = false
    var scroll: (termlets: ScrollScenario.Figures, reference: ScrollScenario.Figures)?
    var firstPaint: FirstPaintScenario.Figures?
    var keystroke: (fields10: KeystrokeScenario.Figures, fields28: KeystrokeScenario.Figures, fields1000: KeystrokeScenario.Figures)?
    var sync: (termlets: SyncScenario.Figures, reference: SyncScenario.Figures)?
    var memory: MemoryScenario.Figures?
    /// What each scenario ran (sizes, speeds, latency, stand-ins), by scenario name.
    var settings: [String: String] = [:]
    /// Scenarios that could not run, with the reason.
    var errors: [String: String] = [:]

    // MARK: Goals

    /// Batched sync speed-up over one request per record.
    var syncSpeedUp: Double? {
        sync.map { $0.termlets.wallMs > 0 ? $0.reference.wallMs / $0.termlets.wallMs : 0 }
    }

    /// Each scenario run: whether it met the SPEC's goal.
    var goals: [String: Bool] {
        var goals: [String: Bool] = [:]
        if let scroll { goals["scroll"] = scroll.termlets.placeholderFrames == 0 && scroll.termlets.duplicateRequests == 0 }
        if let firstPaint {
            goals["firstPaint"] = firstPaint.warmCacheMs <= 30 && firstPaint.portalMs - firstPaint.rawHttpMs <= 10
        }
        if let keystroke {
            // Under 0.5 ms everywhere, and the 1,000-field form no dearer than a form that fills
            // the same screen (28 rows): the cost follows the rows on screen, not the fields.
            let screenful = keystroke.fields28, large = keystroke.fields1000
            goals["keystroke"] = [keystroke.fields10, screenful, large].allSatisfy { $0.usPerKey < 500 }
                && large.usPerKey <= screenful.usPerKey * 1.25 + 20
                && large.bytesPerKey <= screenful.bytesPerKey * 1.25 + 16
        }
        if let syncSpeedUp { goals["sync"] = syncSpeedUp >= 10 }
        if let memory { goals["memory"] = memory.peakRssMB <= 64 }
        return goals
    }

    // MARK: JSON

    var json: JSONValue {
        func object(_ figures: [String: Double]) -> JSONValue {
            .object(figures.mapValues { $0 == $0.rounded() && abs($0) < 1e15 ? .int(Int64($0)) : .double($0) })
        }
        var members: [String: JSONValue] = [
            "scroll": scroll.map { figures -> JSONValue in
                func section(_ strategy: ScrollScenario.Figures) -> JSONValue {
                    guard case .object(var members) = object(strategy.json) else { return .null }
                    members["duplicatePages"] = .array(strategy.duplicatePages.map { .int(Int64($0)) })
                    return .object(members)
                }
                return .object(["termlets": section(figures.termlets), "reference": section(figures.reference)])
            } ?? .null,
            "firstPaint": firstPaint.map { object($0.json) } ?? .null,
            "keystroke": keystroke.map {
                .object(["fields10": object($0.fields10.json), "fields28": object($0.fields28.json), "fields1000": object($0.fields1000.json)])
            } ?? .null,
            "sync": sync.map { figures -> JSONValue in
                var reference = figures.reference.json
                reference["speedUpOfTermlets"] = (syncSpeedUp ?? 0).rounded(to: 1)
                return .object(["termlets": object(figures.termlets.json), "reference": object(reference)])
            } ?? .null,
            "memory": memory.map { object($0.json) } ?? .null,
            "mode": .string(quick ? "quick" : "full"),
            "build": .string(Self.buildConfiguration),
            "settings": .object(settings.mapValues(JSONValue.string)),
            "goalsMet": .object(goals.mapValues(JSONValue.bool)),
        ]
        if !errors.isEmpty { members["errors"] = .object(errors.mapValues(JSONValue.string)) }
        return .object(members)
    }

    /// CPU figures of a debug build are several times those of a release build.
    static var buildConfiguration: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }

    // MARK: Text

    var text: String {
        var table = TextTable(header: ["scenario", "figure", "termlets", "reference", "goal"])
        func number(_ value: Double, _ places: Int = 1) -> String { String(format: "%.\(places)f", value) }
        func goal(_ name: String) -> String { goals[name].map { $0 ? "met" : "MISSED" } ?? "" }
        if let scroll {
            let (t, r) = scroll
            table.add(["scroll", "placeholder frames (under cursor)", "\(t.placeholderFrames)", "\(r.placeholderFrames)", goal("scroll")])
            table.add(["", "stall (ms)", number(t.stallMs), number(r.stallMs), ""])
            table.add(["", "page requests", "\(t.requests)", "\(r.requests)", ""])
            table.add(["", "duplicate requests", "\(t.duplicateRequests)", "\(r.duplicateRequests)", ""])
            table.add(["", "frames", "\(t.frames)", "\(r.frames)", ""])
        }
        if let firstPaint {
            table.add(["firstPaint", "warm cache (ms)", number(firstPaint.warmCacheMs, 2), "", goal("firstPaint")])
            table.add(["", "from the portal (ms)", number(firstPaint.portalMs, 2), "", ""])
            table.add(["", "bare HTTP request (ms)", "", number(firstPaint.rawHttpMs, 2), ""])
        }
        if let keystroke {
            for (name, figures) in [("10 fields", keystroke.fields10), ("28 fields", keystroke.fields28), ("1,000 fields", keystroke.fields1000)] {
                table.add([name == "10 fields" ? "keystroke" : "", "\(name): CPU per Tab / char (µs)",
                           "\(number(figures.usPerTab)) / \(number(figures.usPerChar))", "", name == "10 fields" ? goal("keystroke") : ""])
                table.add(["", "\(name): bytes per Tab / char", "\(number(figures.bytesPerTab)) / \(number(figures.bytesPerChar))", "", ""])
            }
        }
        if let sync {
            table.add(["sync", "wall time (ms)", number(sync.termlets.wallMs, 0), number(sync.reference.wallMs, 0), goal("sync")])
            table.add(["", "requests", "\(sync.termlets.requests)", "\(sync.reference.requests)", ""])
            table.add(["", "speed-up", "\(number(syncSpeedUp ?? 0))×", "", ""])
        }
        if let memory {
            table.add(["memory", "peak RSS (MiB)", number(memory.peakRssMB), "", goal("memory")])
            table.add(["", "rows scrolled / frames", "\(memory.rows) / \(memory.frames)", "", ""])
        }
        var out = table.render()
        out += "\nmode: \(quick ? "quick (a shorter, faster run for CI; see the settings)" : "full"), \(Self.buildConfiguration) build\n"
        for name in settings.keys.sorted() { out += "  \(name): \(settings[name]!)\n" }
        for name in errors.keys.sorted() { out += "  \(name) could not run: \(errors[name]!)\n" }
        return out
    }
}
