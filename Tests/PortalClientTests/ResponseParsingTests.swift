import DDM
import Foundation
import Testing

@testable import PortalClient

@Suite("Response and error parsing")
struct ResponseParsingTests {
    func parse(_ status: Int, _ body: String, location: String? = nil) throws(PortalError) -> JSONValue {
        try ResponseParser.parse(status: status, location: location, body: Array(body.utf8))
    }

    func error(_ status: Int, _ body: String, location: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> PortalError? {
        do {
            let value = try parse(status, body, location: location)
            Issue.record("expected an error, got \(value)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    @Test func successBodies() throws {
        #expect(try parse(200, "[{\"userId\":\"20139\"}]") == [["userId": "20139"]])
        #expect(try parse(200, "[12, null]") == [12, .null])
        #expect(try parse(200, " \n{\"fileEntryId\": 5}") == ["fileEntryId": 5])
    }

    @Test func portal62ErrorWithStatus200() {
        let e = error(200, #"{"exception":"com.liferay.portlet.dynamicdatalists.NoSuchRecordSetException","message":"No DDLRecordSet exists with the primary key 1"}"#)
        #expect(e?.kind == .notFound)
        #expect(e?.exceptionClass == "com.liferay.portlet.dynamicdatalists.NoSuchRecordSetException")
        #expect(e?.message == "No DDLRecordSet exists with the primary key 1")
        #expect(e?.httpStatus == 200)
    }

    @Test func portal62Unauthenticated() {
        let e = error(200, #"{"exception":"java.lang.SecurityException","message":"Authenticated access required"}"#)
        #expect(e?.kind == .authentication)
        #expect(e?.message == "Authenticated access required")
        #expect(error(200, #"{"exception":"Authenticated access required"}"#)?.kind == .authentication)
    }

    @Test func portal62PermissionAndValidation() {
        #expect(error(200, #"{"exception":"com.liferay.portal.security.auth.PrincipalException","message":"x"}"#)?.kind == .permission)
        let v = error(200, #"{"exception":"com.liferay.portlet.dynamicdatamapping.StorageFieldRequiredException","message":"Title"}"#)
        #expect(v?.kind == .validation)
        #expect(error(200, #"{"exception":"com.liferay.portlet.dynamicdatalists.RecordValuesException"}"#)?.kind == .validation)
    }

    @Test func portal61ClassColonMessage() {
        let e = error(200, #"{"exception":"com.liferay.portal.NoSuchUserException: No User exists with the key {userId=5}"}"#)
        #expect(e?.kind == .notFound)
        #expect(e?.exceptionClass == "com.liferay.portal.NoSuchUserException")
        #expect(e?.message == "No User exists with the key {userId=5}")
    }

    @Test func portal7Shapes() {
        let denied = error(403, #"{"exception":"Access denied to com.liferay.dynamic.data.lists.model.DDLRecordSet","throwable":"com.liferay.portal.kernel.security.auth.PrincipalException$MustHavePermission: Access denied","error":{"message":"Access denied to com.liferay.dynamic.data.lists.model.DDLRecordSet","type":"com.liferay.portal.kernel.security.auth.PrincipalException$MustHavePermission"}}"#)
        #expect(denied?.kind == .permission)
        #expect(denied?.exceptionClass == "com.liferay.portal.kernel.security.auth.PrincipalException$MustHavePermission")
        #expect(denied?.message == "Access denied to com.liferay.dynamic.data.lists.model.DDLRecordSet")
        #expect(denied?.httpStatus == 403)

        let missing = error(404, #"{"exception":"No DDLRecord exists with the primary key 3","throwable":"…","error":{"message":"No DDLRecord exists with the primary key 3","type":"com.liferay.dynamic.data.lists.exception.NoSuchRecordException"}}"#)
        #expect(missing?.kind == .notFound)

        let invalid = error(500, #"{"exception":"Title","error":{"message":"Title","type":"com.liferay.dynamic.data.mapping.exception.StorageFieldRequiredException"}}"#)
        #expect(invalid?.kind == .validation)

        let other = error(500, #"{"exception":"boom","error":{"message":"boom","type":"java.lang.NullPointerException"}}"#)
        #expect(other?.kind == .server)
        #expect(other?.exceptionClass == "java.lang.NullPointerException")

        let unknownAction = error(404, #"{"exception":"No JSON web service action with path /foo/bar","error":{"message":"No JSON web service action with path /foo/bar","type":"java.lang.RuntimeException"}}"#)
        #expect(unknownAction?.kind == .notFound)

        let security403 = error(403, #"{"error":{"message":"denied","type":"java.lang.SecurityException"}}"#)
        #expect(security403?.kind == .permission)
    }

    @Test func topLevelErrorWithoutException() {
        let e = error(200, #"{"error":{"message":"Something failed","type":"com.liferay.portal.kernel.exception.PortalException"}}"#)
        #expect(e?.kind == .server)
        #expect(e?.message == "Something failed")
        #expect(e?.exceptionClass == "com.liferay.portal.kernel.exception.PortalException")
    }

    @Test func nullAndNonJSONErrorBodies() {
        #expect(error(500, "null")?.kind == .server)
        #expect(error(403, "null")?.kind == .permission)
        #expect(error(404, "")?.kind == .notFound)
        #expect(error(401, "<html>Unauthorized</html>")?.kind == .authentication)
        let html = error(200, "<html><body>Welcome</body></html>")
        #expect(html?.kind == .server)
        #expect(html?.message.contains("not JSON") == true)
        #expect(error(502, "Bad gateway")?.kind == .server)
        #expect(error(200, "")?.kind == .server)
    }

    @Test func status401WinsOverBody() {
        #expect(error(401, #"{"exception":"whatever"}"#)?.kind == .authentication)
    }

    @Test func redirectsAreErrors() {
        let e = error(302, "", location: "https://portal.example.com/c/portal/login")
        #expect(e?.kind == .server)
        #expect(e?.message.contains("redirect") == true)
        #expect(e?.message.contains("https://portal.example.com/c/portal/login") == true)
        #expect(error(301, "")?.kind == .server)
    }

    @Test func messagesAreSanitized() {
        let e = error(200, "{\"exception\":\"com.example.FooException\",\"message\":\"bad\\u001b[31m red\\u0007\\nnext\\u202eline\"}")
        #expect(e?.message == "bad [31m red next line")
        #expect(e?.message.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } == true)
        let long = PortalError(kind: .server, message: String(repeating: "a", count: 5000))
        #expect(long.message.count <= 1001)
    }

    @Test func classifierHelpers() {
        #expect(ExceptionClassifier.isJavaClassName("com.liferay.portal.NoSuchUserException"))
        #expect(ExceptionClassifier.isJavaClassName("a.B$C"))
        #expect(!ExceptionClassifier.isJavaClassName("Authenticated access required"))
        #expect(!ExceptionClassifier.isJavaClassName("No DDLRecord exists with the primary key 3."))
        #expect(ExceptionClassifier.simpleName("a.b.NoSuchFoo") == "NoSuchFoo")
    }
}
