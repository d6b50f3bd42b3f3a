import DDM
import TermUI

/// The upload dialog: a local path (Tab completes it), a title and a description.
public struct UploadPrompt: Equatable, Sendable {
    public enum Field: Int, CaseIterable, Sendable {
        case path, title, description
    }

    public var path = TextInput()
    public var title = TextInput()
    public var description = TextInput()
    public var focus: Field = .path
    /// What the last Tab offered when it was not one path.
    public var candidates: [String] = []
    /// Why the path cannot be uploaded (shown under it).
    public var problem: String?

    public init() {}

    /// The focused field's editor.
    public var focused: TextInput {
        get {
            switch focus {
            case .path: return path
            case .title: return title
            case .description: return description
            }
        }
        set {
            switch focus {
            case .path: path = newValue
            case .title: title = newValue
            case .description: description = newValue
            }
        }
    }

    /// Applies completions of the path: one is taken; several extend the path to what they
    /// share and are listed. "No file matches" is said in `locale`'s language.
    public mutating func complete(with completions: [String], locale: PortalLocale = .enUS) {
        problem = nil
        guard let first = completions.first else {
            candidates = []
            problem = UIText.text(.uploadNoFileMatches, locale)
            return
        }
        if completions.count == 1 {
            path.setText(first)
            candidates = []
            return
        }
        var common = first
        for completion in completions.dropFirst() {
            common = String(zip(common, completion).prefix { $0 == $1 }.map(\.0))
        }
        if common.count > path.text.count { path.setText(common) }
        candidates = completions
    }
}
