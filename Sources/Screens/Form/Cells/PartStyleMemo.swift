import Synchronization
import TermUI

/// The part styles one cell look has resolved (`FormCellLook.style(_:states:)`). Every frame asks
/// each visible row for the same few (part, states) pairs, and resolving one walks the cell's and
/// the theme's tables, building a `field.<part>` name and a memo key on the way; the answer only
/// changes with the look, and a changed look starts a memo of its own.
final class PartStyleMemo: Sendable {
    private struct Entry {
        let part: String
        let states: UInt32
        let style: Style
    }

    private let entries = Mutex<[Entry]>([])

    /// The style of `part` in `states`, resolved by `resolve` the first time.
    func style(_ part: String, states: [ComponentState], resolve: () -> Style) -> Style {
        guard let code = Self.code(states) else { return resolve() }
        if let known = entries.withLock({ entries -> Style? in
            for entry in entries where entry.states == code && entry.part == part { return entry.style }
            return nil
        }) {
            return known
        }
        let style = resolve()
        entries.withLock { entries in
            // A look is asked for a handful of parts in a handful of states; the cap bounds a misuse.
            if entries.count >= 64 { entries.removeAll(keepingCapacity: true) }
            entries.append(Entry(part: part, states: code, style: style))
        }
        return style
    }

    /// `states` in order as one number (three bits a state), nil when too many to fit.
    static func code(_ states: [ComponentState]) -> UInt32? {
        guard states.count <= 10 else { return nil }
        var code: UInt32 = 0
        for state in states { code = code << 3 | number(state) }
        return code
    }

    private static func number(_ state: ComponentState) -> UInt32 {
        switch state {
        case .focused: 1
        case .blurred: 2
        case .error: 3
        case .disabled: 4
        case .dirty: 5
        case .stale: 6
        }
    }
}
