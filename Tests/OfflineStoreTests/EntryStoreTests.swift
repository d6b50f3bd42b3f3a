import DDM
import Foundation
import Testing

@testable import OfflineStore

@Suite("Entries")
struct EntryStoreTests {
    let folder: TemporaryFolder
    let store: EntryStore

    init() throws {
        folder = try TemporaryFolder()
        store = EntryStore(database: try folder.openDatabase())
    }

    @Test func putGetReplaceAndRemove() async throws {
        let address = EntryAddress(collection: "DDLForm", key: "record-1")
        #expect(try await store.get(address) == nil)
        let storedAt = Date(timeIntervalSince1970: 1_700_000_000.123)
        try await store.put(address, value: ["name": "Ada", "age": 36], attributes: ["userId": "7"], storedAt: storedAt)
        let entry = try #require(try await store.get(address))
        #expect(entry.value == ["name": "Ada", "age": 36])
        #expect(entry.attributes == ["userId": "7"])
        #expect(entry.storedAt == storedAt)
        #expect(entry.syncState == .clean)

        try await store.put(address, value: ["name": "Grace"], state: .dirty)
        #expect(try await store.get(address)?.value == ["name": "Grace"])
        #expect(try await store.get(address)?.syncState == .dirty)
        #expect(try await store.get(address)?.attributes == [:])

        #expect(try await store.remove(address))
        #expect(try await store.get(address) == nil)
        #expect(try await !store.remove(address))
    }

    @Test func valuesKeepTheirExactJSON() async throws {
        let value: JSONValue = ["id": .int(9_007_199_254_740_993), "ratio": 0.1, "text": "日本語 \u{1B}[31m", "list": [nil, true]]
        let address = EntryAddress(collection: "c", key: "k")
        try await store.put(address, value: value)
        #expect(try await store.get(address)?.value == value)
    }

    @Test func statesAreStoredAndListed() async throws {
        for (key, state) in [("a", SyncState.clean), ("b", .dirty), ("c", .conflict), ("d", .dirty)] {
            try await store.put(EntryAddress(collection: "DDLForm", key: key), value: .string(key), state: state)
        }
        try await store.put(EntryAddress(collection: "Other", key: "z"), value: "z", state: .dirty)
        #expect(try await store.addresses(in: .dirty, collection: "DDLForm").map(\.key) == ["b", "d"])
        #expect(try await store.addresses(in: .dirty).count == 3)
        #expect(try await store.setState(EntryAddress(collection: "DDLForm", key: "b"), .clean))
        #expect(try await !store.setState(EntryAddress(collection: "DDLForm", key: "missing"), .clean))
        #expect(try await store.addresses(in: .conflict).map(\.key) == ["c"])
    }

    @Test func batchReadsAreAlignedWithTheKeys() async throws {
        try await store.put(EntryAddress(collection: "DDLList", key: "p0"), value: [1])
        try await store.put(EntryAddress(collection: "DDLList", key: "p2"), value: [3])
        let entries = try await store.get(collection: "DDLList", keys: ["p0", "p1", "p2"])
        #expect(entries.map { $0?.value } == [[1], nil, [3]])
    }

    @Test func keysByPrefixWithKeysetPagingAndRemoval() async throws {
        let list = CacheKey.recordList(
            recordSetId: 5, userId: nil, locale: "en_US", orderByComparator: nil, firstPageSize: 50, pageSize: 25)
        let other = CacheKey.recordList(
            recordSetId: 5, userId: 3, locale: "en_US", orderByComparator: nil, firstPageSize: 50, pageSize: 25)
        for page in 0..<4 { try await store.put(EntryAddress(collection: "DDLList", key: list.page(page)), value: [.int(Int64(page))]) }
        try await store.put(EntryAddress(collection: "DDLList", key: list.count), value: 120)
        try await store.put(EntryAddress(collection: "DDLList", key: other.page(0)), value: [])
        try await store.put(EntryAddress(collection: "Elsewhere", key: list.page(0)), value: [])

        let all = try await store.keys(collection: "DDLList", prefix: list.prefix)
        #expect(all == [list.count, list.page(0), list.page(1), list.page(2), list.page(3)])
        let firstTwo = try await store.keys(collection: "DDLList", prefix: list.prefix, limit: 2)
        let nextTwo = try await store.keys(collection: "DDLList", prefix: list.prefix, after: firstTwo.last, limit: 2)
        #expect(firstTwo + nextTwo == Array(all.prefix(4)))

        #expect(try await store.removeKeys(collection: "DDLList", prefix: list.prefix) == 5)
        #expect(try await store.keys(collection: "DDLList").count == 1)
        #expect(try await store.get(EntryAddress(collection: "Elsewhere", key: list.page(0))) != nil)
    }

    @Test func removingACollectionLeavesTheOthers() async throws {
        try await store.put(EntryAddress(collection: "A", key: "1"), value: 1)
        try await store.put(EntryAddress(collection: "A", key: "2"), value: 2)
        try await store.put(EntryAddress(collection: "B", key: "1"), value: 3)
        #expect(try await store.removeCollection("A") == 2)
        #expect(try await store.keys(collection: "A").isEmpty)
        #expect(try await store.get(EntryAddress(collection: "B", key: "1"))?.value == 3)
    }

