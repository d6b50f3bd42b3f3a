import Foundation
import Screens
import TermUI

/// Test data for the gallery screen: items, previews and a stand-in service.
enum GalleryFixtures {
    /// 2024-01-15T09:00Z, the emulator's demo date.
    static let demoDate: Int64 = 1_705_309_200_000

    static func item(_ index: Int, mimeType: String = "image/png", pendingDelete: Bool = false, stale: Bool = false) -> GalleryItem {
        let kinds = ["Rings", "Stripes", "Gradient", "Checkers", "Bands"]
        return GalleryItem(
            fileEntryId: Int64(51001 + index), title: "\(kinds[index % kinds.count]) \(String(format: "%03d", index + 1))",
            mimeType: mimeType, size: Int64(1_000 + index * 4_321), createDate: demoDate, modifiedDate: demoDate + Int64(index) * 86_400_000,
            description: index == 0 ? "Concentric rings in two colours" : "", version: "1.0", pendingDelete: pendingDelete, stale: stale)
    }

    /// A small image with few colours (so snapshot legends stay short): quadrants and a bar.
    static func image(_ variant: Int) -> PixelImage {
        let palette: [(UInt8, UInt8, UInt8)] = [(220, 40, 40), (40, 160, 60), (40, 80, 220), (240, 200, 40), (250, 250, 250)]
        let width = 16, height = 12
        var rgba: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let quadrant = (x < width / 2 ? 0 : 1) + (y < height / 2 ? 0 : 2)
                let color = y == height - 1 ? palette[4] : palette[(quadrant + variant) % 4]
                rgba += [color.0, color.1, color.2, 255]
            }
        }
        return PixelImage(width: width, height: height, rgba: rgba)
    }

    static func snapshot(count: Int, first: Int = 0, window: Int = 40, sequence: Int = 1, items: ((Int) -> GallerySlot)? = nil)
        -> GallerySnapshot
    {
        let end = min(count, first + window)
        let slots = (first..<max(first, end)).map { items?($0) ?? .loaded(item($0)) }
        return GallerySnapshot(sequence: sequence, rowCount: count, firstRow: first, slots: slots)
    }

    static let status = ConnectionStatus(server: "localhost:8080", user: "test@liferay.com")

    static func screen(_ service: StubGalleryService = StubGalleryService(), size: Size, depth: ColorDepth = .trueColor) -> GalleryScreen {
        GalleryScreen(
            service: service, size: size, depth: depth, theme: depth == .monochrome ? .monochrome : .standard,
            title: "folder 50001", status: status)
    }

    /// A model with `count` images loaded and their previews decoded.
    static func loadedModel(_ screen: GalleryScreen, count: Int = 12, previews: Bool = true) -> GalleryModel {
        var (model, _) = screen.initialize()
        _ = screen.update(&model, .snapshot(snapshot(count: count)))
        if previews {
            for index in 0..<count {
                let id = Int64(51001 + index)
                _ = screen.update(&model, .previewLoaded(fileEntryId: id, large: false, .image(image(index))))
            }
        }
        return model
    }
}

/// A gallery service that answers from memory and records what the screen asked for.
actor StubGalleryService: GalleryService {
    var count: Int
    var uploads: [(path: String, title: String, description: String)] = []
    var deletions: [Int64] = []
    var refreshes = 0
    var windows: [GalleryWindow] = []
    private var sequence = 0
    private var window = GalleryWindow(firstRow: 0, count: 1, cursor: 0)
    nonisolated let events: AsyncStream<GalleryServiceEvent>
    private let eventSink: AsyncStream<GalleryServiceEvent>.Continuation

    init(count: Int = 12) {
        self.count = count
        (events, eventSink) = AsyncStream.makeStream(of: GalleryServiceEvent.self)
    }

    func start(window: GalleryWindow) async -> GallerySnapshot { await show(window: window) }

    func show(window: GalleryWindow) async -> GallerySnapshot {
        self.window = window
        windows.append(window)
        return await snapshot()
    }

    func snapshot() async -> GallerySnapshot {
        sequence += 1
        return GalleryFixtures.snapshot(count: count, first: window.firstRow, window: window.count, sequence: sequence)
    }

    func refresh() async { refreshes += 1 }

    /// Hands an event to the screen's listener.
    func emit(_ event: GalleryServiceEvent) { eventSink.yield(event) }

    func close() { eventSink.finish() }

    func upload(path: String, title: String, description: String) async -> Int {
        uploads.append((path, title, description))
        return uploads.count
    }

    func delete(fileEntryId: Int64) async { deletions.append(fileEntryId) }

    var cancelled: [Int] = []
    func cancelUpload(number: Int) async -> Bool {
        cancelled.append(number)
        return true
    }

    func preview(of item: GalleryItem, large: Bool) async -> ImagePreview {
        .image(GalleryFixtures.image(Int(item.fileEntryId - 51001)))
    }

    func completions(of path: String) async -> [String] {
        ["/tmp/pictures/cat.png", "/tmp/pictures/cave.png"].filter { $0.hasPrefix(path) }
    }

    func status() async -> ConnectionStatus { GalleryFixtures.status }
}
