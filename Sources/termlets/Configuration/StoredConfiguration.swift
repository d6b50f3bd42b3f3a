import DDM
import Foundation

/// The server context `termlets login` stores in `<config-dir>/config.json`, readable by the user
/// alone (mode 0600, folder 0700). It may hold the password; nothing ever prints it.
struct StoredConfiguration: Equatable, Sendable {
    var server: String?
    var user: String?
    var password: String?
    var companyID: Int64?
    var groupID: Int64?
    var portalVersion: String?
    var locale: String?
    var theme: String?
    var offlinePolicy: String?
    /// Whether the interactive screens sync queued writes on their own (nil: yes).
    var autoSync: Bool?

    static let fileName = "config.json"

    /// Reads the file in `directory`; a missing file is an empty configuration, a broken one an
    /// `input` failure naming the file and the position.
    static func load(from directory: URL) throws(CommandFailure) -> StoredConfiguration {
        let file = directory.appendingPathComponent(fileName)
        guard let data = try readIfPresent(file) else { return StoredConfiguration() }
        let json: JSONValue
        do {
            json = try JSONValue.parse(bytes: data)
        } catch {
            throw CommandFailure(.input, "\(file.path): \(error)")
        }
        guard case .object = json else { throw CommandFailure(.input, "\(file.path): expected a JSON object") }
        return StoredConfiguration(
            server: json["server"]?.stringValue,
            user: json["user"]?.stringValue,
            password: json["password"]?.stringValue,
            companyID: json["companyId"]?.int64Value,
            groupID: json["groupId"]?.int64Value,
            portalVersion: json["portalVersion"]?.textValue,
            locale: json["locale"]?.stringValue,
            theme: json["theme"]?.stringValue,
            offlinePolicy: json["offlinePolicy"]?.stringValue,
            autoSync: json["autoSync"]?.boolValue)
    }

    /// The file's bytes; `nil` when there is none. Anything else that is not a readable regular
    /// file of a sensible size (a FIFO, a folder, a device, an unreadable file) is an `input`
    /// failure naming it, never silently ignored (nor waited on, for a FIFO).
    private static func readIfPresent(_ file: URL) throws(CommandFailure) -> Data? {
        var status = stat()
        guard stat(file.path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw CommandFailure(.input, "\(file.path): cannot be read: \(String(cString: strerror(errno)))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw CommandFailure(.input, "\(file.path): not a regular file")
        }
        guard status.st_size <= 1 << 20 else { throw CommandFailure(.input, "\(file.path): larger than 1 MiB") }
        do {
            return try Data(contentsOf: file)
        } catch {
            let reason = access(file.path, R_OK) == 0 ? "\(error.localizedDescription)" : "permission denied"
            throw CommandFailure(.input, "\(file.path): cannot be read: \(reason)")
        }
    }

    /// Writes the file atomically, 0600 from its first byte, inside a folder made private first
    /// (see ``PrivateFile``).
    func save(to directory: URL) throws(CommandFailure) {
        var members: [String: JSONValue] = [:]
        members["server"] = server.map(JSONValue.string)
        members["user"] = user.map(JSONValue.string)
        members["password"] = password.map(JSONValue.string)
        members["companyId"] = companyID.map(JSONValue.int)
        members["groupId"] = groupID.map(JSONValue.int)
        members["portalVersion"] = portalVersion.map(JSONValue.string)
        members["locale"] = locale.map(JSONValue.string)
        members["theme"] = theme.map(JSONValue.string)
        members["offlinePolicy"] = offlinePolicy.map(JSONValue.string)
        members["autoSync"] = autoSync.map(JSONValue.bool)
        let text = JSONValue.object(members).serialized(pretty: true) + "\n"
        try PrivateFile.writeAtomically(Data(text.utf8), to: directory.appendingPathComponent(Self.fileName))
    }
}
