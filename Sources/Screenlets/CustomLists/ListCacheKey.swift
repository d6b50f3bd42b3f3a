/// The offline cache's name for a list: a collection (e.g. `BookmarkList`) and every parameter
/// that changes its rows.
///
/// Unlike the reference, the key includes all parameters (user filter, MIME types, sort, locale:
/// the source decides, and should pass everything it sends), and page entries are keyed by row
/// range, so changing page sizes never mixes up cached pages.
public struct ListCacheKey: Sendable, Hashable, CustomStringConvertible {
    public let collection: String
    public let parameters: [String: String]
    /// `collection(name=value,…)` with parameters sorted by name and reserved characters escaped;
    /// made once, since every page's key starts with it (a list asks for several keys a page).
    public let description: String

    public init(collection: String, parameters: [String: String] = [:]) {
        self.collection = collection
        self.parameters = parameters
        let pairs = parameters.sorted { $0.key < $1.key }.map { "\(Self.escape($0.key))=\(Self.escape($0.value))" }
        self.description = "\(Self.escape(collection))(\(pairs.joined(separator: ",")))"
    }

    /// The key of the rows a request covers, e.g. `BookmarkList(folderId=7,groupId=20)/rows/50-75`.
    public func rowsKey(for request: PageRequest) -> String {
        "\(description)/rows/\(request.start)-\(request.end)"
    }

    /// The key of the row count.
    public var countKey: String { "\(description)/count" }

    private static func escape(_ text: String) -> String {
        // Most names and values (IDs, locales, class names) have nothing to escape.
        guard text.utf8.contains(where: { [0x25, 0x28, 0x29, 0x2C, 0x2F, 0x3D].contains($0) }) else { return text }
        var escaped = ""
        for character in text {
            switch character {
            case "%": escaped += "%25"
            case "(": escaped += "%28"
            case ")": escaped += "%29"
            case ",": escaped += "%2C"
            case "/": escaped += "%2F"
            case "=": escaped += "%3D"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
