import DDM

/// A Java object parameter ("wrapper"): sent as `"+name": "<class>"` plus one `"name.<field>": value`
/// entry per field, all in the call's flat parameter object.
public struct ObjectParameter: Sendable, Hashable {
    /// The Java class to instantiate; `nil` uses the parameter's default class.
    public var className: String?
    /// The fields to set on the object, in order.
    public var fields: [Field]

    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: JSONValue
        public init(_ name: String, _ value: JSONValue) {
            self.name = name
            self.value = value
        }
    }

    public init(className: String? = nil, fields: [Field] = []) {
        self.className = className
        self.fields = fields
    }
}

/// What to do with a record once saved (`serviceContext.workflowAction`).
public enum WorkflowAction: Int, Sendable, Hashable {
    /// Submit for publication (approved at once when the record set has no workflow).
    case publish = 1
    /// Keep as a draft.
    case saveDraft = 2
}

/// The portal's `ServiceContext`: who acts, in which site, and how (workflow, permissions, uuid).
public struct ServiceContext: Sendable, Hashable {
    public var userId: Int64?
    public var scopeGroupId: Int64?
    public var workflowAction: WorkflowAction?
    /// The uuid of the entity to create; lets a retried add be recognised by the portal.
    public var uuid: String?
    public var addGroupPermissions: Bool?
    public var addGuestPermissions: Bool?
    /// Further fields, sent after the ones above, sorted by name.
    public var extraFields: [String: JSONValue]

    public init(
        userId: Int64? = nil, scopeGroupId: Int64? = nil, workflowAction: WorkflowAction? = nil, uuid: String? = nil,
        addGroupPermissions: Bool? = nil, addGuestPermissions: Bool? = nil, extraFields: [String: JSONValue] = [:]
    ) {
        self.userId = userId
        self.scopeGroupId = scopeGroupId
        self.workflowAction = workflowAction
        self.uuid = uuid
        self.addGroupPermissions = addGroupPermissions
        self.addGuestPermissions = addGuestPermissions
        self.extraFields = extraFields
    }

    /// `com.liferay.portal.service.ServiceContext` (6.2) or `com.liferay.portal.kernel.service.ServiceContext` (7.x).
    public static func className(for version: PortalVersion) -> String {
        switch version {
        case .v62: return "com.liferay.portal.service.ServiceContext"
        case .v7: return "com.liferay.portal.kernel.service.ServiceContext"
        }
    }

    /// Both ServiceContext classes: a `nil` wrapper of one of these is left out of a call entirely.
    static let classNames: Set<String> = [className(for: .v62), className(for: .v7)]

    /// The wrapper sent on the wire.
    public var objectParameter: ObjectParameter {
        var fields: [ObjectParameter.Field] = []
        if let userId { fields.append(.init("userId", .int(userId))) }
        if let scopeGroupId { fields.append(.init("scopeGroupId", .int(scopeGroupId))) }
        if let workflowAction { fields.append(.init("workflowAction", .int(Int64(workflowAction.rawValue)))) }
        if let uuid { fields.append(.init("uuid", .string(uuid))) }
        if let addGroupPermissions { fields.append(.init("addGroupPermissions", .bool(addGroupPermissions))) }
        if let addGuestPermissions { fields.append(.init("addGuestPermissions", .bool(addGuestPermissions))) }
        for key in extraFields.keys.sorted() { fields.append(.init(key, extraFields[key]!)) }
        return ObjectParameter(fields: fields)
    }
}

/// A sort order the portal applies: a concrete comparator class such as
/// `com.liferay.bookmarks.util.comparator.EntryNameComparator`, optionally with fields (e.g. `ascending`).
public struct OrderByComparator: Sendable, Hashable {
    public var className: String
    public var fields: [ObjectParameter.Field]

    public init(className: String, fields: [ObjectParameter.Field] = []) {
        self.className = className
        self.fields = fields
    }

    public var objectParameter: ObjectParameter { ObjectParameter(className: className, fields: fields) }
}

/// The raw `OrderByComparator` class (6.2, and the default where a 7.x signature is not generic).
let rawOrderByComparatorClass = "com.liferay.portal.kernel.util.OrderByComparator"

/// The default comparator class of a parameter: raw on 6.2, generic over `model` on 7.x.
func orderByComparatorClass(_ version: PortalVersion, model: String) -> String {
    switch version {
    case .v62: return rawOrderByComparatorClass
    case .v7: return "\(rawOrderByComparatorClass)<\(model)>"
    }
}
