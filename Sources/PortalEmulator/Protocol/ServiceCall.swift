import DDM
import GRDB

/// One service invocation: its parameters, the signed-in user and the database.
struct ServiceCall: Sendable {
    let path: String
    let params: Parameters
    let version: PortalVersion
    /// The user of the request's Basic credentials; nil only for services open to guests.
    let user: UserRow?
    let database: PortalDatabase
    /// The file part of a multipart upload, when the call came as one.
    var upload: UploadedFile? = nil

    /// The signed-in user (services that need one are only reached with one).
    var currentUser: UserRow {
        get throws(PortalError) {
            guard let user else { throw .authenticationRequired }
            return user
        }
    }

    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(PortalError) -> T {
        do {
            return try await database.pool.read(body)
        } catch let error as PortalError {
            throw error
        } catch {
            throw .system("\(error)")
        }
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(PortalError) -> T {
        do {
            return try await database.pool.write(body)
        } catch let error as PortalError {
            throw error
        } catch {
            throw .system("\(error)")
        }
    }
}

/// A file received in a multipart request.
struct UploadedFile: Sendable {
    let parameterName: String
    let fileName: String?
    let contentType: String?
    let data: [UInt8]
}

/// Permission checks: admins may do everything; other users need a grant for the resource (or
/// for every resource of its type, `resourceId` 0).
enum Permissions {
    static func allowed(_ db: Database, user: UserRow, _ action: PermissionAction, _ resource: ResourceType, _ id: Int64) throws -> Bool {
        if user.isAdmin { return true }
        let count = try Int.fetchOne(
            db,
            sql: "SELECT COUNT(*) FROM permission WHERE userId = ? AND resourceType = ? AND resourceId IN (0, ?) AND action = ?",
            arguments: [user.userId, resource.rawValue, id, action.rawValue]) ?? 0
        return count > 0
    }

    /// Throws the portal's PrincipalException when `user` may not do `action`.
    static func require(_ db: Database, user: UserRow, _ action: PermissionAction, _ resource: ResourceType, _ id: Int64) throws {
        guard try allowed(db, user: user, action, resource, id) else {
            let actionName: String
            let model7: String
            let model62: String
            switch resource {
            case .recordSet:
                actionName = action == .add ? "ADD_RECORD" : action.rawValue.uppercased()
                model7 = "com.liferay.dynamic.data.lists.model.DDLRecordSet"
                model62 = "com.liferay.portlet.dynamicdatalists.model.DDLRecordSet"
            case .folder:
                actionName = action == .add ? "ADD_DOCUMENT" : action.rawValue.uppercased()
                model7 = "com.liferay.document.library.kernel.model.DLFolder"
                model62 = "com.liferay.portlet.documentlibrary.model.DLFolder"
            case .bookmarksFolder:
                actionName = action == .add ? "ADD_ENTRY" : action.rawValue.uppercased()
                model7 = "com.liferay.bookmarks.model.BookmarksFolder"
                model62 = "com.liferay.portlet.bookmarks.model.BookmarksFolder"
            }
            throw PortalError.mustHavePermission(userId: user.userId, action: actionName, modelClass7: model7, modelClass62: model62, id: id)
        }
    }
}

/// Paging as the portal's services do it: `start`/`end` with -1/-1 meaning everything.
struct PageRange: Sendable {
    let limit: Int
    let offset: Int

    init(start: Int, end: Int) {
        if start == -1 && end == -1 || start < 0 && end < 0 {
            limit = -1
            offset = 0
        } else {
            offset = max(0, start)
            limit = max(0, end - max(0, start))
        }
    }

    static let all = PageRange(start: -1, end: -1)

    var sql: String { "LIMIT \(limit) OFFSET \(offset)" }
}
