import DDM
import PortalClient

/// A site the user belongs to, as the portal browser lists it.
public struct SiteSummary: Hashable, Sendable {
    public let groupId: Int64
    public let name: String
    public let friendlyURL: String
    public init(groupId: Int64, name: String, friendlyURL: String = "") {
        self.groupId = groupId
        self.name = name
        self.friendlyURL = friendlyURL
    }
}

/// A record set of a site, with the structure of its records and how many there are.
public struct RecordSetSummary: Hashable, Sendable {
    public let recordSetId: Int64
    public let structureId: Int64
    public let name: String
    public let recordCount: Int
    public init(recordSetId: Int64, structureId: Int64, name: String, recordCount: Int) {
        self.recordSetId = recordSetId
        self.structureId = structureId
        self.name = name
        self.recordCount = recordCount
    }
}

/// A Documents and Media folder or a bookmarks folder at the top of a site.
public struct FolderSummary: Hashable, Sendable {
    public let folderId: Int64
    public let name: String
    public init(folderId: Int64, name: String) {
        self.folderId = folderId
        self.name = name
    }
}

/// What a site holds for the browser: record sets, image folders, bookmark folders.
public struct SiteContents: Hashable, Sendable {
    public let recordSets: [RecordSetSummary]
    public let imageFolders: [FolderSummary]
    public let bookmarkFolders: [FolderSummary]
    public init(recordSets: [RecordSetSummary], imageFolders: [FolderSummary], bookmarkFolders: [FolderSummary]) {
        self.recordSets = recordSets
        self.imageFolders = imageFolders
        self.bookmarkFolders = bookmarkFolders
    }
}

/// Loads the user's sites and, per site, its record sets (with their record counts, in one
/// batch), its top Documents and Media folders and its top bookmarks folders, through the calls
/// the portal client has for them. Names are resolved in `locale`.
public struct SiteContentsLoader: Sendable {
    public let session: PortalSession
    public let locale: PortalLocale

    public init(session: PortalSession, locale: PortalLocale) {
        self.session = session
        self.locale = locale
    }

    /// The sites of the signed-in user.
    public func sites() async throws -> [SiteSummary] {
        try await session.sites().map {
            SiteSummary(groupId: $0.groupId, name: LocalizedXMLText.resolve($0.name, locale: locale), friendlyURL: $0.friendlyURL)
        }
    }

    /// The record sets and folders of `groupId`.
    public func contents(ofSite groupId: Int64) async throws -> SiteContents {
        let sets = try await session.recordSets(groupId: groupId).recordSets
        let countCalls = try await session.calls().screensRecords
        let counts = sets.isEmpty ? [] : try await session.invoke(sets.map { countCalls.getDDLRecordsCount(ddlRecordSetId: $0.recordSetId) })
        let folders = try await session.documentFolders(repositoryId: groupId, parentFolderId: 0)
        let bookmarkFolders = try await session.bookmarkFolders(groupId: groupId, parentFolderId: 0)
        return SiteContents(
            recordSets: zip(sets, counts).map { set, count in
                RecordSetSummary(
                    recordSetId: set.recordSetId, structureId: set.structureId,
                    name: LocalizedXMLText.resolve(set.name, locale: locale), recordCount: count.intValue ?? 0)
            },
            imageFolders: folders.map { FolderSummary(folderId: $0.folderId, name: LocalizedXMLText.resolve($0.name, locale: locale)) },
            bookmarkFolders: bookmarkFolders.map {
                FolderSummary(folderId: $0.folderId, name: LocalizedXMLText.resolve($0.name, locale: locale))
            })
    }
}
