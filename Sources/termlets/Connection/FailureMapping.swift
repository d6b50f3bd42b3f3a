import OfflineStore
import PortalClient

extension CommandFailure {
    /// The contract's one-line failure for any error a command meets: portal errors keep their
    /// kind, cancellation and unknown errors become `server` failures with a plain message.
    init(_ error: any Error, doing action: String? = nil) {
        let prefix = action.map { "\($0): " } ?? ""
        switch error {
        case let failure as CommandFailure:
            self = failure
        case let portal as PortalError:
            let kind = FailureKind(rawValue: portal.kind.rawValue) ?? .server
            var message = portal.message
            if let exceptionClass = portal.exceptionClass, !message.contains(exceptionClass),
                kind == .server || kind == .validation
            {
                message += " (\(exceptionClass))"
            }
            self.init(kind, prefix + message)
        case let refusal as UploadFileRefusal:
            self.init(.input, prefix + refusal.message)
        case OfflineStoreError.notCached:
            self.init(.notFound, prefix + "nothing in the offline cache (run once with the portal reachable)")
        case let store as OfflineStoreError:
            // The local cache is damaged or unusable: the user's files, not the portal.
            self.init(.input, prefix + "offline cache: \(store)")
        case is PortalUnreachable:
            // Not sent: the run already knows the portal cannot be reached.
            self.init(.network, prefix + "the portal is unreachable (offline)")
        case is CancellationError:
            self.init(.network, prefix + "cancelled")
        default:
            self.init(.server, prefix + String(describing: error))
        }
    }
}

/// Runs `body`, turning whatever it throws into a ``CommandFailure``.
func failing<T>(_ action: String? = nil, _ body: () async throws -> T) async throws(CommandFailure) -> T {
    do {
        return try await body()
    } catch {
        throw CommandFailure(error, doing: action)
    }
}
