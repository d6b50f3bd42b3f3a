import ArgumentParser
import Foundation

/// `termlets bench`: measures what the SPEC promises (§4) against the in-process portal emulator
/// with injected latency, Termlets' way and the reference's way in the same run.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Benchmark scrolling, first paint, key presses, sync and memory against the reference behaviour.",
        discussion: """
            Starts the portal emulator in-process (temporary data, removed afterwards) with injected latency and \
            runs each scenario: scroll, firstPaint, keystroke, sync, memory. Prints a table, or JSON with \
            --format json (printed even when a goal is missed; "goalsMet" says which were met). --quick runs \
            shorter, faster versions for CI and says so in "mode" and "settings". See docs/benchmarks.md.
            """
    )

    static let scenarioNames = ["scroll", "firstPaint", "keystroke", "sync", "memory"]

    @Option(help: "json or text (default: text on a terminal, JSON otherwise).")
    var format: String?

    @Flag(help: "Short runs for CI (a shorter, faster scroll; fewer records, runs and keys).")
    var quick = false

    @Option(name: .customLong("scenario"), parsing: .upToNextOption,
            help: "Scenarios to run (scroll, firstPaint, keystroke, sync, memory; default: all).")
    var scenarios: [String] = []

    @Option(name: .customLong("memory-child"), help: .hidden)
    var memoryChild: Int?

    func run() async throws {
        if let rows = memoryChild {
            let figures = try await MemoryScenario.child(rows: rows)
            Console.printJSON(.object(figures.json.mapValues { .double($0) }))
            return
        }
        let format = try OutputFormat.resolve(format, allowed: [.json, .text])
        let chosen = try Self.chosen(scenarios)
        var report = BenchReport(quick: quick)

        let environment: BenchEnvironment?
        if chosen.contains(where: { ["scroll", "firstPaint", "sync"].contains($0) }) {
            do {
                environment = try await BenchEnvironment.start()
            } catch {
                throw CommandFailure(.server, "the portal emulator could not start for the benchmark: \(error)")
            }
        } else {
            environment = nil
        }
        for name in chosen {
            progress("\(name)…")
            do {
                try await run(name, in: environment, into: &report)
            } catch {
                report.errors[name] = "\(error)"
            }
        }
        await environment?.close()

        switch format {
        case .json: Console.printJSON(report.json)
        default: Console.out(report.text)
        }
        if let (name, reason) = report.errors.sorted(by: { $0.key < $1.key }).first {
            throw CommandFailure(.server, "bench scenario \(name) could not run: \(reason)")
        }
    }

    private func run(_ name: String, in environment: BenchEnvironment?, into report: inout BenchReport) async throws {
        // Each scenario starts from a clean slate: no load or cache left by the one before matters.
        switch name {
        case "scroll":
            let settings = quick ? ScrollScenario.Settings.quick : .full
            report.settings[name] = settings.description + "; stand-in list renderer (Bench/BenchListRenderer.swift)"
            report.scroll = try await ScrollScenario(settings: settings).run(in: environment!)
        case "firstPaint":
            let settings = quick ? FirstPaintScenario.Settings.quick : .full
            report.settings[name] = settings.description + "; in-process, from a cold list controller"
            report.firstPaint = try await FirstPaintScenario(settings: settings).run(in: environment!)
        case "keystroke":
            let settings = quick ? KeystrokeScenario.Settings.quick : .full
            report.settings[name] = settings.description
            let scenario = KeystrokeScenario(settings: settings)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("termlets-bench-keys-\(getpid())")
            defer { try? FileManager.default.removeItem(at: folder) }
            report.keystroke = try await MainActor.run { try scenario.run(cacheFolder: folder) }
        case "sync":
            let settings = quick ? SyncScenario.Settings.quick : .full
            report.settings[name] = settings.description
            report.sync = try await SyncScenario(settings: settings).run(in: environment!)
        case "memory":
            let settings = quick ? MemoryScenario.Settings.quick : .full
            report.settings[name] = settings.description
            report.memory = try await MemoryScenario(settings: settings).run()
        default:
            break
        }
    }

    /// The scenarios asked for, in the standard order; an unknown name is an `input` failure.
    static func chosen(_ names: [String]) throws(CommandFailure) -> [String] {
        let requested = names.flatMap { $0.split(separator: ",").map(String.init) }
        for name in requested where !scenarioNames.contains(name) {
            throw CommandFailure(.input, "unknown scenario \"\(name)\": expected one of \(scenarioNames.joined(separator: ", "))")
        }
        return requested.isEmpty ? scenarioNames : scenarioNames.filter(requested.contains)
    }

    private func progress(_ text: String) {
        Console.err("bench: \(text)\n")
    }
}
