import DDM
import Foundation
import OfflineStore
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
    /// False on a portal without the Screens plugin (7.4, DXP): its values cannot be read there.
    public let valuesReadable: Bool
    public init(recordSetId: Int64, structureId: Int64, name: String, recordCount: Int, valuesReadable: Bool = true) {
        self.recordSetId = recordSetId
        self.structureId = structureId
        self.name = name
        self.recordCount = recordCount
        self.valuesReadable = valuesReadable
    }
}

/// A Documents and Media folder or a bookmarks folder at the top of a site.
public struct FolderSummary: Hashable, Sendable {
    public let folderId: Int64
    public let name: String
    /// How many images (a documents folder) or bookmarks it holds; nil when unknown.
    public var count: Int?
    public init(folderId: Int64, name: String, count: Int? = nil) {
        self.folderId = folderId
        self.name = name
        self.count = count
    }
}

/// What a site holds for the browser: record sets, object definitions, image folders, bookmark folders.
public struct SiteContents: Hashable, Sendable {
    public let recordSets: [RecordSetSummary]
    /// The Liferay Objects definitions whose entries the site can list (site- and company-scoped).
    public let objects: [ObjectSetSummary]
    public let imageFolders: [FolderSummary]
    public let bookmarkFolders: [FolderSummary]
    /// When the cached copy shown was stored, if it came from the cache because the portal
    /// could not be reached; nil for the portal's answer.
    public var cachedAt: Date?
    public init(
        recordSets: [RecordSetSummary], objects: [ObjectSetSummary] = [], imageFolders: [FolderSummary],
        bookmarkFolders: [FolderSummary], cachedAt: Date? = nil
    ) {
        self.recordSets = recordSets
        self.objects = objects
        self.imageFolders = imageFolders
        self.bookmarkFolders = bookmarkFolders
        self.cachedAt = cachedAt
    }
}

/// The user's sites for the browser.
public struct SiteList: Hashable, Sendable {
    public let sites: [SiteSummary]
    /// When the cached copy shown was stored, if it came from the cache because the portal
    /// could not be reached; nil for the portal's answer.
    public var cachedAt: Date?
    public init(_ sites: [SiteSummary], cachedAt: Date? = nil) {
        self.sites = sites
        self.cachedAt = cachedAt
    }
}

/// Loads the user's sites and, per site, its record sets (with their record counts, in one
/// batch), its top Documents and Media folders and its top bookmarks folders, through the calls
/// the portal client has for them. Names are resolved in `locale`.
///
/// With a cache, both go through a ``LoadPolicy`` (collection `browser`, keys `sites` and
/// `site-contents` with the locale and the site): what the user saw online is what the browser
/// shows offline, with `cachedAt` set; what was never loaded is ``SiteContentsError/notAvailableOffline``.
public struct SiteContentsLoader: Sendable {
    public let session: PortalSession
    public let locale: PortalLocale
    /// The cache and its policy; nil: the portal only.
    public let cache: CachePolicyLoader?
    public let policy: LoadPolicy
    /// What the portal offers (the Screens plugin, Objects); nil: a portal with the Screens plugin
    /// and without Objects, as every 6.2 and 7.0–7.3 portal.
    public let capabilities: (@Sendable () async -> PortalCapabilities)?

    /// The cache collection of the browser's menus.
    public static let collection = "browser"

    public init(
        session: PortalSession, locale: PortalLocale, cache: CachePolicyLoader? = nil, policy: LoadPolicy = .remoteFirst,
        capabilities: (@Sendable () async -> PortalCapabilities)? = nil
    ) {
        self.session = session
        self.locale = locale
        self.cache = cache
        self.policy = cache == nil ? .remoteOnly : policy
        self.capabilities = capabilities
    }

    /// The sites of the signed-in user.
    public func sites() async throws -> [SiteSummary] {
        try await siteList().sites
    }

