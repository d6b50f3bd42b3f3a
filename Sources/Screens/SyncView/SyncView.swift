import TermUI

/// The sync view: the writes waiting for the portal, a sync run with its progress (n of m), and
/// conflicts shown side by side — mine and the portal's — with keep mine (`k`), take the portal's
/// (`t`) or later (`l`). `s` syncs now, `r` reloads the queue, Esc goes back.
public struct SyncView: Program {
    public let services: SyncServices
    public var keyMap: KeyMap
    public var theme: Theme
    public var initialSize: Size
    public var initialStatus: ConnectionStatus
    public var breadcrumbs: [String]
    /// Back and quit end the program when no parent handles them.
    public var isStandalone: Bool

    public init(
        services: SyncServices, size: Size, status: ConnectionStatus, breadcrumbs: [String] = ["Sync"],
        isStandalone: Bool = true, keyMap: KeyMap = .screens, theme: Theme = Theme.standard.withListComponents()
    ) {
        self.services = services
        self.initialSize = size
        self.initialStatus = status
        self.breadcrumbs = breadcrumbs
        self.isStandalone = isStandalone
        self.keyMap = keyMap
        self.theme = theme
    }

    public enum Phase: Equatable, Sendable {
        case loading
        case idle
        case syncing(SyncProgressReport?)
    }

    public enum Outcome: Equatable, Sendable {
        case back, quit
    }

    public struct Model: Equatable, Sendable {
        public internal(set) var items: [PendingWriteSummary] = []
        public internal(set) var cursor = 0
        public internal(set) var phase = Phase.loading
        public internal(set) var lastRun: SyncRunSummary?
        public internal(set) var message = ""
        public internal(set) var status: ConnectionStatus
        public internal(set) var size: Size
        public internal(set) var breadcrumbs: [String]
        public internal(set) var showsHelp = false
        public internal(set) var outcome: Outcome?
        public mutating func clearOutcome() { outcome = nil }
        var contexts: [KeyContext] { [.syncView, .global] }
        var selected: PendingWriteSummary? { items.indices.contains(cursor) ? items[cursor] : nil }
    }

    public enum Message: Sendable {
        case command(CommandName)
        case resized(Size)
        case queueLoaded([PendingWriteSummary])
        case failed(String, offline: Bool)
        case progress(SyncProgressReport)
        case finished(SyncRunSummary)
        case resolved(String, ConflictChoice)
        case status(ConnectionStatus)
    }

    public func initialize() -> (Model, [Effect<Message>]) {
        (Model(status: initialStatus, size: initialSize, breadcrumbs: breadcrumbs), [loadQueue()])
    }

    func loadQueue() -> Effect<Message> {
        let services = self.services
        let locale = initialStatus.locale
        return .task {
            do { return .queueLoaded(try await services.loadQueue()) } catch { return .failed(UIText.text(.cannotReadQueue, locale, "\(error)"), offline: false) }
        }
    }

    public func message(for event: InputEvent, model: Model) -> Message? {
        switch event {
        case .resize(let size): return .resized(size)
        case .key(let key):
            if key == KeyMap.alwaysQuitKey { return .command(.forceQuit) }
            if model.showsHelp { return .command(.help) }
            return keyMap.command(for: key, in: model.contexts).map(Message.command)
        default: return nil
        }
    }

    public func update(_ model: inout Model, _ message: Message) -> [Effect<Message>] {
        switch message {
        case .resized(let size):
            model.size = size
        case .queueLoaded(let items):
            model.items = items
            model.cursor = min(model.cursor, max(0, items.count - 1))
            if case .loading = model.phase { model.phase = .idle }
            model.status.pendingWrites = items.count
        case .failed(let text, let offline):
            model.phase = .idle
            model.message = text
            if offline { model.status.online = false }
        case .progress(let report):
            // A report that comes after the run's end says nothing new.
            guard case .syncing = model.phase else { return [] }
            model.phase = .syncing(report)
        case .finished(let summary):
            model.phase = .idle
            model.lastRun = summary
            model.status.online = true
            model.message = summary.text(model.status.locale)
            return [loadQueue()]
        case .resolved(let queueId, let choice):
            // Named as the list names the write (its title), never by the queue's internal id.
            let title = model.items.first { $0.queueId == queueId }?.title ?? queueId
            let key: UIText = switch choice {
            case .keepMine: .resolvedKeepMine
            case .takePortal: .resolvedTakePortal
            case .later: .resolvedLater
            }
            model.message = UIText.text(key, model.status.locale, title)
            return [loadQueue()]
        case .status(let status):
            model.status = status
        case .command(let command):
            return perform(command, on: &model)
        }
        return []
    }

    private func perform(_ command: CommandName, on model: inout Model) -> [Effect<Message>] {
        switch command {
        case .cursorDown: model.cursor = min(max(0, model.items.count - 1), model.cursor + 1)
        case .cursorUp: model.cursor = max(0, model.cursor - 1)
        case .syncNow:
            if case .syncing = model.phase { return [] }
            model.phase = .syncing(nil)
            model.message = UIText.text(.syncingMessage, model.status.locale)
            return startSync()
        case .keepMine: return resolve(.keepMine, on: &model)
        case .takePortal: return resolve(.takePortal, on: &model)
        case .decideLater: return resolve(.later, on: &model)
        case .refresh:
            return [loadQueue()]
        case .help: model.showsHelp.toggle()
        case .back:
            if isStandalone { return [.quit] }
            model.outcome = .back
        case .quit, .forceQuit:
            if isStandalone { return [.quit] }
            model.outcome = .quit
        default: break
        }
        return []
    }

    private func resolve(_ choice: ConflictChoice, on model: inout Model) -> [Effect<Message>] {
        guard let item = model.selected, item.state == .conflict else {
            model.message = UIText.text(.onlyConflictsResolve, model.status.locale)
            return []
        }
        let services = self.services
        let locale = model.status.locale
        return [.task {
            do {
                try await services.resolve(item.queueId, choice)
                return .resolved(item.queueId, choice)
            } catch {
                return .failed(UIText.text(.cannotResolve, locale, item.queueId, "\(error)"), offline: false)
            }
        }]
    }

    /// Runs the sync in one task whose result is the run's end; its progress reports come back
    /// through a stream effect the runtime iterates while it runs.
    private func startSync() -> [Effect<Message>] {
        let (progress, feed) = AsyncStream.makeStream(of: SyncProgressReport.self, bufferingPolicy: .bufferingNewest(1))
        let services = self.services
        let locale = initialStatus.locale
        let run: Effect<Message> = .task {
            defer { feed.finish() }
            do {
                return .finished(try await services.run { feed.yield($0) })
            } catch {
                let text = String(describing: error)
                return .failed(UIText.text(.syncFailed, locale, text), offline: text.contains("network"))
            }
        }
        return [run, .stream(progress) { .progress($0) }]
    }
}
