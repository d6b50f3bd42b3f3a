import DDM

/// A portal user, as a user look-up returns it.
public struct PortalUser: Sendable, Hashable {
    public let userId: Int64
    public let companyId: Int64
    public let screenName: String
    public let emailAddress: String
    /// The full name (`firstName middleName lastName`, or the portal's `fullName`).
    public let name: String
    /// Every attribute the portal sent.
    public let attributes: JSONValue

    public init(userId: Int64, companyId: Int64, screenName: String, emailAddress: String, name: String, attributes: JSONValue = .null) {
        self.userId = userId
        self.companyId = companyId
        self.screenName = screenName
        self.emailAddress = emailAddress
        self.name = name
        self.attributes = attributes
    }

    /// Decodes a User model; `nil` when it has no usable `userId`.
    public init?(json: JSONValue) {
        guard let userId = json["userId"]?.int64Value, userId > 0 else { return nil }
        let parts = ["firstName", "middleName", "lastName"].compactMap { json[$0]?.stringValue }.filter { !$0.isEmpty }
        self.init(
            userId: userId,
            companyId: json["companyId"]?.int64Value ?? 0,
            screenName: json["screenName"]?.stringValue ?? "",
            emailAddress: json["emailAddress"]?.stringValue ?? "",
            name: json["fullName"]?.stringValue ?? parts.joined(separator: " "),
            attributes: json)
    }
}
