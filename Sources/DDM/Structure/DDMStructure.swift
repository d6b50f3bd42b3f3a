/// A DDM structure: the fields of a form, read from a Liferay 6.2 XSD or a 7.x JSON definition.
public struct DDMStructure: Sendable, Hashable {
    /// The definition format the structure was read from.
    public enum Format: String, Sendable, Hashable {
        /// Liferay 6.2 XML.
        case xsd
        /// Liferay 7.x JSON `definition`.
        case json
    }

    public let format: Format
    /// The document's default locale (`default-locale` / `defaultLanguageId`, else `en_US`).
    public let defaultLocale: PortalLocale
    /// The locales the document declares (`available-locales` / `availableLanguageIds`), as given.
    public let availableLocales: [String]
    /// The top-level fields in document order; nested fields hang below their parent.
    public let fields: [DDMField]
    /// The other keys of the portal's structure object (`structureId`, `userId`, `name`, ...);
    /// empty when a bare definition was read.
    public let attributes: [String: JSONValue]
    /// Every field, nested ones included, depth first in document order.
    public let allFields: [DDMField]
    /// Lower-cased name → index in ``allFields`` of the first field so named.
    private let indexByName: [String: Int]
    /// Exact name → index in ``allFields`` (the common lookup, without lower-casing).
    private let indexByExactName: [String: Int]

    public init(
        format: Format, defaultLocale: PortalLocale, availableLocales: [String] = [], fields: [DDMField],
        attributes: [String: JSONValue] = [:]
    ) {
        self.format = format
        self.defaultLocale = defaultLocale
        self.availableLocales = availableLocales
        self.fields = fields
        self.attributes = attributes
        let all = fields.flatMap(\.flattened)
        var index: [String: Int] = [:]
        for (position, field) in all.enumerated() where index[field.name.lowercased()] == nil {
            index[field.name.lowercased()] = position
        }
        self.allFields = all
        self.indexByName = index
        var exact: [String: Int] = [:]
        for (position, field) in all.enumerated() where exact[field.name] == nil { exact[field.name] = position }
        self.indexByExactName = exact
    }

    /// The largest definition accepted, in UTF-8 bytes.
    public static let maximumInputBytes = 16 * 1024 * 1024
    /// The most fields (nested ones included) a structure may have.
    public static let maximumFieldCount = 10_000

    /// Reads a structure from text: a 6.2 XSD document, a 7.x JSON definition, or the portal's
    /// structure object (JSON with an `xsd` or a `definition` key, the other keys becoming
    /// ``attributes``).
    public static func parse(_ text: String) throws(StructureParseError) -> DDMStructure {
        guard text.utf8.count <= maximumInputBytes else {
            throw StructureParseError("structure larger than \(maximumInputBytes) bytes", at: .document)
        }
        let start = text.unicodeScalars.first(where: { !" \t\r\n\u{FEFF}".unicodeScalars.contains($0) })
        guard let start else { throw StructureParseError("the structure is empty", at: .document) }
        if start == "<" { return try XSDStructureParser.parse(text, context: nil) }
        let json: OrderedJSON
        do {
            json = try OrderedJSON.parse(text, allowingTrailingCommas: true)
        } catch {
            throw StructureParseError("invalid JSON: \(error.message)", at: .text(line: error.line, column: error.column))
        }
        return try parse(json: json)
    }

    /// Reads a structure from parsed JSON: a 7.x definition or the portal's structure object.
    public static func parse(json: OrderedJSON) throws(StructureParseError) -> DDMStructure {
        guard let members = json.members else {
            throw StructureParseError(
                "expected a JSON object: a 7.x definition or the portal's structure object", at: .document)
        }
        func otherAttributes(without key: String) -> [String: JSONValue] {
            var attributes: [String: JSONValue] = [:]
            for member in members where member.key != key { attributes[member.key] = member.value.jsonValue }
            return attributes
        }
        if let xsd = json["xsd"] {
            guard case .string(let text) = xsd else { throw StructureParseError("expected the XSD as a string", at: .path("xsd")) }
            return try XSDStructureParser.parse(text, context: "xsd", attributes: otherAttributes(without: "xsd"))
        }
        if let definition = json["definition"] {
            let attributes = otherAttributes(without: "definition")
            switch definition {
            case .string(let text):
                let inner: OrderedJSON
                do {
                    inner = try OrderedJSON.parse(text, allowingTrailingCommas: true)
                } catch {
                    throw StructureParseError(
                        "invalid JSON in \"definition\": \(error.message)", at: .text(line: error.line, column: error.column))
                }
                return try JSONStructureParser.parse(inner, pathPrefix: "definition.", attributes: attributes)
            case .object:
                return try JSONStructureParser.parse(definition, pathPrefix: "definition.", attributes: attributes)
            default:
                throw StructureParseError("expected the definition as a JSON string or object", at: .path("definition"))
            }
        }
        if json["fields"] != nil || json["defaultLanguageId"] != nil || json["availableLanguageIds"] != nil {
            return try JSONStructureParser.parse(json, pathPrefix: "", attributes: [:])
        }
        throw StructureParseError(
            "not a structure: expected a 7.x definition (with \"fields\") or a structure object with \"definition\" or \"xsd\"",
            at: .document)
    }

    /// The first field, nested ones included, whose name matches `name` ignoring case.
    public func field(named name: String) -> DDMField? {
        (indexByExactName[name] ?? indexByName[name.lowercased()]).map { allFields[$0] }
    }

    /// The portal generation whose format the structure came in.
    public var sourceVersion: PortalVersion { format == .xsd ? .v62 : .v7 }

    /// `structureId` from the portal's structure object, when given.
    public var structureId: Int64? { attributes["structureId"]?.int64Value }

    /// `userId` (the structure's creator) from the portal's structure object, when given.
    public var userId: Int64? { attributes["userId"]?.int64Value }
}
