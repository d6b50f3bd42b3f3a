import Screenlets
import TermUI

extension GalleryScreen: ChildScreen {
    /// The gallery leaves on Esc or q (the folder menu below comes back as it was); Ctrl-C quits
    /// the program.
    public func outcomes(after message: Message, effects: inout [Effect<Message>], model: inout Model) -> [ChildOutcome] {
        guard effects.contains(where: \.isQuit) else { return [] }
        effects.removeAll(where: \.isQuit)
        if case .command(.forceQuit) = message { return [.back(), .quit] }
        return [.back()]
    }

    public func receive(_ event: ParentEvent, isTop: Bool, model: inout Model) -> [Effect<Message>] {
        if case .resized(let size) = event { return update(&model, .resized(size)) }
        return []
    }

    /// Closes the gallery's service.
    public func leave(_ model: Model) -> Effect<Message>? {
        let service = self.service
        return .task {
            await service.close()
            return nil
        }
    }
}
