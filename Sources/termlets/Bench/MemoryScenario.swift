import DDM
import Foundation
import Screenlets
import TermUI

/// `memory`: peak resident memory while a list of a million rows is scrolled end to end, a screen
/// at a time (Page Down held: every row passes the screen), through the real list engine with
/// eviction and a headless render of every frame. The page source is in memory (rows made up on
/// request, no latency) so that the figure is the list's own, not the emulator's or a network
/// client's. It runs in a child process (`termlets bench --memory-child ROWS`), so the peak
/// (`VmHWM`) is the scenario's alone.
struct MemoryScenario {
    struct Settings: Sendable {
        var rows: Int
        static let full = Settings(rows: 1_000_000)
        static let quick = Settings(rows: 50_000)
        var description: String { "\(rows) rows, in-memory page source, a screen per frame, in a child process" }
    }

    struct Figures: Sendable {
        var peakRssMB = 0.0
        /// Resident memory of the child before the list was made (the program itself).
        var baselineRssMB = 0.0
        var rows = 0
        var frames = 0
        var pagesRequested = 0
        var elapsedMs = 0.0

        var json: [String: Double] {
            [
                "peakRssMB": peakRssMB.rounded(to: 1), "baselineRssMB": baselineRssMB.rounded(to: 1),
                "rows": Double(rows), "frames": Double(frames), "pagesRequested": Double(pagesRequested),
                "elapsedMs": elapsedMs.rounded(to: 0),
            ]
        }

        init() {}

        init?(json: JSONValue) {
            guard let peak = json["peakRssMB"]?.doubleValue else { return nil }
            peakRssMB = peak
            baselineRssMB = json["baselineRssMB"]?.doubleValue ?? 0
            rows = Int(json["rows"]?.doubleValue ?? 0)
            frames = Int(json["frames"]?.doubleValue ?? 0)
            pagesRequested = Int(json["pagesRequested"]?.doubleValue ?? 0)
            elapsedMs = json["elapsedMs"]?.doubleValue ?? 0
        }
    }

    let settings: Settings

    /// Runs the scroll in a child process of this binary and reads its figures.
    func run() async throws -> Figures {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        if !FileManager.default.isExecutableFile(atPath: process.executableURL!.path) {
            process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        }
        process.arguments = ["bench", "--memory-child", String(settings.rows)]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        let reader = Task.detached { output.fileHandleForReading.readDataToEndOfFile() }
        let finished = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { finished.continuation.yield($0.terminationStatus); finished.continuation.finish() }
        try process.run()
        var status: Int32 = -1
        for await code in finished.stream { status = code }
        let data = await reader.value
        guard status == 0, let json = try? JSONValue.parse(bytes: data), let figures = Figures(json: json) else {
            throw BenchFailure("the memory child process failed (status \(status))")
        }
        return figures
    }

    /// The child's side: scrolls, then returns its figures (printed as JSON by the command).
    static func child(rows: Int) async throws -> Figures {
        var figures = Figures()
        figures.baselineRssMB = ResidentMemory.currentMB()
        figures.rows = rows
        let log = PageRequestLog()
        let list = PaginatedList(loader: LoggingPageLoader(base: SyntheticPageLoader(rowCount: rows), log: log))
        var renderer = BenchListRenderer(columns: [("Title", 52), ("Priority", 8), ("Due date", 10), ("Severity", 10)])
        let visible = renderer.visibleCount
        var events = list.events.makeAsyncIterator()
        let clock = ContinuousClock()
        let started = clock.now
        await list.send(.viewport(Screenlets.ListWindow(firstRow: 0, visibleCount: visible, cursor: 0)))
        await list.send(.load)
        var firstRow = 0
        while true {
            let viewport = Screenlets.ListWindow(firstRow: firstRow, visibleCount: visible, cursor: firstRow)
            await list.send(.viewport(viewport))
            // Wait until every row of this screen is loaded (pages arrive as events).
            var frame = await list.engine
            while frame.rowCount == 0 || (firstRow..<min(firstRow + visible, frame.rowCount)).contains(where: { frame.row(at: $0).row == nil }) {
                guard await events.next() != nil else { throw BenchFailure("the list closed during the memory scroll") }
                frame = await list.engine
            }
            _ = renderer.render(frame, viewport: viewport) { $0.labels }
            figures.frames += 1
            guard firstRow + visible < frame.rowCount else { break }
            firstRow += visible
        }
        figures.elapsedMs = BenchClock.milliseconds(started.duration(to: clock.now))
        await list.close()
        figures.pagesRequested = await log.pages.count
        figures.peakRssMB = ResidentMemory.peakMB()
        return figures
    }
}

/// A row of the synthetic list: four label values like the Issues record set's.
struct SyntheticRow: Sendable {
    let labels: [String]
}

/// Makes up the rows of a list of `rowCount` rows on request: what a portal would send, with no
/// latency, so that the memory figure is the list's own.
struct SyntheticPageLoader: PageLoader {
    let rowCount: Int

    func loadPage(_ request: PageRequest) async throws -> PageResponse<SyntheticRow> {
        let rows = (request.start..<min(request.end, rowCount)).map { index in
            SyntheticRow(labels: [
                "Issue \(index + 1): a record made up for the memory benchmark", String(index % 5 + 1),
                "2024-\(String(format: "%02d", index % 12 + 1))-\(String(format: "%02d", index % 28 + 1))",
                ["trivial", "minor", "major", "critical"][index % 4],
            ])
        }
        return PageResponse(rows: rows, rowCount: request.computeRowCount ? rowCount : nil)
    }
}

/// The process's resident memory, from /proc/self/status (getrusage's ru_maxrss elsewhere).
enum ResidentMemory {
    /// Peak resident set size (VmHWM), in MiB.
    static func peakMB() -> Double {
        if let kilobytes = statusField("VmHWM") { return kilobytes / 1024 }
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
        #else
        getrusage(RUSAGE_SELF, &usage)
        return Double(usage.ru_maxrss) / 1_048_576
        #endif
    }

    /// Current resident set size (VmRSS), in MiB (0 where /proc is missing).
    static func currentMB() -> Double {
        (statusField("VmRSS") ?? 0) / 1024
    }

    /// A `kB` field of /proc/self/status.
    private static func statusField(_ name: String) -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let number = line.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces).split(separator: " ").first
            return number.flatMap { Double($0) }
        }
        return nil
    }
}
