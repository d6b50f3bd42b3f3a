// libFuzzer target: field values from the three forms — the server string (both versions' shapes),
// the label a user types (en_US and es_ES), the canonical `--set` form — for every field kind, and
// back again. Input: byte 0 picks the field, byte 1 the form and locale, the rest is the text.
import DDM

let fuzzStructure: DDMStructure = {
    let definition = """
        {"availableLanguageIds": ["en_US", "es_ES"], "defaultLanguageId": "en_US", "fields": [
         {"name": "B", "dataType": "boolean", "type": "checkbox", "label": {"en_US": "B"}},
         {"name": "T", "dataType": "string", "type": "text", "label": {"en_US": "T"}},
         {"name": "D", "dataType": "date", "type": "ddm-date", "label": {"en_US": "D"}},
         {"name": "I", "dataType": "integer", "type": "ddm-integer", "label": {"en_US": "I"}},
         {"name": "N", "dataType": "number", "type": "ddm-number", "label": {"en_US": "N"}},
         {"name": "F", "dataType": "double", "type": "ddm-decimal", "label": {"en_US": "F"}},
         {"name": "S", "dataType": "string", "type": "select", "multiple": true, "label": {"en_US": "S"},
          "options": [{"value": "red", "label": {"en_US": "Red", "es_ES": "Rojo"}}, {"value": "green", "label": {"en_US": "Green"}}]},
         {"name": "R", "dataType": "string", "type": "radio", "label": {"en_US": "R"},
          "options": [{"value": "s", "label": {"en_US": "Small"}}, {"value": "l", "label": {"en_US": "Large"}}]},
         {"name": "G", "dataType": "geolocation", "type": "ddm-geolocation", "label": {"en_US": "G"}},
         {"name": "L", "dataType": "document-library", "type": "ddm-documentlibrary", "label": {"en_US": "L"}},
         {"name": "H", "dataType": "html", "type": "ddm-text-html", "label": {"en_US": "H"}}
        ]}
        """
    return try! DDMStructure.parse(definition)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzValues(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count >= 2 else { return 0 }
    let fields = fuzzStructure.allFields
    let field = fields[Int(data[0]) % fields.count]
    let selector = data[1]
    let text = String(decoding: UnsafeBufferPointer(start: data + 2, count: count - 2), as: UTF8.self)
    let locale: PortalLocale = selector & 1 == 0 ? .enUS : .esES
    let value: FieldValue?
    switch (selector >> 1) % 4 {
    case 0: value = try? field.value(fromServerString: text)
    case 1: value = try? field.value(fromLabel: text, in: locale)
    case 2: value = try? field.value(fromCanonical: text)
    default: value = (try? JSONValue.parse(text)).flatMap { try? field.value(fromServer: $0) }
    }
    guard let value else { return 0 }
    for version in [PortalVersion.v62, .v7] {
        if let server = value.serverString(for: version) { _ = try? field.value(fromServerString: server) }
    }
    _ = try? field.value(fromLabel: field.label(of: value, in: locale), in: locale)
    return 0
}
