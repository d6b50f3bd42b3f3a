import Screens
import TermUI
import Testing

/// The form screenlet's events reach the screen through one stream effect the runtime iterates
/// (issue 13 item 2): no "next event" task is re-armed after each one, so `waitUntilIdle()` waits
/// for the screenlet calls only, and closing the screenlet ends the stream.
@MainActor
@Suite("Form screen event stream")
struct FormScreenEventStreamTests {
    @Test func theEventStreamIsASubscriptionNotAPendingTask() async throws {
        try await withFormScreen { form in
            try await form.waitFor("the load's calls to finish", timeout: 30) { [runtime = form.runtime] _ in
                runtime.pendingEffectCount == 0
            }
            await form.runtime.waitUntilIdle()
            #expect(form.runtime.subscriptionCount == 1)

            await form.screenlet.close()
            try await form.waitFor("the event stream to end", timeout: 30) { [runtime = form.runtime] _ in
                runtime.subscriptionCount == 0
            }
            #expect(!form.model.rows.isEmpty)
        }
    }
}
