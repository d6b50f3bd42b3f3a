import Foundation

/// Finds the `termlets` executable built beside the test bundle, so tests drive the real binary.
public enum TermletsBinary {
    public static var url: URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().deletingLastPathComponent(),
            repositoryRoot.appendingPathComponent(".build/debug"),
        ]
        for directory in candidates {
            let binary = directory.appendingPathComponent("termlets")
            if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
        }
        return repositoryRoot.appendingPathComponent(".build/debug/termlets")
    }

    /// The checkout this file belongs to.
    public static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }
}
