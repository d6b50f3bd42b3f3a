import DDM
import Foundation

/// One Liferay Objects definition as the overview lists it.
public struct ObjectDefinitionSummary: Sendable, Hashable {
    public enum Scope: String, Sendable, Hashable {
        case site, company
    }

    public var id: Int64
    /// The definition's `name`, e.g. `Ticket`.
    public var name: String
    public var label: String
    public var pluralLabel: String
    public var scope: Scope
    /// `/o/c/<plural>`, or `nil` when the portal sent none or one that is not of that form.
    public var restContextPath: String?
    /// The entries in the site (site scope) or the company (company scope); `nil` when unknown.
    public var entries: Int?
}

extension PortalSession {
    /// Most definitions read (pages of 500).
    static let maxObjectDefinitions = 2_000

    /// The portal's custom (non-system) object definitions with their entry counts in site
    /// `groupId`, read from `/o/object-admin/v1.0/object-definitions` and one `pageSize=1` read of
    /// each definition's entries (concurrently). Labels are resolved for `locale` (then `en_US`,
    /// then any). A count that cannot be read is `nil`; a definitions list that cannot be read throws.
    public func objectDefinitionSummaries(groupId: Int64, locale: String) async throws -> [ObjectDefinitionSummary] {
        var definitions: [ObjectDefinitionSummary] = []
        var page = 1
        while definitions.count < Self.maxObjectDefinitions {
            let json = try await headlessGetJSON("/o/object-admin/v1.0/object-definitions?page=\(page)&pageSize=500")
            guard let items = json["items"]?.arrayValue else {
                throw PortalError(kind: .server, message: "the portal's object definitions are not a page of items")
            }
            definitions += items.compactMap { Self.summary(of: $0, locale: locale) }
            let lastPage = json["lastPage"]?.intValue ?? page
            if items.isEmpty || page >= lastPage { break }
            page += 1
        }
        return await withTaskGroup(of: (Int, Int?).self) { group in
            for (index, definition) in definitions.enumerated() {
                group.addTask { (index, await self.entryCount(definition, groupId: groupId)) }
            }
            for await (index, count) in group { definitions[index].entries = count }
            return definitions
        }
    }

    /// An authenticated `GET <server><pathAndQuery>` of a headless application, decoded as JSON;
    /// a status other than 2xx, or a body that is not JSON, throws a ``PortalError``.
    public func headlessGetJSON(_ pathAndQuery: String) async throws -> JSONValue {
        guard let json = try await headlessRequest(.GET, pathAndQuery) else {
            throw PortalError(kind: .server, message: "the portal sent an empty answer")
        }
        return json
    }

    private func entryCount(_ definition: ObjectDefinitionSummary, groupId: Int64) async -> Int? {
        guard let path = definition.restContextPath else { return nil }
        let collection = definition.scope == .site ? "\(path)/scopes/\(groupId)" : path
        guard let json = try? await headlessGetJSON(collection + "?pageSize=1"), let total = json["totalCount"]?.intValue, total >= 0 else {
            return nil
        }
        return total
    }

    static func summary(of json: JSONValue, locale: String) -> ObjectDefinitionSummary? {
        guard let id = json["id"]?.int64Value, let name = json["name"]?.stringValue, !name.isEmpty else { return nil }
        if json["system"]?.boolValue == true { return nil }
        let scope: ObjectDefinitionSummary.Scope = json["scope"]?.stringValue == "site" ? .site : .company
        let path = json["restContextPath"]?.stringValue.flatMap(Self.entriesPath)
        return ObjectDefinitionSummary(
            id: id, name: Sanitizer.clean(name, limit: 200), label: localized(json["label"], locale: locale) ?? name,
            pluralLabel: localized(json["pluralLabel"], locale: locale) ?? name, scope: scope, restContextPath: path, entries: nil)
    }

    /// `restContextPath` when it is `/o/c/<segment>` with a plain segment (server data is untrusted).
    static func entriesPath(_ text: String) -> String? {
        guard text.hasPrefix("/o/c/") else { return nil }
        let segment = text.dropFirst("/o/c/".count)
        guard !segment.isEmpty, segment.count <= 200,
            segment.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { return nil }
        return text
    }

    /// A localized map's text for `locale`, then `en_US`, then the first by key; a plain string as it is.
    private static func localized(_ value: JSONValue?, locale: String) -> String? {
        if let text = value?.stringValue { return Sanitizer.clean(text, limit: 200) }
        guard case .object(let map)? = value else { return nil }
        let text = map[locale]?.stringValue ?? map["en_US"]?.stringValue ?? map.keys.sorted().lazy.compactMap { map[$0]?.stringValue }.first
        return text.map { Sanitizer.clean($0, limit: 200) }
    }
}
