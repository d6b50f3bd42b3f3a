import DDM
import TermUI

/// The gallery screen (issue 6 §2): a grid of image tiles with previews drawn in the terminal,
/// title, size and date; fluent pagination and refresh; a detail view; uploads with a path
/// prompt, a progress bar and a visible queue; deletion with confirmation; offline writes shown
/// as pending. A TermUI program over a ``GalleryService``.
public struct GalleryScreen: Program {
    public typealias Model = GalleryModel

    public enum Message: Sendable {
        /// A key-map command (moving, open, refresh, upload, delete, back, help, quit).
        case command(CommandName)
        /// A key typed into the upload prompt or answering the delete confirmation.
        case key(KeyEvent)
        case paste(String)
        case resized(Size)
        case snapshot(GallerySnapshot)
        case serviceEvent(GalleryServiceEvent, GallerySnapshot, ConnectionStatus)
        case serviceClosed
        case previewLoaded(fileEntryId: Int64, large: Bool, ImagePreview)
        case uploadAdded(number: Int, fileName: String, title: String)
        /// A cancel reached the service too late: the upload had ended.
        case uploadAlreadyEnded
        case completions(of: String, [String])
        /// A click on a tile: select it (a click on the selected tile opens it).
        case select(Int)
    }

    public let service: any GalleryService
    public let keyMap: KeyMap
    private let initialModel: GalleryModel

    /// A gallery on `service` for a terminal of `size` and colour `depth`.
    public init(
        service: any GalleryService, size: Size, depth: ColorDepth, theme: Theme = .standard, title: String,
        status: ConnectionStatus, keyMap: KeyMap = .gallery()
    ) {
        self.service = service
        self.keyMap = keyMap
        let adapted = theme.adapted(to: depth)
        initialModel = GalleryModel(size: size, depth: depth, theme: adapted, title: title, status: status)
    }

    public func initialize() -> (GalleryModel, [Effect<Message>]) {
        let window = initialModel.window
        let service = service
        return (initialModel, [.task { .snapshot(await service.start(window: window)) }, listen()])
    }

    /// Every event of the service, each with a fresh snapshot and status, then that it closed: a
    /// subscription the runtime iterates (nothing re-armed after each event).
    func listen() -> Effect<Message> {
        let service = service
        return .subscription { emit in
            for await event in service.events {
                await emit(.serviceEvent(event, await service.snapshot(), await service.status()))
            }
            await emit(.serviceClosed)
        }
    }

    /// Key contexts of the grid and detail view (the detail view answers the grid's keys too, e.g.
    /// Enter goes back, but offers only its own).
    static let contexts: [KeyContext] = [.gallery, .global]

    /// The keys the help line and `?` offer: the detail view's or the grid's, with `x` first while
    /// an upload runs.
    static func helpContexts(_ model: GalleryModel) -> [KeyContext] {
        let running: [KeyContext] = model.runningUpload == nil ? [] : [.galleryUpload]
        if case .detail = model.mode { return running + [.galleryDetail, .global] }
        return running + contexts
    }

    /// The help line of an open dialog: its own keys, not the grid's.
    static func dialogHelp(_ mode: GalleryModel.Mode, _ l: PortalLocale = .enUS) -> [HelpItem]? {
        switch mode {
        case .uploadPrompt:
            return [HelpItem(key: "enter", label: UIText.text(.helpNextUpload, l)), HelpItem(key: "tab", label: UIText.text(.helpComplete, l)),
                    HelpItem(key: "esc", label: UIText.text(.helpCancel, l))]
        case .confirmDelete:
            return [HelpItem(key: "y", label: UIText.text(.helpDelete, l)), HelpItem(key: "n/esc", label: UIText.text(.helpKeep, l))]
        default:
            return nil
        }
    }

    public func message(for event: InputEvent, model: GalleryModel) -> Message? {
        switch event {
        case .resize(let size):
            return .resized(size)
        case .paste(let text):
            if case .uploadPrompt = model.mode { return .paste(text) }
            return nil
        case .mouse(let mouse):
            guard case .grid = model.mode, !model.showsHelp else { return nil }
            switch mouse.action {
            case .press(.left):
                guard let index = model.layout.tileIndex(at: mouse.position, topTileRow: model.topTileRow),
                    index < (model.snapshot.rowCount ?? 0)
                else { return nil }
                return index == model.cursor ? .command(.open) : .select(index)
            case .wheelDown: return .command(.cursorDown)
            case .wheelUp: return .command(.cursorUp)
            default: return nil
            }
        case .key(let key):
            if keyMap.command(for: key, in: [.global]) == .forceQuit { return .command(.forceQuit) }
            switch model.mode {
            case .uploadPrompt, .confirmDelete:
                return .key(key)
            case .grid, .detail:
                if model.showsHelp { return .command(.help) }
                let running: [KeyContext] = model.runningUpload == nil ? [] : [.galleryUpload]
                return keyMap.command(for: key, in: running + Self.contexts).map(Message.command)
            }
        }
    }
}
