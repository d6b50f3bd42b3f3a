/// A value given in several locales, in document order, resolved with the portal's fallback rules.
///
/// All translations are kept, so the locale can be switched at run time without re-reading the
/// structure.
public struct Localized<Value: Sendable & Hashable>: Sendable, Hashable {
    /// One translation: the locale identifier as the document spells it, and the value.
    public struct Translation: Sendable, Hashable {
        public let locale: String
        public let value: Value

        public init(locale: String, value: Value) {
            self.locale = locale
            self.value = value
        }
    }

    /// The translations in document order.
    public let translations: [Translation]
    /// Whether the last fallback, "the first translation", applies (7.x JSON: yes; 6.2 XSD: no).
    public let fallsBackToFirst: Bool

    public init(_ translations: [Translation], fallsBackToFirst: Bool) {
        self.translations = translations
        self.fallsBackToFirst = fallsBackToFirst
    }

    /// No translations at all.
    public static var none: Localized { Localized([], fallsBackToFirst: false) }

    /// The translation for `locale`, trying in turn: the exact identifier; the bare language (when
    /// `locale` has a region); the first translation, in document order, of the same language in
    /// any region; the document's default locale; and, for JSON, the first translation.
    public func resolve(_ locale: PortalLocale, defaultLocale: PortalLocale) -> Value? {
        guard let index = LocaleFallback.select(
            translations.map(\.locale), for: locale, defaultLocale: defaultLocale,
            fallsBackToFirst: fallsBackToFirst)
        else { return nil }
        return translations[index].value
    }

    /// The locales the translations are given in, in document order.
    public var locales: [String] { translations.map(\.locale) }

    /// The same translations with each value transformed.
    public func map<Other>(_ transform: (Value) throws -> Other) rethrows -> Localized<Other> {
        Localized<Other>(
            try translations.map { .init(locale: $0.locale, value: try transform($0.value)) },
            fallsBackToFirst: fallsBackToFirst)
    }
}

/// The portal's locale fallback order (reference §2.1, §2.2), deterministic in document order.
public enum LocaleFallback {
    /// The index of the candidate locale to use for `locale`, or `nil` when none applies.
    public static func select(
        _ candidates: [String], for locale: PortalLocale, defaultLocale: PortalLocale, fallsBackToFirst: Bool
    ) -> Int? {
        if let exact = candidates.firstIndex(of: locale.identifier) { return exact }
        if locale.region != nil, let bare = candidates.firstIndex(of: locale.language) { return bare }
        let prefix = locale.language + "_"
        if let sameLanguage = candidates.firstIndex(where: { $0.hasPrefix(prefix) }) { return sameLanguage }
        if let fallback = candidates.firstIndex(of: defaultLocale.identifier) { return fallback }
        if fallsBackToFirst, !candidates.isEmpty { return 0 }
        return nil
    }
}
