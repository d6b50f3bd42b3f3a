import Foundation
import Testing
import TermletsTestSupport

/// The real binary keeps to two malloc arenas (`TermletsMain.limitMallocArenas`, issue 17's
/// memory): the main thread's and one the other threads share, where glibc would give each thread
/// that allocates an arena of its own (seven in the form screen before).
@Suite("Malloc arenas of the real binary")
struct MallocArenaTests {
    @Test func theFormScreenRunsOnAtMostOneArenaBesidesTheMainHeap() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home)
        defer { portal.stop() }
        let terminal = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path, "form", "--record-set-id", "40003"] + portal.server() + home.options,
            columns: 100, rows: 30, environment: ["NO_COLOR": ""].merging(BrowserScreenTests.password) { $1 })
        _ = try await terminal.screen("the contacts form", timeout: 60) { $0.contains("? help") && $0.contains("Name") }
        // The pane runs a shell, whose one child is termlets.
        let shell = try terminal.format("#{pane_pid}").trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        let pid = try #require(children.split(separator: " ").first)
        let maps = try String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)
        // A thread arena's heap is an anonymous read-write mapping at a multiple of 64 MiB (glibc's
        // HEAP_MAX_SIZE on 64-bit) whose reserved rest (no access) follows it up to 64 MiB; the
        // main arena is the [heap] (brk), not counted here.
        let heapSize: UInt64 = 64 << 20
        let mappings = maps.split(separator: "\n").compactMap { line -> (start: UInt64, end: UInt64, access: Substring, anonymous: Bool)? in
            let fields = line.split(separator: " ")
            let range = fields.first?.split(separator: "-") ?? []
            guard fields.count >= 5, range.count == 2, let start = UInt64(range[0], radix: 16), let end = UInt64(range[1], radix: 16)
            else { return nil }
            return (start, end, fields[1], fields.count == 5)
        }
        let arenaHeaps = mappings.indices.filter { index in
            let heap = mappings[index]
            guard heap.anonymous, heap.access.hasPrefix("rw"), heap.start % heapSize == 0 else { return false }
            if heap.end - heap.start == heapSize { return true }
            guard index + 1 < mappings.count else { return false }
            let rest = mappings[index + 1]
            return rest.start == heap.end && rest.access.hasPrefix("---") && rest.end == heap.start + heapSize
        }.map { String(format: "%llx-%llx", mappings[$0].start, mappings[$0].end) }
        #expect(arenaHeaps.count <= 1, "thread arenas: \(arenaHeaps)")
        try await terminal.press("q")
    }
}
