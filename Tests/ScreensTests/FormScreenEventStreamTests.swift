import Screens
import TermUI
import Testing

/// The form screenlet's events reach the screen through one stream effect the runtime iterates
/// (issue 13 item 2): no "next event" task is re-armed after each one, so `waitUntilIdle()` waits
/// for the screenlet calls only, and closing the screenlet ends the stream. A screen test, on the
/// in-memory form of ``FormScreenTestbed``.
@MainActor
@Suite("Form screen event stream")
struct FormScreenEventStreamTests {
    @Test func theEventStreamIsASubscriptionNotAPendingTask() async throws {
        try await withFormScreen { form in
            try await form.settle()
            await form.runtime.waitUntilIdle()
            #expect(form.runtime.pendingEffectCount == 0, "the load's calls are done")
            #expect(form.runtime.subscriptionCount == 1)

            await form.screenlet.close()
            await form.runtime.waitUntilSubscriptionsEnd()
            #expect(form.runtime.subscriptionCount == 0, "the event stream ended")
            #expect(!form.model.rows.isEmpty)
        }
    }
}
