/// The state a themed component is drawn in.
public enum ComponentState: String, Sendable, Hashable, CaseIterable {
    case focused, blurred, error, disabled, dirty, stale
}
