import DDM
import PortalClient

/// One entry of a related object, as a relationship field's picker lists it.
public struct RelatedEntryChoice: Sendable, Hashable {
    public let id: Int64
    /// The entry's title field (else its ID).
    public let title: String

    public init(id: Int64, title: String) {
        self.id = id
        self.title = title
    }
}

/// A form screenlet whose relationship fields pick the related entry by searching the related
/// object (``ObjectEntryFormScreenlet``). The form screen asks for it when the user types words,
/// not an ID, in such a field.
public protocol RelatedEntrySearching: Actor {
    /// The related object's entries matching `text` (the portal's `search`), at most a page.
    func searchRelated(_ text: String, for field: String) async throws -> [RelatedEntryChoice]
}

/// Why the related object could not be searched, in a few words ("offline", the portal's error).
public struct RelatedSearchError: Error, Sendable, Equatable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }
}

extension DDMField {
    /// Whether the field holds the ID of a related Objects entry (``ObjectMapping`` marks it).
    public var isRelationship: Bool { attributes[ObjectMapping.relatedDefinitionAttribute] != nil }
}