    @Test func aFetchedValueNeverOverwritesLocalChanges() async throws {
        let address = EntryAddress(collection: "DDLForm", key: "record-1")
        try await store.put(address, value: ["name": "mine"], state: .dirty)
        #expect(try await !store.putFetched(address, value: ["name": "portal"]))
        #expect(try await store.get(address)?.value == ["name": "mine"])
        try await store.setState(address, .clean)
        #expect(try await store.putFetched(address, value: ["name": "portal"]))
        #expect(try await store.get(address)?.value == ["name": "portal"])
    }

    /// Pages fetched together are stored in one transaction, each unless its entry holds local
    /// changes (dirty or in conflict), which keep their values.
    @Test func valuesFetchedTogetherSkipEntriesWithLocalChanges() async throws {
        let addresses = (1...4).map { EntryAddress(collection: "DDLList", key: "page-\($0)") }
        try await store.put(addresses[1], value: ["rows": "mine"], state: .dirty)
        try await store.put(addresses[2], value: ["rows": "old"])
        try await store.put(addresses[3], value: ["rows": "mine too"], state: .conflict)
        let stored = try await store.putFetched(addresses.map { ($0, SourcedJSON(["rows": "portal"])) })
        #expect(stored == [true, false, true, false])
        #expect(try await store.get(addresses[0])?.value == ["rows": "portal"])
        #expect(try await store.get(addresses[1])?.value == ["rows": "mine"])
        #expect(try await store.get(addresses[1])?.syncState == .dirty)
        #expect(try await store.get(addresses[2])?.value == ["rows": "portal"])
        #expect(try await store.get(addresses[2])?.syncState == .clean)
        #expect(try await store.get(addresses[3])?.value == ["rows": "mine too"])
        #expect(try await store.get(addresses[3])?.syncState == .conflict)
    }

    @Test func applyingChangesIsAllOrNothing() async throws {
        try await store.apply([
            .put(EntryAddress(collection: "A", key: "1"), value: 1),
            .put(EntryAddress(collection: "A", key: "2"), value: 2, state: .dirty),
            .remove(EntryAddress(collection: "A", key: "1")),
        ])
        #expect(try await store.keys(collection: "A") == ["2"])
        #expect(try await store.get(EntryAddress(collection: "A", key: "2"))?.syncState == .dirty)
    }
}

@Suite("Cache keys")
struct CacheKeyTests {
    @Test func everyParameterIsPartOfTheKey() {
        func key(userId: Int64? = nil, locale: String? = "en_US", obc: String? = nil, first: Int = 50, size: Int = 25)
            -> CacheKey
        {
            .recordList(recordSetId: 5, userId: userId, locale: locale, orderByComparator: obc, firstPageSize: first, pageSize: size)
        }
        let base = key()
        let variants = [key(userId: 3), key(locale: "es_ES"), key(locale: nil), key(obc: "com.x.Name"), key(first: 40), key(size: 10)]
        for variant in variants { #expect(variant != base, "\(variant)") }
        #expect(Set(variants).count == variants.count)
        #expect(base == key())
        #expect(base.rawValue == "ddl-records?firstPageSize=50&locale=en_US&obc=~&pageSize=25&recordSetId=5&userId=~")
    }

    @Test func galleryKeysIncludeTheMimeTypes() {
        let png = CacheKey.gallery(repositoryId: 1, folderId: 2, mimeTypes: ["image/png"], locale: nil, firstPageSize: 50, pageSize: 25)
        let both = CacheKey.gallery(
            repositoryId: 1, folderId: 2, mimeTypes: ["image/png", "image/jpeg"], locale: nil, firstPageSize: 50, pageSize: 25)
        let bothReordered = CacheKey.gallery(
            repositoryId: 1, folderId: 2, mimeTypes: ["image/jpeg", "image/png"], locale: nil, firstPageSize: 50, pageSize: 25)
        #expect(png != both)
        #expect(both == bothReordered)
    }

    @Test func valuesCannotImitateOtherParameters() {
        let sneaky = CacheKey("x", parameters: ["a": "1&b=2"])
        let honest = CacheKey("x", parameters: ["a": "1", "b": "2"])
        #expect(sneaky != honest)
        #expect(CacheKey("x", parameters: ["a": "~"]) != CacheKey("x", parameters: ["a": nil]))
        #expect(CacheKey("x", parameters: ["a": nil]) == CacheKey("x", parameters: ["a": .null]))
        #expect(!CacheKey("x", parameters: ["a": "p#page=1"]).rawValue.contains("#"))
    }

    @Test func derivedKeysShareThePrefix() {
        let key = CacheKey("bookmarks", parameters: ["groupId": 20, "folderId": 3])
        #expect(key.page(2).hasPrefix(key.prefix))
        #expect(key.count.hasPrefix(key.prefix))
        #expect(key.page(1) != key.page(10))
    }
}
