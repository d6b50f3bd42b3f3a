import Testing

@testable import DDM

@Suite("Localisation fallback, both formats")
struct LocalisationTests {
    func locale(_ id: String) throws -> PortalLocale { try #require(PortalLocale(id)) }

    // F1-like: en_US, en_AU, es, es_ES, es_AR; default es_ES.
    @Test(arguments: [
        ("es_ES", "Bandera de España"),  // exact
        ("es_MX", "Bandera neutra"),  // bare language
        ("en_GB", "US flag"),  // same language, first in document order
        ("fr_FR", "Bandera de España"),  // default locale
        ("es", "Bandera neutra"),  // exact on the bare language
        ("fr", "Bandera de España"),  // default
        ("en", "US flag"),  // same language
        ("es_AR", "Bandera argentina"),
    ])
    func booleanLabelFallback(requested: String, expected: String) throws {
        for text in [Fixtures.localisedBooleanXSD, Fixtures.localisedBooleanJSON] {
            let field = try DDMStructure.parse(text).fields[0]
            #expect(field.label(in: try locale(requested)) == expected, "\(requested)")
        }
    }

    // F2-like option; in the JSON variant en_AU comes first in the text, and wins for `en`.
    @Test(arguments: [
        ("es_ES", "Uno (es_ES)", "Uno (es_ES)"),
        ("es_MX", "Uno (es)", "Uno (es)"),
        ("fr_FR", "Uno (es_ES)", "Uno (es_ES)"),
        ("es", "Uno (es)", "Uno (es)"),
        ("fr", "Uno (es_ES)", "Uno (es_ES)"),
        ("en", "One (en_US)", "One (en_AU)"),
        ("en_GB", "One (en_US)", "One (en_AU)"),
    ])
    func optionLabelFallback(requested: String, xsd: String, json: String) throws {
        let xsdField = try DDMStructure.parse(Fixtures.localisedSelectXSD).fields[0]
        let jsonField = try DDMStructure.parse(Fixtures.localisedSelectJSON).fields[0]
        let wanted = try locale(requested)
        #expect(xsdField.options[0].label(in: wanted, defaultLocale: xsdField.defaultLocale) == xsd)
        #expect(jsonField.options[0].label(in: wanted, defaultLocale: jsonField.defaultLocale) == json)
    }

    @Test func onlyJSONFallsBackToTheFirstTranslation() throws {
        let french = try locale("fr")
        let xsd = try DDMStructure.parse(Fixtures.localisedSelectXSD).fields[0]
        let json = try DDMStructure.parse(Fixtures.localisedSelectJSON).fields[0]
        #expect(xsd.label(in: french) == "")  // no es_ES metadata, no final fallback
        #expect(json.label(in: french) == "A pick")  // first available
    }

    @Test func xsdChoosesOneMetadataElementForAllEntries() throws {
        let field = try DDMStructure.parse("""
            <root default-locale="en_US"><dynamic-element name="A" dataType="string" type="text">
              <meta-data locale="en_US"><entry name="label">L</entry><entry name="tip">T</entry><entry name="predefinedValue">P</entry></meta-data>
              <meta-data locale="es_ES"><entry name="label">Ele</entry></meta-data>
            </dynamic-element></root>
            """).fields[0]
        #expect(field.label(in: .esES) == "Ele")
        #expect(field.tip(in: .esES) == "")  // the es_ES element has no tip: no per-entry fallback
        #expect(field.rawPredefinedValue(in: .esES) == nil)
        #expect(field.tip(in: .enUS) == "T")
    }

    @Test func jsonLocalisesEachKeySeparately() throws {
        let field = try DDMStructure.parse("""
            {"defaultLanguageId": "en_US", "fields": [{"name": "A", "dataType": "string", "type": "text",
              "label": {"en_US": "L", "es_ES": "Ele"}, "tip": {"en_US": "The tip"}}]}
            """).fields[0]
        #expect(field.label(in: .esES) == "Ele")
        #expect(field.tip(in: .esES) == "The tip")
    }

    @Test func switchingLocaleNeedsNoReparse() throws {
        let structure = try DDMStructure.parse(Fixtures.allKindsJSON)
        let colour = try #require(structure.field(named: "Colour"))
        let value = FieldValue.options(["red", "green"])
        #expect(colour.label(of: value, in: .enUS) == "Red, Green")
        #expect(colour.label(of: value, in: .esES) == "Rojo, Verde")
    }

    @Test(arguments: [
        ("es_ES", "es_ES", "es", "ES"), ("es", "es", "es", nil), ("en-GB", "en_GB", "en", "GB"),
        ("pt_BR", "pt_BR", "pt", "BR"), ("zh_Hans_CN", "zh_Hans_CN", "zh", "Hans"),
    ])
    func readsLocaleIdentifiers(text: String, identifier: String, language: String, region: String?) throws {
        let parsed = try locale(text)
        #expect(parsed.identifier == identifier)
        #expect(parsed.language == language)
        #expect(parsed.region == region)
    }

    @Test(arguments: ["", " ", "e", "es_", "1234", "es ES", "es_ES_x_y"])
    func rejectsBadLocaleIdentifiers(text: String) {
        #expect(PortalLocale(text) == nil)
    }

    @Test(arguments: [
        ("pt", "pt_BR"), ("pt-PT", "pt_BR"), ("es", "es_ES"), ("ca", "ca_ES"), ("he", "iw_IL"), ("iw", "iw_IL"),
        ("zh-Hans", "zh_CN"), ("ja", "ja_JP"), ("de_AT", "de_DE"), ("fr", "fr_FR"), ("hu", "hu_HU"), ("fi", "fi_FI"),
        ("en", "en_US"), ("ko", "en_US"), ("", "en_US"),
    ])
    func mapsDeviceLanguagesToPortalLocales(device: String, portal: String) {
        #expect(PortalLocale.forDeviceLanguage(device).identifier == portal)
    }
}

@Suite("Localisation XML of model attributes")
struct LocalizedXMLTextTests {
    let name = #"<?xml version="1.0"?><root available-locales="en_US,es_ES" default-locale="en_US"><Name language-id="en_US">Issues</Name><Name language-id="es_ES">Incidencias</Name></root>"#

    @Test func picksTheLocaleWithFallback() {
        #expect(LocalizedXMLText.resolve(name, locale: .esES) == "Incidencias")
        #expect(LocalizedXMLText.resolve(name, locale: PortalLocale("es_MX")!) == "Incidencias")
        #expect(LocalizedXMLText.resolve(name, locale: PortalLocale("fr_FR")!) == "Issues")
    }

    @Test func leavesPlainTextAndBrokenXMLAlone() {
        #expect(LocalizedXMLText.resolve("Contacts", locale: .enUS) == "Contacts")
        #expect(LocalizedXMLText.resolve("<root><Name", locale: .enUS) == "<root><Name")
    }
}
