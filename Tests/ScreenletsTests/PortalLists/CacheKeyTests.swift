import OfflineStore
import PortalClient
import Screenlets
import Testing

/// Every parameter that changes the rows is in the cache key (the reference keyed by record set alone).
@Suite("List cache keys")
struct ListCacheKeyTests {
    let calls = ServiceCalls(version: .v7)

    private func ddl(
        userId: Int64? = nil, locale: String = "en_US", obc: String? = nil, layout: PageLayout = PageLayout()
    ) -> DDLListSource {
        DDLListSource(recordSetId: 40002, userId: userId, locale: locale, obcClassName: obc, layout: layout, calls: calls)
    }

    @Test func ddlKeysDifferByEveryParameter() {
        let base = ddl().cacheKey
        let variants = [
            ddl(userId: 20140).cacheKey, ddl(locale: "es_ES").cacheKey, ddl(obc: "Comparator").cacheKey,
            ddl(layout: PageLayout(firstPageSize: 30, pageSize: 25)).cacheKey,
            ddl(layout: PageLayout(firstPageSize: 50, pageSize: 10)).cacheKey,
            DDLListSource(recordSetId: 40003, locale: "en_US", calls: calls).cacheKey,
        ]
        #expect(Set(variants.map(\.description) + [base.description]).count == variants.count + 1)
        #expect(ddl(userId: 0).cacheKey == base, "0 means no filter")
        #expect(ddl().cacheKey == base)
        let request = PageRequest(page: 1, layout: PageLayout())
        #expect(base.rowsKey(for: request) != ddl(userId: 20140).cacheKey.rowsKey(for: request))
    }

    @Test func galleryKeysDifferByMimeTypesAndFolder() {
        func gallery(_ mimeTypes: [String], folder: Int64 = 50001, locale: String = "en_US") -> String {
            GallerySource(repositoryId: 20143, folderId: folder, mimeTypes: mimeTypes, locale: locale, calls: calls).cacheKey.description
        }
        #expect(gallery(["image/png"]) != gallery(["image/png", "image/gif"]))
        #expect(gallery(["image/gif", "image/png"]) == gallery(["image/png", "image/gif"]), "order does not matter")
        #expect(gallery(["image/png"]) != gallery(["image/png"], folder: 50002))
        #expect(gallery(["image/png"]) != gallery(["image/png"], locale: "es_ES"))
    }
}
