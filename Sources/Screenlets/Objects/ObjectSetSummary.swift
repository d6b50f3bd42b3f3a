import PortalClient

/// A Liferay Objects definition as the browser lists it beside a site's record sets: its entries
/// open in the record list, one entry in the form.
public struct ObjectSetSummary: Hashable, Sendable {
    public let definitionId: Int64
    /// The definition's `name` (e.g. `Ticket`), for messages.
    public let name: String
    /// The plural label shown (e.g. "Tickets").
    public let title: String
    /// Site-scoped entries belong to one site; company-scoped ones to the whole portal.
    public let isSiteScoped: Bool
    /// Entries in the site (or the company); nil when the portal did not say.
    public let entryCount: Int?

    public init(definitionId: Int64, name: String, title: String, isSiteScoped: Bool, entryCount: Int?) {
        self.definitionId = definitionId
        self.name = name
        self.title = title
        self.isSiteScoped = isSiteScoped
        self.entryCount = entryCount
    }

    /// The browser's summary of a portal's definition summary.
    public init(_ summary: ObjectDefinitionSummary) {
        self.init(
            definitionId: summary.id, name: summary.name, title: summary.pluralLabel.isEmpty ? summary.name : summary.pluralLabel,
            isSiteScoped: summary.scope == .site, entryCount: summary.entries)
    }
}