    /// The sites of the signed-in user, from the portal or (offline) the cache.
    public func siteList() async throws -> SiteList {
        let key = CacheKey("sites", parameters: ["locale": .string(locale.identifier)])
        let (value, cachedAt) = try await load(key) {
            .array(try await fetchSites().map { ["groupId": .int($0.groupId), "name": .string($0.name), "friendlyURL": .string($0.friendlyURL)] })
        }
        let sites = (value.arrayValue ?? []).compactMap { site -> SiteSummary? in
            guard let groupId = site["groupId"]?.int64Value else { return nil }
            return SiteSummary(
                groupId: groupId, name: site["name"]?.stringValue ?? "", friendlyURL: site["friendlyURL"]?.stringValue ?? "")
        }
        return SiteList(sites, cachedAt: cachedAt)
    }

    /// The record sets and folders of `groupId`, from the portal or (offline) the cache.
    public func contents(ofSite groupId: Int64) async throws -> SiteContents {
        let key = CacheKey("site-contents", parameters: ["groupId": .int(groupId), "locale": .string(locale.identifier)])
        let (value, cachedAt) = try await load(key) { Self.json(try await fetchContents(ofSite: groupId)) }
        var contents = Self.contents(from: value)
        contents.cachedAt = cachedAt
        return contents
    }

    /// `fetch` under the policy at `key`; the value and, for a stale cached answer, when it was stored.
    private func load(_ key: CacheKey, fetch: @escaping @Sendable () async throws -> JSONValue) async throws -> (JSONValue, Date?) {
        guard let cache else { return (try await fetch(), nil) }
        let address = EntryAddress(collection: Self.collection, key: key.rawValue)
        do {
            let result = try await cache.load(policy, at: address, fetch: fetch)
            return (result.value, result.source == .cache && result.isStale ? (result.storedAt ?? Date()) : nil)
        } catch let error as any OfflineClassifiable where error.isConnectivityFailure {
            throw SiteContentsError.notAvailableOffline(String(describing: error))
        } catch OfflineStoreError.notCached {
            throw SiteContentsError.notAvailableOffline("not in the cache")
        }
    }

    private func fetchSites() async throws -> [SiteSummary] {
        try await session.sites().map {
            SiteSummary(groupId: $0.groupId, name: LocalizedXMLText.resolve($0.name, locale: locale), friendlyURL: $0.friendlyURL)
        }
    }

    private static func json(_ contents: SiteContents) -> JSONValue {
        [
            "recordSets": .array(contents.recordSets.map {
                ["recordSetId": .int($0.recordSetId), "structureId": .int($0.structureId), "name": .string($0.name),
                 "recordCount": .int(Int64($0.recordCount)), "valuesReadable": .bool($0.valuesReadable)]
            }),
            "objects": .array(contents.objects.map {
                ["definitionId": .int($0.definitionId), "name": .string($0.name), "title": .string($0.title),
                 "siteScoped": .bool($0.isSiteScoped), "entryCount": $0.entryCount.map { .int(Int64($0)) } ?? .null]
            }),
            "imageFolders": .array(contents.imageFolders.map(folderJSON)),
            "bookmarkFolders": .array(contents.bookmarkFolders.map(folderJSON)),
        ]
    }

    private static func folderJSON(_ folder: FolderSummary) -> JSONValue {
        var members: [String: JSONValue] = ["folderId": .int(folder.folderId), "name": .string(folder.name)]
        if let count = folder.count { members["count"] = .int(Int64(count)) }
        return .object(members)
    }

    /// A cached copy read back; malformed members are skipped (the cache is data, not trusted code).
    private static func contents(from value: JSONValue) -> SiteContents {
        func folders(_ name: String) -> [FolderSummary] {
            (value[name]?.arrayValue ?? []).compactMap { folder in
                folder["folderId"]?.int64Value.map {
                    FolderSummary(folderId: $0, name: folder["name"]?.stringValue ?? "", count: folder["count"]?.int64Value.map { Int($0) })
                }
            }
        }
        let sets = (value["recordSets"]?.arrayValue ?? []).compactMap { set -> RecordSetSummary? in
            guard let id = set["recordSetId"]?.int64Value else { return nil }
            return RecordSetSummary(
                recordSetId: id, structureId: set["structureId"]?.int64Value ?? 0, name: set["name"]?.stringValue ?? "",
                recordCount: Int(set["recordCount"]?.int64Value ?? 0), valuesReadable: set["valuesReadable"]?.boolValue ?? true)
        }
        let objects = (value["objects"]?.arrayValue ?? []).compactMap { object -> ObjectSetSummary? in
            guard let id = object["definitionId"]?.int64Value else { return nil }
            let name = object["name"]?.stringValue ?? ""
            return ObjectSetSummary(
                definitionId: id, name: name, title: object["title"]?.stringValue ?? name,
                isSiteScoped: object["siteScoped"]?.boolValue ?? false, entryCount: object["entryCount"]?.intValue)
        }
        return SiteContents(
            recordSets: sets, objects: objects, imageFolders: folders("imageFolders"), bookmarkFolders: folders("bookmarkFolders"))
    }

