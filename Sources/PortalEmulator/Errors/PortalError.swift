import DDM

/// A failure of a service call, carried as the portal would carry its Java exception.
///
/// Each error knows its Java class on both versions and how the 7.x portal maps it to an HTTP status;
/// ``PortalErrorRenderer`` turns it into the version's error body.
struct PortalError: Error, Sendable, Equatable {
    enum Category: Sendable, Equatable {
        /// A permission failure: 403 on 7.x.
        case permission
        /// No such model or no such action: 404 on 7.x.
        case notFound
        /// Missing or wrong credentials: 401 on 7.x; a SecurityException body on 6.2.
        case authentication
        /// Anything else: 500 on 7.x.
        case server
    }

    let category: Category
    let class62: String
    let class7: String
    let message: String
    /// The message on 6.2 when it differs (6.2 names its model classes differently).
    var message62: String? = nil

    func className(for version: PortalVersion) -> String {
        version == .v62 ? class62 : class7
    }
}

extension PortalError {
    static func mustHavePermission(userId: Int64, action: String, modelClass7: String, modelClass62: String, id: Int64) -> PortalError {
        PortalError(
            category: .permission,
            class62: "com.liferay.portal.security.auth.PrincipalException",
            class7: "com.liferay.portal.kernel.security.auth.PrincipalException",
            message: "User \(userId) must have \(action) permission for \(modelClass7) \(id)")
            .withMessage62("User \(userId) must have \(action) permission for \(modelClass62) \(id)")
    }

    static let authenticationRequired = PortalError(
        category: .authentication,
        class62: "java.lang.SecurityException",
        class7: "java.lang.SecurityException",
        message: "Authenticated access required")

    static func noSuchAction(_ path: String) -> PortalError {
        PortalError(
            category: .notFound,
            class62: "java.lang.RuntimeException",
            class7: "com.liferay.portal.kernel.jsonwebservice.NoSuchJSONWebServiceException",
            message: "No JSON web service action with path \(path) and method POST for /")
    }

    /// `NoSuch<Model>Exception`: `package62`/`package7` are the exception's Java packages.
    static func noSuch(_ model: String, package62: String, package7: String, entity: String, key: String) -> PortalError {
        PortalError(
            category: .notFound,
            class62: "\(package62).NoSuch\(model)Exception",
            class7: "\(package7).NoSuch\(model)Exception",
            message: "No \(entity) exists with the \(key)")
    }

    static func system(_ message: String) -> PortalError {
        PortalError(
            category: .server,
            class62: "com.liferay.portal.kernel.exception.SystemException",
            class7: "com.liferay.portal.kernel.exception.SystemException",
            message: message)
    }

    static func badParameter(_ name: String, _ detail: String) -> PortalError {
        PortalError(
            category: .server,
            class62: "jodd.typeconverter.TypeConversionException",
            class7: "jodd.typeconverter.TypeConversionException",
            message: "Unable to convert parameter \(name): \(detail)")
    }

    static func validation(class62: String, class7: String, _ message: String) -> PortalError {
        PortalError(category: .server, class62: class62, class7: class7, message: message)
    }

    /// The same error with a different 6.2 message (6.2 and 7.x name models differently).
    func withMessage62(_ message62: String) -> PortalError {
        var copy = self
        copy.message62 = message62
        return copy
    }
}

extension PortalError {
    func message(for version: PortalVersion) -> String {
        version == .v62 ? (message62 ?? message) : message
    }
}

/// Writes a ``PortalError`` as the portal's JSON web service layer does.
enum PortalErrorRenderer {
    /// The HTTP status and JSON body for `error` on `version`.
    ///
    /// 7.x: 403 for permission failures, 404 for unknown actions and missing models, 401 for
    /// authentication, 500 otherwise; the body carries `exception`, `throwable` and `error`.
    /// 6.2: always HTTP 200 with `{"exception": <class>, "message": <message>}`.
    static func render(_ error: PortalError, version: PortalVersion) -> (status: Int, body: JSONValue) {
        let className = error.className(for: version)
        let message = error.message(for: version)
        switch version {
        case .v62:
            return (200, ["exception": .string(className), "message": .string(message)])
        case .v7:
            let status: Int
            switch error.category {
            case .permission: status = 403
            case .notFound: status = 404
            case .authentication: status = 401
            case .server: status = 500
            }
            let body: JSONValue = [
                "exception": .string(message),
                "throwable": .string("\(className): \(message)"),
                "error": ["message": .string(message), "type": .string(className)],
            ]
            return (status, body)
        }
    }
}
