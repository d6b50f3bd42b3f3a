import DDM
import Foundation
import PortalClient

/// What each portal offers (``PortalCapabilities``), probed once per server and kept in
/// `<config-dir>/capabilities.json` beside `config.json`: `{"servers": {"<server URL>":
/// {"screensPlugin", "headlessDelivery", "objects", "oauth2", "probedAt"}}}`.
///
/// Beside the configuration rather than in the offline cache: capabilities describe the server,
/// as the stored server context does; they are needed before (and without) opening the cache
/// database, and survive a cleared cache or `--cache-dir` pointing elsewhere. The embedded
/// emulator (a new port every run) is probed each time and never stored. Refreshed with
/// `termlets overview --refresh-capabilities`, and on its own when a Screens call answers "No JSON
/// web service action".
enum CapabilitiesCache {
    static let fileName = "capabilities.json"
    /// Most servers remembered; the ones probed longest ago are dropped first.
    static let maxServers = 32

    static func file(in configDirectory: URL) -> URL { configDirectory.appendingPathComponent(fileName) }

    /// The stored capabilities of `server`, or `nil` (none stored, or an unreadable file).
    static func load(server: String, configDirectory: URL) -> PortalCapabilities? {
        guard let data = try? Data(contentsOf: file(in: configDirectory)), let json = try? JSONValue.parse(bytes: data),
            let entry = json["servers"]?[server]
        else { return nil }
        return PortalCapabilities(json: entry)
    }

    /// Stores `capabilities` for `server` (0600, atomically); a failure to write is a warning only.
    static func store(_ capabilities: PortalCapabilities, server: String, configDirectory: URL, now: Date = Date()) {
        let file = file(in: configDirectory)
        var servers: [String: JSONValue] = [:]
        if let data = try? Data(contentsOf: file), let json = try? JSONValue.parse(bytes: data), case .object(let stored)? = json["servers"] {
            servers = stored.filter { PortalCapabilities(json: $0.value) != nil }
        }
        guard case .object(var entry) = capabilities.json else { return }
        entry["probedAt"] = .string(ISO8601DateFormatter().string(from: now))
        servers[server] = .object(entry)
        if servers.count > maxServers {
            let oldest = servers.sorted { ($0.value["probedAt"]?.stringValue ?? "") < ($1.value["probedAt"]?.stringValue ?? "") }
            for (key, _) in oldest.prefix(servers.count - maxServers) where key != server { servers[key] = nil }
        }
        let document: JSONValue = ["servers": .object(servers)]
        do {
            try PrivateFile.writeAtomically(Data(document.serialized(pretty: true).utf8), to: file)
        } catch {
            PrivateFile.warnOnStandardError("warning: \(file.path): cannot be written (\(error.message)); capabilities are probed again next time")
        }
    }
}

extension PortalConnection {
    /// What this portal offers: stored for this server unless `refresh`, else probed (and stored,
    /// except for the embedded emulator).
    func capabilities(refresh: Bool = false) async -> PortalCapabilities {
        let server = serverDescription
        let configDirectory = settings.configDirectory
        if !refresh, emulator == nil, let stored = CapabilitiesCache.load(server: server, configDirectory: configDirectory) {
            return stored
        }
        let probed = await session.probeCapabilities(groupId: groupId)
        if emulator == nil { CapabilitiesCache.store(probed, server: server, configDirectory: configDirectory) }
        return probed
    }
}
