import DDM

/// Turns an HTTP answer from the JSON web services into a JSON value or a ``PortalError``,
/// for both portal families: 6.2 reports errors with HTTP 200 and `{"exception", "message"}`,
/// 7.x with 403/404/500 and `{"exception", "throwable", "error": {"message", "type"}}`.
enum ResponseParser {
    /// The decoded body of a successful answer.
    static func parse(status: Int, location: String?, body: [UInt8]) throws(PortalError) -> JSONValue {
        try parseSourced(status: status, location: location, body: body, elementLevels: 0).value
    }

    /// ``parse(status:location:body:)`` keeping the body's text, and its elements' down to
    /// `elementLevels` levels of arrays (``JSONValue/parseSourced(bytes:elementLevels:)``).
    static func parseSourced(
        status: Int, location: String?, body: [UInt8], elementLevels: Int, defersDeepestElements: Bool = false,
        planningDeferred plan: JSONMemberPlan? = nil
    ) throws(PortalError) -> SourcedJSON {
        if (300..<400).contains(status) {
            var message = "the portal answered with a redirect (HTTP \(status))"
            if let location, !location.isEmpty { message += " to \(location)" }
            message += "; check the server URL (scheme, host, context path)"
            throw PortalError(kind: .server, message: message, httpStatus: status)
        }
        let sourced: SourcedJSON?
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            sourced = nil
        } else {
            sourced = try? JSONValue.parseSourced(
                bytes: body, elementLevels: elementLevels, defersDeepestElements: defersDeepestElements,
                planningDeferred: plan)
        }
        // An error body is an object: an array (with elements) is not read for one, nor built.
        if let sourced, sourced.elements == nil, let error = portalError(in: sourced.value, status: status) { throw error }
        if !(200..<300).contains(status) { throw statusError(status) }
        guard let sourced else {
            throw PortalError(
                kind: .server,
                message: body.isEmpty ? "the portal sent an empty answer" : "the portal's answer is not JSON",
                httpStatus: status
            )
        }
        return sourced
    }

    /// An error for a status that carries no usable error body.
    static func statusError(_ status: Int) -> PortalError {
        let kind: PortalError.Kind
        let message: String
        switch status {
        case 401: (kind, message) = (.authentication, "authentication failed (HTTP 401)")
        case 403: (kind, message) = (.permission, "access denied (HTTP 403)")
        case 404: (kind, message) = (.notFound, "not found (HTTP 404)")
        default: (kind, message) = (.server, "the request failed with HTTP \(status)")
        }
        return PortalError(kind: kind, message: message, httpStatus: status)
    }

    /// The error described by an error body, or `nil` when `json` is not one.
    static func portalError(in json: JSONValue, status: Int) -> PortalError? {
        guard case .object(let members) = json else { return nil }
        let exception = members["exception"]?.stringValue
        let errorValue = members["error"]
        guard exception != nil || errorValue != nil, errorValue != .null || exception != nil else { return nil }

        var exceptionClass: String?
        var message: String?
        if case .object(let error)? = errorValue {
            exceptionClass = error["type"]?.stringValue
            message = error["message"]?.stringValue
        } else if let text = errorValue?.stringValue {
            message = text
        }
        if let exception {
            if ExceptionClassifier.isJavaClassName(exception) {
                exceptionClass = exceptionClass ?? exception
            } else if let (cls, rest) = splitClassPrefix(exception) {
                // 6.1: "com.example.FooException: the message"
                exceptionClass = exceptionClass ?? cls
                message = message ?? rest
            } else {
                message = message ?? exception
            }
        }
        if exceptionClass == nil, let throwable = members["throwable"]?.stringValue, let (cls, _) = splitClassPrefix(throwable) {
            exceptionClass = cls
        }
        message = message ?? members["message"]?.stringValue
        if let m = message, m.isEmpty { message = nil }
        let kind = ExceptionClassifier.kind(exceptionClass: exceptionClass, message: message, httpStatus: status)
        let text = message ?? exceptionClass.map { "the portal reported \($0)" } ?? "the portal reported an error"
        return PortalError(kind: kind, message: text, exceptionClass: exceptionClass, httpStatus: status)
    }

    /// `"a.b.C: text"` → `("a.b.C", "text")`.
    private static func splitClassPrefix(_ text: String) -> (String, String)? {
        guard let range = text.range(of: ":") else { return nil }
        let cls = String(text[..<range.lowerBound])
        guard ExceptionClassifier.isJavaClassName(cls) else { return nil }
        let rest = text[range.upperBound...].drop(while: { $0 == " " })
        return (cls, String(rest))
    }
}
