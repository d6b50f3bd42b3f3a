#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DDM
import Screenlets
import Screens
import TermUI
import Testing

/// A key press costs the same on a 10-field and a 1,000-field form: only visible rows are laid
/// out and drawn, and no key walks the whole form. A screen test, on an in-memory form.
@MainActor
@Suite("Form screen key cost", .serialized)
struct FormScreenPerformanceTests {
    static func threadCPUMicroseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
    }

    /// A 7.x structure of `count` text fields.
    static func structure(fields count: Int) throws -> DDMStructure {
        let fields = (1...count).map { #"{"name":"F\#($0)","dataType":"string","type":"text","label":{"en_US":"Field \#($0)"},"predefinedValue":{"en_US":"value \#($0)"}}"# }
        return try DDMStructure.parse(#"{"availableLanguageIds":["en_US"],"defaultLanguageId":"en_US","fields":[\#(fields.joined(separator: ","))]}"#)
    }

    /// Median CPU time per key (update + view + diff + present) of moving around the middle of a
    /// form of `count` fields at 100×14 (10 fields fill its 10 body rows, so both forms draw as many
    /// rows), in microseconds.
    func measure(fields count: Int) throws -> Double {
        // In memory, loading nothing by itself: the form is handed to the screen directly.
        var attributes = FormScreenletAttributes()
        attributes.autoLoad = false
        let screenlet = InMemoryFormScreenlet(structure: try Self.structure(fields: count), attributes: attributes, locale: .enUS)
        let configuration = FormScreenConfiguration(connection: ConnectionStatus(server: "s", user: "u"),
                                                    initialSize: Size(width: 100, height: 14), today: CalendarDate(year: 2024, month: 1, day: 1)!)
        let screen = FormScreen(screenlet: screenlet, configuration: configuration, locale: .enUS)
        let backend = HeadlessBackend(size: Size(width: 100, height: 14))
        let runtime = Runtime(program: screen, backend: backend)
        let loaded = FormEngine(model: DDLFormModel(structure: try Self.structure(fields: count), locale: .enUS), locale: .enUS)
        runtime.send(.loaded(loaded.state))
        // To the middle of the form (End, then half way back by pages), then time the moves there.
        runtime.handle(.key(.end))
        while runtime.model.focus > count / 2 { runtime.handle(.key(.pageUp)) }
        #expect(runtime.model.rows.count == count + 1)
        if count > 100 { #expect(runtime.model.firstRow > 0, "the middle of the form, scrolled") }
        let keys: [KeyEvent] = [.down, .down, .up, .tab, .backTab, .pageDown, .pageUp, .down, .up, .up]
        var samples: [Double] = []
        for round in 0..<30 {
            for key in keys {
                let start = Self.threadCPUMicroseconds()
                runtime.handle(.key(key))
                let spent = Self.threadCPUMicroseconds() - start
                if round > 2 { samples.append(spent) }
            }
        }
        runtime.finish()
        samples.sort()
        return samples[samples.count / 2]
    }

    @Test func aKeyCostsTheSameWithTenAndAThousandFields() throws {
        let (small, large) = (try measure(fields: 10), try measure(fields: 1000))
        print("form screen key cost: 10 fields \(Int(small)) µs, 1,000 fields \(Int(large)) µs (median CPU per key, debug build)")
        #expect(large < small * 2 + 300, "10 fields: \(small) µs, 1,000 fields: \(large) µs")
    }
}
