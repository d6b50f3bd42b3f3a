import DDM
import Foundation
import GRDB
import Testing

@testable import OfflineStore

/// Values fetched with their text (``SourcedJSON``) are stored as that text, not serialised
/// again (issue 17); entries written either way, or by earlier versions, read back alike.
@Suite("Entries stored as the portal's text")
struct SourcedEntryTests {
    let folder: TemporaryFolder
    let store: EntryStore

    init() throws {
        folder = try TemporaryFolder()
        store = EntryStore(database: try folder.openDatabase())
    }

    private func storedText(_ address: EntryAddress) async throws -> (text: String?, type: String?) {
        try await store.database.pool.read { db in
            let row = try Row.fetchOne(
                db, sql: "SELECT value, typeof(value) AS type FROM entry WHERE collection = ? AND key = ?",
                arguments: [address.collection, address.key])
            return (row?["value"], row?["type"])
        }
    }

    @Test func aFetchedValueIsStoredAsItsTextAndReadsBackEqual() async throws {
        let portal = #"{ "z": [1, 2.50, "\u00e9\n"], "a": {"k": 1, "k": 2}, "bidi": ""# + "\u{202E}\u{85}" + #"", "big": 18446744073709551616 }"#
        let fetched = try JSONValue.parseSourced(bytes: Array(portal.utf8), elementLevels: 2)
        let address = EntryAddress(collection: "DDLList", key: "page")
        #expect(try await store.putFetched(address, fetched: fetched, attributes: ["n": 1]))
        let stored = try await storedText(address)
        #expect(stored.text == portal.trimmingCharacters(in: .whitespaces), "the portal's text, as it came")
        #expect(stored.type == "text", "stored as TEXT, like serialised values")
        let entry = try #require(try await store.get(address))
        #expect(entry.value == fetched.value)
        #expect(entry.attributes == ["n": 1])
    }

    @Test func aValueWithoutTextIsSerialisedAsBefore() async throws {
        let value: JSONValue = ["b": [true, nil], "a": "x"]
        let address = EntryAddress(collection: "c", key: "k")
        #expect(try await store.putFetched(address, fetched: SourcedJSON(value)))
        #expect(try await storedText(address).text == value.serialized())
        #expect(try await store.get(address)?.value == value)
    }

    @Test func entriesWrittenByEarlierVersionsStillRead() async throws {
        // What earlier versions wrote: the value serialised, keys sorted.
        let value: JSONValue = ["rows": [["modelValues": ["Title": "Issue 1"], "recordId": "41001"]], "rowCount": nil]
        try await store.database.pool.write { db in
            try db.execute(
                sql: "INSERT INTO entry (collection, key, value, attributes, storedAt) VALUES ('DDLList', 'old', ?, '{}', 0)",
                arguments: [value.serialized()])
        }
        #expect(try await store.get(EntryAddress(collection: "DDLList", key: "old"))?.value == value)
    }

    @Test func aFetchedTextNeverOverwritesLocalChanges() async throws {
        let address = EntryAddress(collection: "DDLForm", key: "record-1")
        try await store.put(address, value: ["name": "local"], state: .dirty)
        let fetched = try JSONValue.parseSourced(bytes: Array(#"{"name": "portal"}"#.utf8), elementLevels: 0)
        #expect(try await !store.putFetched(address, fetched: fetched))
        #expect(try await store.get(address)?.value == ["name": "local"])
    }

    @Test func theCachePolicyStoresTheFetchedText() async throws {
        let portal = #"[ {"id": 2, "name": "b"}, {"id": 1, "name": "a"} ]"#
        let address = EntryAddress(collection: "DDLList", key: "rows")
        let loader = CachePolicyLoader(entries: store)
        let result = try await loader.load(.remoteFirst, at: address) { try JSONValue.parse(portal) }
        #expect(result.source == .portal)
        var answers: [LoadResult] = []
        for try await answer in loader.updates(.remoteFirst, at: address, fetchSourced: {
            try JSONValue.parseSourced(bytes: Array(portal.utf8), elementLevels: 1)
        }) { answers.append(answer) }
        #expect(answers.map(\.value) == [try JSONValue.parse(portal)])
        #expect(try await storedText(address).text == portal.trimmingCharacters(in: .whitespaces))
        #expect(try await store.get(address)?.value == result.value)
    }
}
