import DDM
import Foundation

/// A Liferay Objects definition with its fields, as `/o/object-admin/v1.0` describes it
/// (reference §5.1), picklist entries and relationship targets resolved. Everything in it comes
/// from the portal and is sanitized (control characters removed, lengths bounded).
public struct ObjectDefinition: Sendable, Hashable {
    public var id: Int64
    /// The definition's `name`, e.g. `Ticket`.
    public var name: String
    public var externalReferenceCode: String
    /// Labels by locale (`en_US` → `Ticket`).
    public var labels: [String: String]
    public var pluralLabels: [String: String]
    public var scope: ObjectDefinitionSummary.Scope
    /// `/o/c/<plural>`, checked to be of that form.
    public var restContextPath: String
    /// The field whose value titles an entry (`titleObjectFieldName`), when the portal names one.
    public var titleFieldName: String?
    /// The custom fields, in the portal's order (system fields such as `id` or `createDate` are not here).
    public var fields: [ObjectField]

    public init(
        id: Int64, name: String, externalReferenceCode: String = "", labels: [String: String] = [:], pluralLabels: [String: String] = [:],
        scope: ObjectDefinitionSummary.Scope, restContextPath: String, titleFieldName: String? = nil, fields: [ObjectField] = []
    ) {
        self.id = id
        self.name = name
        self.externalReferenceCode = externalReferenceCode
        self.labels = labels
        self.pluralLabels = pluralLabels
        self.scope = scope
        self.restContextPath = restContextPath
        self.titleFieldName = titleFieldName
        self.fields = fields
    }

    /// The label for `locale`, then `en_US`, then any, then the name.
    public func label(in locale: String) -> String { Self.pick(labels, locale) ?? name }
    public func pluralLabel(in locale: String) -> String { Self.pick(pluralLabels, locale) ?? name }

    public func field(named name: String) -> ObjectField? { fields.first { $0.name == name } }

    /// The collection path of the entries: `/o/c/<plural>/scopes/{groupId}` for a site-scoped
    /// definition, `/o/c/<plural>` for a company-scoped one.
    public func collectionPath(groupId: Int64) -> String {
        scope == .site ? "\(restContextPath)/scopes/\(groupId)" : restContextPath
    }

    static func pick(_ map: [String: String], _ locale: String) -> String? {
        map[locale] ?? map["en_US"] ?? map.keys.sorted().lazy.compactMap { map[$0] }.first
    }
}

/// One field of an object definition.
public struct ObjectField: Sendable, Hashable {
    public var id: Int64
    public var name: String
    /// The field's `businessType` as the portal spells it (`Text`, `Picklist`, …).
    public var businessType: ObjectBusinessType
    public var labels: [String: String]
    public var required: Bool
    /// `readOnly` is `"true"` (a `"conditional"` read-only field stays editable: the portal decides).
    public var readOnly: Bool
    /// The picklist's entries (Picklist and MultiselectPicklist), in the portal's order.
    public var picklist: [PicklistEntry]
    /// The picklist's ID (`listTypeDefinitionId`), 0 when none.
    public var listTypeDefinitionId: Int64
    /// For a Relationship field (`r_<relationship>_c_<object>Id`): the related definition.
    public var relationship: ObjectRelationshipTarget?
    /// `objectFieldSettings` as name → value (e.g. `acceptedFileExtensions`).
    public var settings: [String: JSONValue]

    public func label(in locale: String) -> String { ObjectDefinition.pick(labels, locale) ?? name }
}

/// A Liferay Objects business type (reference §5.1); unknown ones keep their spelling.
public struct ObjectBusinessType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let text = Self(rawValue: "Text")
    public static let longText = Self(rawValue: "LongText")
    public static let richText = Self(rawValue: "RichText")
    public static let emailAddress = Self(rawValue: "EmailAddress")
    public static let phoneNumber = Self(rawValue: "PhoneNumber")
    public static let integer = Self(rawValue: "Integer")
    public static let longInteger = Self(rawValue: "LongInteger")
    public static let autoIncrement = Self(rawValue: "AutoIncrement")
    public static let decimal = Self(rawValue: "Decimal")
    public static let precisionDecimal = Self(rawValue: "PrecisionDecimal")
    public static let boolean = Self(rawValue: "Boolean")
    public static let date = Self(rawValue: "Date")
    public static let dateTime = Self(rawValue: "DateTime")
    public static let picklist = Self(rawValue: "Picklist")
    public static let multiselectPicklist = Self(rawValue: "MultiselectPicklist")
    public static let attachment = Self(rawValue: "Attachment")
    public static let largeFile = Self(rawValue: "LargeFile")
    public static let relationship = Self(rawValue: "Relationship")
    public static let aggregation = Self(rawValue: "Aggregation")
    public static let formula = Self(rawValue: "Formula")
    public static let encrypted = Self(rawValue: "Encrypted")
    public static let assignee = Self(rawValue: "Assignee")
}

/// One option of a picklist (`ListTypeEntry`).
public struct PicklistEntry: Sendable, Hashable {
    /// What an entry stores and sends (`{"key": …}`).
    public var key: String
    /// Names by locale.
    public var names: [String: String]

    public func name(in locale: String) -> String { ObjectDefinition.pick(names, locale) ?? key }
}

/// The definition on the other ("one") side of a many-to-one relationship field.
public struct ObjectRelationshipTarget: Sendable, Hashable {
    /// The relationship's `name` (e.g. `customerTickets`).
    public var relationshipName: String
    public var definitionId: Int64
    /// The related definition's `externalReferenceCode`, when the portal gives it.
    public var definitionExternalReferenceCode: String?
}
