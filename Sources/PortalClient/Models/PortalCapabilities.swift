import DDM

/// What a portal offers Termlets, found by probing (``PortalSession/probeCapabilities(groupId:probeDeadline:)``),
/// never from its version string: the Liferay Screens plugin (DDL record values over JSON-WS; 6.2
/// add-on and 7.0–7.3), headless-delivery (documents over REST, 7.2+), Liferay Objects (7.4+) and
/// the OAuth 2 provider (7.1+).
public struct PortalCapabilities: Sendable, Hashable {
    public var screensPlugin: Bool
    public var headlessDelivery: Bool
    public var objects: Bool
    public var oauth2: Bool

    public init(screensPlugin: Bool, headlessDelivery: Bool, objects: Bool, oauth2: Bool) {
        self.screensPlugin = screensPlugin
        self.headlessDelivery = headlessDelivery
        self.objects = objects
        self.oauth2 = oauth2
    }

    /// `{"screensPlugin": bool, "headlessDelivery": bool, "objects": bool, "oauth2": bool}`.
    public var json: JSONValue {
        ["screensPlugin": .bool(screensPlugin), "headlessDelivery": .bool(headlessDelivery), "objects": .bool(objects), "oauth2": .bool(oauth2)]
    }

    /// The inverse of ``json``; `nil` unless all four keys are booleans.
    public init?(json: JSONValue) {
        guard case .bool(let screens)? = json["screensPlugin"], case .bool(let headless)? = json["headlessDelivery"],
            case .bool(let objects)? = json["objects"], case .bool(let oauth2)? = json["oauth2"]
        else { return nil }
        self.init(screensPlugin: screens, headlessDelivery: headless, objects: objects, oauth2: oauth2)
    }
}