    /// The record sets and folders of `groupId`, from the portal.
    private func fetchContents(ofSite groupId: Int64) async throws -> SiteContents {
        let offers = await capabilities?()
        let sets = try await session.recordSets(groupId: groupId).recordSets
        // Without the Screens plugin the records cannot be counted (nor read): the sets say so.
        let readable = offers?.screensPlugin ?? true
        let countCalls = try await session.calls().screensRecords
        let counts = sets.isEmpty || !readable
            ? sets.map { _ in JSONValue.null }
            : try await session.invoke(sets.map { countCalls.getDDLRecordsCount(ddlRecordSetId: $0.recordSetId) })
        let objects = offers?.objects == true
            ? try await session.objectDefinitionSummaries(groupId: groupId, locale: locale.identifier).map(ObjectSetSummary.init)
            : []
        let folders = try await session.documentFolders(repositoryId: groupId, parentFolderId: 0)
        // 7.4 has no Bookmarks service: no folders, not a failure.
        let bookmarkFolders: [Folder]
        do {
            bookmarkFolders = try await session.bookmarkFolders(groupId: groupId, parentFolderId: 0)
        } catch let error as PortalError where PortalSession.isMissingAction(error) {
            bookmarkFolders = []
        }
        let (imageCounts, bookmarkCounts) = await folderCounts(
            groupId: groupId, imageFolders: folders.map(\.folderId), bookmarkFolders: bookmarkFolders.map(\.folderId))
        return SiteContents(
            recordSets: zip(sets, counts).map { set, count in
                RecordSetSummary(
                    recordSetId: set.recordSetId, structureId: set.structureId,
                    name: LocalizedXMLText.resolve(set.name, locale: locale), recordCount: count.intValue ?? 0,
                    valuesReadable: readable)
            },
            objects: objects,
            imageFolders: folders.enumerated().map { index, folder in
                FolderSummary(folderId: folder.folderId, name: LocalizedXMLText.resolve(folder.name, locale: locale),
                              count: imageCounts?[index])
            },
            bookmarkFolders: bookmarkFolders.enumerated().map { index, folder in
                FolderSummary(folderId: folder.folderId, name: LocalizedXMLText.resolve(folder.name, locale: locale),
                              count: bookmarkCounts?[index])
            })
    }

    /// The images of each documents folder (what the gallery shows) and the bookmarks of each
    /// bookmarks folder, in one batch; nil when the portal would not count them (the menu still shows).
    private func folderCounts(groupId: Int64, imageFolders: [Int64], bookmarkFolders: [Int64]) async -> ([Int?]?, [Int?]?) {
        guard !imageFolders.isEmpty || !bookmarkFolders.isEmpty, let calls = try? await session.calls() else { return (nil, nil) }
        let batch = imageFolders.map { calls.documents.getFileEntriesCount(repositoryId: groupId, folderId: $0) }
            + bookmarkFolders.map { calls.bookmarks.getEntriesCount(groupId: groupId, folderId: $0) }
        guard let answers = try? await session.invoke(batch), answers.count == batch.count else { return (nil, nil) }
        let images = answers.prefix(imageFolders.count).map { calls.documents.fileEntriesCount($0) }
        let bookmarks = answers.dropFirst(imageFolders.count).map(\.intValue)
        return (images, bookmarks)
    }
}

/// Why the browser cannot show a menu.
public enum SiteContentsError: Error, CustomStringConvertible, Sendable {
    /// The portal cannot be reached and the menu was never loaded while it could.
    case notAvailableOffline(String)

    public var description: String {
        switch self {
        case .notAvailableOffline: return "not available offline: never loaded"
        }
    }
}

extension SiteContentsError: OfflineClassifiable {
    public var isConnectivityFailure: Bool { true }
}
