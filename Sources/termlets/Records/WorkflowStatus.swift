/// Liferay's workflow status numbers, by the names the command line prints.
enum WorkflowStatus {
    static func name(_ status: Int?) -> String? {
        guard let status else { return nil }
        switch status {
        case 0: return "approved"
        case 1: return "pending"
        case 2: return "draft"
        case 3: return "expired"
        case 4: return "denied"
        case 5: return "inactive"
        case 6: return "incomplete"
        case 7: return "scheduled"
        case 8: return "in-trash"
        default: return "status-\(status)"
        }
    }
}
