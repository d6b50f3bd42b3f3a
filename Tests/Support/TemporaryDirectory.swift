import Foundation

/// A fresh directory under the system's temporary folder, removed when the value is released.
/// Each test takes its own, so tests can run in parallel without sharing files.
public final class TemporaryDirectory: Sendable {
    public let url: URL

    public init(prefix: String = "termlets-test") throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
        url = base.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the directory.
    public func path(_ component: String) -> URL { url.appendingPathComponent(component) }

    deinit { try? FileManager.default.removeItem(at: url) }
}
