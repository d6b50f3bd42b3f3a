import Screens
import TermUI
import TermUITesting
import Testing

/// A form on its own screen hears the run's connectivity (issue 11: one connectivity truth): its
/// status line turns offline and back online as the run's probe finds the portal, without a key.
/// A screen test, in memory (``FormScreenTestbed``): what the probe reports is sent to `update`;
/// the probe itself against a portal is tested in the tmux automatic-sync tests.
@MainActor
@Suite("Form screen connectivity")
struct FormScreenConnectivityTests {
    @Test func theStatusLineFollowsTheRunsConnectivity() async throws {
        try await withFormScreen(size: Size(width: 100, height: 24)) { form in
            var model = form.model
            #expect(GridText.text(form.screen.view(model, size: form.backend.size)).contains("· online"))
            _ = form.screen.update(&model, .connectivityChanged(false))
            #expect(model.online == false)
            #expect(GridText.text(form.screen.view(model, size: form.backend.size)).contains("· offline"))
            _ = form.screen.update(&model, .connectivityChanged(true))
            #expect(model.online == true)
            #expect(GridText.text(form.screen.view(model, size: form.backend.size)).contains("· online"))
        }
    }
}
