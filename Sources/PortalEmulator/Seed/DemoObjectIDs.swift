/// The fixed IDs of the stock 7.4 demo data: Liferay Objects and the OAuth 2 applications.
public enum DemoObjectIDs {
    /// "Ticket" (site-scoped, in the demo site): every business type Termlets maps, 10,000 entries.
    /// REST: `/o/c/tickets/scopes/20143`.
    public static let ticketDefinitionId: Int64 = 70001
    /// "Customer" (company-scoped): the one side of the tickets' relationship. REST: `/o/c/customers`.
    public static let customerDefinitionId: Int64 = 70002

    /// Picklist "Ticket Severity" (trivial, minor, major, critical).
    public static let severityListTypeId: Int64 = 71001
    /// Picklist "Ticket Labels" (bug, ui, docs, performance, security), the multiselect's options.
    public static let labelsListTypeId: Int64 = 71002

    /// Relationship `customerTickets` (a customer has many tickets); field on tickets
    /// `r_customerTickets_c_customerId`.
    public static let customerTicketsRelationshipId: Int64 = 73001
    public static let ticketCustomerField = "r_customerTickets_c_customerId"

    public static let ticketCount = 10_000
    /// Ticket `n` (1-based) is entry `200_000 + n`, externalReferenceCode `TICKET-n`.
    public static let firstTicketEntryId: Int64 = 200_001
    public static let customerCount = 24
    /// Customer `n` is entry `74_000 + n`, externalReferenceCode `CUSTOMER-n`.
    public static let firstCustomerEntryId: Int64 = 74_001

    /// The OAuth 2 "native application" (authorization code + PKCE, refresh; no secret; any
    /// loopback redirect port).
    public static let nativeClientId = "termlets-demo"
    /// A "headless server" application for scripts (client credentials, acting as test@liferay.com).
    public static let scriptsClientId = "termlets-scripts"
    public static let scriptsClientSecret = "termlets-scripts-secret"
}
