import ArgumentParser
import OfflineStore

/// `--offline-policy remote-only|remote-first|cache-first|cache-only|cache-then-remote`.
extension LoadPolicy: ExpressibleByArgument {
    public init?(argument: String) {
        guard let policy = try? LoadPolicy(parsing: argument) else { return nil }
        self = policy
    }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension CommandFailure {
    /// A failure met while reading through the cache: nothing cached is `not-found`.
    static func reading(_ error: any Error, doing action: String) -> CommandFailure {
        if case OfflineStoreError.notCached = error {
            return CommandFailure(.notFound, "\(action): nothing in the offline cache (run once with the portal reachable)")
        }
        return CommandFailure(error, doing: action)
    }
}
