import DDM
import Foundation
import OfflineStore
import PortalClient
import Screenlets
import Testing
import TermletsTestSupport

@Suite("Form screenlet: loading", .serialized)
struct FormLoadingTests {
    @Test func loadFormShowsThePredefinedValuesOfANewRecord() async throws {
        try await withHarness { harness in
            let screenlet = harness.screenlet { $0.recordSetId = 40001 }
            let recorder = EventRecorder(screenlet)
            try await screenlet.loadForm()
            let state = await screenlet.state
            #expect(state.model?.structure.field(named: "Title") != nil)
            #expect(state.recordId == nil)
            #expect(state.recordSetName?.isEmpty == false)
            #expect(state.formOrigin == FormDataOrigin(source: .portal, isStale: false, storedAt: nil))
            #expect(state.isDirty == false)
            try await recorder.waitFor("formLoaded") { $0.name == "formLoaded" }
        }
    }

    @Test func loadRecordLoadsTheFormFirstThenTheRecord() async throws {
        try await withHarness { harness in
            let screenlet = harness.screenlet {
                $0.recordSetId = 40001
                $0.recordId = 41001
            }
            let recorder = EventRecorder(screenlet)
            await screenlet.start()
            try await recorder.waitFor("recordLoaded") { $0.name == "recordLoaded" }
            #expect(await recorder.names == ["formLoaded", "recordLoaded"])
            let state = await screenlet.state
            #expect(state.recordId == 41001)
            #expect(state.workflowStatus == 0)
            #expect(state.model?.value(of: "Title") != nil)

            let draft = harness.screenlet {
                $0.recordSetId = 40001
                $0.recordId = 41004
            }
            try await draft.loadRecord()
            #expect(await draft.state.workflowStatus == 2)
        }
    }

    @Test func anUnknownRecordIsARecordLoadError() async throws {
        try await withHarness { harness in
            let screenlet = harness.screenlet {
                $0.recordSetId = 40001
                $0.recordId = 999_999
            }
            let recorder = EventRecorder(screenlet)
            await #expect(throws: PortalError.self) { try await screenlet.loadRecord() }
            try await recorder.waitFor("recordLoadError") { $0.name == "recordLoadError" }
            #expect(await recorder.names == ["formLoaded", "recordLoadError"])
        }
    }

    @Test func remoteFirstFallsBackToTheCacheMarkedStaleWhenOffline() async throws {
        try await withHarness { harness in
            let online = harness.screenlet {
                $0.recordSetId = 40001
                $0.recordId = 41002
            }
            try await online.loadRecord()
            let loadedTitle = await online.state.model?.value(of: "Title")
            #expect(await online.state.recordOrigin?.source == .portal)

            await harness.setOffline(true)
            let offline = harness.screenlet {
                $0.recordSetId = 40001
                $0.recordId = 41002
            }
            try await offline.loadRecord()
            let state = await offline.state
            #expect(state.formOrigin?.source == .cache)
            #expect(state.formOrigin?.isStale == true)
            #expect(state.recordOrigin?.source == .cache)
            #expect(state.recordOrigin?.isStale == true)
            #expect(state.recordOrigin?.storedAt != nil)
            #expect(state.model?.value(of: "Title") == loadedTitle)
        }
    }

    @Test func cacheOnlyWithNothingCachedFailsAndRemoteOnlyCachesNothing() async throws {
        try await withHarness { harness in
            let cacheOnly = harness.screenlet {
                $0.recordSetId = 40003
                $0.loadPolicy = .cacheOnly
            }
            let recorder = EventRecorder(cacheOnly)
            await #expect(throws: OfflineStoreError.self) { try await cacheOnly.loadForm() }
            try await recorder.waitFor("formLoadError") { $0.name == "formLoadError" }

            let remoteOnly = harness.screenlet {
                $0.recordSetId = 40003
                $0.loadPolicy = .remoteOnly
            }
            try await remoteOnly.loadForm()
            #expect(await remoteOnly.state.formOrigin?.source == .portal)
            let again = harness.screenlet {
                $0.recordSetId = 40003
                $0.loadPolicy = .cacheOnly
            }
            await #expect(throws: OfflineStoreError.self) { try await again.loadForm() }

            await harness.setOffline(true)
            let offline = harness.screenlet {
                $0.recordSetId = 40003
                $0.loadPolicy = .remoteOnly
            }
            let error = await #expect(throws: PortalError.self) { try await offline.loadForm() }
            #expect(error?.kind == .network)
        }
    }

    @Test func cacheFirstServesACachedFormWithoutThePortal() async throws {
        try await withHarness { harness in
            let miss = harness.screenlet {
                $0.recordSetId = 40003
                $0.loadPolicy = .cacheFirst
            }
            try await miss.loadForm()
            #expect(await miss.state.formOrigin?.source == .portal)

            await harness.setOffline(true)
            let hit = harness.screenlet {
                $0.recordSetId = 40003
                $0.loadPolicy = .cacheFirst
            }
            try await hit.loadForm()
            #expect(await hit.state.formOrigin == FormDataOrigin(source: .cache, isStale: false, storedAt: await hit.state.formOrigin?.storedAt))
            #expect(await hit.state.formOrigin?.storedAt != nil)
            #expect(await hit.state.model?.structure.field(named: "Name")?.required == true)
        }
    }

    @Test func cacheThenRemoteShowsTheCacheFirstThenThePortal() async throws {
        try await withHarness { harness in
            try await harness.screenlet { $0.recordSetId = 40003; $0.loadPolicy = .remoteFirst }.loadForm()

            let screenlet = harness.screenlet {
                $0.recordSetId = 40003
                $0.loadPolicy = .cacheThenRemote
            }
            let recorder = EventRecorder(screenlet)
            try await screenlet.loadForm()
            _ = try await waitForCount(recorder, "formLoaded", 2)
            let origins = await recorder.events.compactMap { event -> DataSource? in
                if case .formLoaded(let origin) = event { return origin.source }
                return nil
            }
            #expect(origins == [.cache, .portal])

            await harness.setOffline(true)
            let offline = harness.screenlet {
                $0.recordSetId = 40003
                $0.loadPolicy = .cacheThenRemote
            }
            let offlineEvents = EventRecorder(offline)
            try await offline.loadForm()
            _ = try await waitForCount(offlineEvents, "formLoaded", 2)
            let stale = await offlineEvents.events.compactMap { event -> Bool? in
                if case .formLoaded(let origin) = event { return origin.isStale }
                return nil
            }
            #expect(stale == [false, true])
            #expect(await offline.state.formOrigin?.isStale == true)
        }
    }
}

/// Waits until `recorder` has `count` events named `name`.
func waitForCount(_ recorder: EventRecorder, _ name: String, _ count: Int) async throws -> Bool {
    try await TermletsTestSupport.waitFor("\(count) × \(name)", timeout: 60) {
        await recorder.names.filter { $0 == name }.count >= count ? true : nil
    }
}
