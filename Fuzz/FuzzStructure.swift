// libFuzzer target: DDM structure parsing (6.2 XSD and 7.x JSON) and what reads a parsed
// structure (labels, predefined values, server strings). Built by scripts/fuzz.
import DDM

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStructure(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    guard let structure = try? DDMStructure.parse(text) else { return 0 }
    for field in structure.allFields {
        _ = field.label(in: .esES)
        _ = field.predefinedValue(in: .enUS)
        if let value = try? field.value(fromServerString: String(text.prefix(64))) {
            _ = value.serverString(for: .v62)
            _ = value.serverString(for: .v7)
            _ = field.label(of: value, in: .esES)
        }
    }
    return 0
}
