/// Liferay's localisation XML, the form in which 6.2 (and 7.x beside `nameCurrentValue`) sends a
/// localised model attribute such as a record set's name:
/// `<root available-locales="en_US,es_ES" default-locale="en_US"><Name language-id="en_US">…</Name>…</root>`.
public enum LocalizedXMLText {
    /// The text for `locale` with the usual fallback (then the first translation); text that is
    /// not localisation XML is returned as it is.
    public static func resolve(_ text: String, locale: PortalLocale) -> String {
        let trimmed = text.drop(while: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
        guard trimmed.hasPrefix("<?xml") || trimmed.hasPrefix("<root"), let root = try? XMLReader.parse(text) else {
            return text
        }
        let entries = root.children.filter { $0[attribute: "language-id"] != nil }
        guard !entries.isEmpty else { return text }
        let defaultLocale = root[attribute: "default-locale"].flatMap(PortalLocale.init) ?? .enUS
        let index = LocaleFallback.select(
            entries.map { $0[attribute: "language-id"] ?? "" }, for: locale, defaultLocale: defaultLocale,
            fallsBackToFirst: true)
        return index.map { entries[$0].text } ?? text
    }
}
